/**
 * The front door's check of the request method, before the session, the CSRF check and the routes: a method the
 * address does not serve is answered `405 Method Not Allowed` with `Allow`, as a client's mistake (4xx, an info log
 * line), never passed on to a handler that fails on it (React Router cannot even build a request for TRACE).
 *
 * - Pages (and stored images and static files, which serve fewer): GET and HEAD, POST for form actions.
 * - The API: the methods its contract declares for the address (HEAD wherever GET is). OPTIONS is left to the router,
 *   which answers it with the same list; an address the contract does not know goes on to its 404.
 */
import type { NextFunction, Request, Response } from "express";
import { pathMatches, type EndpointDef } from "../../shared/api/contract";
import { errorBody } from "./errors";
import { message } from "../lib/messages";
import { requestLocale } from "./locale";

/** The methods every page address takes. */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;

/** The order methods are listed in `Allow`. */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The methods the contract's endpoints serve at `pathname`, in `Allow`'s order; empty when no endpoint is there. */
export function apiMethodsAt(endpoints: readonly EndpointDef[], pathname: string): string[] {
  const path = pathname.toLowerCase();
  const methods = new Set<string>();
  for (const e of endpoints) if (pathMatches(e.path.toLowerCase(), path)) methods.add(e.method);
  if (methods.has("GET")) methods.add("HEAD");
  return ORDER.filter((m) => methods.has(m));
}

export function allowedMethods(endpoints: readonly EndpointDef[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const api = req.path === "/api" || req.path.startsWith("/api/");
    if (api && req.method === "OPTIONS") return next();
    const allowed = api ? apiMethodsAt(endpoints, req.path) : [...PAGE_METHODS];
    if (!allowed.length || allowed.includes(req.method)) return next();
    res.status(405).set("Allow", allowed.join(", ")).set("Cache-Control", "no-store");
    const body = errorBody("METHOD_NOT_ALLOWED", message(requestLocale(req), "errors.methodNotAllowed"));
    if (api || !req.accepts("html")) res.json(body);
    else res.type("text/plain").send(body.message);
  };
}
