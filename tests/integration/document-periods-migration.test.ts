/**
 * The reporting-period migration on a database that already holds documents (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): every document keeps its row, has no period and is published the day it was uploaded;
 * the seed then dates the demo documents it recognises and leaves the others alone.
 */
// On both engines: migrations run through each engine's migrator.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, runMigrations, type Database } from "../../server/db/client";
import { documents } from "../../server/db/schema";
import { DOCUMENTS } from "../../server/db/seed/data";
import { seedDocumentPeriods } from "../../server/db/seed";
import { freshPostgres } from "../helpers/postgres";

const PERIOD_MIGRATION = "0010_document_periods";
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A copy of the migrations folder that stops before the period migration. */
function migrationsBeforePeriods(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mc-migrations-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const source = migrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(source, "meta/_journal.json"), "utf8")) as { entries: { idx: number; tag: string }[] };
  const stop = journal.entries.findIndex((e) => e.tag === PERIOD_MIGRATION);
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

describe("[migration] document periods on an existing database", () => {
  it("dates stored documents by their upload, with no period; the seed dates its own demo documents", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const pg = adminUrl ? await freshPostgres(adminUrl) : undefined;
    if (pg) cleanups.push(() => pg.drop());
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "mc-migrate-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = await openDatabase({ databaseUrl: pg?.url, dataDir, memory: !pg });
    cleanups.push(() => database.close());

    await migrate(database, migrationsBeforePeriods());
    const annual = DOCUMENTS.find((d) => d.period?.kind === "FY")!;
    // Rows as the previous release stored them (no period columns yet); a late-evening upload in UTC keeps its day.
    await database.db.execute(sql`insert into documents (title, file_name, file_url, is_public, uploaded_at)
      values (${annual.title}, ${annual.file}, 'seed-annual.pdf', false, '2026-11-26T09:15:00Z'),
             ('Board Minutes', 'minutes.docx', 'k-minutes.docx', true, '2025-05-04T23:30:00Z')`);

    await migrate(database);
    const rows = () =>
      database.db
        .select({ title: documents.title, periodKind: documents.periodKind, periodYear: documents.periodYear, publishedAt: documents.publishedAt })
        .from(documents)
        .orderBy(asc(documents.id));
    expect(await rows()).toEqual([
      { title: annual.title, periodKind: null, periodYear: null, publishedAt: "2026-11-26" },
      { title: "Board Minutes", periodKind: null, periodYear: null, publishedAt: "2025-05-04" },
    ]);

    // A kind without a year (or the reverse) is refused by the database itself.
    await expect(database.db.execute(sql`update documents set period_kind = 'FY' where title = 'Board Minutes'`)).rejects.toThrow();
    await expect(database.db.execute(sql`update documents set period_kind = 'Q5', period_year = 2026 where title = 'Board Minutes'`)).rejects.toThrow();

    await seedDocumentPeriods(database.db);
    await seedDocumentPeriods(database.db);
    expect(await rows()).toEqual([
      { title: annual.title, periodKind: "FY", periodYear: 2025, publishedAt: annual.publishedAt },
      { title: "Board Minutes", periodKind: null, periodYear: null, publishedAt: "2025-05-04" },
    ]);
    // Two runs of every migration on a fresh embedded database, on a loaded machine: far beyond the usual 30 s.
  }, 180_000);
});
