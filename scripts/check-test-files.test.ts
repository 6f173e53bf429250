/** The check that no file defining tests is left out of every runner. */
import { describe, expect, it } from "vitest";
import { unclaimedTestFiles } from "./check-test-files.mjs";

const sources: Record<string, string> = {
  "server/lib/money.test.ts": 'it("adds", () => {});',
  "server/lib/money.ts": "export const add = (a: number, b: number) => a + b;",
  "tests/e2e/home.spec.ts": 'test("home", async () => {});',
  "tests/e2e/fixtures.ts": "export const test = base.extend({});",
  "tests/scale/scale-out.test.ts": 'describe("scale", () => {});',
  // Named like a test, but under a folder no runner reads.
  "lib/dates.test.ts": 'it("parses", () => {});',
  // Defines tests under a name no runner matches.
  "server/lib/money-tests.ts": 'describe("money", () => {\n  it("adds", () => {});\n});',
  "tests/integration/contact.ts": 'import { test } from "vitest";\n\ntest.skip("later", () => {});',
  "docs/testing.md": 'it("is prose", () => {});',
};
const claimed = new Set(["server/lib/money.test.ts", "tests/scale/scale-out.test.ts"]);

describe("[tests] every test file is picked up by a runner", () => {
  it("names the files that define tests but that neither vitest config nor Playwright picks up", () => {
    expect(unclaimedTestFiles(Object.keys(sources), claimed, (file) => sources[file])).toEqual([
      "lib/dates.test.ts",
      "server/lib/money-tests.ts",
      "tests/integration/contact.ts",
    ]);
  });

  it("finds nothing when every test file is picked up", () => {
    const picked = new Set([...claimed, "lib/dates.test.ts", "server/lib/money-tests.ts", "tests/integration/contact.ts"]);
    expect(unclaimedTestFiles(Object.keys(sources), picked, (file) => sources[file])).toEqual([]);
  });
});
