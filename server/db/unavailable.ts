/**
 * Telling "the database cannot serve right now" (answer 503, retry later) apart from "this request is wrong"
 * or a bug (500). Works on errors from pg, pg-pool, PGlite and drizzle (which wraps them in `cause`).
 */

/** Thrown by the database layer itself: no answer in time, or the pool is closing. */
export class DatabaseUnavailableError extends Error {
  readonly code = "DB_UNAVAILABLE";
  constructor(message: string) {
    super(message);
    this.name = "DatabaseUnavailableError";
  }
}

// Socket errors on the way to the database, and the pg client's own time-out.
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "DB_UNAVAILABLE"]);

/**
 * SQLSTATE: 08 connection exception; 53 insufficient resources (too many connections, disk full);
 * 57P01-57P03 the server is shutting down, crashed or starting; 57014 a statement cancelled by statement_timeout.
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|53[0-9A-Z]{3}|57P0[123]|57014)$/;

// pg and pg-pool raise these without a code.
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^Client was closed and is not queryable/,
  /^Client has encountered a connection error and is not queryable/,
  /^Query read timeout/,
  /^PGlite is closed/,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  return unavailableCause(err) !== undefined;
}

/** The error in `err`'s cause chain that shows the database is unavailable (for a one-line log), if any. */
export function unavailableCause(err: unknown): { code?: string; message: string } | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length && seen.size < 16) {
    const e = queue.shift();
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    const o = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const message = typeof o.message === "string" ? o.message : "";
    if (typeof o.code === "string" && (NETWORK_CODES.has(o.code) || SQLSTATE.test(o.code))) return { code: o.code, message };
    if (MESSAGES.some((re) => re.test(message))) return { message };
    queue.push(o.cause);
    // Node's AggregateError when every address of a host refused (e.g. localhost as ::1 and 127.0.0.1).
    if (Array.isArray(o.errors)) queue.push(...o.errors);
  }
  return undefined;
}
