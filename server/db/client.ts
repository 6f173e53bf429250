import path from "node:path";
import { mkdirSync } from "node:fs";
import type { Socket } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { DatabaseUnavailableError } from "./unavailable";
import { tightenTree } from "../lib/private-files";
import { noteStatement } from "../lib/dependencies";
import { startQuery, timedQuery, type QueryObserver } from "../lib/request-metrics";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "postgres" | "pglite";
  pool?: pg.Pool;
  pglite?: PGlite;
  close: () => Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  /** Told the time of every statement sent through this database (the metrics' histogram); add and delete freely. */
  queryObservers: Set<QueryObserver>;
  /** The connections right now (see ConnectionStats). */
  connections: () => ConnectionStats;
};

/**
 * PostgreSQL: the pool's connections in use and idle, and the requests waiting for a free one. PGlite has one
 * connection that serves one call (a statement or a whole transaction) at a time: `inUse` is 1 while it serves one,
 * `waiting` counts the calls queued behind it.
 */
export type ConnectionStats = { max: number; inUse: number; idle: number; waiting: number };

export type DatabaseTimeouts = {
  /** Longest wait for a connection: opening a new one, or a free one from a busy pool. */
  connectMs: number;
  /** Longest wait for the database to answer a query before the connection is given up. */
  queryMs: number;
};

export const DEFAULT_DB_TIMEOUTS: DatabaseTimeouts = { connectMs: 3_000, queryMs: 4_000 };

/** The server ends a transaction left idle this long, so a stalled request cannot hold locks. */
export const IDLE_IN_TRANSACTION_MS = 10_000;

const POOL_SIZE = 10;

type DbLog = { warn: (obj: object, msg: string) => void };

export const migrationsFolder = () => path.resolve(process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), "server/db/migrations"));

/**
 * Opens PostgreSQL when a URL is given, else PGlite persisted in `dataDir/pglite`, or in memory with
 * `memory` (optionally starting from a dump made by `dumpPglite`, which tests use to skip initdb).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  memory?: boolean;
  loadDataDir?: Blob;
  timeouts?: Partial<DatabaseTimeouts>;
  log?: DbLog;
  /** PGlite only: PostgreSQL's shared_buffers in megabytes (see pgliteStartParams); PGlite's own default without it. */
  pgliteSharedBuffersMb?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...opts.timeouts };
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: POOL_SIZE,
      connectionTimeoutMillis: timeouts.connectMs,
      // The server cancels a slow statement a little before the client gives up on the connection, so a
      // merely slow query fails cleanly (57014) and its connection stays usable.
      statement_timeout: Math.max(timeouts.queryMs - 500, 250),
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    guardPool(pool, timeouts.queryMs, opts.log ?? { warn: () => {} });
    const queryObservers = new Set<QueryObserver>();
    countPgQueries(pool, observerOf(queryObservers));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      pool,
      close: () => pool.end(),
      ping: async () => {
        await pool.query("select 1");
      },
      queryObservers,
      connections: () => ({ max: POOL_SIZE, inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let client: PGlite;
  const startParams = opts.pgliteSharedBuffersMb === undefined ? {} : { startParams: pgliteStartParams(opts.pgliteSharedBuffersMb) };
  if (opts.memory) {
    client = new PGlite({ ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}), ...startParams });
  } else {
    const dir = path.join(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    client = new PGlite(dir, startParams);
  }
  await client.waitReady;
  // PGlite gives the files of a new data directory mode 0666 whatever the umask: the service's user's only.
  if (!opts.memory) tightenTree(path.join(opts.dataDir, "pglite"));
  const queryObservers = new Set<QueryObserver>();
  const calls = countPgliteQueries(client, observerOf(queryObservers));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    close: () => client.close(),
    ping: async () => {
      await client.query("select 1");
    },
    queryObservers,
    connections: () => {
      const pending = calls.pending;
      return { max: 1, inUse: pending > 0 ? 1 : 0, idle: pending > 0 ? 0 : 1, waiting: Math.max(0, pending - 1) };
    },
  };
}

