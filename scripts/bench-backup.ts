/**
 * npm run bench:backup — how long a backup and a restore take, and how big the archive is, for the demo site and for
 * a larger one (10,000 releases and 200 documents more).
 *
 * For each database (the embedded PGlite in a data directory, and PostgreSQL when BENCH_DATABASE_URL's server answers)
 * it makes a fresh site, loads the demo content, backs it up (server/ops/backup.ts, as `npm run backup` does) and
 * restores the archive into a fresh empty database and file store (server/ops/restore.ts, as `npm run restore`
 * does); then it adds BENCH_RELEASES releases (scripts/bench-seed.ts) and BENCH_DOCUMENTS documents whose PDFs hold
 * BENCH_DOCUMENT_KB of incompressible bytes each (real reports are compressed PDFs), and measures again. For PGlite it
 * also reports how long the database is held for the dump (the time the site's statements wait) and the longest the
 * event loop was blocked meanwhile (the time a request that reads no data, /healthz, waits). Times exclude the
 * commands' own start (tsx, about a second). Results go into docs/performance.md between the `bench:backup` markers.
 *
 * Knobs (environment variables):
 *   BENCH_RELEASES=10000      releases added for the larger site
 *   BENCH_DOCUMENTS=200       documents added for the larger site
 *   BENCH_DOCUMENT_KB=256     size of each added document's file
 *   BENCH_DATABASE_URL=       postgres://postgres@127.0.0.1:5432/postgres (fresh databases are made and dropped)
 *   BENCH_WRITE=1             0 prints the results without touching docs/performance.md
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, runMigrations, type Database } from "../server/db/client";
import { seed } from "../server/db/seed";
import { userInput } from "../server/db/seed/factories";
import { loadConfig } from "../server/env";
import { createBackup } from "../server/ops/backup";
import { dumpPgliteParts } from "../server/ops/backup-channel";
import { megabytes, grouped } from "../server/ops/errors";
import { restoreBackup } from "../server/ops/restore";
import { createServices, type Services } from "../server/features";
import { documentMetaSchema } from "../shared/schemas";
import { rawPdf, streamObject } from "../tests/helpers/pdf-fixtures";
import { freshPostgres } from "../tests/helpers/postgres";
import { describeMachine, envFlag, envNumber, machine, markdownTable, textTable, writeDocSection, runBench } from "./bench-common";
import { seedPressReleases } from "./bench-seed";

const RELEASES = Math.round(envNumber("BENCH_RELEASES", 10_000));
const DOCUMENTS = Math.round(envNumber("BENCH_DOCUMENTS", 200));
const DOCUMENT_KB = Math.round(envNumber("BENCH_DOCUMENT_KB", 256));
const DATABASE_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

type Site = { database: Database; services: Services; dataDir: string; databaseUrl?: string; close: () => Promise<void> };

async function openSite(kind: "pglite" | "postgres"): Promise<Site> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mc-bench-backup-"));
  const pgDb = kind === "postgres" ? await freshPostgres(DATABASE_URL, "benchbackup") : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret-42",
    LOG_LEVEL: "silent",
    ADMIN_EMAIL: "bench-admin@meridian.example",
    ADMIN_PASSWORD: "bench admin password 1",
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  await runMigrations(database);
  return {
    database,
    services: createServices(database, config),
    dataDir,
    databaseUrl: pgDb?.url,
    close: async () => {
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A PDF whose one stream holds `kb` KB of random (incompressible) bytes, as a real report's compressed streams are. */
const reportPdf = (kb: number) =>
  Buffer.from(rawPdf([["<< /Type /Catalog /Pages 2 0 R >>"], ["<< /Type /Pages /Kids [] /Count 0 >>"], streamObject("", randomBytes(kb * 1024))]));

async function addDocuments(site: Site, count: number) {
  const admin = await site.services.users.create(userInput({ email: "bench-docs@example.test", role: "admin", isVerified: true }));
  for (let i = 0; i < count; i++) {
    await site.services.documentAdmin.create(
      admin,
      documentMetaSchema.parse({ title: `Bench report ${i + 1}`, isPublic: i % 2 === 0, periodKind: "FY", periodYear: 2000 + (i % 26) }),
      { buffer: reportPdf(DOCUMENT_KB), originalName: `bench-report-${i + 1}.pdf` },
    );
  }
}

type Measured = {
  site: string;
  rows: number;
  files: number;
  bytes: number;
  backup: number;
  restore: number;
  heldMs?: number[];
  /** The longest the event loop was blocked during each dump: how long a request that reads no data (/healthz) waits. */
  blockedMs?: number[];
};

/**
 * Runs `fn` while a 1 ms timer notes the longest gap between its ticks, less the 1 ms: the longest the event loop was
 * blocked, which is how long a request that needs no data (/healthz) would have waited at worst.
 */
async function longestStall<T>(fn: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 1);
    last = now;
  }, 1);
  try {
    const result = await fn();
    longest = Math.max(longest, performance.now() - last - 1);
    return { result, stallMs: Math.max(0, longest) };
  } finally {
    clearInterval(timer);
  }
}

