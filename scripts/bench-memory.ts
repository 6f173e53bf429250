/**
 * npm run bench:memory — the production server's memory through a day in its life: idle after start, minutes of
 * mixed load, a cool-down, and optionally a long light soak.
 *
 * Starts `node server.js` (NODE_ENV=production, the demo content) on a fresh database: a new PGlite DATA_DIR, or with
 * `--db postgres` a new database on the local PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. Signs the seeded admin in with an authenticator
 * app (set up on the first sign-in, as every admin must) and samples once a second:
 *   - the server process: VmRSS (resident now) and VmHWM (the peak so far) from /proc/<pid>/status;
 *   - its child processes (the PDF tools' spawner and the tools themselves) summed, reported apart;
 *   - heap figures from /metrics (METRICS_PORT is set for the run): V8 heap used and total, external memory
 *     (Buffers and ArrayBuffers outside the heap, the WebAssembly memory of PGlite included).
 * At the end of each phase /proc/<pid>/smaps_rollup gives the split between anonymous memory and mapped files.
 *
 * Phases:
 *   idle      --idle seconds (30) after the server answers /readyz;
 *   load      --minutes (10) of mixed load: --connections (4) anonymous visitors in a closed loop (home, press list,
 *             press detail, search, investors, the Arabic pages, the public API lists), one signed-in admin in a closed
 *             loop (investor portal, admin, document library, document downloads), the data room viewer's page images
 *             (about 2 a second, within the account's viewer limit), image uploads (--images-per-minute, 3) and
 *             document uploads (--documents-per-minute, 1; each new PDF is then read in the viewer, drawn afresh) and
 *             draft press releases saved (--saves-per-minute, 2; each one's text cleaned and rendered in the editors'
 *             worker thread, which therefore lives through the load);
 *   cool-down --cooldown seconds (120) without requests;
 *   soak      with --soak <minutes>: --soak-rate (3) requests a second of the same mix, RSS sampled each minute; the
 *             slope of a least-squares line through those samples is reported in MB per hour.
 *
 * Other options: --env NAME=VALUE (repeatable) adds to the server's environment (to measure a setting);
 * --label TEXT names the run in the output; --section NAME writes the tables into docs/performance.md between
 * `<!-- bench:NAME:start -->` and its end marker; --json FILE writes every sample.
 */
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { authenticatorApp } from "../tests/helpers/authenticator";
import { numberedPdf } from "../tests/helpers/pdf-fixtures";
import {
  BENCH_ADMIN,
  BenchError,
  describeMachine,
  ensureBuild,
  freshDatabase,
  machine,
  markdownTable,
  onInterrupt,
  pickPort,
  startServer,
  textTable,
  writeDocSection,
  type RunningServer,
} from "./bench-common";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    minutes: { type: "string", default: "10" },
    idle: { type: "string", default: "30" },
    cooldown: { type: "string", default: "120" },
    soak: { type: "string", default: "0" },
    "soak-rate": { type: "string", default: "3" },
    connections: { type: "string", default: "4" },
    "images-per-minute": { type: "string", default: "3" },
    "documents-per-minute": { type: "string", default: "1" },
    "saves-per-minute": { type: "string", default: "2" },
    env: { type: "string", multiple: true, default: [] },
    label: { type: "string" },
    section: { type: "string" },
    json: { type: "string" },
  },
  allowPositionals: false,
});

