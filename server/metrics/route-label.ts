/**
 * The `route` label of the HTTP metrics: a route's template (`/api/press-releases/:id`, `/press-releases/:id`),
 * never the address asked for, so its values are a fixed set however many addresses exist: no id, e-mail, token
 * or query string ever becomes a label. Whatever no route claims shares one value, `unmatched`.
 */
import type { IncomingMessage } from "node:http";
import type { Request } from "express";
import { LRUCache } from "lru-cache";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** Every request no route claims: unknown addresses, the not-found pages, refusals before routing. */
export const UNMATCHED = "unmatched";
/** Files of the client build and of public/ (and, in development, Vite's modules). */
export const STATIC = "static";

const LABEL = Symbol("meridian.routeLabel");
type Labelled = IncomingMessage & { [LABEL]?: string };

/** Names the route that answers `req` (the last one to call this wins). */
export function setRouteLabel(req: IncomingMessage, label: string | undefined): void {
  (req as Labelled)[LABEL] = label;
}

/** The route that answers `req`, if one has said so. */
export function routeLabelOf(req: IncomingMessage): string | undefined {
  return (req as Labelled)[LABEL];
}

/**
 * An Express route's template: the routers' mount paths (`req.baseUrl` while the route runs) and the route's own
 * path. Express matches mount paths without regard to case, so the mount part is lower-cased: every mount path is
 * written in lower case, and `/API/Login` must not become a label of its own.
 */
export function expressTemplate(baseUrl: string, routePath: unknown): string {
  if (typeof routePath !== "string") return UNMATCHED;
  const base = baseUrl.toLowerCase();
  if (routePath === "/" || routePath === "") return base || "/";
  return `${base}${routePath.startsWith("/") ? "" : "/"}${routePath}`;
}

/**
 * Notes the template of every Express route that takes `req` as it takes it: Express sets `req.route` when a route
 * matches, and `req.baseUrl` is right only at that moment (an error handler further out sees the outer router's).
 */
export function recordExpressRoute(req: Request): void {
  let route: unknown;
  Object.defineProperty(req, "route", {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: unknown) {
      route = value;
      setRouteLabel(req, expressTemplate(req.baseUrl ?? "", (value as { path?: unknown } | undefined)?.path));
    },
  });
}

/** The route tree of a server build, in the shape `matchRoutes` reads; built once per build. */
const trees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

export function pageRouteTree(manifest: ServerBuild["routes"]): RouteObject[] {
  const known = trees.get(manifest);
  if (known) return known;
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    children.set(route.parentId, siblings);
    siblings.push(
      route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] },
    );
  }
  for (const list of children.values()) {
    for (const node of list) if (!node.index) node.children = children.get(node.id) ?? [];
  }
  const tree = children.get(undefined) ?? [];
  trees.set(manifest, tree);
  return tree;
}

/**
 * A page's route pattern (`/press-releases/:id`, `/ar/investors`, `/` for the home page), from the route modules
 * of the build. A page's data request (`/press-releases/x.data`, `/_root.data`) counts as the page. Splat routes
 * are the not-found pages here: any address matches them, so they are `unmatched`.
 */
export function pageRouteLabel(routes: RouteObject[], pathname: string): string {
  if (pathname === "/__manifest") return "/__manifest";
  let path = pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  const matches = matchRoutes(routes, path);
  if (!matches?.length) return UNMATCHED;
  const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
  const pattern = `/${parts.join("/")}`.replace(/\/{2,}/g, "/");
  return pattern.includes("*") ? UNMATCHED : pattern;
}

/**
 * Labels of the addresses asked for lately, per route tree. Matching walks and ranks every route (about half a
 * millisecond for this site's routes), so each address is matched once; at most 512 KB of addresses are kept.
 */
const labelCaches = new WeakMap<RouteObject[], LRUCache<string, string>>();

/** `pageRouteLabel`, remembered per address. */
export function cachedPageRouteLabel(routes: RouteObject[], pathname: string): string {
  let cache = labelCaches.get(routes);
  if (!cache) {
    cache = new LRUCache<string, string>({ maxSize: 512 * 1024, maxEntrySize: 2048, sizeCalculation: (_label, path) => path.length + 32 });
    labelCaches.set(routes, cache);
  }
  const known = cache.get(pathname);
  if (known !== undefined) return known;
  const label = pageRouteLabel(routes, pathname);
  cache.set(pathname, label);
  return label;
}

/** HTTP methods as they are; any other (Node parses a few dozen) shares one value. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
export const methodLabel = (method: string | undefined) => (method && METHODS.has(method) ? method : "OTHER");

/** `2xx` … `5xx`; `aborted` when the client left before the answer's head was sent. */
export function statusClass(res: { statusCode: number; headersSent: boolean }): string {
  if (!res.headersSent) return "aborted";
  const hundreds = Math.floor(res.statusCode / 100);
  return hundreds >= 1 && hundreds <= 5 ? `${hundreds}xx` : "other";
}