async function measure(site: Site, label: string): Promise<Measured> {
  const work = mkdtempSync(path.join(os.tmpdir(), "mc-bench-archive-"));
  const target = mkdtempSync(path.join(os.tmpdir(), "mc-bench-target-"));
  const targetDb = site.databaseUrl ? await freshPostgres(DATABASE_URL, "benchrestore") : undefined;
  try {
    let heldMs: number[] | undefined;
    let blockedMs: number[] | undefined;
    // As the server does when asked on its socket: the first dump also checkpoints all that was just written; a
    // second one right after shows the cost of the copy alone.
    if (site.database.pglite) {
      const held: number[] = [];
      const blocked: number[] = [];
      for (let i = 0; i < 2; i++) {
        // What the server does when asked on its socket (it writes the parts out one by one).
        const { stallMs } = await longestStall(() => dumpPgliteParts(site.database.pglite!, { onHeld: (ms) => held.push(ms) }));
        blocked.push(stallMs);
      }
      heldMs = held;
      blockedMs = blocked;
    }
    const backup = await createBackup({
      config: { databaseUrl: site.databaseUrl, dataDir: site.dataDir },
      storage: site.services.storage,
      pglite: site.database.pglite,
      dir: work,
    });
    const restored = await restoreBackup({ archive: backup.file, config: { dataDir: target, databaseUrl: targetDb?.url } });
    const result = {
      site: label,
      rows: restored.rows,
      files: restored.files,
      bytes: backup.bytes,
      backup: backup.seconds,
      restore: restored.seconds,
      heldMs,
      blockedMs,
    };
    console.log(
      `${label}: ${grouped(result.rows)} rows, ${result.files} files, archive ${megabytes(result.bytes)}, backup ${result.backup.toFixed(1)} s, restore ${result.restore.toFixed(1)} s` +
        (heldMs ? `, database held ${heldMs.map(Math.round).join(" / ")} ms` : "") +
        (blockedMs ? `, event loop blocked at most ${blockedMs.map(Math.round).join(" / ")} ms` : ""),
    );
    return result;
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
    await targetDb?.drop();
  }
}

async function postgresVersion(): Promise<string | null> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version') as v");
    return `PostgreSQL ${rows[0].v.split(" ")[0]}`;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

async function run(kind: "pglite" | "postgres", name: string) {
  const site = await openSite(kind);
  try {
    await seed(site.services);
    const demo = await measure(site, `${name}, demo site`);
    console.log(`${name}: adding ${grouped(RELEASES)} releases and ${DOCUMENTS} documents of ${DOCUMENT_KB} KB ...`);
    await seedPressReleases({ database: site.database, services: site.services, close: async () => {} }, RELEASES);
    await addDocuments(site, DOCUMENTS);
    const large = await measure(site, `${name}, +${grouped(RELEASES)} releases, +${DOCUMENTS} documents`);
    return [demo, large];
  } finally {
    await site.close();
  }
}

async function main() {
  const results: Measured[] = [];
  results.push(...(await run("pglite", "PGlite (embedded)")));
  const postgres = await postgresVersion();
  if (postgres) results.push(...(await run("postgres", postgres)));
  else console.log(`PostgreSQL at ${DATABASE_URL} does not answer: measured PGlite only`);

  const header = [
    "site",
    "rows",
    "files",
    "archive",
    "backup (s)",
    "restore (s)",
    "database held (ms): first / again",
    "event loop blocked (ms): first / again",
  ];
  const rows = results.map((r) => [
    r.site,
    grouped(r.rows),
    String(r.files),
    megabytes(r.bytes),
    r.backup.toFixed(1),
    r.restore.toFixed(1),
    r.heldMs ? r.heldMs.map(Math.round).join(" / ") : "0 (snapshot)",
    r.blockedMs ? r.blockedMs.map(Math.round).join(" / ") : "0 (pg_dump, another process)",
  ]);
  console.log(`\n${textTable(header, rows)}`);
  if (!envFlag("BENCH_WRITE", true)) return;
  writeDocSection(
    "backup",
    `## Backups and restores (\`npm run bench:backup\`)

A backup (\`server/ops/backup.ts\`: dump, every stored file, manifest, gzip level 1) and a restore into a fresh, empty
database and file store (\`server/ops/restore.ts\`: the whole archive checked first, then the database, its row counts
compared, then the files), for the demo site and with ${grouped(RELEASES)} releases and ${DOCUMENTS} documents of ${DOCUMENT_KB} KB
(incompressible, like real PDFs) added. Times are the library's, without the command's own start (tsx, about 1 s).
"Database held" is how long PGlite serves nothing else while its dump is taken (a CHECKPOINT and a copy of its data
directory, inside one transaction): first right after the data was written (the checkpoint writes all of it), then
again at once (the copy alone); PostgreSQL is dumped from a snapshot and holds nothing. "Event loop blocked" is the
longest the server's event loop could not run during that dump (a 1 ms timer's longest gap): how long a request that
reads no data (/healthz, a cached page) waits at worst. It is the CHECKPOINT (PostgreSQL runs on the main thread) and
slices of about 10 ms of file reading; the files are read and packed between turns of the event loop
([decision 077](decisions/077-files-at-rest.md)). A PGlite archive holds
its data directory (system catalogs included, the write-ahead log down to its current segment), compressed; its
backup also opens the dump in memory to count the rows and prove it opens. The times grow with the machine's load:
read the load average under the table (other work shared these 2 cores).

${markdownTable(header, rows)}

${describeMachine(machine())}`,
  );
}

runBench(main);
