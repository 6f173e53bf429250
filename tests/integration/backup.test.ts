/**
 * Backups that are proven to restore: a seeded site with more uploads, documents and accounts is backed up, restored
 * into a fresh empty database and file store, and compared table by table and file by file; damaged archives and
 * non-empty targets are refused before anything is touched; and a backup taken while a real server keeps accepting
 * writes holds every write acknowledged before it began. Runs on the database kind of the stage (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL); the commands run as the operator runs them, as child processes.
 */
// On both engines: a backup and a restore of a PGlite directory and of a PostgreSQL database are different code.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentMetaSchema } from "../../shared/schemas";
import { userInput } from "../../server/db/seed/factories";
import { createFileStore } from "../../server/lib/file-store";
import { AREAS, type Area, type FileStore } from "../../server/lib/storage";
import { createBackup } from "../../server/ops/backup";
import { listTables, tableLabel, tableSql, quoteIdent, type Queryable } from "../../server/ops/snapshot";
import { BLOCK, readTar, TarWriter } from "../../server/ops/tar";
import type { Manifest } from "../../server/ops/manifest";
import { restoreBackup, restoreSummary, verifyArchive } from "../../server/ops/restore";
import { documents } from "../../server/db/schema";
import { photo } from "../fixtures/files";
import { createTestContext, type TestContext } from "../helpers/context";
import { freePort, httpRequest, pressBody, runCli, sleep, startServer, type ServerProcess } from "../helpers/fault-server";
import { numberedPdf } from "../helpers/pdf-fixtures";
import { freshPostgres } from "../helpers/postgres";
import { S3_CREDENTIALS, startS3Server } from "../helpers/s3-server";

const adminUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(os.tmpdir(), "mc-backup-test-"));
const cleanups: (() => Promise<void>)[] = [];

/** A fresh, empty target: a new DATA_DIR (its files, and its PGlite database) and, on PostgreSQL, a new database. */
async function freshTarget() {
  const dataDir = mkdtempSync(path.join(work, "target-"));
  const database = adminUrl ? await freshPostgres(adminUrl, "restore") : undefined;
  if (database) cleanups.push(database.drop);
  return { dataDir, databaseUrl: database?.url, env: { DATA_DIR: dataDir, DATABASE_URL: database?.url } };
}
type Target = Awaited<ReturnType<typeof freshTarget>>;

/** Runs `fn` on the target's database (PostgreSQL, or the PGlite directory a restore made). */
async function withTargetDb<T>(target: Target, fn: (db: Queryable) => Promise<T>): Promise<T> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      return await fn({ query: (text, params) => client.query(text, params as unknown[]) as never });
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(path.join(target.dataDir, "pglite"));
  try {
    await db.waitReady;
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** Every table's rows (all columns, ordered by primary key) and every sequence's position. */
async function contents(db: Queryable) {
  const out: Record<string, unknown> = {};
  for (const t of await listTables(db)) {
    const { rows: pk } = await db.query<{ name: string }>(
      `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
       where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey, a.attnum)`,
      [tableSql(t)],
    );
    const order = pk.length ? pk.map((c) => quoteIdent(c.name)).join(", ") : "1";
    out[tableLabel(t)] = (await db.query(`select * from ${tableSql(t)} order by ${order}`)).rows;
  }
  const { rows: seqs } = await db.query<{ s: string }>(
    `select quote_ident(sequence_schema) || '.' || quote_ident(sequence_name) as s from information_schema.sequences where sequence_schema in ('public', 'drizzle') order by 1`,
  );
  for (const { s } of seqs) out[`sequence ${s}`] = (await db.query(`select last_value::text, is_called from ${s}`)).rows;
  return out;
}

/** SHA-256 of every stored file, by area/key. */
async function fileHashes(storage: FileStore) {
  const out: Record<string, string> = {};
  for (const area of AREAS) {
    for await (const f of storage.list(area))
      out[`${area}/${f.key}`] = createHash("sha256")
        .update(await storage.read(area, f.key))
        .digest("hex");
  }
  return out;
}

async function targetFileHashes(target: Target) {
  const storage = createFileStore({ dataDir: target.dataDir });
  try {
    return await fileHashes(storage);
  } finally {
    storage.close();
  }
}

/** True when nothing was written into the target: no PGlite directory, no tables in its PostgreSQL database, no files. */
async function targetUntouched(target: Target) {
  const files = AREAS.flatMap((area) => (existsSync(path.join(target.dataDir, area)) ? readdirSync(path.join(target.dataDir, area)) : []));
  if (files.length) return false;
  if (target.databaseUrl) return (await withTargetDb(target, listTables)).length === 0;
  return !existsSync(path.join(target.dataDir, "pglite"));
}

/** The offset of the first byte of an entry's data in an uncompressed tar, found by walking its headers. */
function entryOffset(tar: Buffer, prefix: string): { offset: number; name: string; size: number } {
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
    const size = parseInt(header.subarray(124, 136).toString("ascii").replace(/\0.*$/s, "").trim(), 8);
    if (name.startsWith(prefix)) return { offset: at + BLOCK, name, size };
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error(`no ${prefix} entry`);
}

/** A copy of an uncompressed archive whose manifest.json is changed by `change` (the rest byte for byte). */
async function rewriteManifest(from: string, to: string, change: (m: Manifest) => unknown) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const tar = new TarWriter(out);
  for await (const entry of readTar(createReadStream(from))) {
    const parts: Buffer[] = [];
    for await (const piece of entry.body) parts.push(Buffer.from(piece));
    let data = Buffer.concat(parts);
    if (entry.name === "manifest.json") data = Buffer.from(JSON.stringify(change(JSON.parse(data.toString("utf8")) as Manifest)));
    await tar.add(entry.name, data.length, data);
  }
  await tar.finish();
  writeFileSync(to, Buffer.concat(chunks));
}

