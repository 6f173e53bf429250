#!/usr/bin/env node
// Prints the slowest test files and tests of a run from the timing files scripts/vitest-timings.ts wrote (one per
// vitest run, named after the run: pglite.json, postgres.json, ...), so the suite's hot spots show in the CI log.
// Usage: node scripts/slowest-tests.mjs [--top N] <timings.json>...
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * @typedef {{ file: string; ms: number; tests: number; state: string }} FileTiming
 * @typedef {{ file: string; name: string; ms: number; state: string }} TestTiming
 * @typedef {{ run: string; files: FileTiming[]; tests: TestTiming[] }} Run
 */

const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/**
 * The report's lines: the `top` slowest files and the `top` slowest tests across `runs`.
 * @param {Run[]} runs
 * @param {number} top
 */
export function slowestReport(runs, top = 10) {
  const several = runs.length > 1;
  const where = (/** @type {string} */ run, /** @type {string} */ file) => (several ? `[${run}] ${file}` : file);
  const files = runs.flatMap((r) => r.files.map((f) => ({ ...f, run: r.run }))).sort((a, b) => b.ms - a.ms);
  const tests = runs.flatMap((r) => r.tests.map((t) => ({ ...t, run: r.run }))).sort((a, b) => b.ms - a.ms);
  const total = files.reduce((sum, f) => sum + f.ms, 0);
  return [
    `The ${Math.min(top, files.length)} slowest test files (of ${files.length}, ${seconds(total).trim()} in all; import and hooks included):`,
    ...files.slice(0, top).map((f) => `${seconds(f.ms)}  ${where(f.run, f.file)} (${f.tests} tests)`),
    `The ${Math.min(top, tests.length)} slowest tests:`,
    ...tests.slice(0, top).map((t) => `${seconds(t.ms)}  ${where(t.run, t.file)} > ${t.name}`),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf("--top");
  const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 10;
  // A run that stopped before its reporter wrote (or never started) has no file: the others still count.
  const runs = args.filter((file) => existsSync(file)).map((file) => ({ run: path.basename(file, ".json"), ...JSON.parse(readFileSync(file, "utf8")) }));
  if (runs.length) console.log(slowestReport(runs, top).join("\n"));
}
