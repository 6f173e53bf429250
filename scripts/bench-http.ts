/**
 * npm run bench:http — throughput and latency of the production server next to a bare Node server.
 *
 * Builds the production bundle when build/ is missing, starts `node server.js` (NODE_ENV=production, SERVER_TIMING=1) on a fresh
 * database and, after a warm-up of each case, loads at 50 connections (autocannon, in this process):
 *   - a bare Node `http` server (started here, in its own process) answering the bytes of /favicon.svg;
 *   - the small static file /favicon.svg and the largest entry JavaScript file under /assets/ (br, gzip);
 *   - each public page as an anonymous browser would ask for it, and each public API read, each measured right after
 *     a bare Node server (its own process) answering that address's exact bytes and headers, as recorded from a
 *     cached answer of the app: what the app adds to sending those bytes, whatever their size.
 * Then it signs in as the seeded admin and times /, /investor-portal and /admin one request at a time (the
 * `app` duration of the Server-Timing header; client-side latency where the header is missing), and reads the
 * server's RSS after 60 s of mixed load on PGlite and PostgreSQL. It prints a table with the targets, writes it
 * into docs/performance.md between the `bench:http` markers, and exits 1 when the server does not start.
 * Targets that are missed are reported, not turned into an exit code: the numbers depend on the machine.
 *
 * Knobs (environment variables):
 *   BENCH_DURATION=10      seconds of measured load per case
 *   BENCH_WARMUP=3         seconds of load per case before it is measured
 *   BENCH_CONNECTIONS=50   concurrent connections
 *   BENCH_DATABASE_URL=    postgres://postgres@127.0.0.1:5432/postgres: run on a fresh PostgreSQL database
 *                          created on that server (dropped afterwards); unset: a fresh PGlite DATA_DIR under tmp/
 *   BENCH_RSS=1            0 skips the memory runs (60 s each on PGlite, and on PostgreSQL when
 *                          BENCH_DATABASE_URL is set)
 *   BENCH_RSS_DURATION=60  seconds of mixed load before RSS is read
 *   BENCH_SIGNED_IN_RUNS=50  signed-in requests per page, after 5 warm-up requests each
 *   BENCH_BUILD=1          rebuild even when build/ exists (BUILD_DIR picks another build directory)
 *   BENCH_PORT=            first of two ports to use (server, bare server); unset: free ports
 *   BENCH_LOG_LEVEL=info   the server's LOG_LEVEL (its log goes to a file under tmp/, removed after the run)
 *   BENCH_SECTION=http     the docs/performance.md section to write (markers bench:<name>:start / :end)
 *   BENCH_WRITE=1          0 prints the results without touching docs/performance.md
 */
import autocannon from "autocannon";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import {
  BUILD_DIR,
  BenchError,
  closeConnections,
  describeMachine,
  ensureBuild,
  envFlag,
  envNumber,
  firstId,
  freshDatabase,
  machine,
  markdownTable,
  median,
  onInterrupt,
  parseServerTiming,
  pickPort,
  request,
  startServer,
  textTable,
  writeDocSection,
  type BenchDatabase,
  type RunningServer,
  runBench,
} from "./bench-common";
import { record, startBareServer, startReplayServer, type Recorded } from "./bench-bare-servers";
import { signInAdmin } from "./bench-memory-load";

const DURATION = envNumber("BENCH_DURATION", 10);
const WARMUP = envNumber("BENCH_WARMUP", 3);
const CONNECTIONS = envNumber("BENCH_CONNECTIONS", 50);
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
const RSS = envFlag("BENCH_RSS", true);
const RSS_DURATION = envNumber("BENCH_RSS_DURATION", 60);
const SIGNED_IN_RUNS = envNumber("BENCH_SIGNED_IN_RUNS", 50);
const SECTION = process.env.BENCH_SECTION || "http";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const HEADERS = {
  page: {
    "User-Agent": BROWSER,
    Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "Accept-Encoding": "gzip, deflate, br, zstd",
    "Accept-Language": "en-US,en;q=0.9",
  },
  api: { "User-Agent": BROWSER, Accept: "application/json", "Accept-Encoding": "gzip, deflate, br, zstd" },
  image: { "User-Agent": BROWSER, Accept: "image/avif,image/webp,image/svg+xml,*/*;q=0.8", "Accept-Encoding": "gzip, deflate, br, zstd" },
  asset: { "User-Agent": BROWSER, Accept: "*/*", "Accept-Encoding": "br, gzip" },
} satisfies Record<string, Record<string, string>>;

