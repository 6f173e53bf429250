/**
 * npm run bench:worker-lanes — how long an admin's save waits for a worker thread while investors download stamped
 * copies of a large PDF. The save's worker part is what a press release PUT with long content does: its HTML cleaned
 * in a worker thread (server/lib/sanitize.ts). The downloads are BENCH_STAMPS stamped copies of a BENCH_PAGES-page PDF
 * (server/lib/pdf-stamp.ts), all asked for at once. Runs the library in this process, as the server does (no HTTP, no
 * database): what it measures is the wait for and the work in the worker threads.
 *
 * For each of BENCH_ROUNDS rounds: the copies are asked for, and once the first is being stamped one save is made and
 * timed; then the round waits for every copy. Idle saves (no downloads) are timed for comparison. A save over 15 s
 * would have been answered 503 by the request deadline (REQUEST_TIMEOUT's default).
 *
 * The same file runs on older code (it only uses functions the old pool had), which is how the 'before' figures were
 * taken: BENCH_JSON=1 prints the results as JSON; BENCH_BEFORE=<file> adds such a file's figures to the table.
 *
 * Knobs: BENCH_ROUNDS=3, BENCH_STAMPS=16, BENCH_PAGES=300, BENCH_WRITE=1 (0: print only), BENCH_LABEL.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { makePdf } from "../tests/helpers/pdf";
import { closePdfTools } from "../server/lib/pdf-render";
import { stampedPdf } from "../server/lib/pdf-stamp";
import { sanitizeContentOffThread } from "../server/lib/sanitize";
import { watermarkLines } from "../server/lib/watermark";
import * as pool from "../server/workers/html-pool";
import { describeMachine, envFlag, envNumber, machine, markdownTable, median, runBench, textTable, writeDocSection } from "./bench-common";

const ROUNDS = Math.max(1, Math.round(envNumber("BENCH_ROUNDS", 3)));
const STAMPS = Math.max(1, Math.round(envNumber("BENCH_STAMPS", 16)));
const PAGES = Math.max(1, Math.round(envNumber("BENCH_PAGES", 300)));
const DEADLINE_MS = 15_000;

type Result = { label: string; idleMs: number[]; loadedMs: number[]; failed: number; stampsMs: number[]; stampFailures: number };

const content = `<p>${"Revenue grew in every quarter of the year, and the board proposes a dividend. ".repeat(500)}</p>`;
const lines = () => watermarkLines({ name: "Investor", email: "investor@example.com", at: new Date(), viewId: "BNCH-0001" });
const busy = () => pool.htmlPoolStats().busy > 0;

async function save(): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  try {
    await sanitizeContentOffThread(content);
    return { ms: performance.now() - started, ok: true };
  } catch {
    return { ms: performance.now() - started, ok: false };
  }
}

async function measure(label: string): Promise<Result> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-lanes-"));
  const file = path.join(dir, "report.pdf");
  writeFileSync(file, await makePdf(PAGES, "Annual report"));
  const lanes = pool as unknown as { warmWorkers?: () => void; workersReady?: () => Promise<unknown> };
  lanes.warmWorkers?.();
  await lanes.workersReady?.();
  // Both kinds of work done once, so neither round pays a thread's start.
  await save();
  await stampedPdf(file, lines());

  const result: Result = { label, idleMs: [], loadedMs: [], failed: 0, stampsMs: [], stampFailures: 0 };
  for (let i = 0; i < 5; i++) result.idleMs.push((await save()).ms);
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const copies = Array.from({ length: STAMPS }, () =>
      stampedPdf(file, lines()).then(
        () => true,
        () => false,
      ),
    );
    while (!busy()) await new Promise((r) => setTimeout(r, 5));
    const saved = await save();
    result.loadedMs.push(saved.ms);
    if (!saved.ok || saved.ms > DEADLINE_MS) result.failed++;
    const done = await Promise.all(copies);
    result.stampFailures += done.filter((ok) => !ok).length;
    result.stampsMs.push(performance.now() - started);
  }
  rmSync(dir, { recursive: true, force: true });
  return result;
}

const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
const row = (r: Result) => [
  r.label,
  s(median(r.idleMs)),
  s(median(r.loadedMs)),
  s(Math.max(...r.loadedMs)),
  `${r.failed} of ${r.loadedMs.length}`,
  s(median(r.stampsMs)),
  String(r.stampFailures),
];

runBench(async () => {
  const label = process.env.BENCH_LABEL ?? "after: two lanes";
  const result = await measure(label);
  await pool.closeHtmlWorkers();
  closePdfTools();
  if (envFlag("BENCH_JSON", false)) {
    console.log(JSON.stringify(result));
    return;
  }
  const rows = [...(process.env.BENCH_BEFORE ? [JSON.parse(readFileSync(process.env.BENCH_BEFORE, "utf8")) as Result] : []), result].map(row);
  const header = ["code", "save, idle", `save, ${STAMPS} copies in flight (median)`, "(worst)", "saves over 15 s", `${STAMPS} copies made in`, "copies failed"];
  console.log(textTable(header, rows));
  if (!envFlag("BENCH_WRITE", true)) return;
  writeDocSection(
    "worker-lanes",
    `## An admin's save while investors download stamped copies (\`npm run bench:worker-lanes\`)

${describeMachine(machine())}

The worker part of an admin's save (${(content.length / 1024).toFixed(0)} KB of press text cleaned in a worker thread) timed
while ${STAMPS} stamped copies of a ${PAGES}-page PDF are being made, ${ROUNDS} rounds (one save per round, made once
the first copy is being stamped), and 5 times with nothing else running. 'Before' is the one shared two-thread pool;
'after' the readers' lane (READER_WORKERS=1) and the editors' lane (HTML_WORKERS=2), decision 078.

${markdownTable(header, rows)}`,
  );
});
