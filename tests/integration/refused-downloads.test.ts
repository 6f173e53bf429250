/**
 * Refused download attempts are recorded (who, which document, when, from where, refused) and shown
 * to admins in the access log, while the refusals themselves answer exactly as before.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentAccessLogs } from "../../server/db/schema";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { postMultipart, seedFile } from "../fixtures/files";

let ctx: TestContext;
let admin: Client;
let adminId: number;
let privateDoc: { id: number; title: string };
let publicDoc: { id: number; title: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const signedIn = await signedInClient(ctx, "admin");
  admin = signedIn.client;
  adminId = signedIn.user!.id;
  const upload = async (title: string, isPublic: boolean) => {
    const res = await postMultipart(admin, "/api/admin/documents", {
      file: { data: seedFile("annual-report-2025.pdf"), name: "report.pdf" },
      fields: { title, isPublic: String(isPublic) },
    });
    if (res.status !== 201) throw new Error(res.text);
    return res.json as { id: number; title: string };
  };
  privateDoc = await upload("Board Minutes", false);
  publicDoc = await upload("Corporate Profile", true);
});
afterAll(() => ctx.close());

const db = () => ctx.services.database.db;
const logsFor = (documentId: number) =>
  db().select().from(documentAccessLogs).where(eq(documentAccessLogs.documentId, documentId)).orderBy(documentAccessLogs.id);
const allLogs = () => db().select().from(documentAccessLogs);
const clearLogs = () => db().delete(documentAccessLogs);

async function download(client: Client, id: number | string) {
  const res = await fetch(`${ctx.baseUrl}/api/documents/${id}/download`, { headers: client.cookie ? { Cookie: client.cookie } : {} });
  return { status: res.status, text: await res.text() };
}

describe("[documents] refused downloads are recorded", () => {
  it("[documents] an anonymous visitor asking for an Investor Only document: the same 401, and a refused entry without a user", async () => {
    await clearLogs();
    const started = Date.now();
    const res = await download(new Client(ctx.baseUrl), privateDoc.id);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text)).toEqual({ message: "You need to sign in to do that.", code: "UNAUTHORIZED" });
    expect(res.text).not.toContain("%PDF");
    const rows = await logsFor(privateDoc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: null, refused: true });
    expect(rows[0].ipAddress).toMatch(/127\.0\.0\.1/);
    expect(rows[0].accessTime.getTime()).toBeGreaterThanOrEqual(started - 5000);
  });

  it("[documents] a regular user asking for an Investor Only document: the same 404 as a missing one, and a refused entry with the user", async () => {
    await clearLogs();
    const { client, user } = await signedInClient(ctx, "regular");
    const res = await download(client, privateDoc.id);
    const missing = await download(client, 999_999);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({ message: "Document not found", code: "NOT_FOUND" });
    expect(res.text).toBe(missing.text);
    const rows = await logsFor(privateDoc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user!.id, refused: true });
    expect(rows[0].ipAddress).toMatch(/127\.0\.0\.1/);
  });

  it("[documents] ids that name no document are never logged, signed in or not", async () => {
    await clearLogs();
    const { client } = await signedInClient(ctx, "regular");
    for (const c of [client, new Client(ctx.baseUrl)]) {
      for (const id of ["999999", "0", "abc", "..%2F..%2Fetc%2Fpasswd"]) {
        const res = await download(c, id);
        expect(res.status, id).toBe(c === client ? 404 : 401);
      }
    }
    expect(await allLogs()).toEqual([]);
  });

  it("[documents] successful downloads are still logged, as not refused; an anonymous request for a Public document stays a plain 401", async () => {
    await clearLogs();
    const { client, user } = await signedInClient(ctx, "investor");
    expect((await download(client, privateDoc.id)).status).toBe(200);
    expect((await download(new Client(ctx.baseUrl), publicDoc.id)).status).toBe(401);
    expect(await logsFor(privateDoc.id)).toEqual([expect.objectContaining({ userId: user!.id, refused: false })]);
    expect(await logsFor(publicDoc.id)).toEqual([]);
  });

  it("[documents] a visitor retrying in a loop is recorded once per 10 minutes, not once per request", async () => {
    await clearLogs();
    const anon = new Client(ctx.baseUrl);
    const { client: regular, user } = await signedInClient(ctx, "regular");
    for (let i = 0; i < 25; i++) expect((await download(anon, privateDoc.id)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await download(regular, privateDoc.id)).status).toBe(404);
    let rows = await logsFor(privateDoc.id);
    expect(rows.map((r) => [r.userId, r.refused])).toEqual([
      [null, true],
      [user!.id, true],
    ]);
    // Eleven minutes later the same visitor is recorded again.
    await db()
      .update(documentAccessLogs)
      .set({ accessTime: sql`now() - interval '11 minutes'` })
      .where(and(eq(documentAccessLogs.documentId, privateDoc.id)));
    expect((await download(anon, privateDoc.id)).status).toBe(401);
    rows = await logsFor(privateDoc.id);
    expect(rows.filter((r) => r.userId === null)).toHaveLength(2);
  });
});

describe("[documents] the admin access log shows refused attempts", () => {
  it("[documents] entries carry `refused`; counts split downloads from refused attempts; the table's download count ignores refusals", async () => {
    await clearLogs();
    const investor = await signedInClient(ctx, "investor");
    const regular = await signedInClient(ctx, "regular");
    expect((await download(investor.client, privateDoc.id)).status).toBe(200);
    expect((await download(regular.client, privateDoc.id)).status).toBe(404);
    expect((await download(new Client(ctx.baseUrl), privateDoc.id)).status).toBe(401);
    expect((await download(admin, privateDoc.id)).status).toBe(200);

    const res = await admin.get(`/api/admin/documents/${privateDoc.id}/access-logs`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ documentId: privateDoc.id, count: 4, downloads: 2, refused: 2 });
    const logs = res.json.logs as {
      userId: number | null;
      email: string | null;
      fullName: string | null;
      refused: boolean;
      ipAddress: string;
      accessTime: string;
    }[];
    expect(logs).toHaveLength(4);
    expect(logs.find((l) => l.userId === null)).toMatchObject({ email: null, fullName: null, refused: true });
    expect(logs.find((l) => l.userId === regular.user!.id)).toMatchObject({ email: regular.email, refused: true });
    expect(logs.find((l) => l.userId === investor.user!.id)).toMatchObject({ email: investor.email, refused: false });
    expect(logs.find((l) => l.userId === adminId)).toMatchObject({ refused: false });
    for (const l of logs) {
      expect(l.ipAddress).toMatch(/127\.0\.0\.1/);
      expect(Date.parse(l.accessTime)).not.toBeNaN();
    }

    const counts = await admin.get("/api/admin/documents/access-counts");
    expect(counts.json[privateDoc.id]).toBe(2);
  });
});
