/**
 * The data room end to end over HTTP, with real PDFs, the real page renderer (poppler) and the watermark: the
 * viewer's views and page addresses, downloads by mode, versions, the confidentiality notice, reading reports and
 * their analytics. Who may reach what in every state is in data-room-matrix.test.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closePdfTools } from "../../server/lib/pdf-render";
import { auditEvents, confidentialityAcceptances, documentAccessLogs, documentPageReads, documents, documentViews } from "../../server/db/schema";
import { postMultipart, seedFile } from "../fixtures/files";
import { Client, createTestContext, signedInClient, signIn, type TestContext } from "../helpers/context";
import { makePdf, pdfPages } from "../helpers/pdf";

let ctx: TestContext;
let admin: Client;
let investor: Client;
let investorLogin: { email: string; password: string };
let investorId: number;
let other: Client;
const db = () => ctx.services.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, "admin")).client;
  const inv = await signedInClient(ctx, "investor");
  investor = inv.client;
  investorLogin = { email: inv.email!, password: inv.password! };
  investorId = inv.user!.id;
  other = (await signedInClient(ctx, "investor")).client;
});
afterAll(async () => {
  await ctx.close();
  closePdfTools();
});

async function upload(pages = 3, fields: Record<string, string> = {}) {
  const res = await postMultipart(admin, "/api/admin/documents", {
    file: { data: await makePdf(pages), name: "Board pack.pdf", type: "application/pdf" },
    fields: { title: "Board pack Q3", isPublic: "false", ...fields },
  });
  expect(res.status).toBe(201);
  return res.json as { id: number; updatedAt: string; version: number };
}

/** An Investor Only spreadsheet (not a PDF). */
async function uploadSheet() {
  const res = await postMultipart(admin, "/api/admin/documents", {
    file: { data: seedFile("q3-2026-financial-statements.xlsx"), name: "Statements.xlsx" },
    fields: { title: "Statements" },
  });
  expect(res.status).toBe(201);
  return res.json as { id: number };
}

async function setAccess(
  id: number,
  rules: Partial<{ restricted: boolean; expiresAt: string | null; downloadMode: string; requiresConfidentiality: boolean; pageText: boolean }>,
) {
  const current = (await admin.get("/api/admin/documents")).json.find((d: { id: number }) => d.id === id);
  const res = await admin.put(`/api/admin/documents/${id}/access`, {
    restricted: false,
    expiresAt: null,
    downloadMode: "original",
    requiresConfidentiality: false,
    updatedAt: current.updatedAt,
    ...rules,
  });
  return res;
}

