#!/usr/bin/env node
// Fails when a file in the repository defines tests that no runner picks up, so a test put in the wrong place or
// given the wrong name cannot silently never run. A file defines tests when it is named *.test.* / *.spec.* or
// calls describe(), it() or test() at the start of a line. It is picked up when it is one of the files that
// `vitest list` finds with vitest.config.ts or vitest.scale.config.ts, or one Playwright runs (tests/e2e).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SOURCE = /\.[cm]?[jt]sx?$/;
const TEST_NAME = /\.(test|spec)\.[cm]?[jt]sx?$/;
const DEFINES_TESTS =
  /^\s*(describe|it|test)(\.(only|skip|todo|each|concurrent|sequential|fails|runIf|skipIf|describe|serial|parallel|fixme|fail|slow))*\s*\(/m;
/** Playwright's own rule (playwright.config.ts: testDir tests/e2e, its default testMatch). */
const PLAYWRIGHT = (/** @type {string} */ file) => file.startsWith("tests/e2e/") && TEST_NAME.test(file);

/**
 * The files that look like tests but that no runner picks up.
 * @param {string[]} files every file of the repository, relative to its root
 * @param {Set<string>} claimed the files a runner picks up, relative to the root
 * @param {(file: string) => string} read a file's text
 */
export function unclaimedTestFiles(files, claimed, read) {
  return files
    .filter((file) => SOURCE.test(file) && !file.includes("node_modules/"))
    .filter((file) => !claimed.has(file) && !PLAYWRIGHT(file))
    .filter((file) => TEST_NAME.test(file) || DEFINES_TESTS.test(read(file)))
    .sort();
}

/** The files `vitest list` finds with `config`, relative to `root`. */
function vitestFiles(root, config) {
  const out = execFileSync("npx", ["vitest", "list", "--filesOnly", "--json", "--config", config], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return /** @type {{ file: string }[]} */ (JSON.parse(out)).map((entry) => path.relative(root, entry.file));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = path.resolve(import.meta.dirname, "..");
  // Tracked files and new ones not yet added (what .gitignore leaves out is build output and scratch).
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" })
    .split("\n")
    .filter((file) => file && existsSync(path.join(root, file)));
  const claimed = new Set([...vitestFiles(root, "vitest.config.ts"), ...vitestFiles(root, "vitest.scale.config.ts")]);
  const missed = unclaimedTestFiles(files, claimed, (file) => readFileSync(path.join(root, file), "utf8"));
  if (missed.length) {
    console.error("These files define tests that no runner picks up:");
    for (const file of missed) console.error(`  ${file}`);
    console.error(
      "Name a test file <name>.test.ts (or .tsx) and put it next to its source or in tests/integration, tests/fault; " +
        "end-to-end specs go in tests/e2e, the scale-out test in tests/scale (tests/README.md).",
    );
    process.exit(1);
  }
  console.log(`${claimed.size} vitest files and the Playwright specs in tests/e2e: every test file is picked up.`);
}
