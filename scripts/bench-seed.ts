/**
 * The benchmarks' shared data: a throw-away database (in-memory PGlite, or a fresh PostgreSQL database on
 * the server behind an admin URL) seeded with press releases. The data is deterministic, so every run
 * measures the same rows.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, runMigrations, type Database } from "../server/db/client";
import { pressReleases } from "../server/db/schema";
import { loadConfig } from "../server/env";
import { createServices, type Services } from "../server/features";
import { freshPostgres } from "../tests/helpers/postgres";

export const BENCH_COMPANIES = [
  "BravoPay",
  "Boost Freight",
  "Axis Urban",
  "Kahwa Coffee Co.",
  "Delta Harvest Foods",
  "Motorly",
  "Meridian Crest Holdings",
  ...Array.from({ length: 18 }, (_, i) => `Portfolio Company ${String.fromCharCode(65 + i)}`),
];
export const BENCH_SECTORS = ["Financial", "Technology", "Real Estate", "Food & Beverage", "Automotive", "Logistics", "Energy"];
export const BENCH_CATEGORIES = ["Acquisition", "Partnership", "Investment", "Funding", "Expansion", "Award", "Sustainability", "Technology", "News"];
export const BENCH_WORDS =
  "growth merchants payments logistics corridor solar capital partnership expansion market platform financing investors cairo riyadh nairobi casablanca lagos freight coffee harvest cars lending record results network".split(
    " ",
  );
/** A word only one release in a thousand carries in its summary (the search benchmark's rare word). */
export const BENCH_RARE_WORD = "hydrogen";

/** Deterministic pseudo-random numbers, so every run measures the same data. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

export type BenchDatabase = { database: Database; services: Services; close: () => Promise<void> };

/**
 * A migrated, empty database with the app's services: PostgreSQL in a new database on the server behind
 * `postgresAdminUrl` (dropped by `close`), else in-memory PGlite.
 */
export async function openBenchDatabase(postgresAdminUrl?: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mc-bench-"));
  const pgDb = postgresAdminUrl ? await freshPostgres(postgresAdminUrl, "bench") : undefined;
  try {
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-42",
      LOG_LEVEL: "silent",
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    });
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, memory: !pgDb });
    const close = async () => {
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    try {
      await runMigrations(database);
      return { database, services: createServices(database, config), close };
    } catch (err) {
      await close();
      throw err;
    }
  } catch (err) {
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Inserts `count` releases spread over 15 years: 25 companies, 7 sectors, 9 categories, titles and summaries
 * drawn from 26 words (so each word is in about half the releases), and `BENCH_RARE_WORD` in every
 * thousandth summary. Sets the first release as the spotlight and refreshes PostgreSQL's statistics.
 */
export async function seedPressReleases({ database, services }: BenchDatabase, count: number): Promise<void> {
  const { db } = database;
  const rand = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const sentence = (n: number) => Array.from({ length: n }, () => pick(BENCH_WORDS)).join(" ");
  const start = Date.UTC(2011, 0, 1);
  const BATCH = 500;
  for (let i = 0; i < count; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - i) }, (_, j) => {
      const n = i + j;
      const company = pick(BENCH_COMPANIES);
      const day = new Date(start + Math.floor(rand() * 15 * 365) * 86_400_000).toISOString().slice(0, 10);
      const summary = `${sentence(14)}.`.slice(0, 200);
      return {
        title: `${company} ${sentence(5)} ${n}`.slice(0, 100),
        summary: n % 1000 === 500 ? `${BENCH_RARE_WORD} ${summary}`.slice(0, 200) : summary,
        content: Array.from({ length: 6 }, () => `<p>${sentence(60)}.</p>`).join("\n"),
        date: day,
        company,
        sector: pick(BENCH_SECTORS),
        category: pick(BENCH_CATEGORIES),
        image: "/uploads/press-cairo.webp",
        publication: "published" as const,
      };
    });
    await db.insert(pressReleases).values(rows);
  }
  if (database.kind === "postgres") await db.execute(sql`analyze press_releases`);
  const [{ id: spotlightId }] = await db.select({ id: pressReleases.id }).from(pressReleases).limit(1);
  await services.settings.setSpotlightId(spotlightId);
}
