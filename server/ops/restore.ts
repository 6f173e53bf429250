/**
 * `npm run restore -- <archive> [--force]`: puts a backup back into the database and stored files the environment
 * names. The archive is read twice. The first pass checks it completely (every SHA-256 in the manifest, the dump's,
 * the format and the schema) and touches nothing; only then is the target checked (empty, or --force) and written:
 * the database first (pg_restore, or PGlite's data directory loaded from its dump), its row counts compared with the
 * manifest, then the files, each checked again as it is written.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdtempSync } from "node:fs";
import { open, readFile, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createFileStore } from "../lib/file-store";
import { tightenTree } from "../lib/private-files";
import { AREAS, isStorageKey, type Area, type FileStore } from "../lib/storage";
import { answers, backupSocketPath } from "./backup-channel";
import { OPS_PGLITE_PARAMS, type BackupConfig } from "./backup";
import { damaged, grouped, megabytes, OpsError } from "./errors";
import { BACKUP_FORMAT, ENTRY, manifestSchema, type Manifest } from "./manifest";
import { findTool, runTool, withoutPassword } from "./postgres-tools";
import { countRows, knownMigrations, latestKnownSchema, listTables, serverVersion, type Queryable } from "./snapshot";
import { readTar, TarError } from "./tar";

export type RestoreOptions = {
  archive: string;
  config: BackupConfig;
  /** Replace a target that already holds rows or files. */
  force?: boolean;
  storage?: FileStore;
};

export type RestoreResult = {
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  seconds: number;
  /** Where the PGlite data directory that was replaced now is (with --force). */
  replacedDataDir?: string;
  manifest: Manifest;
};

const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

/** The archive's bytes: gunzipped when it starts with gzip's magic number. */
async function archiveStream(archive: string): Promise<Readable> {
  const handle = await open(archive, "r").catch((err: NodeJS.ErrnoException) => {
    throw new OpsError(`Cannot read the backup archive ${archive}: ${err.code === "ENOENT" ? "no such file" : err.message}`);
  });
  const head = Buffer.alloc(2);
  await handle.read(head, 0, 2, 0);
  await handle.close();
  const raw = createReadStream(archive);
  if (head[0] !== 0x1f || head[1] !== 0x8b) return raw;
  const gunzip = createGunzip();
  raw.on("error", (err) => gunzip.destroy(err));
  gunzip.on("close", () => raw.destroy());
  return raw.pipe(gunzip);
}

/** A read error of the archive as the operator's line: a damaged archive says so; anything else passes. */
function archiveError(err: unknown): unknown {
  if (err instanceof TarError) return damaged(err.message);
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "Z_BUF_ERROR") return damaged("it ends early (truncated)");
  if (code?.startsWith("Z_")) return damaged(`its gzip compression is corrupt (${(err as Error).message})`);
  return err;
}

/** Each entry of the archive; errors reading it (also while an entry's body is read) become damaged-archive lines. */
async function* entries(archive: string) {
  const source = await archiveStream(archive);
  try {
    // readTar reads the source to its end, so gzip's trailer and its checksum are checked too.
    for await (const entry of readTar(source)) {
      const body = entry.body;
      yield {
        ...entry,
        body: (async function* () {
          try {
            yield* body;
          } catch (err) {
            throw archiveError(err);
          }
        })(),
      };
    }
  } catch (err) {
    throw archiveError(err);
  } finally {
    source.destroy();
  }
}

type Checked = { manifest: Manifest; dumpFile: string };

/** What an entry's name says it is: the manifest, the database dump, or a stored file (area and key). */
function classify(name: string): { kind: "manifest" } | { kind: "database" } | { kind: "file"; area: Area; key: string } | null {
  if (name === ENTRY.manifest) return { kind: "manifest" };
  if (name === ENTRY.postgresDump || name === ENTRY.pgliteDump) return { kind: "database" };
  const slash = name.indexOf("/");
  const area = name.slice(0, slash) as Area;
  const key = name.slice(slash + 1);
  if (slash > 0 && AREAS.includes(area) && isStorageKey(key)) return { kind: "file", area, key };
  return null;
}

