/**
 * The data room's viewer with two production instances on one PostgreSQL database and one DATA_DIR behind nginx: a
 * view opened on instance A serves its page images from B and through nginx (the signature's key, the view and the
 * page cache are shared), the same watermarked image from each, and a reading report sent to B shows in the
 * analytics read on A.
 *
 * Needs what tests/scale/scale-out.test.ts needs (TEST_DATABASE_URL, nginx, openssl, a production build) and
 * poppler-utils. Ports: SCALE_TEST_PORT (default 4400) +50 for nginx https, +51 plain http, +60 and +61 for A and B.
 */
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ROOT, seededAdmin, send, startTwoInstanceSite, type Instance, type TwoInstanceSite } from "./harness";

const adminUrl = process.env.TEST_DATABASE_URL;
const BASE_PORT = Number(process.env.SCALE_TEST_PORT ?? 4400) + 50;
const SITE = `https://127.0.0.1:${BASE_PORT}`;
const ADMIN = { email: "admin@data-room-scale.test", password: "data-room-scale-admin-password" };
const buildDir = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");

describe.skipIf(!adminUrl)(`[scale] the data room's viewer on two instances${adminUrl ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`, () => {
  let site: TwoInstanceSite | undefined;
  let a: Instance;
  let b: Instance;
  let cert: string;

  beforeAll(async () => {
    site = await startTwoInstanceSite({
      name: "scale-data-room",
      databasePrefix: "scale_dr",
      ports: { https: BASE_PORT, http: BASE_PORT + 1, a: BASE_PORT + 10, b: BASE_PORT + 11 },
      adminUrl: adminUrl!,
      buildDir,
      sessionSecret: "scale-data-room-secret-0123456789-abcdefghij",
      admin: ADMIN,
    });
    ({ a, b, cert } = site);
  });

  afterEach((ctx) => {
    if (ctx.task.result?.state === "fail") console.error(`[scale] ${ctx.task.name} failed; logs:\n${site?.diagnostics()}`);
  });

  afterAll(async () => {
    await site?.stop();
  });

  const admin = seededAdmin(ADMIN, SITE);

  it("[scale] a view opened on A is served by B and through nginx, the same watermarked page from each; reading time sent to B is read on A", async () => {
    const Cookie = await admin.signIn(a);
    const docs = (await send(a.origin + "/api/admin/documents", { headers: { Cookie } })).json as { id: number; fileType: string; isPublic: boolean }[];
    const pdf = docs.find((d) => d.fileType === "application/pdf" && !d.isPublic)!;
    expect(pdf).toBeDefined();
    const opened = await send(a.origin + `/api/documents/${pdf.id}/views`, { method: "POST", json: {}, headers: { Origin: SITE, Cookie } });
    expect(opened.status, opened.body).toBe(201);
    const image = `${opened.json.pages[0].image}&w=800`;

    // The harness's send() decodes text; a page image is read as bytes.
    const raw = (origin: string) =>
      new Promise<{ status: number; type: string | undefined; bytes: Buffer }>((resolve, reject) => {
        const request = origin.startsWith("https") ? https.request : http.request;
        const req = request(new URL(origin + image), { headers: { Cookie }, ca: cert, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"], bytes: Buffer.concat(chunks) }));
          res.on("error", reject);
        });
        req.on("error", reject);
        req.end();
      });
    const fromA = await raw(a.origin);
    const fromB = await raw(b.origin);
    const viaNginx = await raw(SITE);
    for (const answer of [fromA, fromB, viaNginx]) {
      expect(answer.status).toBe(200);
      expect(answer.type).toBe("image/webp");
    }
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    expect(viaNginx.bytes.equals(fromA.bytes)).toBe(true);

    // A view is credited with at most the time it has been open: the three renders above took longer than 100 ms.
    const report = await send(b.origin + `/api/document-views/${opened.json.viewId}/reading`, {
      method: "POST",
      json: { pages: [{ page: 1, ms: 100 }] },
      headers: { Origin: SITE, Cookie },
    });
    expect(report.status, report.body).toBe(204);
    const reading = await send(a.origin + `/api/admin/documents/${pdf.id}/reading`, { headers: { Cookie } });
    expect(reading.json.pages[0]).toMatchObject({ page: 1, totalMs: 100 });
  });
});
