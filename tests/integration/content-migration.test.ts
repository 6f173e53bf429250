/**
 * The Arabic content migration on a database that already holds content (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): rows keep their English, gain empty Arabic, and the rebuilt search words find them in
 * both languages; the seed then adds the Arabic of the demo rows it recognises.
 */
// On both engines: migrations run through each engine's migrator.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, runMigrations, type Database } from "../../server/db/client";
import { pressReleases } from "../../server/db/schema";
import { PRESS } from "../../server/db/seed/data";
import { seedArabic } from "../../server/db/seed";
import { createPressService } from "../../server/features/press/press";
import { freshPostgres } from "../helpers/postgres";

const ARABIC_MIGRATION = "0006_content_arabic";
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A copy of the migrations folder that stops before the Arabic content migration. */
function migrationsBeforeArabic(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mc-migrations-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const source = migrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(source, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
  const stop = journal.entries.findIndex((e) => e.tag === ARABIC_MIGRATION);
  expect(stop).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, stop);
  mkdirSync(path.join(dir, "meta"));
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const f of readdirSync(source)) if (entries.some((e) => `${e.tag}.sql` === f)) copyFileSync(path.join(source, f), path.join(dir, f));
  return dir;
}

async function migrate(database: Database, folder?: string) {
  const previous = process.env.MIGRATIONS_DIR;
  if (folder) process.env.MIGRATIONS_DIR = folder;
  else delete process.env.MIGRATIONS_DIR;
  try {
    await runMigrations(database);
  } finally {
    if (previous === undefined) delete process.env.MIGRATIONS_DIR;
    else process.env.MIGRATIONS_DIR = previous;
  }
}

describe("[migration] Arabic content on an existing database", () => {
  it("keeps every row, adds empty Arabic, rebuilds the search words, and the seed fills the demo rows' Arabic", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const pg = adminUrl ? await freshPostgres(adminUrl) : undefined;
    if (pg) cleanups.push(() => pg.drop());
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "mc-migrate-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = await openDatabase({ databaseUrl: pg?.url, dataDir, memory: !pg });
    cleanups.push(() => database.close());

    await migrate(database, migrationsBeforeArabic());
    const demo = PRESS.find((p) => p.sector === "energy")!;
    // Rows as the previous release stored them (no Arabic columns yet).
    await database.db.execute(sql`insert into press_releases (title, summary, content, date, company, sector, category)
      values (${demo.title}, ${demo.summary}, ${demo.content}, ${demo.date}, ${demo.company}, ${demo.sector}, ${demo.category}),
             ('Grid Storage Partnership Signed', 'A partnership for battery storage at three solar parks.', '<p>Body text long enough to be a press release body here.</p>', '2026-05-01', 'Axis Urban', 'Energy', 'Partnership')`);

    await migrate(database);
    const press = createPressService({ db: database.db });
    const rows = await database.db.select({ id: pressReleases.id, title: pressReleases.title, titleAr: pressReleases.titleAr }).from(pressReleases);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.titleAr === null)).toBe(true);
    // English search still finds both (the stored words were rebuilt for the old rows).
    expect((await press.search({ q: "energy", limit: 10 })).total).toBe(2);
    expect((await press.search({ q: "grid stor", limit: 10 })).total).toBe(1);
    // Before any Arabic, Arabic reads are English.
    expect((await press.search({ limit: 10, locale: "ar" })).items.every((c) => c.contentLocale === "en")).toBe(true);

    // The seed recognises its own release and adds the Arabic; the other row is left alone.
    await seedArabic(database.db);
    await seedArabic(database.db); // running it again changes nothing
    const [filled] = await database.db.select().from(pressReleases).where(eq(pressReleases.title, demo.title));
    expect(filled.titleAr).toBe(demo.titleAr);
    expect(filled.contentAr).toContain("الطاقة الشمسية");
    const found = await press.search({ q: "طاقه", limit: 10, locale: "ar" });
    expect(found.items.map((c) => c.title)).toEqual([demo.titleAr]);
    expect(found.items[0].contentLocale).toBe("ar");
    const [other] = await database.db.select().from(pressReleases).where(eq(pressReleases.title, "Grid Storage Partnership Signed"));
    expect(other.titleAr).toBeNull();
  }, 180_000);
});
