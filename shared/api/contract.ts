/**
 * The REST API's contract: one `endpoint()` per route the server answers under /api, with its method and path, who
 * may call it, its rate limits, its parameters, query, body, success answer and the error codes it can give. The
 * OpenAPI document (/api/openapi.json), the browser's typed client (app/lib/api/) and the integration tests' answer
 * checks are all read from these definitions; the Express routers in server/api/ must serve exactly these routes.
 */
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "./error-codes";
import type { RateRuleName } from "../rate-limits";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call an endpoint: anyone; a signed-in account; an account with investor access (investor or admin); an
 * admin whose session proved a second factor. The server enforces it; the contract documents it.
 */
export type Access = "public" | "signed-in" | "investor" | "admin";

/**
 * An answer that is not JSON: a file (a download, a CSV export) or a redirect. `contentTypes` lists every type it can
 * have when a query chooses among several (an export as CSV or JSON); `contentType` is the first.
 */
export type FileAnswer = { kind: "file"; contentType: string; contentTypes: readonly string[]; description: string };
export const fileAnswer = (contentType: string | readonly [string, ...string[]], description: string): FileAnswer => {
  const contentTypes = typeof contentType === "string" ? [contentType] : contentType;
  return { kind: "file", contentType: contentTypes[0], contentTypes, description };
};

export type EndpointDef = {
  method: Method;
  /** Express-style path from the site root: "/api/press-releases/:id". */
  path: string;
  /** One line for the reference: what the call does. */
  summary: string;
  /** More detail where a caller needs it (paging headers, what a field means). */
  description?: string;
  /** The reference's section: "Press releases", "Accounts", ... */
  tag: string;
  access: Access;
  /** The budgets this call counts against (shared/rate-limits.ts). */
  rateLimits?: readonly RateRuleName[];
  /** Path parameters, by name (ids are numbers; anything else answers 404). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON request body. */
  body?: z.ZodType;
  /** A multipart/form-data body instead: its fields (files as `z.file()`-like descriptions in the reference). */
  multipart?: z.ZodObject;
  /** The success answer's HTTP status (200 unless said). */
  status?: 200 | 201 | 202 | 204 | 303;
  /** The success answer: a JSON schema (objects strict, so an undocumented field fails the tests), or a file. */
  response: z.ZodType | FileAnswer;
  /** A second success, 202 with this JSON body: the work was accepted and goes on; ask again after Retry-After. */
  accepted?: z.ZodType;
  /** Error codes besides the ones the access, the input and the rate limits imply (NOT_FOUND, CONFLICT, ...). */
  errors?: readonly ErrorCode[];
  /** The Cache-Control the answer carries when it is not "no-store" (public reads). */
  cache?: string;
};

/** Declares one endpoint; `const` keeps the literal types the typed client reads. */
export const endpoint = <const D extends EndpointDef>(def: D): D => def;

/** The JSON body of every error answer. */
export const errorBodySchema = z
  .strictObject({
    message: z.string().meta({ description: "Safe to show a user, in the request's language (Accept-Language)." }),
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).meta({ description: "Stable; branch on it, never on the message." }),
    errors: z.record(z.string(), z.string()).optional().meta({ description: "One message per invalid field." }),
  })
  .meta({ id: "Error" });

/** A `{ message }` answer (a deletion, an acknowledgement), in the request's language. */
export const messageSchema = z.strictObject({ message: z.string() }).meta({ id: "Message" });

/**
 * A numeric id in the path: 1 to 2,147,483,647 written in digits (a database integer), so anything else (`abc`, `1.5`,
 * `1e3`, an id past the column's range) is a 404 like an unknown id, never a database error.
 */
export const idParams = z.strictObject({
  id: z.preprocess(
    (raw) => (typeof raw === "string" && !/^[1-9][0-9]{0,9}$/.test(raw) ? Number.NaN : raw),
    z.coerce.number<number | string>().int().positive().max(2_147_483_647),
  ),
});
/** Every code an endpoint can answer with: its own, and the ones its access, input and limits imply. */
export function errorCodes(def: EndpointDef): ErrorCode[] {
  const codes = new Set<ErrorCode>(def.errors ?? []);
  if (def.access !== "public") codes.add("UNAUTHORIZED");
  if (def.access === "investor" || def.access === "admin") codes.add("FORBIDDEN");
  if (def.access === "admin") codes.add("TWO_FACTOR_REQUIRED");
  if (def.method !== "GET") codes.add("FORBIDDEN"); // a cross-site request (Origin check) is refused
  if (def.params || def.query || def.body || def.multipart) codes.add("VALIDATION");
  // Text the database cannot hold (a NUL character) in a body or a query is refused as it is stored or searched.
  if (def.query || def.body || def.multipart) codes.add("INVALID_VALUE");
  if (def.body) {
    codes.add("INVALID_JSON");
    codes.add("PAYLOAD_TOO_LARGE");
  }
  if (def.params) codes.add("NOT_FOUND");
  if (def.rateLimits?.length) codes.add("TOO_MANY_REQUESTS");
  // Any call can meet a fault: the database or a deadline (503), or a bug (500).
  codes.add("SERVICE_UNAVAILABLE");
  codes.add("INTERNAL");
  return [...codes];
}

export { fillPath } from "./paths";

/** Whether `url`'s path (no query) is this endpoint's path. */
export function pathMatches(pattern: string, pathname: string): boolean {
  const re = new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z]+/g, "[^/]+")}/?$`);
  return re.test(pathname);
}

type Fields<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
/**
 * `true` when a server type `A` has exactly the fields of a response type `B`, each of a type `B` allows (optional
 * or not): `const fits: SameFields<Dto, z.output<typeof schema>> = true` makes a service and its contract that
 * drift apart a compile error.
 */
export type SameFields<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? (Fields<A> extends Fields<B> ? true : false) : false) : false;

/** The endpoint of `endpoints` that answers `method pathname`: a fixed segment wins over a parameter. */
export function findEndpoint<E extends EndpointDef>(endpoints: readonly E[], method: string, pathname: string): E | undefined {
  const matches = endpoints.filter((e) => e.method === method.toUpperCase() && pathMatches(e.path, pathname));
  return matches.sort((a, b) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0))[0];
}
