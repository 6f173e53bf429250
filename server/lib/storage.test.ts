/** Stored files are written atomically under temporary names that are never served or resolved. */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../tests/helpers/context";
import { isStorageError, storageFailure } from "./storage";
import { createDiskStore, diskDir } from "./storage-disk";

describe("[storage] atomic writes", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "mc-storage-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("[storage] writeAll stores every file under its key and leaves no temporary name", async () => {
    const storage = createDiskStore(dir);
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    await storage.writeAll("uploads", [
      { key: `${id}-400.webp`, data: Buffer.from("small") },
      { key: `${id}.webp`, data: Buffer.from("large") },
    ]);
    expect(readdirSync(diskDir(storage, "uploads")).sort()).toEqual([`${id}-400.webp`, `${id}.webp`]);
  });

  it("[storage] a failure part-way removes the files already renamed and every temporary file", async () => {
    const storage = createDiskStore(dir);
    // A directory where the second file should go makes its rename fail (EISDIR is not a disk fault,
    // so the original error comes through), after the first file was already renamed into place.
    const id = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed";
    const blocker = path.join(diskDir(storage, "documents"), `${id}.pdf`);
    mkdirSync(blocker);
    const before = readdirSync(diskDir(storage, "documents"));
    await expect(
      storage.writeAll("documents", [
        { key: `${id}.docx`, data: Buffer.from("one") },
        { key: `${id}.pdf`, data: Buffer.from("two") },
      ]),
    ).rejects.toThrow();
    expect(readdirSync(diskDir(storage, "documents"))).toEqual(before);
    rmSync(blocker, { recursive: true });
  });

  it("[storage] disk errors map to 507 (full) or 500 (other faults), both with the storage message", () => {
    const errno = (code: string) => Object.assign(new Error(`${code}: test`), { code });
    for (const [code, status] of [
      ["ENOSPC", 507],
      ["EDQUOT", 507],
      ["EROFS", 500],
      ["EACCES", 500],
      ["EIO", 500],
      ["EMFILE", 500],
    ] as const) {
      const e = errno(code);
      expect(isStorageError(e), code).toBe(true);
      const failure = storageFailure(e);
      expect(failure.status, code).toBe(status);
      expect(failure.message).toBe("The server could not store the file. Please try again later or contact the administrator.");
      expect(failure.internal).toContain(code);
    }
    expect(isStorageError(new Error("Input buffer contains unsupported image format"))).toBe(false);
  });

  it("[storage] temporary names are never resolved as keys", async () => {
    const storage = createDiskStore(dir);
    writeFileSync(path.join(diskDir(storage, "documents"), ".tmp-0f8fad5b-d9cb-469f-a165-70867728950e"), "half");
    expect(await storage.stat("uploads", ".tmp-0f8fad5b-d9cb-469f-a165-70867728950e")).toBeNull();
    expect(await storage.stat("documents", ".tmp-0f8fad5b-d9cb-469f-a165-70867728950e")).toBeNull();
    await expect(storage.localPath("documents", ".tmp-0f8fad5b-d9cb-469f-a165-70867728950e")).rejects.toThrow("stored file missing");
    rmSync(path.join(diskDir(storage, "documents"), ".tmp-0f8fad5b-d9cb-469f-a165-70867728950e"));
  });

  it("[storage] stale temporary files from a dead process are swept; fresh ones (another writer) stay", async () => {
    const storage = createDiskStore(dir);
    const stale = path.join(diskDir(storage, "documents"), ".tmp-stale");
    const fresh = path.join(diskDir(storage, "uploads"), ".tmp-fresh");
    writeFileSync(stale, "half");
    writeFileSync(fresh, "writing");
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(stale, old, old);
    expect(await storage.removeStaleTemp()).toBe(1);
    expect(readdirSync(diskDir(storage, "documents"))).not.toContain(".tmp-stale");
    expect(readdirSync(diskDir(storage, "uploads"))).toContain(".tmp-fresh");
    rmSync(fresh);
  });
});

describe("[storage] temporary files over HTTP", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("[storage] a temporary file in the uploads folder is not served", async () => {
    const name = ".tmp-0f8fad5b-d9cb-469f-a165-70867728950e";
    writeFileSync(path.join(diskDir(ctx.services.storage, "uploads"), name), "PARTIAL-UPLOAD-BYTES");
    for (const url of [`/uploads/${name}`, `/uploads/%2e${name.slice(1)}`]) {
      const res = await fetch(ctx.baseUrl + url);
      expect(res.status, url).not.toBe(200);
      expect(await res.text(), url).not.toContain("PARTIAL-UPLOAD-BYTES");
    }
  });
});
