/**
 * `npm run storage:migrate` moves a disk store into S3-compatible storage (a real s3rver on 127.0.0.1): every file
 * arrives with the same bytes, a second run copies nothing, a copy that differs is replaced, and an unreachable store
 * or a missing STORAGE_URL is refused with one readable line.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileStore } from "../../server/lib/file-store";
import { createDiskStore } from "../../server/lib/storage-disk";
import { migrateStorage } from "../../scripts/storage-migrate";
import { S3_CREDENTIALS, startS3Server, type S3TestServer } from "../helpers/s3-server";

const run = promisify(execFile);
let s3: S3TestServer;
let dataDir: string;
const files = {
  uploads: Array.from({ length: 5 }, (_, i) => ({ key: `${crypto.randomUUID()}.webp`, data: Buffer.from(`image ${i} `.repeat(100 * (i + 1))) })),
  documents: Array.from({ length: 3 }, (_, i) => ({ key: `${crypto.randomUUID()}.pdf`, data: Buffer.from(`%PDF-1.7 document ${i}`.repeat(500)) })),
};
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

beforeAll(async () => {
  // The stores this test opens itself read the SDK's credentials from the environment, like the server.
  Object.assign(process.env, S3_CREDENTIALS);
  s3 = await startS3Server({ bucket: "meridian-migrate" });
  dataDir = mkdtempSync(path.join(os.tmpdir(), "mc-migrate-"));
  const disk = createDiskStore(dataDir);
  await disk.writeAll("uploads", files.uploads);
  await disk.writeAll("documents", files.documents);
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const env = (prefix = "moved/") => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATA_DIR: dataDir,
  SESSION_SECRET: "migrate-secret-migrate-secret-migrate",
  ...s3.env(prefix),
});

describe("[storage] moving a disk store into S3", () => {
  it("[storage] npm run storage:migrate copies every file with the same bytes, says so, and leaves the disk copies", async () => {
    const { stdout } = await run("npm", ["run", "--silent", "storage:migrate"], { env: env(), cwd: path.resolve(import.meta.dirname, "../..") });
    expect(stdout).toMatch(
      /^Copied 8 files \(0\.0 MB\) to s3:\/\/meridian-migrate\/moved\/, 0 already there with the same bytes, 0 failed, in \d+\.\d s\. The files under .+ are left in place/m,
    );
    const target = createFileStore({
      dataDir: mkdtempSync(path.join(os.tmpdir(), "mc-migrate-check-")),
      storageUrl: s3.storageUrl("moved/"),
      storageCacheBytes: 1 << 20,
    });
    for (const area of ["uploads", "documents"] as const) {
      for (const f of files[area]) expect(sha(await target.read(area, f.key)), `${area}/${f.key}`).toBe(sha(f.data));
    }
    const listed: string[] = [];
    for await (const f of target.list("documents")) listed.push(f.key);
    expect(listed).toEqual(files.documents.map((f) => f.key).sort());
    target.close();
    const disk = createDiskStore(dataDir);
    expect((await disk.read("uploads", files.uploads[0].key)).equals(files.uploads[0].data)).toBe(true);
  }, 60_000);

  it("[storage] a second run copies nothing; a copy with other bytes of the same size is replaced", async () => {
    const again = await migrateStorage(env());
    expect(again.code).toBe(0);
    expect(again.lines.at(-1)).toMatch(/^Copied 0 files \(0\.0 MB\) to .+, 8 already there with the same bytes, 0 failed/);
    const target = createFileStore({
      dataDir: mkdtempSync(path.join(os.tmpdir(), "mc-migrate-check-")),
      storageUrl: s3.storageUrl("moved/"),
      storageCacheBytes: 1 << 20,
    });
    const damaged = Buffer.from(files.documents[1].data);
    damaged[10] ^= 0xff;
    await target.write("documents", files.documents[1].key, damaged);
    const repaired = await migrateStorage(env());
    expect(repaired.lines.at(-1)).toMatch(/^Copied 1 files .+, 7 already there with the same bytes, 0 failed/);
    expect(sha(await target.read("documents", files.documents[1].key))).toBe(sha(files.documents[1].data));
    target.close();
  }, 60_000);

  it("[storage] no STORAGE_URL, or a store that does not answer, is refused with one line and exit code 2", async () => {
    const { STORAGE_URL: _unused, ...withoutUrl }: Record<string, string | undefined> = env();
    expect(await migrateStorage(withoutUrl)).toEqual({
      code: 2,
      lines: ["STORAGE_URL is not set: name the object store to copy the files into (s3://bucket/prefix?endpoint=…)."],
    });
    const closed = await migrateStorage({ ...env(), STORAGE_URL: "s3://meridian-migrate/x/?endpoint=http%3A%2F%2F127.0.0.1%3A9" });
    expect(closed.code).toBe(2);
    expect(closed.lines).toHaveLength(1);
    expect(closed.lines[0]).toMatch(/^Cannot use the object store: /);
  }, 60_000);
});
