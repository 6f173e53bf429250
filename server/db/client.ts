import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "postgres" | "pglite";
  pool?: pg.Pool;
  pglite?: PGlite;
  close: () => Promise<void>;
};

export const migrationsFolder = () => path.resolve(process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), "server/db/migrations"));

/**
 * Opens PostgreSQL when a URL is given, else PGlite persisted in `dataDir/pglite`, or in memory with
 * `memory` (optionally starting from a dump made by `dumpPglite`, which tests use to skip initdb).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; memory?: boolean; loadDataDir?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: "postgres", pool, close: () => pool.end() };
  }
  let client: PGlite;
  if (opts.memory) {
    client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : undefined);
  } else {
    const dir = path.join(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: "pglite", pglite: client, close: () => client.close() };
}

/** Applies the committed drizzle-kit migrations. Several instances starting at once take turns. */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, migrationsConfig);
    return;
  }
  await withStartupLock(database, () => migratePg(database.db as never, migrationsConfig));
}

const STARTUP_LOCK = 7_340_021;

/** Runs `fn` while holding a PostgreSQL session advisory lock, so only one instance migrates or seeds at a time. */
export async function withStartupLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  if (!database.pool) return fn();
  // A session lock belongs to one connection, so it is taken on a dedicated client.
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
    return await fn();
  } finally {
    await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => {});
    client.release();
  }
}
