/**
 * Two production instances behind nginx that share no disk: each has a DATA_DIR of its own, and every stored file
 * is in one S3-compatible store (s3rver on 127.0.0.1). An image uploaded through A is served by B and through
 * nginx; a document uploaded through B downloads from A byte for byte and opens in A's viewer.
 *
 * Needs what tests/scale/scale-out.test.ts needs (TEST_DATABASE_URL, nginx, openssl, a production build) and
 * poppler-utils. Ports: SCALE_TEST_PORT (default 4400) +90 for nginx https, +91 plain http, +100 and +101 for A and B.
 */
import { existsSync } from "node:fs";
import https from "node:https";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../helpers/pdf";
import { startS3Server, type S3TestServer } from "../helpers/s3-server";
import { ROOT, seededAdmin, send, startTwoInstanceSite, type Instance, type TwoInstanceSite } from "./harness";

const adminUrl = process.env.TEST_DATABASE_URL;
const BASE_PORT = Number(process.env.SCALE_TEST_PORT ?? 4400) + 90;
const SITE = `https://127.0.0.1:${BASE_PORT}`;
const ADMIN = { email: "admin@storage-scale.test", password: "storage-scale-admin-password" };
const buildDir = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");

describe.skipIf(!adminUrl)(`[scale] two instances on S3 storage with no shared disk${adminUrl ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`, () => {
  let site: TwoInstanceSite | undefined;
  let s3: S3TestServer;
  let a: Instance;
  let b: Instance;
  let cert: string;

  beforeAll(async () => {
    s3 = await startS3Server({ bucket: "meridian-scale" });
    site = await startTwoInstanceSite({
      name: "scale-storage",
      databasePrefix: "scale_s3",
      ports: { https: BASE_PORT, http: BASE_PORT + 1, a: BASE_PORT + 10, b: BASE_PORT + 11 },
      adminUrl: adminUrl!,
      buildDir,
      sessionSecret: "scale-storage-secret-0123456789-abcdefghijk",
      admin: ADMIN,
      env: s3.env("site/"),
      separateDataDirs: true,
    });
    ({ a, b, cert } = site);
  });

  afterEach((ctx) => {
    if (ctx.task.result?.state === "fail") console.error(`[scale] ${ctx.task.name} failed; logs:\n${site?.diagnostics()}`);
  });

  afterAll(async () => {
    await site?.stop();
    await s3?.close();
  });

  const admin = seededAdmin(ADMIN, SITE);

  /** A multipart POST to one instance directly (plain http on loopback). */
  async function upload(
    instance: Instance,
    url: string,
    Cookie: string,
    file: { data: Uint8Array; name: string; type: string },
    fields: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("file", new Blob([Buffer.from(file.data)], { type: file.type }), file.name);
    const res = await fetch(instance.origin + url, { method: "POST", body: form, headers: { Cookie, Origin: SITE } });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> & { id: number; url: string } };
  }

  const bytes = async (instance: Instance, url: string, Cookie?: string) => {
    const res = await fetch(instance.origin + url, { headers: Cookie ? { Cookie } : {} });
    return { status: res.status, type: res.headers.get("content-type"), body: Buffer.from(await res.arrayBuffer()) };
  };

  const viaNginx = (url: string) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = https.request(new URL(SITE + url), { ca: cert, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    });

  it("[scale] an image uploaded through A is served by B and nginx; a document uploaded through B downloads and opens on A; no instance keeps a stored file", async () => {
    const Cookie = await admin.signIn(a);
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: "#0b6e4f" } })
      .png()
      .toBuffer();
    const image = await upload(a, "/api/admin/uploads", Cookie, { data: png, name: "port.png", type: "image/png" });
    expect(image.status, JSON.stringify(image.json)).toBe(201);
    const fromA = await bytes(a, image.json.url);
    const fromB = await bytes(b, image.json.url);
    const fromNginx = await viaNginx(image.json.url);
    expect([fromA.status, fromB.status, fromNginx.status]).toEqual([200, 200, 200]);
    expect(fromB.type).toBe("image/webp");
    expect(fromB.body.equals(fromA.body)).toBe(true);
    expect(fromNginx.body.equals(fromA.body)).toBe(true);

    const pdf = await makePdf(2, "Shared store");
    const doc = await upload(
      b,
      "/api/admin/documents",
      Cookie,
      { data: pdf, name: "Shared.pdf", type: "application/pdf" },
      { title: "Stored once", isPublic: "false" },
    );
    expect(doc.status, JSON.stringify(doc.json)).toBe(201);
    const download = await bytes(a, `/api/documents/${doc.json.id}/download`, Cookie);
    expect(download.status).toBe(200);
    expect(download.body.equals(Buffer.from(pdf))).toBe(true);
    const opened = await send(a.origin + `/api/documents/${doc.json.id}/views`, { method: "POST", json: {}, headers: { Origin: SITE, Cookie } });
    expect(opened.status, opened.body).toBe(201);
    const page = await bytes(a, `${opened.json.pages[0].image}&w=800`, Cookie);
    expect(page.status).toBe(200);
    expect(page.type).toBe("image/webp");

    for (const dir of ["data-a", "data-b"]) {
      for (const area of ["uploads", "documents"]) expect(existsSync(path.join(site!.tmp, dir, area)), `${dir}/${area}`).toBe(false);
    }
  });
});
