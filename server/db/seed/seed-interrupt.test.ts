/**
 * A first start killed (kill -9) in the middle of seeding, then started again, ends with the full
 * seed: every part of the seed is all-or-nothing, and no half-copied file is left or kept.
 * The seed runs in a real child process on a real database (PGlite in DATA_DIR; PostgreSQL too
 * when TEST_DATABASE_URL is set).
 */
// On both engines: a first start killed while seeding leaves a PGlite directory or a PostgreSQL database behind, each recovered its own way.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { freshPostgres } from "../../../tests/helpers/postgres";
import { openDatabase, type Database } from "../client";
import { documents, portfolioItems, pressReleases } from "../schema";
import { DOCUMENTS, PORTFOLIO, PRESS } from "./data";

const CHILD = path.resolve(import.meta.dirname, "../../../tests/helpers/storage-seed-child.ts");
const ASSETS = path.resolve(import.meta.dirname, "assets");

type Target = { env: Record<string, string>; dataDir: string; open: () => Promise<Database>; drop: () => Promise<void> };

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mc-seed-"));
  return {
    env: { DATA_DIR: dataDir },
    dataDir,
    open: () => openDatabase({ dataDir }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mc-seed-"));
  const pg = await freshPostgres(adminUrl, "seedkill");
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: pg.url },
    dataDir,
    open: () => openDatabase({ databaseUrl: pg.url, dataDir }),
    drop: async () => {
      await pg.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the seed in a child process; with `pauseAt` it is killed with SIGKILL the moment it gets there. */
function runSeed(target: Target, pauseAt?: string): Promise<"killed" | "done"> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, ...target.env, SEED_PAUSE_AT: pauseAt ?? "" };
    delete env.ADMIN_EMAIL;
    delete env.ADMIN_PASSWORD;
    if (!target.env.DATABASE_URL) delete env.DATABASE_URL;
    const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
      env,
      cwd: path.resolve(import.meta.dirname, "../../.."),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    let killed = false;
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!killed && out.includes("PAUSED")) {
        killed = true;
        child.kill("SIGKILL");
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (killed && signal === "SIGKILL") resolve("killed");
      else if (code === 0 && out.includes("DONE")) resolve("done");
      else reject(new Error(`seed child exited with ${code ?? signal}: ${err.slice(-2000)}`));
    });
  });
}

async function counts(target: Target) {
  const database = await target.open();
  try {
    const n = async (table: typeof portfolioItems | typeof pressReleases | typeof documents) =>
      (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
    const docs = await database.db.select({ key: documents.fileUrl, size: documents.fileSize }).from(documents);
    return { portfolio: await n(portfolioItems), press: await n(pressReleases), documents: docs.length, docs };
  } finally {
    await database.close();
  }
}

const backends: [string, () => Promise<Target>][] = [["pglite", pgliteTarget]];
if (process.env.TEST_DATABASE_URL) backends.push(["postgres", () => postgresTarget(process.env.TEST_DATABASE_URL!)]);

describe.each(backends)("[seed] interrupted first start (%s)", (_name, makeTarget) => {
  let target: Target | undefined;
  afterEach(async () => {
    await target?.drop();
    target = undefined;
  });

  it("[seed] killed after the first portfolio row: the next start seeds all six companies", async () => {
    target = await makeTarget();
    expect(await runSeed(target, "portfolio:1")).toBe("killed");
    // The killed run committed none of the companies (it had inserted one).
    expect((await counts(target)).portfolio).toBe(0);
    expect(await runSeed(target)).toBe("done");
    const after = await counts(target);
    expect(after).toMatchObject({ portfolio: PORTFOLIO.length, press: PRESS.length, documents: DOCUMENTS.length });
  }, 180_000);

  it("[seed] killed after the first document: the next start stores every document, each with its complete file, and nothing else", async () => {
    target = await makeTarget();
    expect(await runSeed(target, "documents:1")).toBe("killed");
    expect((await counts(target)).documents).toBe(0);
    expect(await runSeed(target)).toBe("done");
    const after = await counts(target);
    expect(after.documents).toBe(DOCUMENTS.length);
    const dir = path.join(target.dataDir, "documents");
    // Exactly the files the rows point at: no orphan from the killed run, no temporary file.
    expect(readdirSync(dir).sort()).toEqual(after.docs.map((d) => d.key).sort());
    for (const d of after.docs) expect(statSync(path.join(dir, d.key)).size).toBe(d.size);
  }, 180_000);
});

describe("[seed] seed images", () => {
  let target: Target | undefined;
  afterEach(async () => {
    await target?.drop();
    target = undefined;
  });

  it("[seed] an image left half-copied by an earlier run is copied again in full", async () => {
    target = await pgliteTarget();
    expect(await runSeed(target)).toBe("done");
    const uploads = path.join(target.dataDir, "uploads");
    const victim = readdirSync(ASSETS).sort()[0];
    truncateSync(path.join(uploads, victim), 100);
    expect(await runSeed(target)).toBe("done");
    expect(readFileSync(path.join(uploads, victim)).equals(readFileSync(path.join(ASSETS, victim)))).toBe(true);
    // Nothing but the seed images (no temporary names) in the uploads folder.
    expect(readdirSync(uploads).sort()).toEqual(readdirSync(ASSETS).sort());
  }, 180_000);
});