/** GETs raw bytes with a client's cookie. */
async function bytes(client: Client, url: string) {
  const res = await fetch(ctx.baseUrl + url, { headers: client.cookie ? { Cookie: client.cookie } : {} });
  return { status: res.status, type: res.headers.get("content-type"), headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

type Session = {
  viewId: string;
  pageCount: number;
  version: number;
  pages: { page: number; image: string; text: string | null; aspect: number }[];
  pageText: boolean;
  fileUrl: string | null;
};
async function open(client: Client, id: number) {
  const res = await client.post(`/api/documents/${id}/views`);
  return { status: res.status, json: res.json as Session & { code?: string } };
}

describe("[data room] the viewer", () => {
  it("[data room] opens a PDF as watermarked page images of the asked width, never the file itself", async () => {
    const doc = await upload(3);
    const { status, json: view } = await open(investor, doc.id);
    expect(status).toBe(201);
    expect(view.viewId).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(view.pageCount).toBe(3);
    expect(view.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(view.pages[0].aspect).toBeCloseTo(842 / 595, 2);
    const page = await bytes(investor, `${view.pages[1].image}&w=800`);
    expect(page.status).toBe(200);
    expect(page.type).toBe("image/webp");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.body.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(page.body.includes(Buffer.from("%PDF"))).toBe(false);
    const meta = await sharp(page.body).metadata();
    expect(meta.width).toBe(800);
    const between = await sharp((await bytes(investor, `${view.pages[1].image}&w=900`)).body).metadata();
    expect(between.width).toBe(1200);
    const wide = await sharp((await bytes(investor, `${view.pages[1].image}&w=1500`)).body).metadata();
    expect(wide.width).toBe(1600);
    const [row] = await db().select().from(documentViews).where(eq(documentViews.publicId, view.viewId));
    expect(row).toMatchObject({ kind: "view", userId: investorId, documentId: doc.id, version: 1, pageCount: 3 });
    expect(row.sessionHash).not.toContain(investor.cookie.split("=")[1].slice(0, 12));
  });

  it("[data room] gives each page's text for screen readers, with the same checks", async () => {
    const doc = await upload(2);
    const { json: view } = await open(investor, doc.id);
    const text = await investor.get(view.pages[1].text!);
    expect(text.status).toBe(200);
    expect(text.json.page).toBe(2);
    expect(text.json.text).toContain("Quarterly report page 2");
    expect((await other.get(view.pages[1].text!)).status).toBe(404);
  });

  it("[data room] every read of a page's text is in the access log (not as a download); turned off, the text is refused with 403", async () => {
    const doc = await upload(2);
    expect((await setAccess(doc.id, { downloadMode: "none" })).status).toBe(200);
    const { json: view } = await open(investor, doc.id);
    expect(view.pageText).toBe(true);
    expect((await investor.get(view.pages[0].text!)).status).toBe(200);
    expect((await investor.get(view.pages[1].text!)).status).toBe(200);
    const logged = await db().select().from(documentAccessLogs).where(eq(documentAccessLogs.documentId, doc.id));
    expect(logged.map((l) => ({ kind: l.kind, userId: l.userId, viewPublicId: l.viewPublicId, version: l.version, refused: l.refused }))).toEqual([
      { kind: "page-text", userId: investorId, viewPublicId: view.viewId, version: 1, refused: false },
      { kind: "page-text", userId: investorId, viewPublicId: view.viewId, version: 1, refused: false },
    ]);
    const listed = (await admin.get("/api/admin/documents")).json.find((d: { id: number }) => d.id === doc.id);
    expect(listed.pageText).toBe(true);
    // Read, not downloaded: the download counts leave them out, and the access log shows them apart.
    expect((await admin.get("/api/admin/documents/access-counts")).json[doc.id]).toBeUndefined();
    const log = await admin.get(`/api/admin/documents/${doc.id}/access-logs`);
    expect(log.status, log.text).toBe(200);
    expect(log.json).toMatchObject({ count: 2, downloads: 0, pageTextReads: 2 });
    expect(log.json.logs.map((l: { kind: string }) => l.kind)).toEqual(["page-text", "page-text"]);

    expect((await setAccess(doc.id, { downloadMode: "none", pageText: false })).status).toBe(200);
    expect((await admin.get("/api/admin/documents")).json.find((d: { id: number }) => d.id === doc.id).pageText).toBe(false);
    // An address given out before the change stops working at once.
    const refused = await investor.get(view.pages[0].text!);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ code: "PAGE_TEXT_OFF", message: "The text of this document's pages is turned off by the company." });
    // A view opened now offers no text, and says so.
    const { json: later } = await open(investor, doc.id);
    expect(later.pageText).toBe(false);
    expect(later.pages.map((p) => p.text)).toEqual([null, null]);
    expect(await db().select().from(documentAccessLogs).where(eq(documentAccessLogs.documentId, doc.id))).toHaveLength(2);
    // Leaving the setting out of an access change keeps it as it is.
    expect((await setAccess(doc.id, { downloadMode: "stamped" })).status).toBe(200);
    expect((await open(investor, doc.id)).json.pageText).toBe(false);
  });

  it("[data room] a page address works only for the session that opened the view, signed and unexpired", async () => {
    const doc = await upload(2);
    const { json: view } = await open(investor, doc.id);
    const url = view.pages[0].image;
    // Another investor with the view id and a valid signature.
    expect((await bytes(other, url)).status).toBe(404);
    // The same investor in another session.
    const second = new Client(ctx.baseUrl);
    expect((await signIn(second, investorLogin)).status).toBe(200);
    expect((await bytes(second, url)).status).toBe(404);
    // Tampered page, signature or expiry.
    expect((await bytes(investor, url.replace("/pages/1?", "/pages/2?"))).status).toBe(403);
    expect((await bytes(investor, url.replace(/sig=[^&]+/, "sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))).status).toBe(403);
    const exp = Number(new URL(url, ctx.baseUrl).searchParams.get("exp"));
    expect((await bytes(investor, url.replace(`exp=${exp}`, `exp=${exp + 3600}`))).status).toBe(403);
    // A page past the end, and a malformed view id.
    expect((await investor.get(url.replace("/pages/1?", "/pages/0?"))).status).toBe(400);
    expect((await investor.get(url.replace(view.viewId, "NOT-AVIEWID"))).status).toBe(400);
    // Fresh addresses for the same view.
    const again = await investor.get(`/api/document-views/${view.viewId}`);
    expect(again.status).toBe(200);
    expect(again.json.viewId).toBe(view.viewId);
    expect((await other.get(`/api/document-views/${view.viewId}`)).status).toBe(404);
    // After signing out, the old address is refused.
    const loggedOut = new Client(ctx.baseUrl);
    expect((await signIn(loggedOut, investorLogin)).status).toBe(200);
    const mine = await open(loggedOut, doc.id);
    expect((await bytes(loggedOut, mine.json.pages[0].image)).status).toBe(200);
    const cookie = loggedOut.cookie;
    expect((await loggedOut.post("/api/logout")).status).toBeLessThan(300);
    const after = await fetch(ctx.baseUrl + mine.json.pages[0].image, { headers: { Cookie: cookie } });
    expect(after.status).toBe(401);
  });

  it("[data room] only PDFs open in the viewer (422 with a message for another format)", async () => {
    const sheet = await uploadSheet();
    const refused = await investor.post(`/api/documents/${sheet.id}/views`);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe("Only PDF documents open in the viewer. Download this one instead.");
  });
});

describe("[data room] downloads", () => {
  it("[data room] a stamped download is the PDF with the watermark drawn on every page, logged with its view id and version", async () => {
    const doc = await upload(4);
    expect((await setAccess(doc.id, { downloadMode: "stamped" })).status).toBe(200);
    const res = await bytes(investor, `/api/documents/${doc.id}/download`);
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment/);
    const viewId = res.headers.get("x-view-id")!;
    expect(viewId).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const stamped = await pdfPages(res.body);
    expect(stamped).toEqual({ count: 4, withImage: 4 });
    const original = await pdfPages(await makePdf(4));
    expect(original.withImage).toBe(0);
    const [log] = await db().select().from(documentAccessLogs).where(eq(documentAccessLogs.viewPublicId, viewId));
    expect(log).toMatchObject({ documentId: doc.id, userId: investorId, version: 1, refused: false });
    const [view] = await db().select().from(documentViews).where(eq(documentViews.publicId, viewId));
    expect(view.kind).toBe("download");
  });

  it("[data room] a view-only document cannot be downloaded (403), and its DTO has no file address", async () => {
    const doc = await upload(1);
    expect((await setAccess(doc.id, { downloadMode: "none" })).status).toBe(200);
    const res = await investor.get(`/api/documents/${doc.id}/download`);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ code: "FORBIDDEN", message: "This document can be read in the viewer only; it cannot be downloaded." });
    const listed = (await investor.get("/api/documents")).json.find((d: { id: number }) => d.id === doc.id);
    expect(listed.fileUrl).toBeNull();
    expect(listed.downloadMode).toBe("none");
    expect((await open(investor, doc.id)).status).toBe(201);
  });

  it("[data room] stamping and view-only need a PDF; restriction needs Investor Only (400 with the reason)", async () => {
    const sheet = await uploadSheet();
    const doc = await upload(1, { isPublic: "true" });
    const restricted = await setAccess(doc.id, { restricted: true });
    expect(restricted.status).toBe(400);
    expect(restricted.json.errors.restricted).toBe("A Public document cannot be restricted to named investors. Make it Investor Only first.");
    const stamped = await setAccess(sheet.id, { downloadMode: "stamped" });
    expect(stamped.status).toBe(400);
    expect(stamped.json.errors.downloadMode).toBe("Only a PDF can be stamped or read in the viewer only. This document is downloaded as it is.");
    const bad = await admin.put(`/api/admin/documents/${doc.id}/access`, {
      restricted: false,
      expiresAt: "tomorrow",
      downloadMode: "zip",
      requiresConfidentiality: false,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(["downloadMode", "expiresAt"]);
  });
});

describe("[data room] versions", () => {
  it("[data room] replacing the file keeps the earlier version, stops views of it (410) and tells readers what changed", async () => {
    const doc = await upload(2);
    const { json: view } = await open(investor, doc.id);
    const replaced = await postMultipart(admin, `/api/admin/documents/${doc.id}/versions`, {
      file: { data: await makePdf(5, "Restated report"), name: "Board pack v2.pdf", type: "application/pdf" },
      fields: { note: "Restated segment figures", noteAr: "تعديل أرقام القطاعات" },
    });
    expect(replaced.status).toBe(201);
    expect(replaced.json).toMatchObject({
      version: 2,
      versionNote: "Restated segment figures",
      versionNoteAr: "تعديل أرقام القطاعات",
      fileName: "Board pack v2.pdf",
    });
    const old = await investor.get(view.pages[0].image);
    expect(old.status).toBe(410);
    expect(old.json.code).toBe("GONE");
    const listed = (await investor.get("/api/documents?lang=ar")).json.find((d: { id: number }) => d.id === doc.id);
    expect(listed).toMatchObject({ version: 2, versionNote: "تعديل أرقام القطاعات" });
    const reopened = await open(investor, doc.id);
    expect(reopened.json).toMatchObject({ version: 2, pageCount: 5 });

    const versions = await admin.get(`/api/admin/documents/${doc.id}/versions`);
    expect(versions.json.map((v: { number: number; current: boolean; views: number }) => [v.number, v.current, v.views])).toEqual([
      [2, true, 1],
      [1, false, 1],
    ]);
    const first = await bytes(admin, `/api/admin/documents/${doc.id}/versions/1/download`);
    expect(first.status).toBe(200);
    expect((await pdfPages(first.body)).count).toBe(2);

    const restored = await admin.post(`/api/admin/documents/${doc.id}/versions/1/restore`, { note: "Back to the filed version" });
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ version: 3, fileName: "Board pack.pdf", versionNote: "Back to the filed version" });
    expect((await admin.post(`/api/admin/documents/${doc.id}/versions/3/restore`, {})).status).toBe(409);
    expect((await admin.post(`/api/admin/documents/${doc.id}/versions/9/restore`, {})).status).toBe(404);
    expect((await open(investor, doc.id)).json.pageCount).toBe(2);
    expect((await investor.get(`/api/admin/documents/${doc.id}/versions`)).status).toBe(403);
    const actions = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(doc.id)));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["document.create", "document.version", "document.restoreVersion"]));
  });
});

