#!/usr/bin/env node
// Prints the vitest files that open a database, one per line: the integration tests (tests/integration), and the
// tests elsewhere that open one themselves. scripts/test.sh runs these, and only these, a second time on PostgreSQL:
// a test that never opens a database runs the same code whatever the engine. The fault tests (tests/fault) start
// their own servers and PostgreSQL clusters and run once; the end-to-end and scale-out tests have runners of their own.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

/** What a test file that opens a database contains: the test context, a database of its own, or the engine's URL. */
const OPENS_A_DATABASE = /\b(createTestContext|contextWithMailbox|openDatabase|migratedPostgres|freshPostgres|TEST_DATABASE_URL)\b/;
const VITEST_FILE = /\.test\.tsx?$/;
const OTHER_RUNS = ["tests/e2e/", "tests/scale/", "tests/fault/"];

/** Of `files` (paths from the repository's root), those to run on PostgreSQL; `read` gives a file's text. */
export function databaseTestFiles(files, read) {
  return files
    .filter((f) => VITEST_FILE.test(f) && !OTHER_RUNS.some((dir) => f.startsWith(dir)))
    .filter((f) => f.startsWith("tests/integration/") || OPENS_A_DATABASE.test(read(f)))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" }).split("\n");
  console.log(databaseTestFiles(files, (f) => readFileSync(f, "utf8")).join("\n"));
}
