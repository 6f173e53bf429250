import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales";
import type { MessageId } from "../../shared/i18n/messages";
import { localize, type MessageValues } from "./messages";

import { ERROR_STATUS, type ErrorCode } from "../../shared/api/error-codes";

// One error type for everything the server refuses: `message` is safe to show a user; `internal` (optional) goes to
// the log only. The codes and their HTTP statuses are the table in shared/api/error-codes.ts.

export { ERROR_STATUS, type ErrorCode };

/** The code for an HTTP status that reached the error handler without one (e.g. from body parsing). */
export function codeForStatus(status: number): ErrorCode {
  const match = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => ERROR_STATUS[c] === status);
  return match ?? (status >= 500 ? "INTERNAL" : "BAD_REQUEST");
}

/**
 * `message` (and each of `errors`) is a message id of the catalogs ("errors.notFound.press", with `values` for its
 * arguments), never a sentence: the type refuses one. The error keeps the ids; `message` and `errors` read in English
 * (logs, tests, server code), and `localized(locale)` gives them in a request's language. Text that comes from
 * elsewhere (a schema's issue, a worker's reply) goes through `AppError.fromText`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: Record<string, string>;
  readonly internal?: string;
  /** The message as given: an id (or, through `fromText`, a text from elsewhere). */
  readonly messageId: string;
  readonly values?: MessageValues;
  private readonly fieldIds?: Record<string, string>;

  constructor(code: ErrorCode, message: MessageId, opts: AppErrorOptions<MessageId> = {}) {
    super(localize(DEFAULT_LOCALE, message, { values: opts.values }));
    this.name = "AppError";
    this.code = code;
    this.messageId = message;
    this.values = opts.values;
    this.fieldIds = opts.errors;
    this.errors = opts.errors && mapValues(opts.errors, (m) => localize(DEFAULT_LOCALE, m));
    this.internal = opts.internal;
  }

  /**
   * An error whose message (and field messages) come from elsewhere: a catalog id, also with the values it carries
   * (a schema's 'validation.press.title.max?max=100'), is translated; any other text (a library's own English) is
   * shown as it is in English and as the code's general message in another language.
   */
  static fromText(code: ErrorCode, text: string, opts: AppErrorOptions<string> = {}): AppError {
    return new AppError(code, text as MessageId, opts as AppErrorOptions<MessageId>);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /**
   * The message and field messages in `locale`. A text the catalogs do not know (a library's own English) stays as
   * it is in English and becomes the code's general message in another language.
   */
  localized(locale: Locale): { message: string; errors?: Record<string, string> } {
    const message = localize(locale, this.messageId, { values: this.values, fallback: `errors.code.${this.code}` });
    if (!this.fieldIds) return { message };
    return { message, errors: mapValues(this.fieldIds, (m) => localize(locale, m, { fallback: "validation.invalid" })) };
  }
}

type AppErrorOptions<M extends string> = { errors?: Record<string, M>; internal?: string; values?: MessageValues };

const mapValues = (o: Record<string, string>, f: (v: string) => string) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

export const notFound = (what: MessageId = "errors.notFound") => new AppError("NOT_FOUND", what);

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