/**
 * Pass one: reads the whole archive, hashing every entry and copying the dump to `stageDir`, then checks everything
 * against the manifest. Throws an OpsError naming the first problem; writes nothing outside `stageDir`.
 */
export async function verifyArchive(archive: string, stageDir: string): Promise<Checked> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | undefined;
  let dumpName: string | undefined;
  const dumpFile = path.join(stageDir, "database.dump");
  for await (const entry of entries(archive)) {
    if (manifestText !== undefined) throw damaged(`${entry.name} follows manifest.json, which must be the last entry`);
    if (seen.has(entry.name)) throw damaged(`it holds ${entry.name} twice`);
    const what = classify(entry.name);
    if (!what) throw damaged(`it holds an unexpected entry "${entry.name}"`);
    const hash = createHash("sha256");
    if (what.kind === "manifest") {
      if (entry.size > MAX_MANIFEST_BYTES) throw damaged("its manifest.json is implausibly large");
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      manifestText = Buffer.concat(chunks).toString("utf8");
      continue;
    }
    if (what.kind === "database") {
      if (dumpName) throw damaged("it holds two database dumps");
      dumpName = entry.name;
      const out = await open(dumpFile, "wx", 0o600);
      try {
        for await (const chunk of entry.body) {
          hash.update(chunk);
          await out.write(chunk);
        }
      } finally {
        await out.close();
      }
    } else {
      for await (const chunk of entry.body) hash.update(chunk);
    }
    seen.set(entry.name, { size: entry.size, sha256: hash.digest("hex") });
  }
  if (manifestText === undefined) throw damaged("it has no manifest.json (the archive is incomplete)");
  let parsed: unknown;
  try {
    parsed = JSON.parse(manifestText);
  } catch {
    throw damaged("its manifest.json is not valid JSON");
  }
  const format = (parsed as { format?: unknown })?.format;
  if (typeof format === "number" && format > BACKUP_FORMAT) {
    throw new OpsError(`This backup was written in archive format ${format}, newer than this code reads (${BACKUP_FORMAT}): restore it with the newer code`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw damaged(`its manifest.json is not valid (${issue.path.join(".") || "manifest"}: ${issue.message})`);
  }
  const manifest = result.data;
  const latest = latestKnownSchema();
  const known = knownMigrations().some((m) => m.tag === manifest.schema.migration && m.when === manifest.schema.appliedAt);
  if (!known || manifest.schema.appliedAt > latest.appliedAt) {
    throw new OpsError(
      `This backup comes from a newer schema (${manifest.schema.migration}) than this code knows (up to ${latest.migration}): restore it with the code that made it`,
    );
  }
  const db = manifest.database;
  const dump = seen.get(db.entry);
  if (!dump || dump.size !== db.size)
    throw damaged(`the database dump ${db.entry} is ${dump ? `${dump.size} bytes, the manifest says ${db.size}` : "missing"}`);
  if (dump.sha256 !== db.sha256) throw damaged(`the database dump ${db.entry} does not match its SHA-256 in the manifest`);
  const listed = new Set<string>([db.entry]);
  for (const f of manifest.files) {
    const name = ENTRY.file(f.area, f.key);
    listed.add(name);
    const got = seen.get(name);
    if (!got) throw damaged(`${name} is listed in the manifest but not in the archive`);
    if (got.size !== f.size || got.sha256 !== f.sha256) throw damaged(`${name} does not match its SHA-256 in the manifest`);
  }
  for (const name of seen.keys()) if (!listed.has(name)) throw damaged(`it holds ${name}, which its manifest does not list`);
  return { manifest, dumpFile };
}

/** "users has 3 rows, sessions has 1 row" for the first few tables that hold rows. */
function describeRows(counts: Record<string, number>): string {
  const full = Object.entries(counts).filter(([, n]) => n > 0);
  const shown = full.slice(0, 3).map(([t, n]) => `${t} has ${grouped(n)} row${n === 1 ? "" : "s"}`);
  return shown.join(", ") + (full.length > 3 ? ` and ${full.length - 3} more tables hold rows` : "");
}