/**
 * PGlite's start-up arguments with PostgreSQL's shared_buffers set. PGlite runs PostgreSQL in WebAssembly, whose
 * memory only grows, and its buffer pool is written in full when it starts: initdb's 128 MB of shared_buffers is
 * 128 MB of resident memory from the first second, whatever the size of the database. The write-ahead log's buffers
 * follow (1/32 of it); work_mem and temp_buffers are taken only while a sort or a temporary table needs them.
 */
export function pgliteStartParams(sharedBuffersMb: number): string[] {
  return [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`];
}

/** What the statement counters are told: nothing at all (no timing outside requests) while no one observes. */
function observerOf(observers: Set<QueryObserver>): () => QueryObserver | undefined {
  const tell: QueryObserver = (ms) => {
    for (const observe of observers) observe(ms);
  };
  return () => (observers.size > 0 ? tell : undefined);
}

/** Calls `fn`, counting it as one statement of the current request, answered by its callback or promise. */
function countedCall(fn: (...args: unknown[]) => unknown, self: unknown, args: unknown[], observe?: QueryObserver): unknown {
  const finish = startQuery(observe);
  if (!finish) return fn.apply(self, args);
  const last = args[args.length - 1];
  if (typeof last === "function") {
    args[args.length - 1] = function (this: unknown, ...cbArgs: unknown[]) {
      finish();
      return (last as (...a: unknown[]) => unknown).apply(this, cbArgs);
    };
    return fn.apply(self, args);
  }
  const result = fn.apply(self, args);
  if (result instanceof Promise) result.then(finish, finish);
  else finish();
  return result;
}

/**
 * Every statement sent through the pool is noted as what the current request reads and writes (noteStatement) and
 * counts toward its database time and count
 * (server/lib/request-metrics.ts): `pool.query` (counted when called, timed including the wait for a free
 * connection), and the statements of a connection checked out with `pool.connect()` (a transaction).
 */
function countPgQueries(pool: pg.Pool, observer: () => QueryObserver | undefined) {
  const checkedOut = new WeakSet<pg.PoolClient>();
  const query = pool.query as (...args: unknown[]) => unknown;
  pool.query = function (this: pg.Pool, ...args: unknown[]) {
    noteStatement(args[0]);
    return countedCall(query, this, args, observer());
  } as typeof pool.query;
  const connect = pool.connect as (...args: unknown[]) => unknown;
  pool.connect = function (this: pg.Pool, ...args: unknown[]) {
    // With a callback: the pool's own `query`, already counted.
    if (typeof args[0] === "function") return connect.apply(this, args);
    return (connect.apply(this, args) as Promise<pg.PoolClient>).then((client) => {
      checkedOut.add(client);
      return client;
    });
  } as typeof pool.connect;
  pool.on("release", (_err, client) => checkedOut.delete(client));
  pool.on("connect", (client) => {
    const clientQuery = client.query as (...args: unknown[]) => unknown;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      if (!checkedOut.has(client)) return clientQuery.apply(this, args);
      noteStatement(args[0]);
      return countedCall(clientQuery, this, args, observer());
    } as typeof client.query;
  });
}

/**
 * The same for PGlite. A transaction's BEGIN and COMMIT are sent by PGlite itself, so they are counted as
 * two statements here (as PostgreSQL counts them), timed from the call to the callback and from the
 * callback to the end. Also counts the calls made on the client itself (not those inside a transaction) that
 * have not settled: PGlite serves them one at a time, so all but one are waiting.
 */
function countPgliteQueries(client: PGlite, observer: () => QueryObserver | undefined) {
  const calls = { pending: 0 };
  const counted = <T>(promise: Promise<T>): Promise<T> => {
    calls.pending++;
    return promise.finally(() => calls.pending--);
  };
  type Queryable = { query: PGlite["query"]; exec: PGlite["exec"] };
  const wrap = (target: Queryable, top: boolean) => {
    const query = target.query.bind(target);
    const exec = target.exec.bind(target);
    const track = top ? counted : <T>(promise: Promise<T>) => promise;
    target.query = ((...args: Parameters<PGlite["query"]>) => {
      noteStatement(args[0]);
      return track(timedQuery(() => query(...args), observer()));
    }) as PGlite["query"];
    target.exec = ((...args: Parameters<PGlite["exec"]>) => {
      noteStatement(args[0]);
      return track(timedQuery(() => exec(...args), observer()));
    }) as PGlite["exec"];
  };
  wrap(client, true);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: Parameters<PGlite["transaction"]>[0]) => {
    let begin = startQuery(observer());
    let commit: (() => void) | undefined;
    return counted(
      transaction(async (tx) => {
        begin?.();
        begin = undefined;
        wrap(tx as unknown as Queryable, false);
        try {
          return (await callback(tx)) as T;
        } finally {
          commit = startQuery(observer());
        }
      }).finally(() => {
        begin?.();
        commit?.();
      }),
    );
  }) as PGlite["transaction"];
  return calls;
}

/** Pool clients allowed to wait on the database without a time limit (see `allowLongWaits`). */
const longRunningClients = new WeakSet<pg.PoolClient>();

/**
 * Exempts a checked-out client from the query time limit until it is released: for work that waits on purpose
 * (an advisory lock, a migration, LISTEN). Its statements also need `set statement_timeout = 0`, and it should
 * be released with `release(true)` so the pool does not hand the changed session to a request.
 */
export function allowLongWaits(client: pg.PoolClient) {
  longRunningClients.add(client);
}

/**
 * Keeps the pool usable through database restarts, crashes and freezes:
 * - every client gets an 'error' listener: pg-pool listens only on idle clients, so a connection that dies
 *   while a request holds it (a transaction during a restart) would otherwise crash the process;
 * - a client whose connection dies while checked out is released with the error, so the pool drops it
 *   (drizzle does not release a client whose BEGIN failed, and the pool would slowly run dry);
 * - a checked-out client whose server sends nothing for `queryMs` (a frozen or unreachable server, which
 *   cannot enforce statement_timeout) has its socket destroyed, which fails its query and frees the slot.
 */
function guardPool(pool: pg.Pool, queryMs: number, log: DbLog) {
  const checkedOut = new Set<pg.PoolClient>();
  const reported = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_err, client) => {
    checkedOut.delete(client);
    longRunningClients.delete(client);
  });
  // An idle client whose connection broke: pg-pool removes it; nothing else to do.
  pool.on("error", (err) => log.warn({ err }, "idle database connection lost"));
  pool.on("connect", (client) => {
    client.on("error", (err) => {
      if (!reported.has(client)) {
        reported.add(client);
        log.warn({ err }, "database connection lost");
      }
      if (checkedOut.has(client)) {
        checkedOut.delete(client);
        const release = client.release;
        // Whoever holds the client will still call release(); the pool already has it back by then.
        client.release = () => {};
        release(err);
      }
    });
    const socket = client.connection?.stream as Socket | undefined;
    if (typeof socket?.setTimeout !== "function") return;
    socket.setTimeout(queryMs);
    socket.on("timeout", () => {
      if (!checkedOut.has(client) || longRunningClients.has(client)) return;
      socket.destroy(new DatabaseUnavailableError(`The database did not answer within ${queryMs / 1000} s`));
    });
  });
}

/**
 * Applies the committed drizzle-kit migrations. Several instances starting at once take turns. On PostgreSQL
 * they run on the lock's own connection, without the statement time limit meant for web requests.
 */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, migrationsConfig);
    return;
  }
  await withStartupLock(database, (client) => migratePg(drizzlePg(client!, { schema }) as never, migrationsConfig));
}

const STARTUP_LOCK = 7_340_021;

/**
 * Runs `fn` while holding a PostgreSQL session advisory lock, so only one instance migrates or seeds at a
 * time. `fn` gets the lock's connection, on which statements have no time limit.
 */
export async function withStartupLock<T>(database: Database, fn: (client?: pg.PoolClient) => Promise<T>): Promise<T> {
  if (!database.pool) return fn();
  // A session lock belongs to one connection, so it is taken on a dedicated client.
  const client = await database.pool.connect();
  allowLongWaits(client);
  try {
    await client.query("set statement_timeout = 0");
    await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
    return await fn(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => {});
    // Its session settings differ from the pool's: close it rather than hand it to a request.
    client.release(true);
  }
}
