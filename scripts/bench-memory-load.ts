/**
 * The load `npm run bench:memory` puts on the server (scripts/bench-memory.ts): anonymous pages and API reads,
 * signed-in pages, viewer pages, image and document uploads and draft saves, counted by kind.
 */

import http from "node:http";
import sharp from "sharp";
import { authenticatorApp } from "../tests/helpers/authenticator";
import { numberedPdf } from "../tests/helpers/pdf-fixtures";
import { BENCH_ADMIN, BenchError } from "./bench-common";

export const MB = 1024 * 1024;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------- HTTP

export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export function send(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string; timeoutMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...opts.headers };
    if (opts.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(opts.body));
    const req = http.request(url, { method: opts.method ?? "GET", headers, agent, timeout: opts.timeoutMs ?? 60_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${url} timed out`)));
    req.on("error", reject);
    req.end(opts.body);
  });
}

/** A multipart/form-data body with text fields and one file in the field "file". */
function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = `----bench${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const BROWSER = {
  Accept: "text/html,application/xhtml+xml",
  "Accept-Encoding": "gzip, deflate, br, zstd",
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};

// ------------------------------------------------------------------------------------------- counts

type Tally = { requests: number; errors: number; byKind: Map<string, { n: number; bad: number }> };
export const tally: Tally = { requests: 0, errors: 0, byKind: new Map() };
export const firstErrors: string[] = [];

async function counted(kind: string, run: () => Promise<Answer>, ok: (a: Answer) => boolean = (a) => a.status >= 200 && a.status < 400) {
  const entry = tally.byKind.get(kind) ?? { n: 0, bad: 0 };
  tally.byKind.set(kind, entry);
  tally.requests++;
  entry.n++;
  try {
    const answer = await run();
    if (!ok(answer)) {
      tally.errors++;
      entry.bad++;
      if (firstErrors.length < 10) firstErrors.push(`${kind}: ${answer.status} ${answer.body.toString("utf8").slice(0, 160)}`);
    }
    return answer;
  } catch (err) {
    tally.errors++;
    entry.bad++;
    if (firstErrors.length < 10) firstErrors.push(`${kind}: ${(err as Error).message}`);
    return undefined;
  }
}

// ------------------------------------------------------------------------------------------- the admin

export type Admin = { cookie: string; get: (p: string, h?: Record<string, string>) => Promise<Answer>; post: (p: string, body?: unknown) => Promise<Answer> };

/** The seeded admin signed in, the authenticator app set up on the way (an admin's API needs a second factor). */
export async function signInAdmin(origin: string): Promise<Admin> {
  const json = (body: unknown, cookie?: string) => ({
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const cookieOf = (a: Answer) => [a.headers["set-cookie"] ?? []].flat().map((c) => c.split(";")[0])[0];
  const login = await send(`${origin}/api/login`, json(BENCH_ADMIN));
  let cookie = cookieOf(login);
  if (login.status !== 200 || !cookie)
    throw new BenchError(`Signing in as ${BENCH_ADMIN.email} failed: ${login.status} ${login.body.toString().slice(0, 200)}`);
  const setup = await send(`${origin}/api/account/two-factor/app`, json({}, cookie));
  if (setup.status !== 200) throw new BenchError(`Setting up the admin's authenticator app failed: ${setup.status} ${setup.body.toString().slice(0, 200)}`);
  const app = authenticatorApp((JSON.parse(setup.body.toString()) as { secret: string }).secret);
  const confirmed = await send(`${origin}/api/account/two-factor/app/confirm`, json({ code: await app.toConfirm() }, cookie));
  if (confirmed.status !== 200)
    throw new BenchError(`Confirming the admin's authenticator app failed: ${confirmed.status} ${confirmed.body.toString().slice(0, 200)}`);
  cookie = cookieOf(confirmed) ?? cookie;
  return {
    cookie,
    get: (p, h = {}) => send(`${origin}${p}`, { headers: { Cookie: cookie, ...h } }),
    post: (p, body = {}) => send(`${origin}${p}`, json(body, cookie)),
  };
}

// ------------------------------------------------------------------------------------------- samples

export type Fixtures = { pressIds: number[]; companyIds: number[]; documentIds: number[]; images: Buffer[]; pdfs: Buffer[] };

const SEARCH_WORDS = ["energy", "logistics", "healthcare", "results", "acquisition", "dividend", "board", "fund", "growth", "real estate", "طاقة", "نتائج"];
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

function anonymousPath(f: Fixtures): { kind: string; path: string; api: boolean } {
  const r = Math.random();
  const ar = Math.random() < 0.3 ? "/ar" : "";
  if (r < 0.14) return { kind: "page home", path: ar || "/", api: false };
  if (r < 0.26)
    return { kind: "page press list", path: `${ar}/press-releases${Math.random() < 0.3 ? `?page=${1 + Math.floor(Math.random() * 3)}` : ""}`, api: false };
  if (r < 0.44) return { kind: "page press detail", path: `${ar}/press-releases/${pick(f.pressIds)}`, api: false };
  if (r < 0.54) return { kind: "page search", path: `${ar}/search?q=${encodeURIComponent(pick(SEARCH_WORDS))}`, api: false };
  if (r < 0.62) return { kind: "page press search", path: `${ar}/press-releases?q=${encodeURIComponent(pick(SEARCH_WORDS))}`, api: false };
  if (r < 0.7) return { kind: "page investors", path: `${ar}/investors`, api: false };
  if (r < 0.74) return { kind: "page other", path: pick(["/sitemap.xml", "/rss.xml", "/robots.txt", `${ar}/privacy`, `${ar}/sitemap`]), api: false };
  const apis = [
    "/api/press-releases",
    "/api/press-releases?limit=10",
    "/api/press-releases/featured",
    "/api/press-releases/homepage",
    `/api/press-releases/${pick(f.pressIds)}`,
    "/api/portfolio",
    `/api/portfolio/${pick(f.companyIds)}`,
    "/api/home-stats",
    `/api/search?q=${encodeURIComponent(pick(SEARCH_WORDS))}`,
  ];
  return { kind: "api list", path: pick(apis), api: true };
}

async function anonymousRequest(origin: string, f: Fixtures) {
  const { kind, path, api } = anonymousPath(f);
  await counted(kind, () => send(`${origin}${path}`, { headers: api ? { Accept: "application/json", "Accept-Encoding": "br, gzip" } : BROWSER }));
}

async function signedInRequest(origin: string, admin: Admin, f: Fixtures) {
  const r = Math.random();
  if (r < 0.3) await counted("signed-in portal", () => admin.get(Math.random() < 0.3 ? "/ar/investor-portal" : "/investor-portal", BROWSER));
  else if (r < 0.45) await counted("signed-in admin", () => admin.get("/admin", BROWSER));
  else if (r < 0.6) await counted("signed-in home", () => admin.get("/", BROWSER));
  else if (r < 0.75) await counted("api documents", () => admin.get("/api/documents", { Accept: "application/json" }));
  else await counted("document download", () => admin.get(`/api/documents/${pick(f.documentIds)}/download`));
}

type View = { viewId: string; pages: { image: string }[] };
let viewOpenedAt = 0;
let view: View | undefined;
let viewPage = 0;

/** One page image of the data room viewer; a new view is opened every 15 s (the account may open 120 in 15 minutes). */
async function viewerRequest(origin: string, admin: Admin, f: Fixtures, newest?: number) {
  if (!view || Date.now() - viewOpenedAt > 15_000) {
    const id = newest ?? pick(f.documentIds);
    viewOpenedAt = Date.now();
    const opened = await counted(
      "viewer open",
      () => admin.post(`/api/documents/${id}/views`),
      (a) => a.status === 201,
    );
    if (!opened || opened.status !== 201) return;
    view = JSON.parse(opened.body.toString("utf8")) as View;
    viewPage = 0;
  }
  const page = view.pages[viewPage++ % view.pages.length];
  await counted("viewer page image", () => admin.get(`${page.image}&w=${pick([800, 1200, 1600])}`));
}

let uploadCounter = 0;
async function imageUpload(admin: Admin, f: Fixtures, origin: string) {
  const data = pick(f.images);
  const kind = pick(["image", "banner", "image"]);
  const { body, contentType } = multipart({}, { name: `photo-${++uploadCounter}.jpg`, type: "image/jpeg", data });
  await counted(
    "image upload",
    () =>
      send(`${origin}/api/admin/uploads?kind=${kind}`, {
        method: "POST",
        headers: { Cookie: admin.cookie, Origin: origin, "Content-Type": contentType },
        body,
      }),
    (a) => a.status === 201,
  );
}

/** Uploads a PDF as a private document; answers its id, which the viewer reads next (drawn for the first time). */
async function documentUpload(admin: Admin, f: Fixtures, origin: string): Promise<number | undefined> {
  const { body, contentType } = multipart(
    { title: `Memory bench report ${++uploadCounter}`, description: "Uploaded by the memory benchmark.", isPublic: "false" },
    { name: `report-${uploadCounter}.pdf`, type: "application/pdf", data: pick(f.pdfs) },
  );
  const answer = await counted(
    "document upload",
    () => send(`${origin}/api/admin/documents`, { method: "POST", headers: { Cookie: admin.cookie, Origin: origin, "Content-Type": contentType }, body }),
    (a) => a.status === 201,
  );
  if (answer?.status !== 201) return undefined;
  const id = (JSON.parse(answer.body.toString("utf8")) as { id: number }).id;
  f.documentIds.push(id);
  return id;
}

/** Saves a draft press release of about 40 KB of HTML: its text is cleaned and rendered in the editors' thread. */
async function pressSave(admin: Admin) {
  const paragraph = "<p>Revenue grew in every segment; <strong>logistics</strong> and <em>energy</em> led the quarter.</p>";
  await counted(
    "press save",
    () =>
      admin.post("/api/press-releases", {
        title: `Memory bench draft ${++uploadCounter}`,
        summary: "A draft saved by the memory benchmark.",
        content: paragraph.repeat(400),
        date: "2026-11-23",
        company: "Meridian Holdings",
        sector: "Finance",
        publication: "draft",
      }),
    (a) => a.status === 201,
  );
}

/** Runs `fn` every `intervalMs` (never two at once) until `until`. */
async function every(intervalMs: number, until: number, fn: () => Promise<unknown>) {
  if (!Number.isFinite(intervalMs) || intervalMs <= 0) return;
  while (Date.now() < until) {
    const started = Date.now();
    await fn().catch(() => {});
    await sleep(Math.max(0, Math.min(intervalMs - (Date.now() - started), until - Date.now())));
  }
}

/** How many simultaneous anonymous visitors, and how often images, documents and draft saves are sent. */
export type HeavyRates = { connections: number; imagesPerMinute: number; documentsPerMinute: number; savesPerMinute: number };

export async function heavyLoad(origin: string, admin: Admin, f: Fixtures, ms: number, rates: HeavyRates) {
  const until = Date.now() + ms;
  let newest: number | undefined;
  const loops: Promise<unknown>[] = [];
  for (let i = 0; i < rates.connections; i++)
    loops.push(
      (async () => {
        while (Date.now() < until) await anonymousRequest(origin, f);
      })(),
    );
  loops.push(
    (async () => {
      while (Date.now() < until) await signedInRequest(origin, admin, f);
    })(),
  );
  loops.push(
    every(500, until, async () => {
      await viewerRequest(origin, admin, f, newest);
      newest = undefined;
    }),
  );
  loops.push(every(60_000 / rates.imagesPerMinute, until, () => imageUpload(admin, f, origin)));
  loops.push(every(60_000 / rates.savesPerMinute, until, () => pressSave(admin)));
  // The first document upload waits a little, so the viewer's first views are of the seeded documents.
  loops.push(
    sleep(5_000).then(() =>
      every(60_000 / rates.documentsPerMinute, until, async () => {
        newest = await documentUpload(admin, f, origin);
      }),
    ),
  );
  await Promise.all(loops);
}

/** The same mix at `rate` requests a second, one at a time: anonymous pages mostly, a signed-in request or a viewer page now and then, an image upload every 5 minutes. */
export async function lightLoad(origin: string, admin: Admin, f: Fixtures, ms: number, rate: number) {
  const until = Date.now() + ms;
  let lastUpload = Date.now();
  await every(1000 / rate, until, async () => {
    const r = Math.random();
    if (Date.now() - lastUpload > 300_000) {
      lastUpload = Date.now();
      await imageUpload(admin, f, origin);
    } else if (r < 0.8) await anonymousRequest(origin, f);
    else if (r < 0.93) await signedInRequest(origin, admin, f);
    else await viewerRequest(origin, admin, f);
  });
}

// ------------------------------------------------------------------------------------------- fixtures

export async function fixtures(origin: string, admin: Admin): Promise<Fixtures> {
  const list = async <T>(p: string) => JSON.parse((await admin.get(p, { Accept: "application/json" })).body.toString("utf8")) as T;
  const press = await list<{ id: number }[] | { items: { id: number }[] }>("/api/press-releases?limit=100");
  const pressIds = (Array.isArray(press) ? press : press.items).map((p) => p.id);
  const companies = await list<{ id: number }[]>("/api/portfolio");
  const docs = await list<{ id: number; fileType?: string; fileName?: string }[] | { documents: { id: number; fileName?: string }[] }>("/api/documents");
  const docList = Array.isArray(docs) ? docs : docs.documents;
  const pdfIds = docList.filter((d) => !d.fileName || /\.pdf$/i.test(d.fileName)).map((d) => d.id);
  if (pressIds.length === 0 || companies.length === 0 || docList.length === 0)
    throw new BenchError("The demo content has no press releases, companies or documents");
  // Photographs: noise does not compress, so sharp decodes and encodes every pixel (2400 x 1600, about 1-2 MB).
  const images = await Promise.all(
    [0, 1, 2].map((i) =>
      sharp({
        create: { width: 2400, height: 1600, channels: 3, background: { r: 40 + i * 60, g: 90, b: 140 }, noise: { type: "gaussian", mean: 120, sigma: 40 } },
      })
        .jpeg({ quality: 88 })
        .toBuffer(),
    ),
  );
  const pdfs = [Buffer.from(await numberedPdf(12, { lines: 40 })), Buffer.from(await numberedPdf(30, { lines: 40 }))];
  return { pressIds, companyIds: companies.map((c) => c.id), documentIds: pdfIds.length > 0 ? pdfIds : docList.map((d) => d.id), images, pdfs };
}

// ------------------------------------------------------------------------------------------- report

/**
 * Requests a second in the `seconds` before `sample`: the memory under load rises with the rate (more renders and
 * images in flight), so every figure is stated with the rate it was measured at.
 */
