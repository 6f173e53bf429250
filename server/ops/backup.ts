/**
 * `npm run backup`: one archive (tar, gzip unless asked otherwise) holding a consistent dump of the database, every
 * stored file of both areas, and manifest.json (see manifest.ts). The database snapshot is taken first and the files
 * are copied after it, through the FileStore interface, so the archive is the same for the disk and S3 backends. The
 * site keeps serving: PostgreSQL is dumped from an exported REPEATABLE READ snapshot, PGlite by the running server
 * itself (backup-channel.ts).
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync } from "node:fs";
import { open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteStartParams } from "../db/client";
import { createFileStore } from "../lib/file-store";
import { AREAS, StoredFileMissing, type Area, type FileStore } from "../lib/storage";
import { dumpPglite, requestLiveDump } from "./backup-channel";
import { OpsError } from "./errors";
import { BACKUP_FORMAT, ENTRY, type Manifest, type ManifestFile } from "./manifest";
import { findTool, runTool, toolVersion } from "./postgres-tools";
import { countRows, listTables, referencedFiles, schemaVersion, serverVersion, type Queryable, type SchemaVersion } from "./snapshot";
import { TarWriter } from "./tar";

export type BackupConfig = { databaseUrl?: string; dataDir: string; storageUrl?: string; storageCacheBytes?: number };

export type BackupOptions = {
  config: BackupConfig;
  /** The archive's path; default: `<dir>/meridian-backup-<UTC time>.tar.gz` (`.tar` without gzip). */
  out?: string;
  /** Where archives go when `out` is not given (BACKUP_DIR, else ./backups). */
  dir?: string;
  /** Compress with gzip; default: unless `out` ends in `.tar`. */
  gzip?: boolean;
  /** The stored files; default: the store STORAGE_URL (or DATA_DIR) names. */
  storage?: FileStore;
  /** A PGlite instance of this process to dump directly (tests; in-memory databases). */
  pglite?: PGlite;
  now?: Date;
};

export type BackupResult = { file: string; bytes: number; seconds: number; manifest: Manifest; live: boolean };

/** The PGlite instances a backup or restore opens serve one reader: a small buffer pool is plenty, and starts faster. */
export const OPS_PGLITE_PARAMS = pgliteStartParams(16);

/** The archive's name from its UTC time: meridian-backup-20261127T180000Z.tar.gz */
export const archiveName = (now: Date, gzip: boolean) =>
  `meridian-backup-${now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.tar${gzip ? ".gz" : ""}`;

/** gzip level 1: zlib's default (6) made a large site's archive (PDFs, WebP, a database) only 2 % smaller, in twice the time. */
const GZIP_LEVEL = 1;

function appInfo(): { name: string; version: string } {
  for (const file of [path.resolve(import.meta.dirname, "../../package.json"), path.resolve("package.json")]) {
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      return { name: pkg.name ?? "meridian-holdings", version: pkg.version ?? "0.0.0" };
    }
  }
  return { name: "meridian-holdings", version: "0.0.0" };
}

const sha256Of = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** What the database part of a backup gives the archive. */
type DatabasePart = {
  kind: "postgres" | "pglite";
  serverVersion: string;
  dumpTool?: string;
  schema: SchemaVersion;
  tables: Record<string, number>;
  refs: { area: Area; key: string }[];
  entry: string;
  size: number;
  sha256: string;
  /** The dump: a file (pg_dump) or bytes (PGlite). */
  source: { file: string } | { bytes: Uint8Array };
  live: boolean;
};

function needSchema(schema: SchemaVersion | null): SchemaVersion {
  if (!schema) throw new OpsError("The database has no migrations applied (it was never started): there is nothing to back up");
  return schema;
}

/**
 * PostgreSQL: one REPEATABLE READ transaction exports its snapshot; the row counts and file references are read in
 * it, and pg_dump dumps exactly that snapshot (--snapshot) while the transaction stays open.
 */
