/**
 * Stored files on both backends against one contract, and the site on S3-compatible storage end to end: a real S3
 * server (s3rver, in its own process on 127.0.0.1, checking signatures) holds uploads and documents, and the server's
 * disk holds none of them.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { S3Client, ListObjectsV2Command, DeleteObjectCommand } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../server/db/schema";
import { AppError } from "../../server/lib/errors";
import { closePdfTools } from "../../server/lib/pdf-render";
import { StoredFileMissing, type FileStore } from "../../server/lib/storage";
import { createDiskStore } from "../../server/lib/storage-disk";
import { createS3Store } from "../../server/lib/storage-s3";
import { parseStorageUrl } from "../../server/lib/storage-url";
import { postMultipart } from "../fixtures/files";
import { createTestContext, signedInClient, type Client, type TestContext } from "../helpers/context";
import { makePdf } from "../helpers/pdf";
import { S3_CREDENTIALS, startS3Server, type S3TestServer } from "../helpers/s3-server";

let s3: S3TestServer;
const scratch = mkdtempSync(path.join(os.tmpdir(), "mc-stores-"));
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  // The SDK reads its credentials from the environment, as it does in production.
  for (const [k, v] of Object.entries(S3_CREDENTIALS)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  rmSync(scratch, { recursive: true, force: true });
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  closePdfTools();
});

/** A plain client on the test server, to look at what is stored without going through the store under test. */
function rawClient() {
  return new S3Client({
    endpoint: s3.endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: S3_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const client = rawClient();
  client.middlewareStack.add(
    (next) => async (args) => {
      const r = args.request as { path?: string };
      if (r.path && /^\/[^/]+\/$/.test(r.path)) r.path = r.path.slice(0, -1);
      return next(args);
    },
    { step: "build" },
  );
  const res = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  client.destroy();
  return (res.Contents ?? []).map((o) => o.Key!).sort();
}

const id = () => crypto.randomUUID();
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text));

function makeStore(kind: "disk" | "s3", prefix: string, client?: S3Client, timeoutMs?: number): FileStore {
  const dir = mkdtempSync(path.join(scratch, `${kind}-`));
  if (kind === "disk") return createDiskStore(dir);
  return createS3Store(parseStorageUrl(s3.storageUrl(prefix)), { cacheDir: path.join(dir, "object-cache"), cacheBytes: 1024 * 1024, client, timeoutMs });
}

describe.each(["disk", "s3"] as const)("[storage] the %s backend", (kind) => {
  it(`[storage] ${kind}: writes a set of files, lists, sizes, reads, opens a byte range and gives a local path`, async () => {
    const store = makeStore(kind, `contract-${id().slice(0, 8)}/`);
    const name = id();
    await store.writeAll("uploads", [
      { key: `${name}-400.webp`, data: bytesOf("small image") },
      { key: `${name}.webp`, data: bytesOf("the large image") },
    ]);
    await store.write("documents", `${name}.pdf`, bytesOf("%PDF-1.7 report"));
    const listed: string[] = [];
    for await (const f of store.list("uploads")) listed.push(`${f.key}:${f.size}`);
    expect(listed).toEqual([`${name}-400.webp:11`, `${name}.webp:15`]);
    expect((await store.stat("documents", `${name}.pdf`))?.size).toBe(15);
    expect(await store.stat("documents", `${name}.docx`)).toBeNull();
    expect((await store.read("uploads", `${name}.webp`)).toString()).toBe("the large image");
    const part = await store.open("documents", `${name}.pdf`, { start: 5, end: 7 });
    const chunks: Buffer[] = [];
    for await (const c of part.body) chunks.push(Buffer.from(c as Uint8Array));
    expect({ text: Buffer.concat(chunks).toString(), start: part.start, end: part.end, size: part.size }).toEqual({ text: "1.7", start: 5, end: 7, size: 15 });
    const local = await store.localPath("documents", `${name}.pdf`);
    expect(existsSync(local)).toBe(true);
    await store.remove("documents", `${name}.pdf`);
    await store.remove("documents", `${name}.pdf`); // already gone: not an error
    expect(await store.stat("documents", `${name}.pdf`)).toBeNull();
    store.close();
  });

  it(`[storage] ${kind}: a missing file, a temporary name or a path is StoredFileMissing, never another file`, async () => {
    const store = makeStore(kind, `missing-${id().slice(0, 8)}/`);
    for (const key of [`${id()}.pdf`, `.tmp-${id()}`, "../documents/x.pdf", "a/b.pdf"]) {
      await expect(store.read("documents", key), key).rejects.toBeInstanceOf(StoredFileMissing);
      await expect(store.open("documents", key), key).rejects.toBeInstanceOf(StoredFileMissing);
      await expect(store.localPath("documents", key), key).rejects.toBeInstanceOf(StoredFileMissing);
      expect(await store.stat("documents", key), key).toBeNull();
    }
    store.close();
  });
});

