/**
 * Checks every API answer the integration tests receive against the contract (shared/api): the route must be one the
 * contract lists, a success answer must match the route's response schema (objects are strict: an undocumented field
 * fails), and an error must be the error body with a code the route documents.
 */
import type { Router } from "express";
import { ENDPOINTS } from "../../shared/api";
import { errorBodySchema, errorCodes, findEndpoint } from "../../shared/api/contract";
import { ERROR_STATUS } from "../../shared/api/error-codes";
import { SERVED_BY_ENGINE } from "../../server/http/endpoint";

/** A route the contract does not list fails the test that called it (set to false only while adding a resource). */
const EVERY_ROUTE_LISTED = true;

export class ContractViolation extends Error {
  name = "ContractViolation";
}

/** Throws a ContractViolation when the answer to `method url` breaks the contract. */
export function checkAnswer(method: string, url: string, status: number, contentType: string | null, json: unknown) {
  const pathname = new URL(url, "http://x").pathname;
  if (!pathname.startsWith("/api/")) return;
  const endpoint = findEndpoint(ENDPOINTS, method, pathname);
  if (!endpoint) {
    // An unknown route answers 404 with the error body (403 when a cross-site write is refused before routing, 405
    // for a method a known address does not serve); anything else is a route the contract misses.
    if (status === 404 || status === 403 || status === 405 || !EVERY_ROUTE_LISTED) return;
    throw new ContractViolation(`${method} ${pathname} answered ${status} but is not in the API contract (shared/api)`);
  }
  const where = `${method} ${endpoint.path} (${status})`;
  if (status === 304) return;
  if (status >= 400) {
    if (json === undefined) return; // e.g. a body the client could not read; the status is still checked below
    const parsed = errorBodySchema.safeParse(json);
    if (!parsed.success) throw new ContractViolation(`${where}: the error body is not { message, code, errors? }: ${JSON.stringify(json).slice(0, 300)}`);
    const codes = errorCodes(endpoint);
    if (!codes.includes(parsed.data.code))
      throw new ContractViolation(`${where}: error code ${parsed.data.code} is not documented for this route (documented: ${codes.join(", ")})`);
    if (ERROR_STATUS[parsed.data.code] !== status)
      throw new ContractViolation(`${where}: code ${parsed.data.code} belongs with ${ERROR_STATUS[parsed.data.code]}`);
    return;
  }
  if (status === 202 && endpoint.accepted) {
    const accepted = endpoint.accepted.safeParse(json);
    if (!accepted.success)
      throw new ContractViolation(`${where}: the answer does not match the accepted (202) schema: ${accepted.error.message.slice(0, 300)}`);
    return;
  }
  const expected = endpoint.status ?? 200;
  if (status !== expected) throw new ContractViolation(`${where}: the contract says a success answers ${expected}`);
  // A redirect's body is only a courtesy text; its Location is what a client follows.
  if (status === 303) return;
  if ("kind" in endpoint.response) {
    const types = endpoint.response.contentTypes;
    if (contentType && !types.some((type) => contentType.startsWith(type.split(";")[0]) || type === "application/octet-stream"))
      throw new ContractViolation(`${where}: answered ${contentType}, the contract says ${types.join(" or ")}`);
    return;
  }
  if (status === 204) return;
  const result = endpoint.response.safeParse(json);
  if (!result.success)
    throw new ContractViolation(
      `${where}: the answer does not match the response schema:\n${result.error.issues
        .slice(0, 5)
        .map((i) => `  ${i.path.join(".")}: ${i.message}`)
        .join("\n")}`,
    );
}

type Layer = {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: object }[] };
  handle: { stack?: Layer[] };
  rawPath?: string | string[];
};

/** Every `METHOD /path` an Express router serves, its mounted routers included (paths as written: `/api/x/:id`). */
export function servedRoutes(router: Router, prefix = "/api"): string[] {
  return routeLayers(router, prefix).map((r) => r.route);
}

/** The routes `router` serves whose handler the endpoint engine did not register (written by hand). */
export function handWrittenRoutes(router: Router, prefix = "/api"): string[] {
  return routeLayers(router, prefix)
    .filter((r) => !r.handlers.some((h) => SERVED_BY_ENGINE in h))
    .map((r) => r.route);
}

function routeLayers(router: Router, prefix: string): { route: string; handlers: object[] }[] {
  const out: { route: string; handlers: object[] }[] = [];
  const join = (a: string, b: string) => (a + (b === "/" ? "" : b)).replace(/\/+/g, "/") || "/";
  const walk = (stack: Layer[], base: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const handlers = layer.route.stack.map((l) => l.handle);
        for (const [m, on] of Object.entries(layer.route.methods))
          if (on && m !== "_all") out.push({ route: `${m.toUpperCase()} ${join(base, layer.route.path)}`, handlers });
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === "string" ? layer.rawPath : "/";
        walk(layer.handle.stack, join(base, mount));
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack, prefix);
  return out;
}
