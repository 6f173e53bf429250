import { Router, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import type { EndpointDef } from "../../shared/api/contract";
import type { MessageId } from "../../shared/i18n/messages";
import { AppError } from "../lib/errors";
import type { PublicUser } from "../features/accounts/users";
import type { Answer } from "./answer";
import { currentUser, requireRole, requireUser } from "./guards";
import { parse } from "./validate";

type Parsed<E, K extends "params" | "query" | "body"> = E extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : undefined;

/** What a handler gets: the caller (as its access requires), and the path, query and body parsed by the contract's schemas. */
export type EndpointInput<E extends EndpointDef> = {
  user: E["access"] extends "public" ? PublicUser | undefined : PublicUser;
  params: Parsed<E, "params">;
  query: Parsed<E, "query">;
  body: Parsed<E, "body">;
  /** A multipart endpoint's file (`readBody`), read after the guard and the query passed. */
  file: Express.Multer.File | undefined;
  req: Request;
  res: Response;
  /** For a file handler whose sending reports its failure later (a stored file that is gone). */
  next: NextFunction;
};

/**
 * The work an endpoint does, and nothing else: it returns the contract's answer (the engine sends it with the
 * contract's status). An endpoint whose contract answers a file writes to `res` itself and returns nothing.
 */
export type EndpointHandler<E extends EndpointDef> = (input: EndpointInput<E>) => Promise<HandlerAnswer<E>> | HandlerAnswer<E>;
type HandlerAnswer<E extends EndpointDef> = E["response"] extends z.ZodType ? (E["status"] extends 204 ? void : Answer<E>) : void;

export type EndpointOptions<E extends EndpointDef = EndpointDef> = {
  /** What a path parameter that does not parse was not found ("E-mail not found"); "Not found" unless said. */
  notFound?: MessageId;
  /** A path parameter that names a kind or a number the caller chose is a 400 with its field's message instead. */
  invalidParams?: "bad-request";
  /**
   * A check of the caller made before the body is read (an address never confirmed is refused whatever the body says),
   * so a refused caller learns nothing from how its body would have been judged.
   */
  beforeBody?: (input: { user: EndpointInput<E>["user"]; params: Parsed<E, "params"> }) => void | Promise<void>;
  /**
   * An endpoint whose body is not JSON (a multipart upload, a form, a beacon's text): the middleware that reads it,
   * with its limits, chosen from the parsed query and path. It runs after the guard, the query's check and
   * `beforeBody`, so no byte of a refused caller's upload is read.
   */
  readBody?: (input: { params: Parsed<E, "params">; query: Parsed<E, "query"> }) => RequestHandler;
};

/** Marks the handlers the engine registers, so a test can find a route served without it. */
export const SERVED_BY_ENGINE = Symbol.for("endpoint-engine");

export type Served = { endpoint: EndpointDef; run: (req: Request, res: Response, next: NextFunction) => Promise<void> };

/**
 * One endpoint served as its contract declares it, so a router holds only the work:
 * - who may call it (`access`): anyone; a signed-in account (401); investor access (401, 403); an admin in a session
 *   that proved a second factor (401, 403, 403 TWO_FACTOR_REQUIRED);
 * - its path parameters, query and JSON body parsed with the contract's schemas: a parameter that does not parse is a
 *   404 (`notFound` names what was not found), a query or body that does not is a 400 with a message per field;
 * - its success status (`status`, 200 unless said; 204 sends no body) and, for a public read, its `cache`.
 * Rate limits are counted by the services that know whose budget a call spends; the pages a write makes stale are
 * found from the statements it sends (no endpoint lists them).
 */
export function endpoint<E extends EndpointDef>(def: E, handler: EndpointHandler<E>, options: EndpointOptions<E> = {}): Served {
  const guard = (res: Response): PublicUser | undefined => {
    switch (def.access) {
      case "public":
        return currentUser(res);
      case "signed-in":
        return requireUser(res);
      case "investor":
        return requireRole(res, "investor");
      case "admin":
        return requireRole(res, "admin");
    }
  };
  // A public read ignores query parameters it does not know (a cache-busting ?v=, a campaign's utm_ tags on a shared
  // link): its answer is the one a shared cache keeps for everyone. Every other call refuses them. Built once here.
  const querySchema = def.query && def.access === "public" && def.method === "GET" ? def.query.strip() : def.query;
  return {
    endpoint: def,
    run: async (req, res, next) => {
      const user = guard(res);
      let params: unknown;
      if (def.params && options.invalidParams === "bad-request") params = parse(def.params, req.params);
      else if (def.params) {
        const result = def.params.safeParse(req.params);
        if (!result.success) throw new AppError("NOT_FOUND", options.notFound ?? "errors.notFound");
        params = result.data;
      }
      const query = querySchema ? parse(querySchema, req.query) : undefined;
      if (options.beforeBody) await options.beforeBody({ user, params } as { user: EndpointInput<E>["user"]; params: Parsed<E, "params"> });
      if (options.readBody) {
        const read = options.readBody({ params, query } as { params: Parsed<E, "params">; query: Parsed<E, "query"> });
        await new Promise<void>((resolve, reject) => read(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
      }
      const body = def.body ? parse(def.body, req.body) : undefined;
      // A public read says how long it may be kept (the API answers no-store otherwise).
      if (def.cache) res.set("Cache-Control", def.cache);
      const answer = await handler({ user, params, query, body, file: req.file, req, res, next } as EndpointInput<E>);
      if (res.headersSent || "kind" in def.response) return;
      const status = def.status ?? 200;
      if (status === 204) res.status(204).end();
      else res.status(status).json(answer);
    },
  };
}

/**
 * A router for endpoints that share the prefix it is mounted at (`/api/admin/outbox`): each is registered at its
 * contract path, less the prefix, so the path is written once, in the contract. A path outside the prefix is a mistake
 * found when the server starts.
 */
export function endpointRouter(prefix: string, served: Served[]): Router {
  const router = Router();
  for (const { endpoint: def, run } of served) {
    if (def.path !== prefix && !def.path.startsWith(`${prefix}/`)) throw new Error(`${def.method} ${def.path} is not under ${prefix}`);
    const path = def.path.slice(prefix.length) || "/";
    const handler = Object.assign(run, { [SERVED_BY_ENGINE]: true });
    router[def.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete"](path, handler);
  }
  return router;
}
