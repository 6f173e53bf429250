/**
 * npm run bench:search — press search with 10,000 releases, on PGlite and on PostgreSQL.
 *
 * Seeds the same 10,000 releases (scripts/bench-seed.ts) into a fresh in-memory PGlite and into a fresh
 * PostgreSQL database (created on the server behind BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, and dropped afterwards), then times the service calls behind
 * /press-releases?q=... and the press part of /api/search. Prints p50/p99 per search and database and writes
 * the table into docs/performance.md between the bench:search markers, beside the figures measured before
 * the search was made faster (scripts/bench-search-before.json).
 *
 *   npm run bench:search                        # 10,000 releases, 100 runs per search
 *   BENCH_RELEASES=500 BENCH_RUNS=5 npm run bench:search -- --no-docs   # a quick smoke run
 *   npm run bench:search -- --json=out.json     # also write the raw figures
 *   npm run bench:search -- --pglite-only       # skip PostgreSQL
 *   npm run bench:search -- --label="commit abc123"   # names the code measured, in the JSON and the table
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { openBenchDatabase, seedPressReleases, type BenchDatabase } from "./bench-seed";

const RELEASES = Number(process.env.BENCH_RELEASES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = 5;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DOC = path.join(root, "docs/performance.md");
const BEFORE = path.join(root, "scripts/bench-search-before.json");
const START = "<!-- bench:search:start -->";
const END = "<!-- bench:search:end -->";

/** The press list shows 10 cards at first; the site search 8 per kind. */
const LIST_PAGE = 10;
const SITE_SECTION = 8;

type Case = { name: string; q: string; company?: string; offset?: number; limit: number };
const CASES: Case[] = [
  { name: "common word: payments", q: "payments", limit: LIST_PAGE },
  { name: "rare word: hydrogen", q: "hydrogen", limit: LIST_PAGE },
  { name: "two words: solar cairo", q: "solar cairo", limit: LIST_PAGE },
  { name: "prefix while typing: ener", q: "ener", limit: LIST_PAGE },
  { name: "sector label: energy", q: "energy", limit: LIST_PAGE },
  { name: "sector label + common word: logistics", q: "logistics", limit: LIST_PAGE },
  { name: "category label: acquisition", q: "acquisition", limit: LIST_PAGE },
  { name: "company name: bravopay", q: "bravopay", limit: LIST_PAGE },
  { name: "no match: zzzzzz", q: "zzzzzz", limit: LIST_PAGE },
  { name: "page 2 of: payments", q: "payments", offset: LIST_PAGE, limit: LIST_PAGE },
  { name: "company tab Motorly + lending", q: "lending", company: "Motorly", limit: LIST_PAGE },
  { name: "/api/search press part: payments", q: "payments", limit: SITE_SECTION },
  { name: "/api/search press part: ener", q: "ener", limit: SITE_SECTION },
];

type Figures = { p50: number; p99: number; total: number; ids: string };
type Run = { kind: "pglite" | "postgres"; results: Record<string, Figures> };
type Report = { code?: string; date: string; machine: string; load: string; releases: number; runs: number; runsBy: Run[] };

async function measure(bench: BenchDatabase): Promise<Run> {
  const { press } = bench.services;
  const results: Record<string, Figures> = {};
  const width = Math.max(...CASES.map((c) => c.name.length)) + 2;
  console.log(`\n${bench.database.kind}: ${RELEASES.toLocaleString("en-US")} releases, ${RUNS} runs each`);
  console.log(`${"search".padEnd(width)} ${"matches".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}`);
  for (const c of CASES) {
    const call = () => press.search({ q: c.q, company: c.company, offset: c.offset, limit: c.limit });
    const first = await call();
    for (let i = 1; i < WARMUP; i++) await call();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await call();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)];
    // A fingerprint of the page's ids, so a run on other code shows whether the results changed.
    const ids = createHash("sha1")
      .update(first.items.map((i) => i.id).join(","))
      .digest("hex")
      .slice(0, 10);
    results[c.name] = { p50: at(0.5), p99: at(0.99), total: first.total, ids };
    console.log(`${c.name.padEnd(width)} ${String(first.total).padStart(8)} ${at(0.5).toFixed(2).padStart(8)} ${at(0.99).toFixed(2).padStart(8)}`);
  }
  return { kind: bench.database.kind, results };
}