describe("[data room] the confidentiality notice", () => {
  it("[data room] is asked once per version, before the first view or download, and recorded", async () => {
    const doc = await upload(1);
    // No notice yet: a document cannot require one.
    expect((await admin.get("/api/admin/confidentiality")).json).toEqual([]);
    const none = await setAccess(doc.id, { requiresConfidentiality: true });
    expect(none.status).toBe(400);
    expect(none.json.errors.requiresConfidentiality).toBe("Write a confidentiality notice (Settings) before a document can require it.");
    const v1 = await admin.post("/api/admin/confidentiality", {
      text: "The documents in this room are confidential and may not be shared.",
      textAr: "المستندات في هذه الغرفة سرية ولا يجوز مشاركتها مع أي طرف.",
    });
    expect(v1.status).toBe(201);
    expect((await setAccess(doc.id, { requiresConfidentiality: true, downloadMode: "stamped" })).status).toBe(200);

    const blocked = await open(investor, doc.id);
    expect(blocked.status).toBe(403);
    expect(blocked.json.code).toBe("CONFIDENTIALITY_REQUIRED");
    expect((await investor.get(`/api/documents/${doc.id}/download`)).json.code).toBe("CONFIDENTIALITY_REQUIRED");
    const status = await investor.get("/api/confidentiality?lang=ar");
    expect(status.json).toMatchObject({
      accepted: false,
      notice: { version: v1.json.version, text: "المستندات في هذه الغرفة سرية ولا يجوز مشاركتها مع أي طرف.", contentLocale: "ar" },
    });
    const accepted = await investor.post("/api/confidentiality/acceptances", { version: v1.json.version });
    expect(accepted.status).toBe(201);
    expect(accepted.json.accepted).toBe(true);
    const { json: view } = await open(investor, doc.id);
    expect((await bytes(investor, view.pages[0].image)).status).toBe(200);

    // A new version asks again, even in an open view.
    const v2 = await admin.post("/api/admin/confidentiality", {
      text: "Updated: the documents in this room are confidential until published.",
      textAr: "تحديث: المستندات في هذه الغرفة سرية حتى نشرها رسميًا.",
    });
    expect((await investor.get(view.pages[0].image)).json.code).toBe("CONFIDENTIALITY_REQUIRED");
    const stale = await investor.post("/api/confidentiality/acceptances", { version: v1.json.version });
    expect(stale.status).toBe(409);
    expect((await investor.post("/api/confidentiality/acceptances", { version: v2.json.version })).status).toBe(201);
    expect((await bytes(investor, view.pages[0].image)).status).toBe(200);

    const rows = await db().select().from(confidentialityAcceptances).where(eq(confidentialityAcceptances.userId, investorId));
    expect(rows.map((r) => r.noticeId).sort()).toEqual([v1.json.version, v2.json.version].sort());
    expect(rows.every((r) => r.ipAddress)).toBe(true);
    const list = await admin.get(`/api/admin/confidentiality/acceptances?version=${v2.json.version}`);
    expect(list.json.map((a: { userId: number }) => a.userId)).toEqual([investorId]);
    const notices = await admin.get("/api/admin/confidentiality");
    expect(notices.json[0]).toMatchObject({ version: v2.json.version, acceptances: 1 });
  });
});

