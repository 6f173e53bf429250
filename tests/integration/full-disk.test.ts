/**
 * Uploads on a full (or read-only) disk: DATA_DIR is a small real tmpfs. A failed write answers that
 * the server could not store the file (never that the user's file is bad), and leaves nothing
 * behind: no partial file, no temporary file, no database row.
 */
// On both engines: PGlite keeps its files in DATA_DIR, on the disk that fills up.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../server/db/schema";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { mountTmpfs, TMPFS_SKIP, type Tmpfs } from "../helpers/tmpfs";
import { photo, postMultipart } from "../fixtures/files";

const STORAGE_MESSAGE = "The server could not store the file. Please try again later or contact the administrator.";

/** A syntactically plain PDF of about `bytes` bytes. */
function bigPdf(bytes: number) {
  const head = Buffer.from("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n", "latin1");
  const tail = Buffer.from("\n%%EOF\n", "latin1");
  return Buffer.concat([head, Buffer.alloc(bytes - head.length - tail.length, 0x20), tail]);
}

describe.skipIf(TMPFS_SKIP)(`[uploads] full disk${TMPFS_SKIP ? ` (skipped: ${TMPFS_SKIP})` : ""}`, () => {
  let fs: Tmpfs;
  let ctx: TestContext;
  let admin: Client;

  beforeAll(async () => {
    fs = mountTmpfs(2 * 1024 * 1024);
    try {
      ctx = await createTestContext({ env: { DATA_DIR: fs.dir } });
      admin = (await signedInClient(ctx, "admin")).client;
    } catch (err) {
      fs.unmount();
      throw err;
    }
  });

  afterAll(async () => {
    try {
      await ctx?.close();
    } finally {
      fs?.unmount();
    }
  });

  const storedFiles = () => fs.files().filter((f) => f !== "filler.bin");
  const removeFiller = () => rmSync(path.join(fs.dir, "filler.bin"), { force: true });
  const documentRows = async () => {
    const [{ n }] = await ctx.services.database.db.select({ n: sql<number>`count(*)::int` }).from(documents);
    return n;
  };

  it("[uploads] a 5 MB PDF on a 2 MB disk: 507 with a storage message, no file and no row left", async () => {
    const res = await postMultipart(admin, "/api/admin/documents", {
      file: { data: bigPdf(5 * 1024 * 1024), name: "annual-report.pdf", type: "application/pdf" },
      fields: { title: "Annual Report" },
    });
    expect(res.status).toBe(507);
    expect(res.json).toEqual({ message: STORAGE_MESSAGE, code: "INSUFFICIENT_STORAGE" });
    expect(storedFiles()).toEqual([]);
    expect(await documentRows()).toBe(0);
  });

  it("[uploads] a large image whose last variant does not fit: 507, never 'damaged', no variant left", async () => {
    const image = await photo("jpeg", 2400, 1200);
    // Room for the small variants but not the 1920-wide one.
    fs.fillUntilFree(600 * 1024);
    try {
      const res = await postMultipart(admin, "/api/admin/uploads?kind=banner", { file: { data: image, name: "banner.jpg", type: "image/jpeg" } });
      expect(res.status).toBe(507);
      expect(res.json).toEqual({ message: STORAGE_MESSAGE, code: "INSUFFICIENT_STORAGE" });
      expect(res.text).not.toMatch(/damaged/i);
      expect(storedFiles()).toEqual([]);
    } finally {
      removeFiller();
    }
  });

  it("[uploads] once there is room again, the same uploads succeed", async () => {
    const small = await photo("png", 300, 200);
    const res = await postMultipart(admin, "/api/admin/uploads?kind=image", { file: { data: small, name: "small.png", type: "image/png" } });
    expect(res.status).toBe(201);
    const doc = await postMultipart(admin, "/api/admin/documents", {
      file: { data: bigPdf(200 * 1024), name: "small.pdf", type: "application/pdf" },
      fields: { title: "Small" },
    });
    expect(doc.status).toBe(201);
    // The stored files are exactly the final ones: no temporary name survives a success either.
    expect(storedFiles().every((f) => /^(uploads|documents)\/[a-f0-9-]{36}(-\d+)?\.(webp|pdf)$/.test(f))).toBe(true);
    expect(storedFiles()).toHaveLength(2);
  });

  it("[uploads] a read-only disk: 500 with the storage message, nothing stored", async () => {
    const before = storedFiles();
    const rowsBefore = await documentRows();
    execFileSync("mount", ["-o", "remount,ro", fs.dir]);
    try {
      const doc = await postMultipart(admin, "/api/admin/documents", {
        file: { data: bigPdf(10 * 1024), name: "minutes.pdf", type: "application/pdf" },
        fields: { title: "Minutes" },
      });
      expect(doc.status).toBe(500);
      expect(doc.json).toEqual({ message: STORAGE_MESSAGE, code: "STORAGE_FAILED" });
      const img = await postMultipart(admin, "/api/admin/uploads?kind=logo", {
        file: { data: await photo("png", 200, 200), name: "logo.png", type: "image/png" },
      });
      expect(img.status).toBe(500);
      expect(img.json).toEqual({ message: STORAGE_MESSAGE, code: "STORAGE_FAILED" });
    } finally {
      execFileSync("mount", ["-o", "remount,rw", fs.dir]);
    }
    expect(storedFiles()).toEqual(before);
    expect(await documentRows()).toBe(rowsBefore);
  });
});
