/** Which test files the PostgreSQL pass of scripts/test.sh runs. */
import { describe, expect, it } from "vitest";
import { databaseTestFiles } from "./database-test-files.mjs";

const sources: Record<string, string> = {
  "tests/integration/auth.test.ts": 'import { createTestContext } from "../helpers/context";',
  // An integration test is run on both engines even when it names no helper itself.
  "tests/integration/helpers-only.test.ts": 'import { servePages } from "../helpers/pages-server";',
  "server/db/seed/seed.test.ts": "const db = await openDatabase({ dataDir, memory: true });",
  "server/lib/backup-restore.test.ts": "const adminUrl = process.env.TEST_DATABASE_URL;",
  "server/lib/pdf-render.test.ts": 'it("renders", () => {});',
  "app/lib/contact-action.server.test.ts": 'it("answers", () => {});',
  "tests/fault/startup.test.ts": "await createTestContext();",
  "tests/e2e/home.spec.ts": "await createTestContext();",
  "tests/helpers/context.ts": "export async function createTestContext() {}",
};

describe("[tests] the PostgreSQL pass", () => {
  it("runs the integration tests and every other vitest file that opens a database, and nothing else", () => {
    expect(databaseTestFiles(Object.keys(sources), (f: string) => sources[f])).toEqual([
      "server/db/seed/seed.test.ts",
      "server/lib/backup-restore.test.ts",
      "tests/integration/auth.test.ts",
      "tests/integration/helpers-only.test.ts",
    ]);
  });
});
