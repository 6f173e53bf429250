/**
 * The process around the app: listening, start-up failures as one line, graceful shutdown on SIGTERM/SIGINT,
 * and what happens to errors nobody caught.
 */
import http from "node:http";
import net, { type Socket } from "node:net";
import type { RequestListener } from "node:http";
import { unavailableCause } from "./db/unavailable";
import type { Database } from "./db/client";
import type { Logger } from "./lib/logger";

/** Prints one line to stderr and exits non-zero. Start-up failures never print a stack trace. */
export function exitWithError(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

export const KEEP_ALIVE_MS = 65_000;

/** Rejects (with the listen error) instead of reporting success when the port is taken or the host unusable. */
export function listen(handler: RequestListener, port: number, host: string): Promise<http.Server> {
  const server = http.createServer(handler);
  // An idle keep-alive connection stays open 65 s, longer than the 60 s proxies and load balancers (nginx's
  // upstream keepalive, cloud balancers) keep theirs: the server never closes a connection at the moment a client
  // or proxy reuses it, which the client sees as a reset request. Headers must arrive within a second more.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

export function listenErrorLine(err: unknown, host: string, port: number): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  const reasons: Record<string, string> = {
    EADDRINUSE: "the port is already in use",
    EACCES: "permission denied (ports below 1024 need privileges)",
    EADDRNOTAVAIL: `${host} is not an address of this machine`,
    ENOTFOUND: `unknown host ${host}`,
    EAI_AGAIN: `unknown host ${host}`,
    EAI_NONAME: `unknown host ${host}`,
  };
  return `Cannot listen on ${host}:${port}: ${(code && reasons[code]) ?? (err instanceof Error ? err.message : String(err))}`;
}

/** host:port and names from a postgres:// URL, never its password. */
function databaseTarget(databaseUrl: string) {
  try {
    const u = new URL(databaseUrl);
    const host = u.hostname || "localhost";
    return {
      where: `${host}:${u.port || "5432"}`,
      name: decodeURIComponent(u.pathname.replace(/^\//, "")) || decodeURIComponent(u.username) || "postgres",
      user: decodeURIComponent(u.username) || "postgres",
    };
  } catch {
    return { where: "the configured address", name: "?", user: "?" };
  }
}

const firstLine = (s: string) => s.split("\n")[0].slice(0, 300);

/**
 * One line naming what stopped start-up: the database cannot be reached or refused us, a migration failed,
 * or anything else (its message, without the stack).
 */
export function startupErrorLine(err: unknown, opts: { databaseUrl?: string; connectTimeoutMs: number }): string {
  const message = err instanceof Error ? err.message : String(err);
  if (opts.databaseUrl) {
    const { where, name, user } = databaseTarget(opts.databaseUrl);
    const codes = new Set<string>();
    for (let e: unknown = err, i = 0; e && typeof e === "object" && i < 6; i++) {
      const o = e as { code?: unknown; cause?: unknown; errors?: unknown };
      if (typeof o.code === "string") codes.add(o.code);
      if (Array.isArray(o.errors)) for (const x of o.errors) if (typeof x?.code === "string") codes.add(x.code);
      e = o.cause;
    }
    const has = (c: string) => codes.has(c);
    if (has("ECONNREFUSED")) return `Cannot reach the database at ${where}: connection refused`;
    if (has("ENOTFOUND") || has("EAI_AGAIN")) return `Cannot reach the database at ${where}: unknown host`;
    if (has("EHOSTUNREACH") || has("ENETUNREACH")) return `Cannot reach the database at ${where}: host unreachable`;
    if (has("3D000")) return `The database "${name}" does not exist (at ${where})`;
    if (has("28P01")) return `The database at ${where} refused the password of user "${user}"`;
    if (has("28000")) return `The database at ${where} refused user "${user}": ${firstLine(message)}`;
    if (has("57P03")) return `The database at ${where} is starting up or shutting down; try again shortly`;
    if (has("53300")) return `The database at ${where} has too many connections`;
    const cause = unavailableCause(err);
    if (cause && (/timeout/i.test(cause.message) || cause.code === "ETIMEDOUT" || cause.code === "DB_UNAVAILABLE")) {
      return `Cannot reach the database at ${where}: no answer within ${opts.connectTimeoutMs / 1000} s`;
    }
    if (cause) return `Cannot reach the database at ${where}: ${firstLine(cause.message || cause.code || "connection lost")}`;
  }
  return `Start-up failed: ${firstLine(message)}`;
}

/** Rejects with `message` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Errors nobody caught go to the log. A stray rejected promise has lost its caller but left no half-done
 * work on the stack, so the process keeps serving; an uncaught exception may have, so the process exits 1
 * and the supervisor starts a fresh one.
 */
export function installProcessHandlers(logger: Logger) {
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled promise rejection");
  });
  process.on("uncaughtException", (err) => {
    logger.fatal({ err }, "uncaught exception; exiting");
    logger.flush?.();
    process.exit(1);
  });
}

/**
 * After SIGTERM, a keep-alive connection that has carried no request is closed once it has stayed unused this
 * long: longer than the 4 s nginx keeps an idle upstream connection (deploy/nginx.conf), so a proxy closes its
 * own idle connections first, and longer than the gap between two requests of any client still sending.
 */
export const IDLE_DRAIN_MS = 5_000;

/**
 * Graceful shutdown on SIGTERM or SIGINT. From the signal on, readiness answers 503, the listener is closed (new
 * connections are refused, never half-served) and every answer, also one already being prepared, carries
 * `Connection: close`, so its client opens no further request on that connection, and the server closes it
 * after the answer. A keep-alive connection is never closed while idle on the server's own initiative right away:
 * its client may be sending a request on it at this very moment and would see a reset. It stays open until a
 * request on it gets its answer (with `Connection: close`), or until it has been unused for `idleMs`
 * (IDLE_DRAIN_MS) after the signal and after its last answer. SIGINT (Ctrl-C in a terminal) closes idle
 * connections at once instead: a browser keeps them open for minutes. Requests in progress get `timeoutMs` in
 * all; then every connection left is cut. Then the database closes and the process exits 0. A second signal
 * exits at once with 1.
 */
export function createShutdown({ logger, timeoutMs, idleMs = IDLE_DRAIN_MS }: { logger: Logger; timeoutMs: number; idleMs?: number }) {
  let draining = false;
  let server: http.Server | undefined;
  let database: Database | undefined;
  let beforeDatabaseClose: (() => Promise<void>) | undefined;
  /** Listeners beside the site's (the metrics'): closed with it, their idle connections at once. */
  let others: http.Server[] = [];
  let idleGraceMs = idleMs;
  const inFlight = new Set<http.ServerResponse>();
  /** Open connections, with the number of requests each is serving (none: idle). */
  const connections = new Map<Socket, { requests: number; idleTimer?: NodeJS.Timeout }>();

  /** Closes `socket` if no request has begun on it for `idleGraceMs`; a request that begins cancels this. */
  const closeWhenUnused = (socket: Socket) => {
    const conn = connections.get(socket);
    if (!conn || conn.requests > 0) return;
    clearTimeout(conn.idleTimer);
    const bytesRead = socket.bytesRead;
    conn.idleTimer = setTimeout(() => {
      // Bytes read since: a request's head is arriving. Its answer will say Connection: close.
      if (conn.requests > 0 || socket.bytesRead !== bytesRead) closeWhenUnused(socket);
      else socket.destroy();
    }, idleGraceMs);
  };

  const trackConnection = (socket: Socket) => {
    connections.set(socket, { requests: 0 });
    socket.once("close", () => {
      clearTimeout(connections.get(socket)?.idleTimer);
      connections.delete(socket);
    });
    if (draining) closeWhenUnused(socket);
  };

  const track = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const conn = connections.get(req.socket);
    if (conn) {
      conn.requests++;
      clearTimeout(conn.idleTimer);
    }
    if (draining) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => {
      inFlight.delete(res);
      if (!conn) return;
      conn.requests--;
      // An answer whose head went out before the signal did not say Connection: close: its connection is now
      // idle without its client knowing, and gets the same grace as the others. (One that said it is closed by
      // Node after the answer, which clears this.)
      if (draining) closeWhenUnused(req.socket);
    });
  };

  async function stop(signal: NodeJS.Signals) {
    if (draining) {
      logger.warn({ signal }, "second signal during shutdown; exiting now");
      process.exit(1);
    }
    draining = true;
    if (signal === "SIGINT") idleGraceMs = 0;
    logger.info({ signal, inFlight: inFlight.size, connections: connections.size }, "shutting down: finishing requests in progress");
    // A scraper is not a visitor: no grace for its idle keep-alive connections; a scrape being answered finishes.
    for (const other of others) {
      other.close();
      other.closeIdleConnections();
    }
    if (server) {
      for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
      // net.Server's close stops accepting and calls back once every connection has closed. http.Server's own
      // close() would also close the idle keep-alive connections at once, under clients sending on them.
      const srv = server;
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(srv, () => resolve()));
      for (const socket of connections.keys()) closeWhenUnused(socket);
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([closed.then(() => true), new Promise<false>((r) => (timer = setTimeout(() => r(false), timeoutMs)))]);
      clearTimeout(timer);
      if (!finished) {
        logger.warn({ inFlight: inFlight.size, connections: connections.size }, `requests still running after ${timeoutMs / 1000} s are cut off`);
        server.closeAllConnections();
        for (const socket of connections.keys()) socket.destroy();
      }
    }
    for (const other of others) other.closeAllConnections();
    await beforeDatabaseClose?.().catch((err) => logger.warn({ err }, "shutting down"));
    if (database) {
      await withTimeout(database.close(), 5_000, "the database did not close within 5 s").catch((err) => logger.warn({ err }, "closing the database"));
    }
    logger.info("stopped");
    logger.flush?.();
    process.exit(0);
  }

  return {
    isDraining: () => draining,
    /**
     * Starts tracking connections and requests on `srv` and handling the signals. `alsoClose`: other listeners of
     * the process (the metrics'), which stop accepting connections when `srv` does.
     */
    attach(srv: http.Server, db: Database, cleanup?: () => Promise<void>, alsoClose: http.Server[] = []) {
      server = srv;
      database = db;
      beforeDatabaseClose = cleanup;
      others = alsoClose;
      srv.on("connection", trackConnection);
      srv.prependListener("request", track);
      process.on("SIGTERM", () => void stop("SIGTERM"));
      process.on("SIGINT", () => void stop("SIGINT"));
    },
  };
}
