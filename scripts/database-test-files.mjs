#!/usr/bin/env node
// Which vitest files each database pass of scripts/test.sh runs (decision 087).
// - With no argument: the files that open a database, one per line: the integration tests (tests/integration), and
//   the tests elsewhere that open one themselves. With PostgreSQL available, these run on it (Node 24).
// - With --pglite-beside-postgres: what the PGlite pass runs when PostgreSQL runs those: every file that opens no
//   database (unit and fault tests: the same code whatever the engine), and the database files whose code or
//   assertions differ by engine, each marked with a line `// On both engines: <why>`. Without PostgreSQL the PGlite
//   pass runs every file. The end-to-end and scale-out tests have runners of their own.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

/** What a test file that opens a database contains: the test context, a database of its own, or the engine's URL. */
const OPENS_A_DATABASE = /\b(createTestContext|contextWithMailbox|openDatabase|migratedPostgres|freshPostgres|TEST_DATABASE_URL)\b/;
const VITEST_FILE = /\.test\.tsx?$/;
const OTHER_RUNS = ["tests/e2e/", "tests/scale/", "tests/fault/"];
/** The line that keeps a database test in the PGlite pass too: the engine changes what it tests. */
const BOTH_ENGINES = /^\/\/ On both engines: \S/m;
const NOT_VITEST = ["tests/e2e/", "tests/scale/", "node_modules/", "build/", "tmp/"];

/** Of `files` (paths from the repository's root), those to run on PostgreSQL; `read` gives a file's text. */
export function databaseTestFiles(files, read) {
  return files
    .filter((f) => VITEST_FILE.test(f) && !OTHER_RUNS.some((dir) => f.startsWith(dir)))
    .filter((f) => f.startsWith("tests/integration/") || OPENS_A_DATABASE.test(read(f)))
    .sort();
}

/** Of `files`, those the PGlite pass runs when the database files run on PostgreSQL. */
export function pgliteTestFiles(files, read) {
  const onPostgres = new Set(databaseTestFiles(files, read));
  return files
    .filter((f) => VITEST_FILE.test(f) && !NOT_VITEST.some((dir) => f.startsWith(dir)))
    .filter((f) => !onPostgres.has(f) || BOTH_ENGINES.test(read(f)))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" }).split("\n").filter(Boolean);
  const read = (f) => readFileSync(f, "utf8");
  const chosen = process.argv.includes("--pglite-beside-postgres") ? pgliteTestFiles(files, read) : databaseTestFiles(files, read);
  console.log(chosen.join("\n"));
}