type Group = "reference" | "static" | "asset" | "asset-large" | "page" | "api";

/**
 * `reference`: the bare server a case is compared with (default: the one answering the small static file's bytes);
 * `sameBytes`: measured right after the replaying bare server on the same path, and compared with it.
 */
type Case = { group: Group; name: string; path: string; headers: Record<string, string>; origin: string; reference?: string; sameBytes?: boolean };

type Measured = Case & {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Status, Content-Encoding and size on the wire of one request before the load. */
  probe: { status: number; encoding: string; bytes: number };
  /** Requests a second of the bare server answering the same bytes and headers (cases with `sameBytes`). */
  sameBytesRps?: number;
};

const TARGETS: Record<Group, string> = {
  reference: "",
  static: ">= 0.25x bare",
  asset: ">= 0.8x static",
  "asset-large": ">= 0.8x bare (same bytes)",
  page: ">= 0.5x bare (same bytes), p99 < 50 ms",
  api: ">= 0.5x bare (same bytes)",
};

/**
 * The hashed JavaScript every page loads first: the client entry module (what the page's module script imports),
 * and the largest file among the entry and its imports (the framework chunk).
 */
function entryAssets(): { entry: string; largest: string } {
  const assets = path.join(BUILD_DIR, "client", "assets");
  const files = readdirSync(assets);
  const manifestFile = files.find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new BenchError(`No React Router manifest under ${assets}`);
  const text = readFileSync(path.join(assets, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as { entry: { module: string; imports: string[] } };
  const candidates = [manifest.entry.module, ...manifest.entry.imports].map((p) => path.basename(p));
  const largest = candidates.map((f) => ({ f, size: statSync(path.join(assets, f)).size })).sort((a, b) => b.size - a.size)[0];
  return { entry: `/assets/${path.basename(manifest.entry.module)}`, largest: `/assets/${largest.f}` };
}

function load(opts: { url: string; headers?: Record<string, string>; requests?: autocannon.Request[]; duration: number }): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, timeout: 10, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * Waits until the server has worked off the requests still in flight when a load run stopped (the load generator
 * drops them, the server still renders them), so they do not slow down the next measurement.
 */
async function drained(url: string, headers: Record<string, string>): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const res = await request(url, { headers });
    if (res.ms < 250) break;
  }
  await new Promise((r) => setTimeout(r, 300));
}

async function measure(c: Case): Promise<Measured> {
  const url = `${c.origin}${c.path}`;
  const res = await request(url, { headers: c.headers });
  const probe = { status: res.status, encoding: String(res.headers["content-encoding"] ?? "identity"), bytes: res.body.length };
  if (WARMUP > 0) {
    await load({ url, headers: c.headers, duration: WARMUP });
    await drained(url, c.headers);
  }
  const r = await load({ url, headers: c.headers, duration: DURATION });
  await drained(url, c.headers);
  const answered = r.requests.total > 0;
  const measured: Measured = {
    ...c,
    reqPerSec: r.requests.total / r.duration,
    p50: answered ? r.latency.p50 : Number.NaN,
    p99: answered ? r.latency.p99 : Number.NaN,
    errors: r.errors,
    non2xx: r.non2xx,
    probe,
  };
  console.log(
    `  ${c.name.padEnd(34)} ${fmt(measured.reqPerSec, 0).padStart(7)} req/s  p50 ${fmt(measured.p50, 1)} ms  p99 ${fmt(measured.p99, 1)} ms` +
      `  ${probe.status} ${probe.encoding} ${probe.bytes} B${measured.errors || measured.non2xx ? `  errors ${measured.errors} non-2xx ${measured.non2xx}` : ""}`,
  );
  return measured;
}

const fmt = (n: number, digits: number) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "—";
const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

/** Whether a case meets its target; null for the reference server, which has none. */
function verdict(m: Measured, bareRps: number, staticRps: number): boolean | null {
  const sameBytes = ratio(m.reqPerSec, m.sameBytesRps ?? Number.NaN);
  const clean = m.errors === 0 && m.non2xx === 0;
  switch (m.group) {
    case "reference":
      return null;
    case "static":
      return clean && ratio(m.reqPerSec, bareRps) >= 0.25;
    case "asset":
      return clean && ratio(m.reqPerSec, staticRps) >= 0.8;
    case "asset-large":
      return clean && ratio(m.reqPerSec, bareRps) >= 0.8;
    case "page":
      return clean && sameBytes >= 0.5 && m.p99 < 50;
    case "api":
      return clean && sameBytes >= 0.5;
  }
}

