/**
 * npm run bench:lighthouse — Lighthouse (mobile) on the public pages of the production build.
 *
 * Builds the production bundle when build/ is missing, starts `node server.js` (NODE_ENV=production) on a fresh
 * database and runs Lighthouse's default mobile configuration (phone emulation, simulated slow 4G, 4x CPU
 * slowdown) with Debian's Chromium against home, the press list, a press detail page and /auth, in English and in Arabic. Lighthouse is not
 * a dependency of the project: the script runs a pinned version through `npx -y` (downloaded on first use).
 * It prints the four category scores and LCP per page against the targets, lists the audits that failed, writes
 * the results into docs/performance.md between the `bench:lighthouse` markers, and exits 1 when the server does
 * not start or Lighthouse cannot run. Missed targets are reported, not turned into an exit code.
 *
 * Knobs (environment variables):
 *   BENCH_LIGHTHOUSE_RUNS=1  runs per page; the run with the median performance score is reported
 *   BENCH_LIGHTHOUSE_KEEP=1  keep the JSON reports under tmp/ (printed at the end)
 *   BENCH_CHROME=/usr/bin/chromium  the browser Lighthouse drives
 *   BENCH_DATABASE_URL=      run on a fresh PostgreSQL database created on that server instead of PGlite
 *   BENCH_BUILD=1            rebuild even when build/ exists
 *   BENCH_PORT=              the server's port; unset: a free port
 *   BENCH_WRITE=1            0 prints the results without touching docs/performance.md
 *   BENCH_LIGHTHOUSE_THROTTLING=simulate  `devtools` throttles the connection and the CPU for real while the page
 *                            loads (Lighthouse's `--throttling-method=devtools`) instead of estimating the slow
 *                            load from an unthrottled one; written to its own section (`bench:lighthouse-devtools`)
 */
import { spawn } from "node:child_process";
import { localizePath } from "../shared/i18n/locales";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import {
  BenchError,
  ROOT,
  closeConnections,
  describeMachine,
  ensureBuild,
  envFlag,
  envNumber,
  firstId,
  freshDatabase,
  machine,
  markdownTable,
  onInterrupt,
  pickPort,
  request,
  startServer,
  textTable,
  writeDocSection,
  type BenchDatabase,
  type RunningServer,
  runBench,
} from "./bench-common";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

/** Lighthouse 12 runs on Node 20 and 24 (13 needs Node 22.19 or later). */
const LIGHTHOUSE_VERSION = "12.8.2";
const CHROME = CHROMIUM_PATH;
const CHROME_FLAGS = ["--headless", ...CHROMIUM_ARGS];
const THROTTLING = process.env.BENCH_LIGHTHOUSE_THROTTLING === "devtools" ? "devtools" : "simulate";
const THROTTLING_TEXT =
  THROTTLING === "devtools"
    ? "applied throttling (`--throttling-method=devtools`: the connection and the CPU slowed down for real while the page loads)"
    : "simulated slow 4G and 4x CPU slowdown";
const RUNS = Math.max(1, Math.round(envNumber("BENCH_LIGHTHOUSE_RUNS", 1)));
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
const KEEP_REPORTS = envFlag("BENCH_LIGHTHOUSE_KEEP", false);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

type Audit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; items?: unknown[] };
};
type LighthouseResult = {
  lighthouseVersion: string;
  runWarnings: string[];
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
};

type PageResult = {
  name: string;
  path: string;
  scores: Record<Category, number>;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
  /** Failed audits of the accessibility, best practices and SEO categories, with what they name. */
  failed: { category: Category; title: string; detail: string }[];
  /** Performance audits that Lighthouse flags (score below 0.9), with their estimated savings. */
  hints: string[];
  warnings: string[];
};

/**
 * Runs Lighthouse once; returns the parsed report. A run that fails to record its trace (Lighthouse's own
 * NO_NAVSTART and similar, seen now and then with headless Chromium) is tried once more before the bench gives up.
 */
async function lighthouse(url: string, outFile: string): Promise<LighthouseResult> {
  try {
    return await lighthouseOnce(url, outFile);
  } catch (err) {
    if (!(err instanceof BenchError)) throw err;
    console.log(`  (Lighthouse failed on ${url}; trying once more)`);
    return lighthouseOnce(url, outFile);
  }
}

