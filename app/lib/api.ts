import type { ErrorCode } from "../../server/lib/errors";

/**
 * The browser's API client: credentials included, JSON bodies, and any non-OK answer becomes an ApiError whose
 * message is the server's message. `code` is the server's stable error code (see docs/api-errors.md); branch on it,
 * never on the message text. It is undefined when the answer carried none (e.g. a proxy's error page).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** True when `err` is an API error with this code. */
export const hasErrorCode = (err: unknown, code: ErrorCode): err is ApiError => err instanceof ApiError && err.code === code;

/** The page's language, so the server answers errors in it. */
export const pageLanguage = () => (typeof document !== "undefined" && document.documentElement.lang) || "en";

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const accept = { Accept: "application/json", "Accept-Language": pageLanguage() };
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body !== undefined ? { "Content-Type": "application/json", ...accept } : accept,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    ...init,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const payload = json as { message?: string; errors?: Record<string, string>; code?: ErrorCode } | undefined;
    throw new ApiError(res.status, payload?.message ?? (text || res.statusText || `${res.status}`), payload?.errors, payload?.code);
  }
  return json as T;
}