const num = (name: keyof typeof args) => {
  const value = Number(args[name]);
  if (!Number.isFinite(value) || value < 0) throw new BenchError(`--${name} must be a non-negative number, got "${String(args[name])}"`);
  return value;
};
const DB = args.db === "postgres" || args.db === "pglite" ? args.db : undefined;
if (!DB) throw new BenchError(`--db must be pglite or postgres, got "${args.db}"`);
const LOAD_MS = num("minutes") * 60_000;
const IDLE_MS = num("idle") * 1000;
const COOLDOWN_MS = num("cooldown") * 1000;
const SOAK_MS = num("soak") * 60_000;
const SOAK_RATE = num("soak-rate");
const CONNECTIONS = Math.max(1, Math.round(num("connections")));
const IMAGES_PER_MINUTE = num("images-per-minute");
const DOCUMENTS_PER_MINUTE = num("documents-per-minute");
const SAVES_PER_MINUTE = num("saves-per-minute");
const EXTRA_ENV = Object.fromEntries(
  (args.env ?? []).map((pair) => {
    const eq = pair.indexOf("=");
    if (eq < 1) throw new BenchError(`--env wants NAME=VALUE, got "${pair}"`);
    return [pair.slice(0, eq), pair.slice(eq + 1)];
  }),
);
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------- HTTP

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function send(url: string, opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string; timeoutMs?: number } = {}): Promise<Answer> {
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
const tally: Tally = { requests: 0, errors: 0, byKind: new Map() };
const firstErrors: string[] = [];

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

type Admin = { cookie: string; get: (p: string, h?: Record<string, string>) => Promise<Answer>; post: (p: string, body?: unknown) => Promise<Answer> };

/** The seeded admin signed in, the authenticator app set up on the way (an admin's API needs a second factor). */
async function signInAdmin(origin: string): Promise<Admin> {
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

type Sample = {
  t: number;
  phase: string;
  /** Requests the load had sent when the sample was taken (the rate beside a figure is taken from these). */
  requests: number;
  rssMb: number;
  hwmMb: number;
  childrenMb: number;
  heapUsedMb?: number;
  heapTotalMb?: number;
  externalMb?: number;
  pageCacheMb?: number;
  /** Worker threads alive (both lanes): each holds 45-60 MB while it lives. */
  workerThreads?: number;
};

const procStatus = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
};

/** Every process below `pid` (the spawner, the PDF tools it starts), by walking /proc/<pid>/task/<tid>/children. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const walk = (p: number) => {
    let tids: string[] = [];
    try {
      tids = readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    } catch {
      return;
    }
    for (const c of tids.map(Number)) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

const childrenRss = (pid: number) =>
  descendants(pid).reduce((sum, c) => {
    try {
      return sum + procStatus(c).rss;
    } catch {
      return sum;
    }
  }, 0);

/** /proc/<pid>/smaps_rollup in MB: Rss, Anonymous, and Rss minus Anonymous (file-backed: code, mapped files). */
function smapsRollup(pid: number) {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0);
  return { rss: kb("Rss") / 1024, anonymous: kb("Anonymous") / 1024, files: (kb("Rss") - kb("Anonymous")) / 1024 };
}

/**
 * From /proc/<pid>/smaps: glibc's thread arenas (each a 64 MB-aligned reservation, the part in use read-write and the
 * rest inaccessible), counted with their resident MB; and the resident MB of WebAssembly memories (a read-write
 * mapping at the start of a reservation of a gigabyte or more: PGlite's linear memory).
 */
function smapsParts(pid: number) {
  type Map = { start: bigint; end: bigint; perms: string; name: string; rss: number };
  const maps: Map[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) maps.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3], name: head[4].trim(), rss: 0 });
    else if (line.startsWith("Rss:") && maps.length) maps[maps.length - 1].rss = Number(line.split(/\s+/)[1]) / 1024;
  }
  const ARENA = 64n << 20n;
  let arenas = 0;
  let arenaMb = 0;
  let wasmMb = 0;
  maps.forEach((m, i) => {
    if (m.perms !== "rw-p" || m.name) return;
    const size = m.end - m.start;
    const next = maps[i + 1];
    const prev = maps[i - 1];
    const rest = next && next.start === m.end && next.perms === "---p" && !next.name ? next.end - next.start : 0n;
    if (m.start % ARENA === 0n && size + rest === ARENA) {
      arenas++;
      arenaMb += m.rss;
    } else if (prev && prev.end === m.start && prev.perms === "---p" && prev.end - prev.start >= 1n << 30n) wasmMb += m.rss;
  });
  return { arenas, arenaMb, wasmMb };
}