describe("[data room] reading reports and analytics", () => {
  it("[data room] records time per page from the viewer's batches and beacons, bounded, and reports it", async () => {
    const doc = await upload(3);
    const { json: view } = await open(investor, doc.id);
    // The view was opened a minute ago: a batch may claim at most a few times the time since, plus some slack.
    await db()
      .update(documentViews)
      .set({ createdAt: sql`now() - interval '1 minute'`, lastSeenAt: sql`now() - interval '1 minute'` })
      .where(eq(documentViews.publicId, view.viewId));
    const first = await investor.post(`/api/document-views/${view.viewId}/reading`, {
      pages: [
        { page: 1, ms: 4000 },
        { page: 2, ms: 2500 },
        { page: 9, ms: 5000 },
      ],
    });
    expect(first.status).toBe(204);
    const beacon = await investor.send("POST", `/api/document-views/${view.viewId}/reading`, {
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ pages: [{ page: 2, ms: 1000 }] }),
    });
    expect(beacon.status).toBe(204);
    expect((await investor.post(`/api/document-views/${view.viewId}/reading`, { pages: [{ page: 1, ms: 999_999 }] })).status).toBe(400);
    expect((await investor.post(`/api/document-views/${view.viewId}/reading`, { pages: [] })).status).toBe(400);
    expect((await other.post(`/api/document-views/${view.viewId}/reading`, { pages: [{ page: 1, ms: 10 }] })).status).toBe(404);
    const [row] = await db().select().from(documentViews).where(eq(documentViews.publicId, view.viewId));
    const reads = await db().select().from(documentPageReads).where(eq(documentPageReads.viewId, row.id));
    expect(Object.fromEntries(reads.map((r) => [r.page, r.visibleMs]))).toEqual({ 1: 4000, 2: 3500 });

    const report = await admin.get(`/api/admin/documents/${doc.id}/reading`);
    expect(report.status).toBe(200);
    expect(report.json).toMatchObject({ readers: 1, views: 1, downloads: 0, totalMs: 7500, medianMs: 7500, completion: 0, pageCount: 3 });
    expect(report.json.pages).toEqual([
      { page: 1, totalMs: 4000, readers: 1 },
      { page: 2, totalMs: 3500, readers: 1 },
      { page: 3, totalMs: 0, readers: 0 },
    ]);
    expect(report.json.viewList[0]).toMatchObject({ viewId: view.viewId, userId: investorId, visibleMs: 7500, pagesRead: 2, pageCount: 3 });
    const csv = await admin.get(`/api/admin/documents/${doc.id}/reading.csv`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.text.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect(csv.text).toContain(`${view.viewId},view,${doc.id},Board pack Q3,1,${investorId}`);
    const mine = await admin.get(`/api/admin/users/${investorId}/reading`);
    expect(mine.json.views.find((v: { viewId: string }) => v.viewId === view.viewId)).toMatchObject({
      documentId: doc.id,
      title: "Board pack Q3",
      visibleMs: 7500,
    });
    expect((await investor.get(`/api/admin/users/${investorId}/reading`)).status).toBe(403);
  });

  it("[data room] a view's recorded time never exceeds the time it has been open, per page and in total, whatever the reports say", async () => {
    const doc = await upload(3);
    const { json: view } = await open(investor, doc.id);
    const report = { pages: [1, 2, 3].map((page) => ({ page, ms: 120_000 })) };
    // 300 quick reports, ten at a time: those the rate limit lets through may only share the time since the opening.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => investor.post(`/api/document-views/${view.viewId}/reading`, report)));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(new Set(statuses)).toEqual(new Set([204, 429]));
    const [row] = await db()
      .select({ id: documentViews.id, openMs: sql<number>`(extract(epoch from now() - ${documentViews.createdAt}) * 1000)::float8` })
      .from(documentViews)
      .where(eq(documentViews.publicId, view.viewId));
    const reads = await db().select().from(documentPageReads).where(eq(documentPageReads.viewId, row.id));
    const total = reads.reduce((sum, r) => sum + r.visibleMs, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(Number(row.openMs));
    for (const r of reads) expect(r.visibleMs).toBeLessThanOrEqual(Number(row.openMs));
    const answer = await admin.get(`/api/admin/documents/${doc.id}/reading`);
    expect(answer.json.totalMs).toBeLessThanOrEqual(Number(row.openMs));
  });
});