describe("[storage] S3: failures leave nothing behind and answer clearly", () => {
  it("[storage] a set that fails part-way (the second copy refused) leaves no object under its keys and no temporary object", async () => {
    const prefix = `partial-${id().slice(0, 8)}/`;
    // The store's requests go to the real server; the second CopyObject is refused on its way there.
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    let copies = 0;
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "CopyObjectCommand" && ++copies === 2)
          throw Object.assign(new Error("refused"), { name: "AccessDenied", $metadata: { httpStatusCode: 403 } });
        return next(args);
      },
      { step: "initialize" },
    );
    const store = makeStore("s3", prefix, client);
    const name = id();
    const failed = await store
      .writeAll("uploads", [
        { key: `${name}-400.webp`, data: bytesOf("one") },
        { key: `${name}.webp`, data: bytesOf("two") },
      ])
      .catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).status).toBe(500);
    expect((failed as AppError).message).toBe("The server could not store the file. Please try again later or contact the administrator.");
    expect(await objectsUnder(prefix)).toEqual([]);
    store.close();
  });

  it("[storage] with the store down, a write and a read answer 503 with a readable message; when it is back, both work", async () => {
    const store = makeStore("s3", `down-${id().slice(0, 8)}/`);
    const key = `${id()}.pdf`;
    await store.write("documents", key, bytesOf("before"));
    await s3.stop();
    try {
      for (const attempt of [() => store.write("documents", `${id()}.pdf`, bytesOf("during")), () => store.read("documents", key)]) {
        const err = await attempt().catch((e: unknown) => e);
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).status).toBe(503);
        expect((err as AppError).message).toBe("Stored files cannot be reached at the moment. Please try again in a few minutes.");
      }
    } finally {
      await s3.start();
    }
    expect((await store.read("documents", key)).toString()).toBe("before");
    store.close();
  }, 60_000);
});

const UNREACHABLE = "Stored files cannot be reached at the moment. Please try again in a few minutes.";

describe("[storage] S3: a store that accepts connections and never answers", () => {
  it("[storage] every call (write, read, open, stat, list, remove, local copy) gives up within the time limit and answers 503", async () => {
    const store = makeStore("s3", `frozen-${id().slice(0, 8)}/`, undefined, 300);
    const key = `${id()}.pdf`;
    await store.write("documents", key, bytesOf("stored before"));
    await s3.freeze();
    try {
      const calls: [string, () => Promise<unknown>][] = [
        ["write", () => store.write("documents", `${id()}.pdf`, bytesOf("never stored"))],
        ["read", () => store.read("documents", key)],
        ["open", () => store.open("documents", key)],
        ["stat", () => store.stat("documents", key)],
        ["list", async () => store.list("documents")[Symbol.asyncIterator]().next()],
        ["remove", () => store.remove("documents", key)],
        ["localPath", () => store.localPath("documents", key)],
      ];
      for (const [name, call] of calls) {
        const err = await call().catch((e: unknown) => e);
        expect(err, name).toBeInstanceOf(AppError);
        expect((err as AppError).status, name).toBe(503);
        expect((err as AppError).message, name).toBe(UNREACHABLE);
      }
      await expect(store.check()).rejects.toThrow(/no answer/);
    } finally {
      await s3.start();
    }
    expect((await store.read("documents", key)).toString()).toBe("stored before");
    store.close();
  });
});

