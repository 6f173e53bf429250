/**
 * Stamped downloads under load, over HTTP with the real stamper and worker threads: readers' stamping never holds an
 * editor's save; each reader's copies are limited (at once and per hour); a full readers' queue answers 503 BUSY; a
 * copy that takes a while is 'being prepared' (202) and collected by asking again; a copy the server could not make is
 * logged as a failed attempt, never counted as a download; a reader who leaves cancels a copy still waiting its turn.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_RULES } from "../../shared/rate-limits";
import { documentAccessLogs, documentViews } from "../../server/db/schema";
import { AppError } from "../../server/lib/errors";
import { message } from "../../server/lib/messages";
import { closePdfTools } from "../../server/lib/pdf-render";
import { createDocumentRenderer, type DocumentRenderer } from "../../server/features/documents/document-renderer";
import { closeHtmlWorkers, setLaneQueue, warmWorkers, workerLaneStats, workersReady } from "../../server/workers/html-pool";
import { pressBody } from "../helpers/factories";
import { postMultipart } from "../fixtures/files";
import { createTestContext, signedInClient, type Client, type TestContext } from "../helpers/context";
import { checkAnswer } from "../helpers/contract";
import { makePdf, pdfPages } from "../helpers/pdf";

/** The real renderer, with a hold on stamping and a failure a test can ask for, and the signals it was given. */
const cacheDir = mkdtempSync(path.join(os.tmpdir(), "mc-stamped-"));
const real = createDocumentRenderer({ dataDir: cacheDir });
let hold: Promise<void> | undefined;
let failNext: AppError | undefined;
const signals: AbortSignal[] = [];
const renderer: DocumentRenderer = {
  ...real,
  async stamped(file, lines, opts) {
    if (opts?.signal) signals.push(opts.signal);
    if (failNext) {
      const err = failNext;
      failNext = undefined;
      throw err;
    }
    await hold;
    return real.stamped(file, lines, opts);
  },
};
let release: () => void = () => {};
const holdStamping = () => (hold = new Promise<void>((resolve) => (release = () => ((hold = undefined), resolve()))));

let ctx: TestContext;
let admin: Client;
const db = () => ctx.services.database.db;