describe("[data room] expiry, revocation, archiving and named investors", () => {
  it("[data room] an expired document disappears everywhere at its instant, and the scheduler marks it", async () => {
    const doc = await upload(1);
    const { json: view } = await open(investor, doc.id);
    expect((await setAccess(doc.id, { expiresAt: new Date(Date.now() - 1000).toISOString() })).status).toBe(200);
    expect((await investor.get("/api/documents")).json.some((d: { id: number }) => d.id === doc.id)).toBe(false);
    expect((await investor.get(`/api/documents/${doc.id}/download`)).status).toBe(404);
    expect((await investor.get(view.pages[0].image)).status).toBe(404);
    expect((await investor.post(`/api/documents/${doc.id}/views`)).status).toBe(404);
    expect((await admin.get(`/api/documents/${doc.id}/download`)).status).toBe(200);
    await ctx.services.publication.step();
    const [row] = await db().select().from(documents).where(eq(documents.id, doc.id));
    expect(row.expiryAppliedAt).not.toBeNull();
  });

  it("[data room] revocation takes effect on the next request, and reinstating gives access back", async () => {
    const doc = await upload(1);
    const { json: view } = await open(investor, doc.id);
    expect((await admin.post(`/api/admin/documents/${doc.id}/revoke`)).json.revokedAt).not.toBeNull();
    expect((await investor.get(view.pages[0].image)).status).toBe(404);
    expect((await investor.get(`/api/document-views/${view.viewId}`)).status).toBe(404);
    expect((await admin.post(`/api/admin/documents/${doc.id}/reinstate`)).json.revokedAt).toBeNull();
    expect((await bytes(investor, view.pages[0].image)).status).toBe(200);
    const events = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "document"), eq(auditEvents.entityId, String(doc.id))));
    expect(events.map((e) => e.action)).toEqual(["document.create", "document.revoke", "document.reinstate"]);
  });

  it("[data room] a restricted document reaches only the investors it is shared with; removing one cuts them off at once", async () => {
    const doc = await upload(1);
    expect((await setAccess(doc.id, { restricted: true })).status).toBe(200);
    expect((await open(investor, doc.id)).status).toBe(404);
    const regular = (await signedInClient(ctx, "regular")).user!;
    const refused = await admin.put(`/api/admin/documents/${doc.id}/grants`, { userIds: [investorId, regular.id] });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(`Only investor accounts can be named: ${regular.email}.`);
    const granted = await admin.put(`/api/admin/documents/${doc.id}/grants`, { userIds: [investorId, investorId] });
    expect(granted.json.map((g: { userId: number }) => g.userId)).toEqual([investorId]);
    const { status, json: view } = await open(investor, doc.id);
    expect(status).toBe(201);
    expect((await open(other, doc.id)).status).toBe(404);
    expect((await other.get("/api/documents")).json.some((d: { id: number }) => d.id === doc.id)).toBe(false);
    expect((await admin.put(`/api/admin/documents/${doc.id}/grants`, { userIds: [] })).json).toEqual([]);
    expect((await investor.get(view.pages[0].image)).status).toBe(404);
  });

  it("[data room] an archived document leaves every library, admins' included, and admins can still open it", async () => {
    const doc = await upload(1);
    await admin.post(`/api/admin/documents/${doc.id}/archive`);
    for (const client of [investor, admin]) expect((await client.get("/api/documents")).json.some((d: { id: number }) => d.id === doc.id)).toBe(false);
    expect((await investor.get(`/api/documents/${doc.id}/download`)).status).toBe(404);
    expect((await admin.get(`/api/documents/${doc.id}/download`)).status).toBe(200);
    const adminList = await admin.get("/api/admin/documents");
    expect(adminList.json.find((d: { id: number }) => d.id === doc.id)?.archivedAt).toBeTruthy();
  });
});

