import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Database } from "./client";

/**
 * The database announces every committed change of the content public pages show on this channel (triggers
 * in the migrations): the table name for press_releases, portfolio_items, documents and document_categories,
 * and "settings:<key>" for one setting. A notification is sent only if its transaction commits, to every
 * instance listening, in commit order.
 */
export const CHANGES_CHANNEL = "data_changes";

export type ChangeListener = {
  onChange: (name: string) => void;
  /** Listening (again): anything may have changed while it was not. */
  onConnected: () => void;
  /** Changes can no longer be heard until onConnected. */
  onDisconnected: (err?: unknown) => void;
};

export type ChangeSubscription = {
  /**
   * Resolves true once every change committed before the call has been heard here: an announcement of its own,
   * sent after them, has come back (announcements arrive in commit order). False if it has not within
   * `timeoutMs`, or if nothing is listening.
   */
  heard: (timeoutMs: number) => Promise<boolean>;
  close: () => Promise<void>;
};

/** Announcements whose name starts with this are `heard` markers, never changes. */
const MARKER = "heard:";

/** The markers this process is waiting for, by token; `resolve` is called at most once. */
function createMarkers() {
  const waiting = new Map<string, (heard: boolean) => void>();
  return {
    /** True if `payload` was a marker (of this process or another): it is not a change. */
    take(payload: string): boolean {
      if (!payload.startsWith(MARKER)) return false;
      waiting.get(payload)?.(true);
      return true;
    },
    wait(send: (payload: string) => Promise<unknown>, timeoutMs: number): Promise<boolean> {
      const payload = `${MARKER}${randomUUID()}`;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => settle(false), timeoutMs);
        const settle = (heard: boolean) => {
          clearTimeout(timer);
          waiting.delete(payload);
          resolve(heard);
        };
        waiting.set(payload, settle);
        send(payload).catch(() => settle(false));
      });
    },
    /** Nothing more will be heard on this connection: every waiter gets false now. */
    abandon() {
      for (const settle of [...waiting.values()]) settle(false);
    },
  };
}

type Log = { warn: (obj: object, msg: string) => void; info?: (msg: string) => void };

/** The listening session's name in pg_stat_activity. */
export const LISTENER_NAME = "meridian-crest change listener";

/** How often a PostgreSQL listener proves its connection still answers, and how long it may take. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 2_000;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

/** Listens to the change announcements of `database` until closed, reconnecting after any failure. */
export async function listenForChanges(database: Database, listener: ChangeListener, log: Log): Promise<ChangeSubscription> {
  if (database.pglite) {
    const pglite = database.pglite;
    const markers = createMarkers();
    let closed = false;
    const unlisten = await pglite.listen(CHANGES_CHANNEL, (payload) => {
      if (!markers.take(payload)) listener.onChange(payload);
    });
    listener.onConnected();
    return {
      heard: (timeoutMs) =>
        closed ? Promise.resolve(false) : markers.wait((payload) => pglite.query("select pg_notify($1, $2)", [CHANGES_CHANNEL, payload]), timeoutMs),
      close: async () => {
        closed = true;
        markers.abandon();
        await unlisten();
      },
    };
  }
  if (!database.pool) throw new Error("No database to listen to");
  return listenOnPostgres(database.pool.options as pg.ClientConfig, listener, log);
}

function listenOnPostgres(config: pg.ClientConfig, listener: ChangeListener, log: Log): ChangeSubscription {
  let closed = false;
  let client: pg.Client | undefined;
  let connected = false;
  let retryMs = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  const markers = createMarkers();

  const heartbeat = setInterval(() => {
    const c = client;
    if (!c || !connected) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not answer within ${HEARTBEAT_TIMEOUT_MS / 1000} s`)), HEARTBEAT_TIMEOUT_MS);
    });
    Promise.race([c.query("select 1"), timeout])
      .catch((err) => drop(c, err))
      .finally(() => clearTimeout(timer));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  function drop(c: pg.Client, err?: unknown) {
    if (c !== client) return;
    client = undefined;
    if (connected) {
      connected = false;
      log.warn({ err }, "stopped hearing content changes; the page cache is off until the database answers again");
      listener.onDisconnected(err);
    }
    markers.abandon();
    c.removeAllListeners("notification");
    // A frozen server never answers a polite goodbye: close the socket.
    (c as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection?.stream?.destroy?.();
    c.end().catch(() => {});
    schedule();
  }

  function schedule() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  async function connect() {
    if (closed) return;
    const c = new pg.Client({ ...config, keepAlive: true, application_name: LISTENER_NAME });
    client = c;
    c.on("error", (err) => drop(c, err));
    c.on("end", () => drop(c));
    c.on("notification", (msg) => {
      if (msg.channel === CHANGES_CHANNEL && msg.payload && !markers.take(msg.payload)) listener.onChange(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANGES_CHANNEL}`);
    } catch (err) {
      drop(c, err);
      return;
    }
    if (closed || c !== client) {
      c.end().catch(() => {});
      return;
    }
    connected = true;
    retryMs = RETRY_MIN_MS;
    listener.onConnected();
  }

  void connect();
  return {
    // The marker is sent on the listening connection itself: it commits after every change already committed.
    heard: (timeoutMs) => {
      const c = client;
      if (!c || !connected) return Promise.resolve(false);
      return markers.wait((payload) => c.query("select pg_notify($1, $2)", [CHANGES_CHANNEL, payload]), timeoutMs);
    },
    close: async () => {
      markers.abandon();
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retryTimer);
      const c = client;
      client = undefined;
      connected = false;
      await c?.end().catch(() => {});
    },
  };
}
