import type { NextFunction, Request, Response } from "express";
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE_TITLE } from "../../shared/availability";
import { LOCALE_INFO, localeOfPath, type Locale } from "../../shared/i18n/locales";
import type { MessageId } from "../../shared/i18n/messages";
import { unavailableCause } from "../db/unavailable";
import { message as translate } from "../lib/messages";
import { AppError, codeForStatus, isDataException, type ErrorCode } from "../lib/errors";
import type { Logger } from "../lib/logger";
import { requestLocale } from "./locale";

/**
 * The page shown when the site cannot serve a page now; plain HTML, because the app shell needs the database.
 * In the language of the page asked for ('/ar/...' is Arabic), as every page is.
 */
const unavailablePage = (retryUrl: string, locale: Locale) => `<!doctype html>
<html lang="${locale}" dir="${LOCALE_INFO[locale].dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${translate(locale, SERVICE_UNAVAILABLE_TITLE)} | Meridian Crest Holdings</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;padding:1rem}
main{max-width:28rem;width:100%;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:2rem;text-align:center;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-family:Georgia,serif;font-size:1.75rem;margin:0 0 .75rem}
p{color:#475569;margin:0 0 1.5rem;line-height:1.5}
a{display:inline-block;background:#0b1f3a;color:#fff;text-decoration:none;padding:.6rem 1.25rem;border-radius:.375rem}
</style>
</head>
<body>
<main>
<h1>${translate(locale, SERVICE_UNAVAILABLE_TITLE)}</h1>
<p>${translate(locale, SERVICE_UNAVAILABLE_MESSAGE)}</p>
<a href="${retryUrl}">${translate(locale, "errors.unavailable.retry")}</a>
</main>
</body>
</html>
`;

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The JSON body of every API error: the user-safe message, the stable code, and field errors when there are some. */
export function errorBody(code: ErrorCode, message: string, errors?: Record<string, string>) {
  return errors ? { message, errors, code } : { message, code };
}

/** `errorBody` with a catalog message in the request's language. */
const localBody = (req: Request, code: ErrorCode, id: MessageId) => errorBody(code, translate(requestLocale(req), id));

/**
 * 503 with Retry-After: JSON `{ message, code }` under /api, a small HTML page for everything else. Used when the
 * database cannot answer and when a request runs past its deadline.
 */
export function sendUnavailable(req: Request, res: Response) {
  res.status(503);
  res.set("Retry-After", String(RETRY_AFTER_SECONDS));
  res.set("Cache-Control", "no-store");
  if (req.originalUrl.startsWith("/api/") || req.originalUrl === "/api" || !req.accepts("html")) {
    res.json(localBody(req, "SERVICE_UNAVAILABLE", SERVICE_UNAVAILABLE_MESSAGE));
    return;
  }
  const retry = req.method === "GET" ? req.originalUrl : "/";
  res.type("html").send(unavailablePage(escapeAttr(retry), localeOfPath(req.originalUrl.split("?")[0])));
}

/** The one place where errors become HTTP answers. Nothing internal (stack, SQL) reaches the client. */
export function apiErrorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      // After the request deadline answered 503, a handler that finishes late fails to write: nothing to do.
      if (!res.locals.timedOut) req.socket.destroy();
      return;
    }
    if (err instanceof AppError) {
      if (err.internal) logger.warn({ err, internal: err.internal }, err.message);
      // A refusal that says when to try again (a rate limit's 429, a full worker queue's 503) says it in Retry-After.
      const retryAfter = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === "number") res.set("Retry-After", String(retryAfter));
      const { message, errors } = err.localized(requestLocale(req));
      res.status(err.status).json(errorBody(err.code, message, errors));
      return;
    }
    const e = err as { type?: string; status?: number; statusCode?: number };
    if (e?.type === "entity.too.large") {
      res.status(413).json(localBody(req, "PAYLOAD_TOO_LARGE", "errors.payloadTooLarge"));
      return;
    }
    if (e?.type === "entity.parse.failed") {
      res.status(400).json(localBody(req, "INVALID_JSON", "errors.invalidJson"));
      return;
    }
    if (isDataException(err)) {
      logger.warn({ err, url: req.originalUrl }, "input the database cannot store");
      res.status(400).json(localBody(req, "INVALID_VALUE", "errors.invalidValue"));
      return;
    }
    const cause = unavailableCause(err);
    if (cause) {
      logger.warn({ url: req.originalUrl, cause }, "database unavailable");
      sendUnavailable(req, res);
      return;
    }
    const status = e?.status ?? e?.statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      res.status(status).json(localBody(req, codeForStatus(status), status === 404 ? "errors.notFound" : "errors.requestFailed"));
      return;
    }
    logger.error({ err, url: req.originalUrl }, "unhandled error");
    res.status(500).json(localBody(req, "INTERNAL", "errors.generic"));
  };
}