async function dumpPostgres(databaseUrl: string, dumpFile: string): Promise<DatabasePart> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "meridian-backup" });
  client.on("error", () => {});
  await client.connect();
  try {
    const db: Queryable = { query: (text, params) => client.query(text, params as unknown[]) as never };
    await client.query("begin isolation level repeatable read, read only");
    const [{ snapshot }] = (await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot")).rows;
    const version = await serverVersion(db);
    const schema = needSchema(await schemaVersion(db));
    const tables = await countRows(db, await listTables(db));
    const refs = await referencedFiles(db);
    const tool = findTool("pg_dump", version.major);
    await runTool(tool, ["--format=custom", `--snapshot=${snapshot}`, `--file=${dumpFile}`], databaseUrl);
    await client.query("commit");
    const info = await stat(dumpFile);
    return {
      kind: "postgres",
      serverVersion: version.text,
      dumpTool: `pg_dump ${toolVersion(tool)?.text ?? "?"}`,
      schema,
      tables,
      refs,
      entry: ENTRY.postgresDump,
      size: info.size,
      sha256: await sha256OfFile(dumpFile),
      source: { file: dumpFile },
      live: true,
    };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Opens a PGlite dump in memory and reads what the manifest records from it (this also proves the dump opens). */
export async function inspectPgliteDump(bytes: Uint8Array) {
  const copy = new PGlite({ loadDataDir: new Blob([bytes as Uint8Array<ArrayBuffer>]), startParams: OPS_PGLITE_PARAMS });
  await copy.waitReady;
  try {
    const version = await serverVersion(copy);
    return { version, schema: await schemaVersion(copy), tables: await countRows(copy), refs: await referencedFiles(copy) };
  } finally {
    await copy.close();
  }
}

/**
 * PGlite: the running server's dump (asked on DATA_DIR/.backup.sock), or, when no server answers, the data directory
 * opened here. The row counts and file references come from the dump itself, opened in memory.
 */
async function dumpPgliteDatabase(dataDir: string, inProcess?: PGlite): Promise<DatabasePart> {
  let bytes: Uint8Array | null = inProcess ? await dumpPglite(inProcess) : await requestLiveDump(dataDir);
  const live = bytes !== null;
  if (!bytes) {
    const dir = path.join(dataDir, "pglite");
    if (!existsSync(path.join(dir, "PG_VERSION"))) {
      throw new OpsError(`There is no database to back up: DATABASE_URL is unset and ${dir} holds no embedded database`);
    }
    const own = new PGlite(dir, { startParams: OPS_PGLITE_PARAMS });
    try {
      await own.waitReady;
      bytes = await dumpPglite(own);
    } finally {
      await own.close();
    }
  }
  const inspected = await inspectPgliteDump(bytes);
  return {
    kind: "pglite",
    serverVersion: inspected.version.text,
    schema: needSchema(inspected.schema),
    tables: inspected.tables,
    refs: inspected.refs,
    entry: ENTRY.pgliteDump,
    size: bytes.length,
    sha256: sha256Of(bytes),
    source: { bytes },
    live,
  };
}

/** A stored file's bytes, or null when it was deleted before it could be opened. */
async function openStored(storage: FileStore, area: Area, key: string) {
  const gone = (err: unknown) => err instanceof StoredFileMissing || (err as NodeJS.ErrnoException).code === "ENOENT";
  let file;
  try {
    file = await storage.open(area, key);
  } catch (err) {
    if (gone(err)) return null;
    throw err;
  }
  // The disk backend opens the file when the stream is first read: read one chunk before the archive gets its header.
  const chunks = file.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let first: IteratorResult<Buffer>;
  try {
    first = await chunks.next();
  } catch (err) {
    file.body.destroy();
    if (gone(err)) return null;
    throw err;
  }
  async function* body() {
    if (first.done) return;
    yield first.value;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { size: file.size, body: body(), close: () => file.body.destroy() };
}

/** Partial archives a backup left when it was killed; those of a day ago cannot belong to one still running. */
async function removeStalePartials(dir: string) {
  for (const name of await readdir(dir)) {
    if (!/^\.meridian-backup-.*\.partial-\d+/.test(name)) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 24 * 3600_000) await rm(path.join(dir, name), { force: true });
  }
}

/** Writes one archive (see the head of this file) and returns where, how big, and its manifest. */
export async function createBackup(opts: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const gzip = opts.gzip ?? !opts.out?.endsWith(".tar");
  const file = path.resolve(opts.out ?? path.join(opts.dir ?? "backups", archiveName(now, gzip)));
  const dir = path.dirname(file);
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (existsSync(file)) throw new OpsError(`${file} already exists: choose another --out`);
  await removeStalePartials(dir);
  // Everything is written under temporary names beside the archive and renamed when complete.
  const temp = path.join(dir, `.${path.basename(file)}.partial-${process.pid}`);
  const dumpFile = `${temp}.pg_dump`;
  const storage = opts.storage ?? createFileStore(opts.config);
  try {
    const database = opts.config.databaseUrl
      ? await dumpPostgres(opts.config.databaseUrl, dumpFile)
      : await dumpPgliteDatabase(opts.config.dataDir, opts.pglite);

    const sink = new PassThrough();
    const output = createWriteStream(temp, { flags: "wx", mode: 0o600 });
    const written = gzip ? pipeline(sink, createGzip({ level: GZIP_LEVEL }), output) : pipeline(sink, output);
    written.catch(() => {});
    const tar = new TarWriter(sink, written);

    const source = database.source;
    await tar.add(database.entry, database.size, "file" in source ? createReadStream(source.file) : source.bytes, now);

    const files: ManifestFile[] = [];
    for (const area of AREAS) {
      for await (const info of storage.list(area)) {
        const stored = await openStored(storage, area, info.key);
        if (!stored) continue;
        const hash = createHash("sha256");
        const hashed = (async function* () {
          for await (const chunk of stored.body) {
            hash.update(chunk);
            yield chunk;
          }
        })();
        try {
          await tar.add(ENTRY.file(area, info.key), stored.size, hashed, info.modified);
        } finally {
          stored.close();
        }
        files.push({ area, key: info.key, size: stored.size, sha256: hash.digest("hex") });
      }
    }
    const copied = new Set(files.map((f) => `${f.area}/${f.key}`));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app: appInfo(),
      schema: database.schema,
      createdAt: now.toISOString(),
      database: {
        kind: database.kind,
        serverVersion: database.serverVersion,
        ...(database.dumpTool ? { dumpTool: database.dumpTool } : {}),
        entry: database.entry,
        size: database.size,
        sha256: database.sha256,
      },
      tables: database.tables,
      files,
      missing: database.refs.filter((r) => !copied.has(`${r.area}/${r.key}`)).sort((a, b) => `${a.area}/${a.key}`.localeCompare(`${b.area}/${b.key}`)),
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.add(ENTRY.manifest, manifestBytes.length, manifestBytes, now);
    await tar.finish();
    sink.end();
    await written;
    // On disk before it gets its final name.
    const handle = await open(temp, "r");
    await handle.sync().finally(() => handle.close());
    if (existsSync(file)) throw new OpsError(`${file} already exists: choose another --out`);
    await rename(temp, file);
    const bytes = (await stat(file)).size;
    return { file, bytes, seconds: (performance.now() - started) / 1000, manifest, live: database.live };
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  } finally {
    await rm(dumpFile, { force: true });
    if (!opts.storage) storage.close();
  }
}
