/**
 * `npm run audit:verify` against a database the way the server leaves it: the embedded one in DATA_DIR, or PostgreSQL
 * when TEST_DATABASE_URL is set. It exits 0 on an intact chain and 1 on an edited one, and prints which.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, runMigrations, type Database } from "../server/db/client";
import { loadConfig } from "../server/env";
import { createAuditService } from "../server/features/audit/audit";
import { freshPostgres } from "../tests/helpers/postgres";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");

let dataDir: string;
let env: Record<string, string>;
let pg: Awaited<ReturnType<typeof freshPostgres>> | undefined;

/** Opens the test's database as the server would, runs `fn`, and closes it (PGlite is one process's at a time). */
async function withDatabase(fn: (database: Database) => Promise<void>) {
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await fn(database);
  } finally {
    await database.close();
  }
}

/** The CLI as a user runs it: its exit code and what it printed. */
async function cli(extra: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "scripts/audit-verify.ts"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env, ...extra },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "mc-audit-cli-"));
  pg = process.env.TEST_DATABASE_URL ? await freshPostgres(process.env.TEST_DATABASE_URL) : undefined;
  env = { DATA_DIR: dataDir, SESSION_SECRET: "cli-test-secret-cli-test-secret-cli-test", LOG_LEVEL: "silent", ...(pg ? { DATABASE_URL: pg.url } : {}) };
  await withDatabase(async (database) => {
    await runMigrations(database);
    const audit = createAuditService({ db: database.db, secretKeys: loadConfig(env).secretKeys });
    for (const mode of ["production", "development", "production"])
      await audit.record({
        actor: { id: 1, email: "admin@example.test" },
        action: "settings.update",
        entity: { type: "settings", id: "environmentMode" },
        before: {},
        after: { environmentMode: mode },
      });
  });
});
afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("[audit] npm run audit:verify", () => {
  it("[audit] an intact chain: exit 0 and the count", async () => {
    const { code, out } = await cli();
    expect(out).toContain("Audit trail verified: 3 events, chain intact");
    expect(out).toMatch(/Newest event: #3, hash [0-9a-f]{64}/);
    expect(code).toBe(0);
  });

  it("[audit] an event edited in the database: exit 1 and the event; the wrong key: exit 1 too", async () => {
    await withDatabase(async ({ db }) => {
      await db.execute(sql`update audit_events set summary = '{}'::jsonb where id = 2`);
    });
    const { code, out } = await cli();
    expect(out).toContain("Tampering detected at event #2: its content was changed after it was recorded.");
    expect(code).toBe(1);
    expect((await cli({ SESSION_SECRET: "another-secret-another-secret-another-1" })).code).toBe(1);
  });

  it("[audit] no key and no database to read: exit 2 with the reason", async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), "mc-audit-cli-empty-"));
    try {
      const { code, out } = await cli({ DATA_DIR: empty, SESSION_SECRET: "", DATABASE_URL: "" });
      expect(code).toBe(2);
      expect(out).toContain("No key to verify with");
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
