import type { z } from "zod";
import type { EndpointDef } from "../../../shared/api/contract";
import { fillPath } from "../../../shared/api/paths";
import type { Route } from "./route";
import type { ErrorCode } from "../../../shared/api/error-codes";

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

/** The headers of a request that wants JSON back, with errors in the page's language. */
export const acceptJson = () => ({ Accept: "application/json", "Accept-Language": pageLanguage() });

/**
 * The JSON body of an answer (undefined when it is empty or not JSON). A non-OK answer throws ApiError with the
 * server's message, errors and code (the body's text, or the status, when it sent no message).
 */
export async function readAnswer(res: Response): Promise<unknown> {
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
  return json;
}

export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const accept = acceptJson();
  const res = await fetch(url, {
    method,
    credentials: "include",
    headers: body !== undefined ? { "Content-Type": "application/json", ...accept } : accept,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    ...init,
  });
  return (await readAnswer(res)) as T;
}

// ---------------------------------------------------------------- typed calls from the contract (shared/api)

type Params<E> = E extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : { params?: never };
type Query<E> = E extends { query: infer Q extends z.ZodObject } ? { query?: { [K in keyof z.output<Q>]?: z.output<Q>[K] } } : { query?: never };
/**
 * A JSON body: the schema's parsed shape (the accepted shape is hidden wherever a preprocessing step reads aliases,
 * and a field with a default is simply sent).
 */
type JsonBody<B extends z.ZodType> = UndefinedOptional<z.output<B>>;
type UndefinedOptional<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & { [K in keyof T as undefined extends T[K] ? never : K]: T[K] }
    : T;
type Body<E> = E extends { body: infer B extends z.ZodType }
  ? { body: JsonBody<B> }
  : E extends { multipart: z.ZodObject }
    ? { body: FormData }
    : { body?: never };

/** What a call takes: its path parameters, query and body, each typed from the endpoint's schemas. */
export type CallInput<E extends EndpointDef> = Params<E> & Query<E> & Body<E> & { init?: RequestInit };
/** What a call answers: the success schema's type (a file endpoint is a link, see `href`). */
export type CallOutput<E extends EndpointDef> = E["response"] extends z.ZodType ? z.output<E["response"]> : never;
type CallArgs<E extends EndpointDef> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];
/** The contract of a route of the table (app/lib/api/routes.ts). */
type ContractOf<R> = R extends Route<infer E> ? E : never;

/** The URL of an endpoint with its parameters and query (for links: a download, an export). */
export function href<E extends EndpointDef>(endpoint: Route<E>, ...[input]: CallArgs<E>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== "") search.set(k, String(v));
  const qs = search.toString();
  return fillPath(endpoint.path, params) + (qs ? `?${qs}` : "");
}

/** Calls an endpoint; a refusal throws ApiError (with the server's code). */
export function call<E extends EndpointDef>(endpoint: Route<E>, ...args: CallArgs<E>): Promise<CallOutput<E>> {
  const [input] = args;
  const { body, init } = (input ?? {}) as { body?: unknown; init?: RequestInit };
  const url = href(endpoint, ...args);
  if (body instanceof FormData) return apiRequest(endpoint.method, url, undefined, { body, ...init });
  return apiRequest(endpoint.method, url, body, init);
}

/** One resource's calls as methods, from its routes (ROUTES.press): `pressApi.get({ params: { id } })`. */
export function bindEndpoints<G extends Record<string, Route>>(group: G) {
  return Object.fromEntries(Object.entries(group).map(([name, e]) => [name, (input?: unknown) => call(e, input as never)])) as unknown as {
    [K in keyof G]: (...args: CallArgs<ContractOf<G[K]>>) => Promise<CallOutput<ContractOf<G[K]>>>;
  };
}