async function storedFileCount(storage: FileStore): Promise<number> {
  let n = 0;
  for (const area of AREAS) for await (const file of storage.list(area)) if (file) n++;
  return n;
}

function compareCounts(restored: Record<string, number>, manifest: Manifest) {
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const got = restored[table];
    if (got !== expected) {
      throw new OpsError(
        `The restored database does not match the manifest: ${table} has ${got === undefined ? "no table" : grouped(got)} rows, the manifest says ${grouped(expected)}`,
      );
    }
  }
}

/** Where a PostgreSQL URL points, without its password, for messages. */
function describeTarget(databaseUrl: string): string {
  const u = new URL(withoutPassword(databaseUrl).url);
  return `${u.hostname || "localhost"}:${u.port || "5432"}${u.pathname}`;
}

async function restorePostgres(databaseUrl: string, checked: Checked, force: boolean, filesInTarget: number) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "meridian-restore" });
  client.on("error", () => {});
  await client.connect().catch((err: Error) => {
    throw new OpsError(`Cannot connect to the target database at ${describeTarget(databaseUrl)}: ${err.message}`);
  });
  try {
    const db: Queryable = { query: (text, params) => client.query(text, params as unknown[]) as never };
    const tables = await listTables(db);
    const counts = await countRows(db, tables);
    refuseNonEmpty(`the database at ${describeTarget(databaseUrl)}`, counts, filesInTarget, force);
    const version = await serverVersion(db);
    const dumpMajor = Number(/(\d+)/.exec(checked.manifest.database.dumpTool ?? "")?.[1] ?? 0);
    const tool = findTool("pg_restore", Math.max(version.major, dumpMajor));
    // Tables that exist but are empty (a migrated, never used database) are replaced like those --force replaces.
    const clean = force || tables.length > 0;
    await runTool(
      tool,
      ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", ...(clean ? ["--clean", "--if-exists"] : []), checked.dumpFile],
      databaseUrl,
    );
    // pg_restore loads no planner statistics.
    await client.query("analyze");
    const restored = await countRows(db);
    compareCounts(restored, checked.manifest);
    return restored;
  } finally {
    await client.end().catch(() => {});
  }
}

function refuseNonEmpty(where: string, counts: Record<string, number>, files: number, force: boolean) {
  if (force) return;
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  if (rows > 0)
    throw new OpsError(`Refusing to restore: ${where} is not empty (${describeRows(counts)}); restore into an empty one, or add --force to replace it`);
  if (files > 0) {
    throw new OpsError(
      `Refusing to restore: the file store already holds ${grouped(files)} file${files === 1 ? "" : "s"}; restore into an empty one, or add --force to replace them`,
    );
  }
}

/**
 * PGlite: the dump is loaded into a fresh data directory beside DATA_DIR/pglite, checked, and only then put in its
 * place; a directory it replaces (with --force) is kept beside it under a dated name.
 */
async function restorePglite(dataDir: string, checked: Checked, force: boolean, filesInTarget: number, stamp: string) {
  if (await answers(backupSocketPath(dataDir))) {
    throw new OpsError(`Refusing to restore: the server is running on ${dataDir} (it answers on its backup socket); stop it first`);
  }
  const target = path.join(dataDir, "pglite");
  // With --force the current database is not opened at all: it is only moved aside (it may be the damaged one).
  if (!force && existsSync(path.join(target, "PG_VERSION"))) {
    const current = new PGlite(target, { startParams: OPS_PGLITE_PARAMS });
    try {
      await current.waitReady;
      refuseNonEmpty(`the database in ${target}`, await countRows(current), filesInTarget, force);
    } finally {
      await current.close();
    }
  } else {
    refuseNonEmpty(`the database in ${target}`, {}, filesInTarget, force);
  }
  const fresh = `${target}.restoring-${process.pid}`;
  await rm(fresh, { recursive: true, force: true });
  let counts: Record<string, number>;
  try {
    const restored = new PGlite(fresh, { loadDataDir: new Blob([await readFile(checked.dumpFile)]), startParams: OPS_PGLITE_PARAMS });
    try {
      await restored.waitReady;
      counts = await countRows(restored);
    } finally {
      await restored.close().catch(() => {});
    }
    compareCounts(counts, checked.manifest);
    // The service's user only, whatever umask the caller runs with (the commands set 0077 themselves).
    tightenTree(fresh);
  } catch (err) {
    // Nothing half-loaded stays behind; the current database was not touched.
    await rm(fresh, { recursive: true, force: true });
    throw err;
  }
  let replacedDataDir: string | undefined;
  if (existsSync(target)) {
    replacedDataDir = `${target}.before-restore-${stamp}`;
    await rename(target, replacedDataDir);
  }
  await rename(fresh, target);
  return { counts, replacedDataDir };
}

