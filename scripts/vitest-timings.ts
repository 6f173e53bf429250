/**
 * A vitest reporter that writes how long each test file and each test took to the JSON file named by
 * VITEST_TIMINGS_FILE (nothing without it), for scripts/slowest-tests.mjs. Vitest's own JSON report times a file
 * from its first test to its last, leaving out the import and the beforeAll hooks (a fresh database, Vite's first
 * compile), which are most of an integration file's time; this one counts them.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export type Timings = {
  files: { file: string; ms: number; tests: number; state: string }[];
  tests: { file: string; name: string; ms: number; state: string }[];
};

export default class TimingsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const out = process.env.VITEST_TIMINGS_FILE;
    if (!out) return;
    const timings: Timings = { files: [], tests: [] };
    for (const module of modules) {
      const file = path.relative(process.cwd(), module.moduleId);
      const diagnostic = module.diagnostic();
      let count = 0;
      for (const test of module.children.allTests()) {
        count++;
        timings.tests.push({ file, name: test.fullName, ms: Math.round(test.diagnostic()?.duration ?? 0), state: test.result().state });
      }
      timings.files.push({ file, ms: Math.round(diagnostic.collectDuration + diagnostic.duration), tests: count, state: module.state() });
    }
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(timings, null, 1));
  }
}