describe("[data room] hostile files and a server without the renderer", () => {
  it("[data room] a damaged PDF answers 422 with a message in the viewer and as a stamped download; the server keeps serving", async () => {
    const good = await makePdf(2);
    const res = await postMultipart(admin, "/api/admin/documents", {
      file: { data: good.subarray(0, Math.floor(good.length / 3)), name: "Cut short.pdf", type: "application/pdf" },
      fields: { title: "Cut short", isPublic: "false" },
    });
    expect(res.status).toBe(201);
    const refused = await investor.post(`/api/documents/${res.json.id}/views`);
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe("This PDF cannot be opened: the file is damaged or is not a PDF.");
    expect((await setAccess(res.json.id, { downloadMode: "stamped" })).status).toBe(200);
    const stamped = await investor.get(`/api/documents/${res.json.id}/download`);
    expect(stamped.status).toBe(422);
    expect((await investor.get("/api/documents")).status).toBe(200);
  });

  it("[data room] without poppler the viewer answers 503 with a readable message, and original downloads still work", async () => {
    const bare = await createTestContext({
      services: {
        renderer: {
          available: async () => false,
          info: async () => ({ pages: 0, aspects: [] }),
          page: async () => Buffer.alloc(0),
          text: async () => "",
          stamped: async () => new Uint8Array(),
          prerender: () => {},
          lines: () => [],
        },
      },
    });
    try {
      const a = (await signedInClient(bare, "admin")).client;
      const reader = (await signedInClient(bare, "investor")).client;
      const made = await postMultipart(a, "/api/admin/documents", {
        file: { data: await makePdf(1), name: "One.pdf", type: "application/pdf" },
        fields: { title: "One page", isPublic: "false" },
      });
      const open503 = await reader.post(`/api/documents/${made.json.id}/views`);
      expect(open503.status).toBe(503);
      expect(open503.json.message).toBe("The document viewer is not available on this server at the moment. Please try again later.");
      expect((await reader.get(`/api/documents/${made.json.id}/download`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