async function run(kind: Run["kind"]): Promise<Run | null> {
  let bench: BenchDatabase;
  try {
    bench = await openBenchDatabase(kind === "postgres" ? POSTGRES_URL : undefined);
  } catch (err) {
    console.error(`\nPostgreSQL at ${new URL(POSTGRES_URL).host} is not available (${(err as Error).message}); measured PGlite only.`);
    return null;
  }
  try {
    const t = performance.now();
    await seedPressReleases(bench, RELEASES);
    console.log(`\n${kind}: seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return await measure(bench);
  } finally {
    await bench.close();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const DB_NAMES = { pglite: "PGlite", postgres: "PostgreSQL" } as const;
const ms = (n: number | undefined) => (n === undefined ? "–" : n < 10 ? n.toFixed(1) : n.toFixed(0));

function table(after: Report, before: Report | null): string {
  const kinds = after.runsBy.map((r) => r.kind);
  const head = ["Search (10 cards unless noted)", "Matches", ...kinds.flatMap((k) => [`${DB_NAMES[k]} p50`, `${DB_NAMES[k]} p99`])];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map((_, i) => (i < 1 ? "---" : "---:")).join("|")}|`];
  for (const c of CASES) {
    const cells = [c.name, after.runsBy[0].results[c.name]?.total.toLocaleString("en-US") ?? "–"];
    for (const r of after.runsBy) {
      const now = r.results[c.name];
      const was = before?.runsBy.find((b) => b.kind === r.kind)?.results[c.name];
      const pair = (key: "p50" | "p99") => (was ? `${ms(was[key])} → **${ms(now?.[key])}**` : `**${ms(now?.[key])}**`);
      cells.push(pair("p50"), pair("p99"));
    }
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

function section(after: Report, before: Report | null): string {
  const changed = before
    ? CASES.filter((c) =>
        after.runsBy.some((r) => {
          const was = before.runsBy.find((b) => b.kind === r.kind)?.results[c.name];
          const now = r.results[c.name];
          return was && now && (was.total !== now.total || was.ids !== now.ids);
        }),
      ).map((c) => c.name)
    : [];
  return [
    START,
    "## Press search (`npm run bench:search`)",
    "",
    `The service call behind \`/press-releases?q=…\` (and the press part of \`/api/search\`, 8 cards) over ${after.releases.toLocaleString("en-US")} releases,` +
      ` ${after.runs} timed runs per search after ${WARMUP} warm-up runs, on a fresh in-memory PGlite and a fresh PostgreSQL database. Milliseconds.`,
    "",
    table(after, before),
    "",
    before ? `Before (${[before.code, before.date].filter(Boolean).join(", ")}): ${before.machine}; load average ${before.load}.` : "",
    `${before ? "After" : "Measured"} (${[after.code, after.date].filter(Boolean).join(", ")}): ${after.machine}; load average ${after.load}.`,
    before
      ? changed.length
        ? `**Results differ from before** for: ${changed.join(", ")}.`
        : "Every search returned the same total and the same page of ids before and after."
      : "",
    END,
  ]
    .filter((l, i, all) => l !== "" || all[i - 1] !== "")
    .join("\n");
}

function writeDoc(text: string) {
  if (!existsSync(DOC)) {
    writeFileSync(DOC, `# Performance\n\n${text}\n`);
    return;
  }
  const doc = readFileSync(DOC, "utf8");
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  writeFileSync(DOC, a >= 0 && b > a ? doc.slice(0, a) + text + doc.slice(b + END.length) : `${doc.trimEnd()}\n\n${text}\n`);
}

async function main() {
  const load = loadAverage();
  const runsBy: Run[] = [];
  for (const kind of ["pglite", "postgres"] as const) {
    if (kind === "postgres" && flag("pglite-only")) continue;
    const r = await run(kind);
    if (r) runsBy.push(r);
  }
  const cpu = os.cpus();
  const report: Report = {
    ...(option("label") ? { code: option("label") } : {}),
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpu.length} × ${cpu[0]?.model.trim() ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()} ${os.release()}`,
    load: `${load} at the start, ${loadAverage()} at the end`,
    releases: RELEASES,
    runs: RUNS,
    runsBy,
  };
  console.log(`\nload average: ${report.load}`);
  const json = option("json");
  if (json) writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  if (!flag("no-docs")) {
    const before = existsSync(BEFORE) ? (JSON.parse(readFileSync(BEFORE, "utf8")) as Report) : null;
    writeDoc(section(report, before));
    console.log(`wrote ${path.relative(process.cwd(), DOC)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