const mark = (ok: boolean | null) => (ok === null ? "—" : ok ? "pass" : "FAIL");

type SignedIn = { page: string; status: number; app: number; db: number; client: number; target: number; fromHeader: boolean };

/** Signed-in renders one at a time: the median `app` (and `db`) duration from Server-Timing, and client latency. */
async function signedInRenders(server: RunningServer): Promise<SignedIn[]> {
  // The seeded admin sets up an authenticator app first: the dashboard and the portal ask an admin for a second factor.
  const { cookie } = await signInAdmin(server.origin);
  const pages = [
    { page: "/", target: 10 },
    { page: "/investor-portal", target: 15 },
    { page: "/admin", target: 15 },
  ];
  const samples = new Map(pages.map((p) => [p.page, { status: 0, app: [] as number[], db: [] as number[], client: [] as number[] }]));
  const headers = { ...HEADERS.page, Cookie: cookie };
  for (let run = -5; run < SIGNED_IN_RUNS; run++) {
    for (const { page } of pages) {
      const res = await request(`${server.origin}${page}`, { headers });
      if (run < 0) continue;
      const s = samples.get(page)!;
      s.status = res.status;
      const timing = parseServerTiming(res.headers["server-timing"]);
      if (timing.app !== undefined) s.app.push(timing.app);
      if (timing.db !== undefined) s.db.push(timing.db);
      s.client.push(res.ms);
    }
  }
  return pages.map(({ page, target }) => {
    const s = samples.get(page)!;
    const fromHeader = s.app.length > 0;
    return { page, status: s.status, app: median(s.app), db: median(s.db), client: median(s.client), target, fromHeader };
  });
}

type Rss = { database: string; idleMb: number; loadedMb: number; peakMb: number; reqPerSec: number; errors: number; target: string; ok: boolean | null };

const statusMb = (pid: number, field: "VmRSS" | "VmHWM") => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(line.replace(/\D+/g, "")) / 1024 : Number.NaN;
};