let ctx: TestContext;
let archive: string;
let plainArchive: string;
let source: { tables: Record<string, unknown>; files: Record<string, string> };

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  const { services } = ctx;
  // More of what a running site accumulates: accounts (one with a profile photo), images, documents with files.
  const admin = await services.users.create(userInput({ email: "backup-admin@example.test", role: "admin", isVerified: true }));
  for (let i = 0; i < 3; i++) {
    const user = await services.users.create(userInput({ email: `backup-member-${i}@example.test`, role: i === 0 ? "investor" : "regular", isVerified: true }));
    if (i === 0) await services.accountSettings.setAvatar(user.id, await photo("jpeg", 400, 400));
  }
  for (const [w, h] of [
    [1600, 900],
    [640, 480],
  ])
    await services.uploads.storeImage(await photo("png", w, h), "image");
  for (let i = 1; i <= 3; i++) {
    await services.documentAdmin.create(
      admin,
      documentMetaSchema.parse({ title: `Backup test report ${i}`, isPublic: i % 2 === 0, periodKind: "FY", periodYear: 2020 + i }),
      { buffer: Buffer.from(await numberedPdf(i + 1)), originalName: `report-${i}.pdf` },
    );
  }
  // Nothing may change the source between the backup and the comparison.
  await services.mail.stop();
  const config = { databaseUrl: services.config.databaseUrl, dataDir: services.config.dataDir };
  const common = { config, storage: services.storage, pglite: ctx.database.pglite };
  archive = (await createBackup({ ...common, dir: work })).file;
  plainArchive = (await createBackup({ ...common, out: path.join(work, "plain.tar") })).file;
  source = {
    tables: await contents(ctx.database.pglite ?? { query: (text, params) => ctx.database.pool!.query(text, params as unknown[]) as never }),
    files: await fileHashes(services.storage),
  };
});

