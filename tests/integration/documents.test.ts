/** Documents: who lists what, and downloads that stream the real file and are logged. */
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createLogger } from "../../server/lib/logger";
import { documentAccessLogs, documentCategories, documents, type Document } from "../../server/db/schema";
import { DOCUMENTS } from "../../server/db/seed/data";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { documentRow } from "../helpers/factories";

type Role = "regular" | "investor" | "admin";
let ctx: TestContext;
const clients = {} as Record<Role, Client>;
const ids = {} as Record<Role, number>;
let all: Document[];

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  for (const role of ["regular", "investor", "admin"] as const) {
    const s = await signedInClient(ctx, role);
    clients[role] = s.client;
    ids[role] = s.user!.id;
  }
  all = await ctx.services.database.db.select().from(documents);
});
afterAll(() => ctx.close());

const db = () => ctx.services.database.db;
const logsFor = (documentId: number) => db().select().from(documentAccessLogs).where(eq(documentAccessLogs.documentId, documentId));
const seedFile = (fileName: string) => readFileSync(path.resolve("server/db/seed/files", fileName));
const byFile = (ext: string, isPublic: boolean) => all.find((d) => d.fileName.endsWith(`.${ext}`) && d.isPublic === isPublic);

/** The file name of an `attachment` Content-Disposition (token or quoted form, RFC 6266); null otherwise. */
function contentDispositionName(header: string | null) {
  const m = header?.match(/^attachment; filename=(?:"([^"]+)"|([^\s;"]+))$/);
  return m ? (m[1] ?? m[2]) : null;
}

