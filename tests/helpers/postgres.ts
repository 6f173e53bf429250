import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrationsFolder, openDatabase, runMigrations } from "../../server/db/client";

type Fresh = { url: string; drop: () => Promise<void> };

const newName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

function urlOf(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

function dropper(adminUrl: string, name: string) {
  return () => withAdmin(adminUrl, async (c) => void (await c.query(`drop database if exists ${name} with (force)`)));
}

/** Creates an empty database on the server behind `adminUrl`; `drop()` removes it. Used by tests and the bench. */
export async function freshPostgres(adminUrl: string, prefix = "t"): Promise<Fresh> {
  const name = newName(prefix);
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  return { url: urlOf(adminUrl, name), drop: dropper(adminUrl, name) };
}

/** The migrations' content, hashed: a template is reused only while the migrations are the same. */
export function migrationsKey(): string {
  const dir = migrationsFolder();
  const hash = createHash("sha256");
  for (const f of readdirSync(dir).sort()) if (f.endsWith(".sql")) hash.update(readFileSync(path.join(dir, f)));
  return hash.digest("hex").slice(0, 16);
}

/** Any number: the advisory lock that lets one test file at a time build the template. */
const TEMPLATE_LOCK = 0x6d635f74;

/**
 * A new database with every migration applied, copied from a migrated template database (`mc_tmpl_<key>`) that the
 * first caller builds: a copy takes about a second, where creating and migrating takes several. Parallel test files
 * take turns through an advisory lock to build it; templates of older migrations are dropped on the way.
 */
export async function migratedPostgres(adminUrl: string, prefix = "t"): Promise<Fresh> {
  const template = `mc_tmpl_${migrationsKey()}`;
  const name = newName(prefix);
  await withAdmin(adminUrl, async (admin) => {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    try {
      const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [template]);
      if (!rowCount) {
        const stale = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'mc\\_tmpl\\_%'");
        for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname} with (force)`);
        const building = `${template}_build`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const db = await openDatabase({ databaseUrl: urlOf(adminUrl, building), dataDir: "" });
        try {
          await runMigrations(db);
        } finally {
          await db.close();
        }
        await admin.query(`alter database ${building} rename to ${template}`);
      }
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
    }
    await admin.query(`create database ${name} template ${template}`);
  });
  return { url: urlOf(adminUrl, name), drop: dropper(adminUrl, name) };
}
