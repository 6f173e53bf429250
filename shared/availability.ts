/** What a visitor or API client is told while the database cannot serve (HTTP 503). */
export const SERVICE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again shortly.";
export const SERVICE_UNAVAILABLE_TITLE = "Service Temporarily Unavailable";

/** Seconds a client should wait before retrying a 503 (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;