/** Fetches the raw bytes (the shared Client reads text). */
async function download(role: Role | "anonymous", id: number) {
  const res = await fetch(`${ctx.baseUrl}/api/documents/${id}/download`, {
    headers: role === "anonymous" ? {} : { Cookie: clients[role].cookie },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("[documents] listing", () => {
  it("[documents] the seed has Public and Investor Only documents", () => {
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(all.some((d) => d.isPublic)).toBe(true);
    expect(all.some((d) => !d.isPublic)).toBe(true);
  });

  it("[documents] a regular user lists only the Public documents", async () => {
    const res = await clients.regular.get("/api/documents");
    expect(res.status).toBe(200);
    const expected = all
      .filter((d) => d.isPublic)
      .map((d) => d.id)
      .sort();
    expect(res.json.map((d: { id: number }) => d.id).sort()).toEqual(expected);
  });

  it.each(["investor", "admin"] as const)("[documents] %s lists every document", async (role) => {
    const res = await clients[role].get("/api/documents");
    expect(res.status).toBe(200);
    expect(res.json.map((d: { id: number }) => d.id).sort()).toEqual(all.map((d) => d.id).sort());
  });

  it("[documents] the list gives the download route, never the storage key, and is not cached", async () => {
    const res = await clients.investor.get("/api/documents");
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    for (const doc of res.json) {
      expect(doc.fileUrl).toBe(`/api/documents/${doc.id}/download`);
      const stored = all.find((d) => d.id === doc.id)!;
      expect(JSON.stringify(doc)).not.toContain(stored.fileUrl);
      expect(doc).toMatchObject({ title: stored.title, fileName: stored.fileName, isPublic: stored.isPublic });
    }
    const withCategory = res.json.find((d: { categoryId: number | null }) => d.categoryId !== null);
    const [cat] = await db().select().from(documentCategories).where(eq(documentCategories.id, withCategory.categoryId));
    expect(withCategory.categoryName).toBe(cat.name);
  });

  it("[documents] categories are listed by name for any signed-in user", async () => {
    const res = await clients.regular.get("/api/document-categories");
    expect(res.status).toBe(200);
    const names = res.json.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining([...new Set(DOCUMENTS.map((d) => d.category))]));
    expect(res.json[0]).toHaveProperty("id");
  });
});

describe("[documents] downloads", () => {
  const kinds = [
    ["pdf", "application/pdf"],
    ["xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ] as const;

  it.each(kinds)("[documents] an Investor Only .%s streams the exact bytes with its type and an attachment name", async (ext, type) => {
    const doc = byFile(ext, false) ?? byFile(ext, true)!;
    const res = await download("investor", doc.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(type);
    expect(contentDispositionName(res.headers.get("content-disposition"))).toBe(doc.fileName);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    expect(res.bytes.equals(seedFile(doc.fileName))).toBe(true);
    expect(Number(res.headers.get("content-length") ?? res.bytes.length)).toBe(doc.fileSize);
  });

  it("[documents] a download writes an access log row with the user, the time and the IP", async () => {
    const doc = byFile("pdf", false)!;
    const before = (await logsFor(doc.id)).length;
    const started = Date.now();
    expect((await download("admin", doc.id)).status).toBe(200);
    const rows = await logsFor(doc.id);
    expect(rows.length).toBe(before + 1);
    const row = rows.sort((a, b) => b.id - a.id)[0];
    expect(row.userId).toBe(ids.admin);
    expect(row.ipAddress).toMatch(/127\.0\.0\.1|::1/);
    expect(row.accessTime.getTime()).toBeGreaterThanOrEqual(started - 5000);
    expect(row.accessTime.getTime()).toBeLessThanOrEqual(Date.now() + 5000);
  });

  it("[documents] a regular user downloads a Public document, and it is logged", async () => {
    const doc = all.find((d) => d.isPublic)!;
    const before = (await logsFor(doc.id)).length;
    const res = await download("regular", doc.id);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(seedFile(doc.fileName))).toBe(true);
    const rows = await logsFor(doc.id);
    expect(rows.length).toBe(before + 1);
    expect(rows.some((r) => r.userId === ids.regular)).toBe(true);
  });

  it("[documents] a regular user asking for an Investor Only document gets the same 404 as a missing one, logged only as refused", async () => {
    const doc = all.find((d) => !d.isPublic)!;
    const before = await logsFor(doc.id);
    const res = await download("regular", doc.id);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.bytes.toString())).toEqual({ message: "Document not found", code: "NOT_FOUND" });
    expect(res.bytes.includes(seedFile(doc.fileName).subarray(0, 8))).toBe(false);
    const missing = await download("regular", 999_999);
    expect(missing.status).toBe(404);
    expect(missing.bytes.toString()).toBe(res.bytes.toString());
    // The attempt is recorded as refused, never as a download.
    expect(await logsFor(doc.id)).toEqual([...before, expect.objectContaining({ userId: ids.regular, refused: true })]);
    expect(
      (await db().select().from(documentAccessLogs).where(eq(documentAccessLogs.userId, ids.regular))).filter((r) => r.documentId === doc.id && !r.refused),
    ).toEqual([]);
  });

  it("[documents] an anonymous download is 401 and nothing is logged", async () => {
    const doc = all.find((d) => d.isPublic)!;
    const before = (await logsFor(doc.id)).length;
    const res = await download("anonymous", doc.id);
    expect(res.status).toBe(401);
    expect((await logsFor(doc.id)).length).toBe(before);
  });

  it("[documents] a document whose stored key is not one the server could have made is not served", async () => {
    const [row] = await db()
      .insert(documents)
      .values(documentRow({ title: "Tampered", fileName: "passwd.pdf", fileUrl: "../../../../etc/passwd", isPublic: true }))
      .returning();
    const res = await download("admin", row.id);
    expect(res.status).toBe(404);
    expect(res.bytes.toString()).not.toContain("root:");
    expect(await logsFor(row.id)).toEqual([]);
  });

  it("[documents] a missing file on disk is a JSON 404, not a 500 or an empty attachment, and is not logged", async () => {
    const [row] = await db()
      .insert(documents)
      .values(documentRow({ title: "Lost file", fileName: "lost.pdf", fileUrl: ctx.services.storage.newKey("pdf"), isPublic: true }))
      .returning();
    const res = await download("admin", row.id);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toBeNull();
    expect(JSON.parse(res.bytes.toString())).toEqual({ message: "Document not found", code: "NOT_FOUND" });
    expect(await logsFor(row.id)).toEqual([]);
  });

  it("[documents] a file that disappears while being sent gives a JSON 404 without attachment headers", async () => {
    // The service said yes, then the file was gone: the route must not label its error as the file.
    const services = {
      ...ctx.services,
      dataRoom: {
        ...ctx.services.dataRoom,
        download: async () => ({
          kind: "stored" as const,
          key: "gone.pdf",
          fileName: "gone.pdf",
          contentType: "application/pdf",
          viewId: "AAAA-BBBB",
        }),
      },
    };
    const app = createApp({ services, logger: createLogger({ level: "silent", pretty: false }) });
    const server: Server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/documents/1/download`, {
        headers: { Cookie: clients.admin.cookie },
      });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("content-disposition")).toBeNull();
      expect(await res.json()).toEqual({ message: "Document not found", code: "NOT_FOUND" });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