/** Pass two for the files: each is checked against the manifest again as it is read, then stored. */
async function restoreFiles(archive: string, manifest: Manifest, storage: FileStore): Promise<{ files: number; bytes: number }> {
  const expected = new Map(manifest.files.map((f) => [ENTRY.file(f.area, f.key), f]));
  let files = 0;
  let bytes = 0;
  for await (const entry of entries(archive)) {
    const f = expected.get(entry.name);
    if (!f) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(Buffer.from(chunk));
    const data = Buffer.concat(chunks);
    if (createHash("sha256").update(data).digest("hex") !== f.sha256)
      throw damaged(`${entry.name} does not match its SHA-256 in the manifest (it changed during the restore)`);
    await storage.write(f.area, f.key, data);
    files++;
    bytes += data.length;
  }
  return { files, bytes };
}

export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const stageDir = mkdtempSync(path.join(os.tmpdir(), "meridian-restore-"));
  const storage = opts.storage ?? createFileStore(opts.config);
  try {
    const checked = await verifyArchive(opts.archive, stageDir);
    const { manifest } = checked;
    const kind = opts.config.databaseUrl ? "postgres" : "pglite";
    if (manifest.database.kind !== kind) {
      throw new OpsError(
        kind === "postgres"
          ? "This backup holds an embedded (PGlite) database; restore it with DATABASE_URL unset (into DATA_DIR)"
          : "This backup holds a PostgreSQL database; restore it with DATABASE_URL set to an empty PostgreSQL database",
      );
    }
    const filesInTarget = await storedFileCount(storage);
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d+Z$/, "Z");
    let counts: Record<string, number>;
    let replacedDataDir: string | undefined;
    if (opts.config.databaseUrl) counts = await restorePostgres(opts.config.databaseUrl, checked, Boolean(opts.force), filesInTarget);
    else ({ counts, replacedDataDir } = await restorePglite(opts.config.dataDir, checked, Boolean(opts.force), filesInTarget, stamp));
    const { files, bytes } = await restoreFiles(opts.archive, manifest, storage);
    const tables = Object.keys(manifest.tables).length;
    const rows = Object.keys(manifest.tables).reduce((sum, t) => sum + (counts[t] ?? 0), 0);
    return { tables, rows, files, bytes, seconds: (performance.now() - started) / 1000, replacedDataDir, manifest };
  } finally {
    await rm(stageDir, { recursive: true, force: true });
    if (!opts.storage) storage.close();
  }
}

/** The operator's summary line after a restore. */
export function restoreSummary(result: RestoreResult, archive: string): string {
  const missing = result.manifest.missing.length;
  return [
    `Restored ${path.basename(archive)} (made ${result.manifest.createdAt}, schema ${result.manifest.schema.migration}):`,
    `${grouped(result.tables)} tables, ${grouped(result.rows)} rows (matching the manifest), ${grouped(result.files)} files, ${megabytes(result.bytes)},`,
    `${result.seconds.toFixed(1)} s.`,
    missing ? `${grouped(missing)} file${missing === 1 ? " was" : "s were"} already missing when the backup was made.` : "",
    result.replacedDataDir ? `The database it replaced is kept in ${result.replacedDataDir}; delete it when no longer needed.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}