describe("[storage] the site on S3-compatible storage", () => {
  let ctx: TestContext;
  let admin: Client;
  let investor: Client;
  const prefix = `site-${crypto.randomUUID().slice(0, 8)}/`;
  beforeAll(async () => {
    // A short time limit for calls to the store, so the frozen store's test does not wait the default 5 s.
    ctx = await createTestContext({ seed: true, env: { STORAGE_URL: s3.storageUrl(prefix), STORAGE_TIMEOUT: "2" } });
    admin = (await signedInClient(ctx, "admin")).client;
    investor = (await signedInClient(ctx, "investor")).client;
  }, 120_000);
  afterAll(() => ctx?.close());

  const get = (url: string, client?: Client, headers: Record<string, string> = {}) =>
    fetch(ctx.baseUrl + url, { headers: { ...(client?.cookie ? { Cookie: client.cookie } : {}), ...headers } });

  it("[storage] the seed's images and documents are objects in the bucket, and the server's disk holds no stored file", async () => {
    const objects = await objectsUnder(prefix);
    expect(objects.some((k) => k.startsWith(`${prefix}uploads/`))).toBe(true);
    expect(objects.some((k) => k.startsWith(`${prefix}documents/`))).toBe(true);
    const dataDir = ctx.services.config.dataDir;
    for (const area of ["uploads", "documents"]) expect(existsSync(path.join(dataDir, area)), area).toBe(false);
  });

  it("[storage] an uploaded image is served from the store with a year's cache, its ETag and a 304 when unchanged", async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#1b3a5c" } })
      .png()
      .toBuffer();
    const res = await postMultipart(admin, "/api/admin/uploads", { file: { data: png, name: "board.png", type: "image/png" } });
    expect(res.status).toBe(201);
    const served = await get(res.json.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await served.arrayBuffer());
    expect((await sharp(body).metadata()).width).toBe(res.json.width);
    const etag = served.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect((await get(res.json.url, undefined, { "If-None-Match": etag })).status).toBe(304);
    expect(await objectsUnder(`${prefix}uploads/${res.json.url.slice("/uploads/".length)}`)).toHaveLength(1);
    const missing = await get(`/uploads/${crypto.randomUUID()}.webp`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
  });

  it("[storage] a document is uploaded, downloaded whole and by range, and viewed as pages through a local copy", async () => {
    const pdf = await makePdf(2);
    const res = await postMultipart(admin, "/api/admin/documents", {
      file: { data: pdf, name: "Board pack.pdf", type: "application/pdf" },
      fields: { title: "Board pack on S3", isPublic: "false" },
    });
    expect(res.status).toBe(201);
    const whole = await get(`/api/documents/${res.json.id}/download`, investor);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-disposition")).toContain("Board pack.pdf");
    expect(Buffer.from(await whole.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    const part = await get(`/api/documents/${res.json.id}/download`, investor, { Range: "bytes=0-4" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-4/${pdf.length}`);
    expect(await part.text()).toBe("%PDF-");
    const view = await investor.post(`/api/documents/${res.json.id}/views`);
    expect(view.status).toBe(201);
    const page = await get(`${view.json.pages[0].image}&w=800`, investor);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("image/webp");
  });

  it("[storage] a document whose object is gone answers 404 'Document not found' as JSON; with the store down, 503 with a readable message", async () => {
    const res = await postMultipart(admin, "/api/admin/documents", {
      file: { data: await makePdf(1), name: "Gone.pdf", type: "application/pdf" },
      fields: { title: "Soon gone", isPublic: "false" },
    });
    expect(res.status).toBe(201);
    const [stored] = await ctx.services.database.db.select().from(documents).where(eq(documents.id, res.json.id));
    await rawClient().send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${prefix}documents/${stored.fileUrl}` }));
    const gone = await get(`/api/documents/${res.json.id}/download`, investor);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("content-disposition")).toBeNull();
    expect(await gone.json()).toEqual({ message: "Document not found", code: "NOT_FOUND" });

    const seeded = (await investor.get("/api/documents")).json[0] as { id: number };
    await s3.stop();
    try {
      const down = await get(`/api/documents/${seeded.id}/download`, investor);
      expect(down.status).toBe(503);
      expect(down.headers.get("content-disposition")).toBeNull();
      expect(await down.json()).toEqual({
        message: "Stored files cannot be reached at the moment. Please try again in a few minutes.",
        code: "SERVICE_UNAVAILABLE",
      });
    } finally {
      await s3.start();
    }
    expect((await get(`/api/documents/${seeded.id}/download`, investor)).status).toBe(200);

    // A store that accepts connections and never answers: the same answers, within the time limit.
    await s3.freeze();
    try {
      const frozen = await get(`/api/documents/${seeded.id}/download`, investor);
      expect(frozen.status).toBe(503);
      expect(await frozen.json()).toEqual({ message: UNREACHABLE, code: "SERVICE_UNAVAILABLE" });
      const upload = await postMultipart(admin, "/api/admin/documents", {
        file: { data: await makePdf(1), name: "Frozen.pdf", type: "application/pdf" },
        fields: { title: "Never stored", isPublic: "false" },
      });
      expect(upload.status).toBe(503);
      expect(upload.json).toEqual({ message: UNREACHABLE, code: "SERVICE_UNAVAILABLE" });
    } finally {
      await s3.start();
    }
  }, 60_000);
});