afterAll(async () => {
  await ctx?.close();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

describe(`[backup] ${adminUrl ? "PostgreSQL" : "PGlite"}`, () => {
  let restoredTarget: Target;

  it("[backup] names the archive by its UTC time, keeps it private, and lists every table, file and hash in its manifest", async () => {
    expect(path.basename(archive)).toMatch(/^meridian-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const tar = readFileSync(plainArchive);
    const manifestAt = entryOffset(tar, "manifest.json");
    const manifest = JSON.parse(tar.subarray(manifestAt.offset, manifestAt.offset + manifestAt.size).toString("utf8"));
    expect(manifest.format).toBe(1);
    expect(manifest.database.kind).toBe(ctx.kind);
    expect(manifest.schema.migration).toMatch(/^\d{4}_/);
    expect(manifest.missing).toEqual([]);
    const tables = Object.entries(source.tables).filter(([name]) => !name.startsWith("sequence "));
    expect(Object.keys(manifest.tables).sort()).toEqual(tables.map(([name]) => name).sort());
    for (const [table, rows] of tables) expect(manifest.tables[table], table).toBe((rows as unknown[]).length);
    expect(Object.fromEntries(manifest.files.map((f: { area: string; key: string; sha256: string }) => [`${f.area}/${f.key}`, f.sha256]))).toEqual(
      source.files,
    );
    expect(manifest.files.filter((f: { area: string }) => f.area === "documents").length).toBeGreaterThanOrEqual(9);
    // A standard tar: GNU tar lists the compressed archive and reads its manifest out of it.
    const gzManifest = JSON.parse(execFileSync("tar", ["-xzOf", archive, "manifest.json"], { encoding: "utf8" })) as Manifest;
    expect(execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).trim().split("\n")).toEqual([
      gzManifest.database.entry,
      ...gzManifest.files.map((f) => `${f.area}/${f.key}`),
      "manifest.json",
    ]);
  });

  it("[restore] puts every row of every table and every file back into a fresh database and file store", async () => {
    restoredTarget = await freshTarget();
    const res = await runCli("restore", [archive], restoredTarget.env);
    expect(res.stderr).toBe("");
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(
      /^Restored meridian-backup-\S+ \(made .*\): \d+ tables, [\d,]+ rows \(matching the manifest\), \d+ files, [\d.,]+ MB, [\d.]+ s\.\n$/,
    );
    expect(await withTargetDb(restoredTarget, contents)).toEqual(source.tables);
    expect(await targetFileHashes(restoredTarget)).toEqual(source.files);
  });

  it("[restore] refuses a target that already holds data unless --force, then replaces it", async () => {
    const refused = await runCli("restore", [archive], restoredTarget.env);
    expect(refused.code).toBe(1);
    // The test opened the restored database itself (with the test process's open umask), so the command first says
    // that it closed the data folder again; nothing else.
    expect(refused.stdout).toMatch(/^(DATA_DIR \S+ was open to other local accounts: [^\n]+, so only this service's user can read it\n)?$/);
    expect(refused.stderr).toMatch(
      /^Refusing to restore: the database (at|in) \S+ is not empty \(.*has [\d,]+ rows?.*\); restore into an empty one, or add --force to replace it\n$/,
    );
    const forced = await runCli("restore", [archive, "--force"], restoredTarget.env);
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    expect(await withTargetDb(restoredTarget, contents)).toEqual(source.tables);
    expect(await targetFileHashes(restoredTarget)).toEqual(source.files);
  });

  it("[restore] refuses an archive with a changed byte in a stored file, naming the file, and changes nothing", async () => {
    const tar = Buffer.from(readFileSync(plainArchive));
    const doc = entryOffset(tar, "documents/");
    tar[doc.offset + Math.floor(doc.size / 2)] ^= 0xff;
    const damaged = path.join(work, "damaged.tar");
    writeFileSync(damaged, tar);
    const target = await freshTarget();
    const res = await runCli("restore", [damaged], target.env);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe(`Backup archive is damaged: ${doc.name} does not match its SHA-256 in the manifest\n`);
    expect(await targetUntouched(target)).toBe(true);
  });

  it("[restore] refuses a truncated archive and changes nothing", async () => {
    const whole = readFileSync(archive);
    const cut = path.join(work, "cut.tar.gz");
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const target = await freshTarget();
    const res = await runCli("restore", [cut], target.env);
    expect(res.code).toBe(1);
    expect(res.stderr).toBe("Backup archive is damaged: it ends early (truncated)\n");
    expect(await targetUntouched(target)).toBe(true);
  });

  it("[restore] refuses an archive from a newer schema or format than this code knows, before touching anything", async () => {
    const target = await freshTarget();
    const future = path.join(work, "future-schema.tar");
    await rewriteManifest(plainArchive, future, (m) => ({
      ...m,
      schema: { migration: "9999_from_the_future", index: 9999, appliedAt: m.schema.appliedAt + 1 },
    }));
    const newerSchema = await runCli("restore", [future], target.env);
    expect(newerSchema.code).toBe(1);
    expect(newerSchema.stderr).toMatch(
      /^This backup comes from a newer schema \(9999_from_the_future\) than this code knows \(up to \d{4}_\w+\): restore it with the code that made it\n$/,
    );
    const newerFormat = path.join(work, "future-format.tar");
    await rewriteManifest(plainArchive, newerFormat, (m) => ({ ...m, format: 2 }));
    await expect(verifyArchive(newerFormat, mkdtempSync(path.join(work, "stage-")))).rejects.toThrow(/archive format 2, newer than this code reads \(1\)/);
    expect(await targetUntouched(target)).toBe(true);
  });

  it("[backup] reports a file the database points to that was deleted before it was copied as missing, and still restores", async () => {
    const [doc] = (await ctx.database.db.select().from(documents).limit(1)) as { fileUrl: string }[];
    await ctx.services.storage.remove("documents", doc.fileUrl);
    const result = await createBackup({
      config: { databaseUrl: ctx.services.config.databaseUrl, dataDir: ctx.services.config.dataDir },
      storage: ctx.services.storage,
      pglite: ctx.database.pglite,
      out: path.join(work, "with-missing.tar.gz"),
    });
    expect(result.manifest.missing).toContainEqual({ area: "documents", key: doc.fileUrl });
    expect(result.manifest.files.some((f) => f.key === doc.fileUrl)).toBe(false);
    const target = await freshTarget();
    const restored = await restoreBackup({ archive: result.file, config: target });
    expect(restoreSummary(restored, result.file)).toMatch(/1 file was already missing when the backup was made\./);
  });

  // The file store's backend does not depend on the database's kind: in CI, whose test run has a PostgreSQL stage
  // too, this runs only there (the quicker of the two); elsewhere it runs in every stage.
  it.skipIf(!adminUrl && process.env.CI)(
    "[backup] S3: files in S3-compatible storage are backed up and restored into another store, byte for byte",
    async () => {
      const s3 = await startS3Server({ bucket: "meridian-backup" });
      cleanups.push(s3.close);
      Object.assign(process.env, S3_CREDENTIALS);
      const sourceStore = createFileStore({ dataDir: mkdtempSync(path.join(work, "s3-cache-")), storageUrl: s3.storageUrl("site/") });
      const expected = await fileHashes(ctx.services.storage);
      try {
        for (const name of Object.keys(expected)) {
          const [area, key] = name.split("/") as [Area, string];
          await sourceStore.write(area, key, await ctx.services.storage.read(area, key));
        }
        const result = await createBackup({
          config: { databaseUrl: ctx.services.config.databaseUrl, dataDir: ctx.services.config.dataDir },
          storage: sourceStore,
          pglite: ctx.database.pglite,
          out: path.join(work, "from-s3.tar.gz"),
        });
        expect(result.manifest.files.length).toBe(Object.keys(expected).length);
      } finally {
        sourceStore.close();
      }
      const target = await freshTarget();
      await restoreBackup({ archive: path.join(work, "from-s3.tar.gz"), config: { ...target, storageUrl: s3.storageUrl("restored/") } });
      const restoredStore = createFileStore({ dataDir: target.dataDir, storageUrl: s3.storageUrl("restored/") });
      try {
        expect(await fileHashes(restoredStore)).toEqual(expected);
      } finally {
        restoredStore.close();
      }
    },
  );

  describe("[backup] under write load on a running server", () => {
    let server: ServerProcess;
    let serverEnv: Record<string, string | undefined>;

    beforeAll(async () => {
      const database = adminUrl ? await freshPostgres(adminUrl, "backupload") : undefined;
      if (database) cleanups.push(database.drop);
      server = await startServer({ port: await freePort(), env: { DATABASE_URL: database?.url } });
      cleanups.push(() => server.destroy());
      serverEnv = { DATA_DIR: server.dataDir, DATABASE_URL: database?.url };
    });

    it("[backup] holds every release acknowledged before it began, each one whole, while the site keeps answering", async () => {
      const cookie = await server.adminCookie();
      type Write = { body: ReturnType<typeof pressBody>; sent: number; at?: number; status?: number };
      const writes: Write[] = [];
      let running = true;
      const loops = Array.from({ length: 3 }, async () => {
        while (running) {
          const write: Write = { body: pressBody("backup-load"), sent: Date.now() };
          writes.push(write);
          try {
            const res = await httpRequest(server.baseUrl, { method: "POST", path: "/api/press-releases", body: write.body, headers: { Cookie: cookie } });
            write.status = res.status;
          } catch {
            write.status = 0;
          }
          write.at = Date.now();
        }
      });
      // Some writes acknowledged first (a loaded machine answers the first ones slowly), then the backup.
      for (const until = Date.now() + 15_000; writes.filter((w) => w.status === 201).length < 6 && Date.now() < until;) await sleep(50);
      const backupStarted = Date.now();
      const backup = await runCli("backup", ["--out", path.join(work, "under-load.tar.gz")], serverEnv);
      const backupEnded = Date.now();
      await sleep(300);
      running = false;
      await Promise.all(loops);

      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      if (!adminUrl) expect(backup.stdout).toContain("(dumped by the running server)");
      const acked = writes.filter((w) => w.status === 201);
      expect(writes.every((w) => w.status === 201)).toBe(true);
      const before = acked.filter((w) => w.at! < backupStarted);
      expect(before.length).toBeGreaterThan(3);
      // The site kept answering writes while the backup ran.
      expect(acked.filter((w) => w.sent > backupStarted && w.at! < backupEnded).length).toBeGreaterThan(0);

      // The running site is never restored over: PGlite's server answers on its socket, PostgreSQL's database has rows.
      const overRunning = await runCli("restore", [path.join(work, "under-load.tar.gz")], serverEnv);
      expect(overRunning.code).toBe(1);
      expect(overRunning.stderr).toMatch(
        adminUrl ? /^Refusing to restore: the database at .* is not empty/ : /^Refusing to restore: the server is running on .*; stop it first\n$/,
      );

      const target = await freshTarget();
      const restored = await runCli("restore", [path.join(work, "under-load.tar.gz")], target.env);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      const rows = await withTargetDb(target, async (db) => {
        const { rows } = await db.query<{ id: number; title: string; summary: string; content: string; company: string; date: string }>(
          `select id, title, summary, content, company, date::text as date from press_releases where title like 'backup-load %'`,
        );
        const { rows: audited } = await db.query<{ id: string }>(`select entity_id::text as id from audit_events where action = 'press.create'`);
        return { releases: rows, audited: new Set(audited.map((r) => Number(r.id))) };
      });
      const byTitle = new Map(rows.releases.map((r) => [r.title, r]));
      for (const w of before) expect(byTitle.has(w.body.title), w.body.title).toBe(true);
      const sent = new Map(writes.map((w) => [w.body.title, w.body]));
      for (const row of rows.releases) {
        const body = sent.get(row.title);
        expect(body, row.title).toBeDefined();
        expect({ summary: row.summary, company: row.company, date: row.date }).toEqual({ summary: body!.summary, company: body!.company, date: body!.date });
        expect(row.content).toContain(body!.content);
        // Written in the same transaction as the release: present with it, or not at all.
        expect(rows.audited.has(row.id), `audit event of ${row.title}`).toBe(true);
      }
    }, 120_000);

    // Last in this group: it stops the group's server (the test above needs it running).
    it.skipIf(Boolean(adminUrl))("[backup] PGlite: once the server has stopped, the backup opens the data directory itself", async () => {
      server.child.kill("SIGTERM");
      expect((await server.exited).code).toBe(0);
      // The server removed its socket as it exited.
      expect(existsSync(path.join(server.dataDir, ".backup.sock"))).toBe(false);
      const backup = await runCli("backup", ["--out", path.join(work, "stopped.tar")], serverEnv);
      expect(backup.stderr).toBe("");
      expect(backup.stdout).toContain("(no server was running)");
      const { manifest } = await verifyArchive(path.join(work, "stopped.tar"), mkdtempSync(path.join(work, "stage-")));
      expect(manifest.tables.press_releases).toBeGreaterThan(0);
    });
  });
});