async function scrapeMetrics(port: number): Promise<Partial<Sample>> {
  try {
    const res = await send(`http://127.0.0.1:${port}/metrics`, { timeoutMs: 5000 });
    const text = res.body.toString("utf8");
    const value = (name: string) => {
      const m = new RegExp(`^meridian_${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, "m").exec(text);
      return m ? Number(m[1]) / MB : undefined;
    };
    return {
      heapUsedMb: value("nodejs_heap_size_used_bytes"),
      heapTotalMb: value("nodejs_heap_size_total_bytes"),
      externalMb: value("nodejs_external_memory_bytes"),
      pageCacheMb: value("page_cache_size_bytes"),
      workerThreads: (value("html_workers_threads") ?? Number.NaN) * MB,
    };
  } catch {
    return {};
  }
}

function sampler(server: RunningServer, metricsPort: number) {
  const samples: Sample[] = [];
  const started = performance.now();
  let phase = "start";
  let timer: NodeJS.Timeout | undefined;
  const take = async () => {
    const { rss, hwm } = procStatus(server.pid);
    const sample: Sample = {
      t: (performance.now() - started) / 1000,
      phase,
      requests: tally.requests,
      rssMb: rss,
      hwmMb: hwm,
      childrenMb: childrenRss(server.pid),
      ...(await scrapeMetrics(metricsPort)),
    };
    samples.push(sample);
    return sample;
  };
  return {
    samples,
    take,
    phase: (name: string) => (phase = name),
    every(ms: number) {
      clearInterval(timer);
      timer = setInterval(() => void take().catch(() => {}), ms);
    },
    stop: () => clearInterval(timer),
  };
}

// ------------------------------------------------------------------------------------------- the load

type Fixtures = { pressIds: number[]; companyIds: number[]; documentIds: number[]; images: Buffer[]; pdfs: Buffer[] };

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

async function heavyLoad(origin: string, admin: Admin, f: Fixtures, ms: number) {
  const until = Date.now() + ms;
  let newest: number | undefined;
  const loops: Promise<unknown>[] = [];
  for (let i = 0; i < CONNECTIONS; i++)
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
  loops.push(every(60_000 / IMAGES_PER_MINUTE, until, () => imageUpload(admin, f, origin)));
  loops.push(every(60_000 / SAVES_PER_MINUTE, until, () => pressSave(admin)));
  // The first document upload waits a little, so the viewer's first views are of the seeded documents.
  loops.push(
    sleep(5_000).then(() =>
      every(60_000 / DOCUMENTS_PER_MINUTE, until, async () => {
        newest = await documentUpload(admin, f, origin);
      }),
    ),
  );
  await Promise.all(loops);
}

/** The same mix at `rate` requests a second, one at a time: anonymous pages mostly, a signed-in request or a viewer page now and then, an image upload every 5 minutes. */
async function lightLoad(origin: string, admin: Admin, f: Fixtures, ms: number, rate: number) {
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

async function fixtures(origin: string, admin: Admin): Promise<Fixtures> {
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
function rateBefore(samples: Sample[], sample: Sample, seconds = 30): number {
  const earlier = samples.filter((x) => x.t >= sample.t - seconds && x.t < sample.t);
  if (earlier.length === 0) return 0;
  const first = earlier[0];
  return sample.t > first.t ? (sample.requests - first.requests) / (sample.t - first.t) : 0;
}

const fmt = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "—" : n.toFixed(0));

/** Least-squares slope of RSS against time, in MB per hour. */
function slopeMbPerHour(samples: Sample[]): number {
  if (samples.length < 2) return Number.NaN;
  const xs = samples.map((s) => s.t / 3600);
  const ys = samples.map((s) => s.rssMb);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num_ = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return num_ / den;
}

async function main() {
  ensureBuild();
  const m = machine();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const database = await freshDatabase(DB!, DB === "postgres" ? adminUrl : undefined);
  let server: RunningServer | undefined;
  onInterrupt(async () => {
    await server?.stop({ keepLog: true });
    await database.drop();
  });
  try {
    const port = await pickPort(0);
    const metricsPort = await pickPort(1);
    // The environment the server inherits; --env adds to it (startServer sets the database, port and admin).
    for (const [name, value] of Object.entries({ ...EXTRA_ENV, METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1" })) process.env[name] = value;
    const label =
      args.label ??
      (Object.keys(EXTRA_ENV).length
        ? Object.entries(EXTRA_ENV)
            .map(([k, v]) => `${k}=${v}`)
            .join(" ")
        : "defaults");
    console.log(`Memory benchmark (${database.label}, ${label}) · ${describeMachine(m)}`);
    console.log(`Starting the server on a fresh database (the first start migrates and seeds) ...`);
    // The first start seeds; a restart measures a server as it runs day to day, seeding not counted.
    server = await startServer(database, port);
    await server.stop();
    server = await startServer(database, port);
    console.log(`Server pid ${server.pid} at ${server.origin}, metrics on port ${metricsPort}.`);
    const s = sampler(server, metricsPort);
    const rows: { phase: string; sample: Sample; smaps?: ReturnType<typeof smapsRollup> & ReturnType<typeof smapsParts> }[] = [];
    const smapsNow = () => ({ ...smapsRollup(server!.pid), ...smapsParts(server!.pid) });
    // smaps_rollup is read when the row is made: not for the peak, which is an earlier sample.
    const mark = async (phase: string, sample?: Sample) => {
      const taken = sample ?? (await s.take());
      rows.push({ phase, sample: taken, smaps: sample ? undefined : smapsNow() });
      console.log(
        `  ${phase}: RSS ${fmt(taken.rssMb)} MB (peak so far ${fmt(taken.hwmMb)}), heap used ${fmt(taken.heapUsedMb)} MB, external ${fmt(taken.externalMb)} MB`,
      );
    };

    s.phase("idle");
    s.every(1000);
    await sleep(IDLE_MS);
    await mark(`idle (${IDLE_MS / 1000} s after start)`);
    // Signing in is part of the load (argon2 and the authenticator set-up).
    s.phase("load");
    const admin = await signInAdmin(server.origin);
    const f = await fixtures(server.origin, admin);
    console.log(
      `Load: ${LOAD_MS / 60_000} min, ${CONNECTIONS} anonymous connections, 1 signed-in, viewer pages, ${IMAGES_PER_MINUTE} images, ${DOCUMENTS_PER_MINUTE} documents and ${SAVES_PER_MINUTE} saves a minute ...`,
    );
    const loadStarted = performance.now();
    await heavyLoad(server.origin, admin, f, LOAD_MS);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const endOfLoad = await s.take();
    const endSmaps = smapsNow();
    const loadSamples = s.samples.filter((x) => x.phase === "load");
    const peak = loadSamples.reduce((a, b) => (b.rssMb > a.rssMb ? b : a), endOfLoad);
    await mark("peak during load (largest 1 s sample)", peak);
    await mark(`end of ${LOAD_MS / 60_000} min of load`, endOfLoad);
    rows[rows.length - 1].smaps = endSmaps;
    const loadRequests = tally.requests;
    const loadErrors = tally.errors;
    // The viewer's pages are the largest image work (a watermarked page encoded in the process), so their rate is stated apart.
    const viewerPages = tally.byKind.get("viewer page image") ?? { n: 0, bad: 0 };
    const loadAverageAtEnd = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ");
    const rateLine = `${loadRequests} requests in ${loadSeconds.toFixed(0)} s (**${(loadRequests / loadSeconds).toFixed(1)}/s**; viewer page images ${(viewerPages.n / loadSeconds).toFixed(2)}/s, ${viewerPages.bad} failed), ${loadErrors} errors or unexpected statuses; load average at its end ${loadAverageAtEnd}`;
    s.phase("cool-down");
    await sleep(COOLDOWN_MS);
    await mark(`after ${COOLDOWN_MS / 1000} s cool-down`);

    let soak: { minutes: number; slope: number; first: number; last: number; min: number; max: number; requests: number; errors: number } | undefined;
    if (SOAK_MS > 0) {
      s.stop();
      s.phase("soak");
      const soakSamples: Sample[] = [];
      const before = { requests: tally.requests, errors: tally.errors };
      console.log(`Soak: ${SOAK_MS / 60_000} min at ${SOAK_RATE} requests a second, RSS each minute ...`);
      const load = lightLoad(server.origin, admin, f, SOAK_MS, SOAK_RATE);
      const until = Date.now() + SOAK_MS;
      while (Date.now() < until) {
        await sleep(Math.min(60_000, until - Date.now()));
        const taken = await s.take();
        soakSamples.push(taken);
        console.log(
          `  soak ${((taken.t - soakSamples[0].t) / 60).toFixed(0).padStart(3)} min: RSS ${fmt(taken.rssMb)} MB, heap used ${fmt(taken.heapUsedMb)} MB, external ${fmt(taken.externalMb)} MB`,
        );
      }
      await load;
      await mark(`end of ${SOAK_MS / 60_000} min soak`);
      const rss = soakSamples.map((x) => x.rssMb);
      soak = {
        minutes: SOAK_MS / 60_000,
        slope: slopeMbPerHour(soakSamples),
        first: rss[0],
        last: rss[rss.length - 1],
        min: Math.min(...rss),
        max: Math.max(...rss),
        requests: tally.requests - before.requests,
        errors: tally.errors - before.errors,
      };
    }
    s.stop();
    const hwm = (await s.take()).hwmMb;
    await server.stop();
    server = undefined;

    // ----------------------------------------------------------------------------------- output
    const header = [
      "when",
      "requests/s (30 s before)",
      "RSS MB",
      "peak (VmHWM) MB",
      "heap used MB",
      "heap total MB",
      "external MB",
      "page cache MB",
      "worker threads",
      "anonymous MB",
      "file-backed MB",
      "thread arenas MB (count)",
      "WebAssembly MB",
      "children MB",
    ];
    const tableRows = rows.map(({ phase, sample, smaps }) => [
      phase,
      rateBefore(s.samples, sample).toFixed(1),
      fmt(sample.rssMb),
      fmt(sample.hwmMb),
      fmt(sample.heapUsedMb),
      fmt(sample.heapTotalMb),
      fmt(sample.externalMb),
      fmt(sample.pageCacheMb),
      fmt(sample.workerThreads),
      fmt(smaps?.anonymous),
      fmt(smaps?.files),
      smaps ? `${fmt(smaps.arenaMb)} (${smaps.arenas})` : "—",
      fmt(smaps?.wasmMb),
      fmt(sample.childrenMb),
    ]);
    const kinds = [...tally.byKind.entries()].map(([kind, t]) => [kind, String(t.n), String(t.bad)]);
    console.log(`\n${textTable(header, tableRows)}`);
    console.log(`\nLoad: ${rateLine.replace(/\*\*/g, "")}; highest RSS of the run (VmHWM) ${fmt(hwm)} MB.`);
    console.log(textTable(["requests", "count", "errors"], kinds));
    if (firstErrors.length) console.log(`First errors:\n  ${firstErrors.join("\n  ")}`);
    if (soak)
      console.log(
        `\nSoak: ${soak.minutes} min, ${soak.requests} requests (${soak.errors} errors); RSS ${fmt(soak.first)} -> ${fmt(soak.last)} MB (min ${fmt(soak.min)}, max ${fmt(soak.max)}); slope ${soak.slope.toFixed(1)} MB/hour.`,
      );
    if (args.json)
      writeFileSync(
        args.json,
        JSON.stringify({ machine: m, database: database.label, label, env: EXTRA_ENV, rows, samples: s.samples, tally: kinds, soak }, null, 2),
      );
    if (args.section) {
      const md = [
        `Measured ${describeMachine(m)}.`,
        "",
        `${database.label}, ${label}; ${LOAD_MS / 60_000} min of load (${CONNECTIONS} anonymous connections, one signed-in admin, viewer pages, ${IMAGES_PER_MINUTE} image and ${DOCUMENTS_PER_MINUTE} document uploads a minute): ${rateLine}; highest RSS of the run (VmHWM) ${fmt(hwm)} MB.`,
        "",
        markdownTable(header, tableRows),
        ...(soak
          ? [
              "",
              `Soak: ${soak.minutes} min at ${SOAK_RATE} requests a second (${soak.requests} requests, ${soak.errors} errors): RSS ${fmt(soak.first)} -> ${fmt(soak.last)} MB (min ${fmt(soak.min)}, max ${fmt(soak.max)}), slope **${soak.slope.toFixed(1)} MB/hour**.`,
            ]
          : []),
      ].join("\n");
      writeDocSection(args.section, md);
    }
  } finally {
    await server?.stop({ keepLog: true });
    await database.drop();
    agent.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof BenchError ? err.message : err);
  process.exitCode = 1;
  agent.destroy();
});