/** Waits for `check` to hold, asking every 20 ms (no fixed sleeps). */
async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 15_000; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never happened: ${what}`);
}

beforeAll(async () => {
  // A copy not made within 1.5 s is answered 'being prepared'; a request that has sent nothing after 4 s gets 503.
  ctx = await createTestContext({ env: { REQUEST_TIMEOUT: "4" }, services: { renderer, stampWaitMs: 1_500 } });
  // As the server does at start: each lane's thread loads its code before the first task.
  warmWorkers();
  await workersReady();
  admin = (await signedInClient(ctx, "admin")).client;
});
afterAll(async () => {
  release();
  await until(() => workerLaneStats().readers.busy + workerLaneStats().readers.queued === 0, "the readers' lane drained");
  await ctx.close();
  await closeHtmlWorkers();
  closePdfTools();
  rmSync(cacheDir, { recursive: true, force: true });
});

/** An Investor Only PDF of `pages` pages whose downloads are stamped. */
async function stampedDoc(pages: number, title = "Board pack") {
  const res = await postMultipart(admin, "/api/admin/documents", {
    file: { data: await makePdf(pages), name: `${title}.pdf`, type: "application/pdf" },
    fields: { title, isPublic: "false" },
  });
  expect(res.status).toBe(201);
  const doc = res.json as { id: number; updatedAt: string };
  const access = await admin.put(`/api/admin/documents/${doc.id}/access`, {
    restricted: false,
    expiresAt: null,
    downloadMode: "stamped",
    requiresConfidentiality: false,
    updatedAt: doc.updatedAt,
  });
  expect(access.status).toBe(200);
  return doc.id;
}

const logsOf = (documentId: number) => db().select().from(documentAccessLogs).where(eq(documentAccessLogs.documentId, documentId));

/** A download with the client's session: status, headers and the body's bytes. */
async function download(client: Client, id: number, headers: Record<string, string> = {}) {
  const res = await fetch(`${ctx.baseUrl}/api/documents/${id}/download`, { headers: { Cookie: client.cookie, ...headers } });
  const body = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get("content-type")?.includes("json") ? JSON.parse(body.toString()) : undefined;
  checkAnswer("GET", `/api/documents/${id}/download`, res.status, res.headers.get("content-type"), json);
  return { status: res.status, headers: res.headers, body, json };
}

/** A download asked for again while its copy is 'being prepared' (each ask waits up to the wait), as the viewer does. */
async function collect(client: Client, id: number) {
  let answer = await download(client, id);
  while (answer.status === 202) answer = await download(client, id);
  return answer;
}

describe("[data room] stamped downloads under load", () => {
  it("[data room] an admin's save answers 200 while 16 stamped downloads of a large PDF are in flight", async () => {
    const docs = [await stampedDoc(200, "Annual report"), await stampedDoc(200, "Prospectus")];
    const readers = await Promise.all(Array.from({ length: 8 }, async () => (await signedInClient(ctx, "investor")).client));
    const created = await admin.post("/api/press-releases", pressBody({ title: "Quarterly results under load" }));
    expect(created.status).toBe(201);

    const downloads = readers.flatMap((reader) => docs.map((id) => download(reader, id)));
    await until(() => workerLaneStats().readers.busy > 0 && workerLaneStats().readers.queued > 0, "stamping under way with copies waiting");
    // Long enough to be cleaned in an editors' worker thread, not inline.
    const content = `<p>${"Revenue grew in every quarter of the year. ".repeat(1_000)}</p>`;
    const saved = await admin.put(`/api/press-releases/${created.json.id}`, pressBody({ title: "Quarterly results under load", content }));
    expect(saved.status).toBe(200);
    expect(saved.json.content).toContain("Revenue grew in every quarter");
    // The downloads were still being made when the save was answered.
    expect(workerLaneStats().readers.busy + workerLaneStats().readers.queued).toBeGreaterThan(0);

    const answers = await Promise.all(downloads);
    for (const answer of answers) expect([200, 202]).toContain(answer.status);
    const first = answers.find((a) => a.status === 200);
    if (first) expect((await pdfPages(first.body)).withImage).toBe(200);
    // The copies answered 'being prepared' are still being made: they are stopped, and the next tests start afresh.
    await closeHtmlWorkers();
    warmWorkers();
    await workersReady();
  }, 300_000);

  it("[data room] a copy not made within the wait is 'being prepared' (202, Retry-After), and asking again collects it once", async () => {
    const id = await stampedDoc(2);
    const { client: reader } = await signedInClient(ctx, "investor");
    holdStamping();
    const waiting = await download(reader, id, { "Accept-Language": "ar" });
    expect(waiting.status).toBe(202);
    expect(waiting.headers.get("retry-after")).toBe("3");
    expect(waiting.json).toEqual({ code: "PREPARING", message: message("ar", "portal.docs.downloadPreparingText"), retryAfter: 3 });
    // Still being made: asking again does not start a second copy.
    expect((await download(reader, id)).status).toBe(202);
    release();
    const ready = await collect(reader, id);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("content-type")).toBe("application/pdf");
    expect((await pdfPages(ready.body)).withImage).toBe(2);
    const logs = await logsOf(id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ failed: false, refused: false, viewPublicId: ready.headers.get("x-view-id") });
  });

  it("[data room] a reader has at most 2 stamped copies being made at once (429, both languages); the third starts once one is done", async () => {
    const ids = [await stampedDoc(1, "One"), await stampedDoc(1, "Two"), await stampedDoc(1, "Three")];
    const { client: reader } = await signedInClient(ctx, "investor");
    holdStamping();
    expect((await download(reader, ids[0])).status).toBe(202);
    expect((await download(reader, ids[1])).status).toBe(202);
    const third = await download(reader, ids[2]);
    expect(third.status).toBe(429);
    expect(third.json).toEqual({ code: "TOO_MANY_REQUESTS", message: message("en", "errors.rate.stampedAtOnce") });
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    const arabic = await download(reader, ids[2], { "Accept-Language": "ar" });
    expect(arabic.json).toEqual({ code: "TOO_MANY_REQUESTS", message: message("ar", "errors.rate.stampedAtOnce") });
    expect(await logsOf(ids[2])).toHaveLength(0);
    release();
    for (const id of ids.slice(0, 2)) expect((await collect(reader, id)).status).toBe(200);
    expect((await collect(reader, ids[2])).status).toBe(200);
  });

  it("[data room] a reader who used the hour's stamped copies is told when to come back (429), and nothing is logged", async () => {
    const id = await stampedDoc(1, "Hourly");
    const { client: reader, user } = await signedInClient(ctx, "investor");
    for (let i = 0; i < RATE_RULES.stampedHourly.limit; i++) await ctx.services.limits.hit(RATE_RULES.stampedHourly, String(user!.id));
    const refused = await download(reader, id);
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(3000);
    expect(refused.json).toEqual({ code: "TOO_MANY_REQUESTS", message: message("en", "errors.rate.stampedHourly", { seconds }) });
    expect(await logsOf(id)).toHaveLength(0);
  });

  it("[data room] a full readers' queue answers 503 BUSY with Retry-After, and the attempt is logged as failed, not a download", async () => {
    const id = await stampedDoc(1, "Busy");
    const { client: reader } = await signedInClient(ctx, "investor");
    setLaneQueue("readers", 0);
    try {
      const busy = await download(reader, id);
      expect(busy.status).toBe(503);
      expect(busy.json).toEqual({ code: "BUSY", message: message("en", "errors.serverBusy") });
      expect(Number(busy.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      setLaneQueue("readers", 32);
    }
    const logs = await logsOf(id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ failed: true, refused: false });
    // No copy carries the failed attempt's view id: its view is gone.
    expect(await db().select().from(documentViews).where(eq(documentViews.publicId, logs[0].viewPublicId!))).toHaveLength(0);
  });

  it("[data room] a copy the server could not make (422) is a failed attempt: the admin's log says failed and counts no download", async () => {
    const id = await stampedDoc(1, "Too complex");
    const { client: reader, user } = await signedInClient(ctx, "investor");
    failNext = new AppError("UNPROCESSABLE", "errors.pdf.tooComplex");
    const failed = await download(reader, id);
    expect(failed.status).toBe(422);
    expect(failed.json).toEqual({ code: "UNPROCESSABLE", message: message("en", "errors.pdf.tooComplex") });
    expect((await collect(reader, id)).status).toBe(200);

    const log = await admin.get(`/api/admin/documents/${id}/access-logs`);
    expect(log.status).toBe(200);
    expect(log.json).toMatchObject({ count: 2, downloads: 1, refused: 0, failed: 1 });
    expect(log.json.logs.map((l: { userId: number; failed: boolean; refused: boolean }) => [l.userId, l.failed, l.refused])).toEqual([
      [user!.id, false, false],
      [user!.id, true, false],
    ]);
    expect((await admin.get("/api/admin/documents/access-counts")).json[String(id)]).toBe(1);
  });

  it("[data room] a reader who leaves before the answer cancels the copy: nothing is logged, no view is kept", async () => {
    const id = await stampedDoc(1, "Left");
    const { client: reader, user } = await signedInClient(ctx, "investor");
    holdStamping();
    const before = signals.length;
    const leave = new AbortController();
    const request = fetch(`${ctx.baseUrl}/api/documents/${id}/download`, { headers: { Cookie: reader.cookie }, signal: leave.signal }).catch((e: unknown) => e);
    await until(() => signals.length > before, "the copy was asked for");
    const signal = signals[signals.length - 1];
    expect(signal.aborted).toBe(false);
    leave.abort();
    await request;
    await until(() => signal.aborted, "the copy's signal fired");
    release();
    // The copy was never started (it waited behind the hold), so there is no download and no failure.
    await until(async () => (await db().select().from(documentViews).where(eq(documentViews.userId, user!.id))).length === 0, "the view was removed");
    expect(await logsOf(id)).toHaveLength(0);
  });
});
