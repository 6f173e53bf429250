/** The list of a run's slowest test files and tests that the test script prints at its end. */
import { describe, expect, it } from "vitest";
import { slowestReport } from "./slowest-tests.mjs";

const pglite = {
  run: "pglite",
  files: [
    { file: "tests/integration/auth.test.ts", ms: 41_260, tests: 30, state: "passed" },
    { file: "shared/rules.test.ts", ms: 700, tests: 9, state: "passed" },
    { file: "tests/integration/page-cache.test.ts", ms: 95_040, tests: 12, state: "failed" },
  ],
  tests: [
    { file: "tests/integration/auth.test.ts", name: "[auth] sessions > logout", ms: 1_200, state: "passed" },
    { file: "tests/integration/page-cache.test.ts", name: "[cache] a write drops the page", ms: 8_460, state: "failed" },
  ],
};
const postgres = {
  run: "postgres",
  files: [{ file: "tests/integration/auth.test.ts", ms: 52_000, tests: 30, state: "passed" }],
  tests: [{ file: "tests/integration/auth.test.ts", name: "[auth] sessions > logout", ms: 2_060, state: "passed" }],
};

describe("[tests] the slowest files and tests of a run", () => {
  it("lists the slowest files first with their time in seconds, then the slowest tests", () => {
    expect(slowestReport([pglite], 2)).toEqual([
      "The 2 slowest test files (of 3, 137.0 s in all; import and hooks included):",
      "  95.0 s  tests/integration/page-cache.test.ts (12 tests)",
      "  41.3 s  tests/integration/auth.test.ts (30 tests)",
      "The 2 slowest tests:",
      "   8.5 s  tests/integration/page-cache.test.ts > [cache] a write drops the page",
      "   1.2 s  tests/integration/auth.test.ts > [auth] sessions > logout",
    ]);
  });

  it("ranks several runs together and names the run of each line", () => {
    expect(slowestReport([pglite, postgres], 2)).toEqual([
      "The 2 slowest test files (of 4, 189.0 s in all; import and hooks included):",
      "  95.0 s  [pglite] tests/integration/page-cache.test.ts (12 tests)",
      "  52.0 s  [postgres] tests/integration/auth.test.ts (30 tests)",
      "The 2 slowest tests:",
      "   8.5 s  [pglite] tests/integration/page-cache.test.ts > [cache] a write drops the page",
      "   2.1 s  [postgres] tests/integration/auth.test.ts > [auth] sessions > logout",
    ]);
  });
});