/** RSS of a freshly started server after RSS_DURATION seconds of mixed anonymous load. */
async function rssUnderLoad(database: BenchDatabase, port: number, cases: Case[]): Promise<Rss> {
  const server = await startServer(database, port);
  try {
    const idleMb = statusMb(server.pid, "VmRSS");
    const requests = cases.filter((c) => c.group !== "reference").map((c) => ({ method: "GET" as const, path: c.path, headers: c.headers }));
    console.log(`  ${database.label}: ${RSS_DURATION} s of mixed load over ${requests.length} URLs ...`);
    const r = await load({ url: server.origin, requests, duration: RSS_DURATION });
    const loadedMb = statusMb(server.pid, "VmRSS");
    const peakMb = statusMb(server.pid, "VmHWM");
    const limited = database.kind === "postgres";
    return {
      database: database.label,
      idleMb,
      loadedMb,
      peakMb,
      reqPerSec: r.requests.total / r.duration,
      errors: r.errors + r.non2xx,
      target: limited ? "<= 300 MB" : "recorded",
      ok: limited ? loadedMb <= 300 : null,
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  ensureBuild();
  const info = machine();
  const kind = DATABASE_URL ? "postgres" : "pglite";
  const databases: BenchDatabase[] = [];
  const servers: RunningServer[] = [];
  const stops: (() => void)[] = [];
  const cleanup = async () => {
    for (const stop of stops) stop();
    for (const s of servers) await s.stop().catch(() => {});
    for (const d of databases) await d.drop().catch((err) => console.error(`Could not drop a bench database: ${err}`));
    closeConnections();
  };
  onInterrupt(cleanup);

  try {
    const database = await freshDatabase(kind, DATABASE_URL);
    databases.push(database);
    console.log(`Starting the production server on a fresh ${database.label} database ...`);
    const serverPort = await pickPort(0);
    const server = await startServer(database, serverPort);
    servers.push(server);
    const o = server.origin;

    const favicon = await request(`${o}/favicon.svg`, { headers: { "User-Agent": BROWSER } });
    if (favicon.status !== 200) throw new BenchError(`/favicon.svg answered ${favicon.status}`);
    const bare = await startBareServer(favicon.body, String(favicon.headers["content-type"] ?? "image/svg+xml"), await pickPort(1));
    stops.push(bare.stop);

    // The largest asset is compared with a bare server answering the same (brotli) bytes: with the load generator
    // on the same machine, a 100 KB body is limited by copying bytes, not by the server.
    const assets = entryAssets();
    const large = await request(`${o}${assets.largest}`, { headers: HEADERS.asset });
    if (large.status !== 200) throw new BenchError(`${assets.largest} answered ${large.status}`);
    const bareLarge = await startBareServer(large.body, "text/javascript", await pickPort(2));
    stops.push(bareLarge.stop);

    const pressId = await firstId(o, "/api/press-releases?limit=1");
    const portfolioId = await firstId(o, "/api/portfolio");
    const cases: Case[] = [
      { group: "reference", name: "bare Node http (same bytes)", path: "/favicon.svg", headers: HEADERS.image, origin: bare.origin },
      { group: "static", name: "static /favicon.svg", path: "/favicon.svg", headers: HEADERS.image, origin: o },
      { group: "asset", name: "hashed entry module", path: assets.entry, headers: HEADERS.asset, origin: o },
      { group: "reference", name: "bare Node http (largest asset's bytes)", path: assets.largest, headers: HEADERS.asset, origin: bareLarge.origin },
      { group: "asset-large", name: "largest hashed asset (br)", path: assets.largest, headers: HEADERS.asset, origin: o, reference: bareLarge.origin },
      ...[
        ["home", "/"],
        ["press list", "/press-releases"],
        ["press search", "/press-releases?q=energy"],
        ["press detail", `/press-releases/${pressId}`],
        ["sitemap.xml", "/sitemap.xml"],
        ["rss.xml", "/rss.xml"],
        ["robots.txt", "/robots.txt"],
        // The Arabic pages are cached like the English ones.
        ["home (Arabic)", "/ar"],
        ["press list (Arabic)", "/ar/press-releases"],
        ["press detail (Arabic)", `/ar/press-releases/${pressId}`],
        ["rss.xml (Arabic)", "/ar/rss.xml"],
      ].map(([name, p]): Case => ({
        group: "page",
        name: `page ${name}`,
        path: p,
        headers: HEADERS.page,
        origin: o,
        sameBytes: true,
      })),
      ...[
        "/api/portfolio",
        `/api/portfolio/${portfolioId}`,
        "/api/press-releases",
        "/api/press-releases?limit=10",
        "/api/press-releases/featured",
        "/api/press-releases/homepage",
        `/api/press-releases/${pressId}`,
        "/api/home-stats",
        "/api/search?q=energy",
      ].map((p): Case => ({ group: "api", name: `api ${p.slice(4)}`, path: p, headers: HEADERS.api, origin: o, sameBytes: true })),
    ];

    // Each page and API answer is replayed, byte for byte with its headers, by a bare server of its own process.
    const recorded = new Map<string, Recorded>();
    for (const c of cases) if (c.sameBytes) recorded.set(c.path, await record(o, c));
    const replay = await startReplayServer(recorded, await pickPort(3));
    stops.push(replay.stop);

    console.log(`\n${describeMachine(info)}\n${database.label}; ${CONNECTIONS} connections; ${WARMUP} s warm-up + ${DURATION} s per case\n`);
    const results: Measured[] = [];
    for (const c of cases) {
      const same = c.sameBytes ? await measure({ ...c, group: "reference", name: "  bare, same bytes", origin: replay.origin }) : undefined;
      results.push({ ...(await measure(c)), sameBytesRps: same?.reqPerSec });
    }
    bare.stop();
    bareLarge.stop();
    replay.stop();

    const bareRps = results.find((r) => r.group === "reference" && r.origin === bare.origin)!.reqPerSec;
    const referenceRps = (m: Measured) => (m.reference ? results.find((r) => r.group === "reference" && r.origin === m.reference)!.reqPerSec : bareRps);
    const staticRps = results.find((r) => r.group === "static")!.reqPerSec;
    const header = [
      "case",
      "path",
      "req/s",
      "p50 ms",
      "p99 ms",
      "errors",
      "non-2xx",
      "bare same bytes req/s",
      "x reference",
      "x static",
      "sent as",
      "target",
      "result",
    ];
    const rows = results.map((m) => [
      m.name,
      m.group === "reference" ? "(bare server)" : m.path,
      fmt(m.reqPerSec, 0),
      fmt(m.p50, 1),
      fmt(m.p99, 1),
      String(m.errors),
      String(m.non2xx),
      m.sameBytesRps === undefined ? "" : fmt(m.sameBytesRps, 0),
      fmt(ratio(m.reqPerSec, m.sameBytesRps ?? referenceRps(m)), 3),
      fmt(ratio(m.reqPerSec, staticRps), 2),
      `${m.probe.status} ${m.probe.encoding} ${fmt(m.probe.bytes / 1024, 1)} KB`,
      TARGETS[m.group],
      mark(verdict(m, referenceRps(m), staticRps)),
    ]);
    console.log(`\n${textTable(header, rows)}`);

    console.log(`\nSigned in as the admin: ${SIGNED_IN_RUNS} requests per page, one at a time ...`);
    const signedIn = await signedInRenders(server);
    const signedHeader = ["signed-in page", "status", "server app ms (median)", "server db ms (median)", "client ms (median)", "target", "result"];
    const signedRows = signedIn.map((s) => [
      s.page,
      String(s.status),
      s.fromHeader ? fmt(s.app, 1) : "no Server-Timing",
      s.fromHeader ? fmt(s.db, 1) : "—",
      fmt(s.client, 1),
      `<= ${s.target} ms`,
      mark(s.status === 200 && (s.fromHeader ? s.app : s.client) <= s.target),
    ]);
    console.log(`\n${textTable(signedHeader, signedRows)}`);
    const noHeader = signedIn.some((s) => !s.fromHeader);
    if (noHeader) console.log("The server sent no Server-Timing `app` duration: the verdict uses the client-side latency.");

    await server.stop();
    servers.length = 0;

    const rss: Rss[] = [];
    const rssHeader = ["database", "RSS idle MB", `RSS after ${RSS_DURATION} s MB`, "peak RSS MB", "req/s during", "errors + non-2xx", "target", "result"];
    const rssRows = () =>
      rss.map((r) => [r.database, fmt(r.idleMb, 0), fmt(r.loadedMb, 0), fmt(r.peakMb, 0), fmt(r.reqPerSec, 0), String(r.errors), r.target, mark(r.ok)]);
    if (RSS && process.platform === "linux") {
      console.log("\nMemory under load (a server restarted on seeded data, per database) ...");
      const kinds: ("pglite" | "postgres")[] = DATABASE_URL ? ["postgres", "pglite"] : ["pglite"];
      for (const k of kinds) {
        let db = database;
        if (k !== database.kind) {
          db = await freshDatabase(k, DATABASE_URL);
          databases.push(db);
          // Every memory figure is of a restart on seeded data: the seeding itself is not counted.
          await (await startServer(db, await pickPort(0))).stop();
        }
        rss.push(await rssUnderLoad(db, await pickPort(0), cases));
      }
      console.log(`\n${textTable(rssHeader, rssRows())}`);
      if (!DATABASE_URL) console.log("PostgreSQL not measured: set BENCH_DATABASE_URL to include it.");
    }

    if (!envFlag("BENCH_WRITE", true)) return;
    const md: string[] = [
      `Measured ${describeMachine(info)}.`,
      "",
      `Database: ${database.label} (fresh, demo content). ${CONNECTIONS} connections, ${WARMUP} s warm-up and ${DURATION} s of load per case; ` +
        "load generator (autocannon) on the same machine. Pages are asked for as an anonymous browser (`Accept-Encoding: gzip, deflate, br, zstd`), " +
        'the hashed asset with `Accept-Encoding: br, gzip`. "sent as" is the status, encoding and size of one response before the load.',
      "",
      markdownTable(header, rows),
      "",
      `Signed in as the seeded admin, ${SIGNED_IN_RUNS} sequential requests per page after 5 warm-up requests each` +
        (noHeader ? "; the server sent no `Server-Timing` header, so the verdict uses the median client-side latency instead:" : ":"),
      "",
      markdownTable(signedHeader, signedRows),
    ];
    if (rss.length) {
      md.push(
        "",
        `Server memory (VmRSS from /proc) of a server restarted on seeded data, idle and after ${RSS_DURATION} s of mixed anonymous load over all the URLs above` +
          (DATABASE_URL ? ":" : " (PostgreSQL not measured in this run: it needs `BENCH_DATABASE_URL`):"),
        "",
        markdownTable(rssHeader, rssRows()),
      );
    }
    writeDocSection(SECTION, md.join("\n"));
  } finally {
    await cleanup();
  }
}

runBench(main);
