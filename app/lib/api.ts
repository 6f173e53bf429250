/**
 * The browser's API client (spec section 7): credentials included, JSON bodies, and any non-OK
 * answer becomes an ApiError whose message is the server's message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body !== undefined ? { "Content-Type": "application/json", Accept: "application/json" } : { Accept: "application/json" },
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
    const payload = json as { message?: string; errors?: Record<string, string> } | undefined;
    throw new ApiError(res.status, payload?.message ?? (text || res.statusText || `${res.status}`), payload?.errors);
  }
  return json as T;
}
