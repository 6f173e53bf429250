/** Which test files the PostgreSQL pass of scripts/test.sh runs, and the PGlite pass beside it. */
import { describe, expect, it } from "vitest";
import { databaseTestFiles, pgliteTestFiles } from "./database-test-files.mjs";

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
  "tests/integration/search.test.ts": '// On both engines: full-text search is the engine\'s own.\nimport { createTestContext } from "../helpers/context";',
  "tests/integration/mentions.test.ts": "/** Mentions: On both engines: not at the start of a line. */\nawait createTestContext();",
};

describe("[tests] the PostgreSQL pass", () => {
  it("runs the integration tests and every other vitest file that opens a database, and nothing else", () => {
    expect(databaseTestFiles(Object.keys(sources), (f: string) => sources[f])).toEqual([
      "server/db/seed/seed.test.ts",
      "server/lib/backup-restore.test.ts",
      "tests/integration/auth.test.ts",
      "tests/integration/helpers-only.test.ts",
      "tests/integration/mentions.test.ts",
      "tests/integration/search.test.ts",
    ]);
  });

  it("beside it, the PGlite pass runs the files that open no database, and the database files marked to run on both engines", () => {
    expect(pgliteTestFiles(Object.keys(sources), (f: string) => sources[f])).toEqual([
      "app/lib/contact-action.server.test.ts",
      "server/lib/pdf-render.test.ts",
      "tests/fault/startup.test.ts",
      "tests/integration/search.test.ts",
    ]);
  });
});
