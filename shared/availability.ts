/**
 * What a visitor or API client is told while the database cannot serve (HTTP 503). Message ids of the catalogs
 * (errors namespace): the server translates them into the request's language, a page shows them with `t.maybe()`.
 */
export const SERVICE_UNAVAILABLE_MESSAGE = "errors.unavailable.text";
export const SERVICE_UNAVAILABLE_TITLE = "errors.unavailable.title";

/** Seconds a client should wait before retrying a 503 (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;