async function lighthouseOnce(url: string, outFile: string): Promise<LighthouseResult> {
  const args = [
    "-y",
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    url,
    "--output=json",
    `--output-path=${outFile}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=${CHROME_FLAGS.join(" ")}`,
    `--throttling-method=${THROTTLING}`,
    "--quiet",
  ];
  const child = spawn("npx", args, { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new BenchError(`Lighthouse failed on ${url} (exit ${code}):\n${stderr.trim().split("\n").slice(-15).join("\n")}`);
  return JSON.parse(readFileSync(outFile, "utf8")) as LighthouseResult;
}

const nodeLabel = (item: unknown): string => {
  const node = (item as { node?: { snippet?: string; selector?: string; nodeLabel?: string } } | undefined)?.node;
  return node ? `${node.snippet ?? node.selector ?? ""}`.replace(/\s+/g, " ").slice(0, 160) : "";
};

/** What a failed audit points at: the first few elements or URLs in its details. */
function auditTargets(audit: Audit): string {
  const items = audit.details?.items ?? [];
  const names = items
    .slice(0, 3)
    .map(
      (item) =>
        nodeLabel(item) || String((item as { url?: string; source?: { url?: string } }).url ?? (item as { source?: { url?: string } }).source?.url ?? ""),
    )
    .filter(Boolean);
  const more = items.length > 3 ? ` (+${items.length - 3} more)` : "";
  return names.length ? `${names.join("; ")}${more}` : (audit.displayValue ?? "");
}

/** The LCP element and its phases (time to first byte, load delay, load time, render delay). */
function lcpDescription(audits: Record<string, Audit>): string {
  const items = audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const tables = items as { items?: { phase?: string; timing?: number; node?: unknown }[] }[];
  const element = tables[0]?.items?.[0] ? nodeLabel(tables[0].items[0]) : "";
  const phases = (tables[1]?.items ?? []).filter((p) => p.phase).map((p) => `${p.phase} ${Math.round(p.timing ?? 0)} ms`);
  return [element, phases.join(", ")].filter(Boolean).join(" — ");
}

function summarize(name: string, pagePath: string, report: LighthouseResult): PageResult {
  const { audits, categories } = report;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
  const counted = new Set(["binary", "numeric", "metricSavings"]);
  const failed: PageResult["failed"] = [];
  for (const category of ["accessibility", "best-practices", "seo"] as const) {
    for (const ref of categories[category]?.auditRefs ?? []) {
      const audit = audits[ref.id];
      if (!audit || ref.weight === 0 || !counted.has(audit.scoreDisplayMode) || audit.score === null || audit.score >= 1) continue;
      failed.push({ category, title: audit.title, detail: auditTargets(audit) });
    }
  }
  const metrics = new Set([
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
    "interactive",
  ]);
  const hints = (categories.performance?.auditRefs ?? [])
    .map((ref) => audits[ref.id])
    .filter(
      (a): a is Audit =>
        Boolean(a) && !metrics.has(a.id) && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable",
    )
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  return {
    name,
    path: pagePath,
    scores,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    fcpMs: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    lcpElement: lcpDescription(audits),
    failed,
    hints,
    warnings: report.runWarnings ?? [],
  };
}

const passes = (r: PageResult) =>
  r.scores.performance >= 95 && r.scores.accessibility === 100 && r.scores["best-practices"] === 100 && r.scores.seo === 100 && r.lcpMs <= 2000;

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "—");

async function main() {
  ensureBuild();
  const info = machine();
  const databases: BenchDatabase[] = [];
  const servers: RunningServer[] = [];
  const outDir = path.join(ROOT, "tmp", `lighthouse-${Date.now().toString(36)}`);
  const cleanup = async () => {
    for (const s of servers) await s.stop().catch(() => {});
    for (const d of databases) await d.drop().catch((err) => console.error(`Could not drop a bench database: ${err}`));
    if (KEEP_REPORTS) console.log(`\nLighthouse reports (JSON): ${path.relative(ROOT, outDir)}/`);
    else rmSync(outDir, { recursive: true, force: true });
    closeConnections();
  };
  onInterrupt(cleanup);
  try {
    const database = await freshDatabase(DATABASE_URL ? "postgres" : "pglite", DATABASE_URL);
    databases.push(database);
    console.log(`Starting the production server on a fresh ${database.label} database ...`);
    const server = await startServer(database, await pickPort(0));
    servers.push(server);
    mkdirSync(outDir, { recursive: true });

    const pressId = await firstId(server.origin, "/api/press-releases?limit=1");
    const english = [
      ["home", "/"],
      ["press list", "/press-releases"],
      ["press detail", `/press-releases/${pressId}`],
      ["sign in", "/auth"],
    ] as const;
    // The same four pages in Arabic (their own fonts, catalogs and right-to-left layout).
    const all = [...english, ...english.map(([name, p]) => [`${name} (Arabic)`, localizePath(p, "ar")] as const)];
    // BENCH_LIGHTHOUSE_PAGES=home,home (Arabic) measures only the pages named.
    const only = (process.env.BENCH_LIGHTHOUSE_PAGES ?? "")
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    const pages = only.length ? all.filter(([name]) => only.includes(name)) : all;

    // A just-started server renders its first pages slowly (cold code and database): warm every page first.
    for (const [, pagePath] of pages) {
      for (let i = 0; i < 5; i++) await request(`${server.origin}${pagePath}`, { headers: { Accept: "text/html", "Accept-Encoding": "br, gzip" } });
    }
    console.log(`Lighthouse ${LIGHTHOUSE_VERSION} (npx), mobile, ${THROTTLING} throttling, ${CHROME}; ${RUNS} run(s) per page\n`);
    const results: PageResult[] = [];
    let version = LIGHTHOUSE_VERSION;
    for (const [name, pagePath] of pages) {
      const runs: PageResult[] = [];
      for (let i = 0; i < RUNS; i++) {
        const report = await lighthouse(`${server.origin}${pagePath}`, path.join(outDir, `${name.replace(/\W+/g, "-")}-${i}.json`));
        version = report.lighthouseVersion;
        runs.push(summarize(name, pagePath, report));
      }
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const r = runs[Math.floor(runs.length / 2)];
      results.push(r);
      console.log(
        `  ${name.padEnd(13)} performance ${r.scores.performance}  accessibility ${r.scores.accessibility}  best practices ${r.scores["best-practices"]}  SEO ${r.scores.seo}  LCP ${seconds(r.lcpMs)}`,
      );
    }

    const header = ["page", "path", "performance", "accessibility", "best practices", "SEO", "LCP", "FCP", "TBT ms", "CLS", "result"];
    const rows = results.map((r) => [
      r.name,
      r.path,
      String(r.scores.performance),
      String(r.scores.accessibility),
      String(r.scores["best-practices"]),
      String(r.scores.seo),
      seconds(r.lcpMs),
      seconds(r.fcpMs),
      String(Math.round(r.tbtMs)),
      r.cls.toFixed(3),
      passes(r) ? "pass" : "FAIL",
    ]);
    console.log(`\n${textTable(header, rows)}\nTargets: performance >= 95; accessibility, best practices, SEO 100; LCP <= 2.0 s.`);

    const findings: string[] = [];
    for (const r of results) {
      const lines = [
        ...r.failed.map((f) => `  - ${f.category}: ${f.title}${f.detail ? ` — \`${f.detail.replace(/`/g, "'")}\`` : ""}`),
        ...(r.lcpElement ? [`  - LCP element: \`${r.lcpElement.replace(/`/g, "'")}\``] : []),
        ...r.hints.map((h) => `  - performance: ${h}`),
        ...r.warnings.map((w) => `  - Lighthouse warning: ${w}`),
      ];
      findings.push(`- **${r.name}** (\`${r.path}\`)${lines.length ? "" : ": nothing flagged"}`, ...lines);
    }
    console.log(`\n${findings.join("\n")}`);

    if (!envFlag("BENCH_WRITE", true)) return;
    writeDocSection(
      THROTTLING === "devtools" ? "lighthouse-devtools" : "lighthouse",
      [
        `Measured ${describeMachine(info)}.`,
        "",
        `Lighthouse ${version} run through \`npx -y lighthouse@${LIGHTHOUSE_VERSION}\` (not a dependency of the project), default mobile configuration ` +
          `(phone emulation, ${THROTTLING_TEXT}), Debian Chromium (\`${CHROME}\`, flags \`${CHROME_FLAGS.join(" ")}\`), ` +
          `production build on a fresh ${database.label} database with the demo content; ${RUNS} run(s) per page, the median by performance reported.`,
        "",
        markdownTable(header, rows),
        "",
        "What Lighthouse flagged (failed accessibility, best-practices and SEO audits; the LCP element with its phases; performance audits scoring below 0.9):",
        "",
        ...findings,
      ].join("\n"),
    );
  } finally {
    await cleanup();
  }
}

runBench(main);
