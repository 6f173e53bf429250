/**
 * One error type for everything the service layer refuses. `message` is safe to show a user;
 * `internal` (optional) goes to the log only. HTTP status is derived from `code` in one place.
 */
export type ErrorCode =
  | "BAD_REQUEST"
  | "VALIDATION"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA"
  | "UNPROCESSABLE"
  | "TOO_MANY_REQUESTS"
  | "BAD_GATEWAY"
  | "INSUFFICIENT_STORAGE"
  | "STORAGE_FAILED";

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  INSUFFICIENT_STORAGE: 507,
  STORAGE_FAILED: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: Record<string, string>;
  readonly internal?: string;

  constructor(code: ErrorCode, message: string, opts: { errors?: Record<string, string>; internal?: string } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.errors = opts.errors;
    this.internal = opts.internal;
  }

  get status() {
    return STATUS[this.code];
  }
}

/** The server's disk refused a write: the user's file is fine, so the message must not blame it. */
export const STORAGE_FAILED_MESSAGE = "The server could not store the file. Please try again later or contact the administrator.";

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);

export const HOMEPAGE_LIMIT_MESSAGE = "Only 3 press releases can be shown on the homepage. Please remove one first.";
export const HOMEPAGE_LIMIT = 3;

/** True for a PostgreSQL unique-violation error, from pg or PGlite. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e: unknown = err;
  // drizzle wraps driver errors; walk the cause chain.
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const o = e as { code?: string; constraint?: string; cause?: unknown };
    if (o.code === "23505") return constraint ? o.constraint === constraint : true;
    e = o.cause;
  }
  return false;
}

/**
 * True for a PostgreSQL data exception (SQLSTATE class 22: a NUL byte in text, a value out of
 * range, an impossible date): the input was bad, not the server.
 */
export function isDataException(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
