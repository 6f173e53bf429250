/**
 * Serves the whole site (API and server-rendered pages with their actions) for integration tests, the way
 * `npm run dev` does: Vite supplies the React Router build, no separate build step. The run shares one Vite dev
 * server (pages-vite.global.ts), which compiles each module once; each test file runs the modules in a module
 * runner of its own, so a file gets fresh instances of every module, as with a Vite server per file.
 */
import { createServer as createHttpServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { RequestHandler } from "express";
import { unstable_setDevServerHooks, type ServerBuild } from "react-router";
import type { HotPayload } from "vite";
import { createNodeImportMeta, ESModulesEvaluator, ModuleRunner } from "vite/module-runner";
import { inject } from "vitest";
import type { Database } from "../../server/db/client";
import type { Config } from "../../server/env";
import { createLogger, type Logger } from "../../server/lib/logger";
import type { PageCacheLayer } from "../../server/http/page-cache";
import type { Services } from "../../server/features";

let runner: ModuleRunner | undefined;

async function post(url: string, payload: unknown): Promise<string> {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
  return res.text();
}

/** One module runner per test file, fed by the run's Vite server. */
function moduleRunner(viteUrl: string) {
  if (runner) return runner;
  runner = new ModuleRunner(
    {
      transport: {
        invoke: async (payload: HotPayload) => {
          // A module this runner already holds is asked for again at every import of it, to learn whether it
          // changed. Nothing changes during a test run (the server neither watches files nor updates modules),
          // so the answer is always the server's "cached", given here without a round trip.
          const call = payload.type === "custom" ? (payload.data as { name?: string; data?: [string, string?, { cached?: boolean }?] }) : undefined;
          if (call?.name === "fetchModule" && call.data?.[2]?.cached) return { result: { cache: true } };
          return JSON.parse(await post(`${viteUrl}/invoke`, payload)) as { result: unknown } | { error: unknown };
        },
      },
      // The options of the runner behind Vite's own ssrLoadModule.
      hmr: false,
      createImportMeta: createNodeImportMeta,
      sourcemapInterceptor: false,
    },
    new ESModulesEvaluator(),
  );
  // What React Router's Vite plugin sets up in the process of the dev server: the CSS a page imports, inlined
  // into the page in development. It is asked of the run's server.
  unstable_setDevServerHooks({
    getCriticalCss: async (pathname: string) => {
      const res = await fetch(`${viteUrl}/critical-css?pathname=${encodeURIComponent(pathname)}`);
      if (!res.ok) throw new Error(`critical CSS for ${pathname}: HTTP ${res.status}`);
      return res.status === 204 ? undefined : res.text();
    },
  });
  return runner;
}

/** Vite's middlewares (client modules, catalogs, public files) in the run's server; what they do not answer goes on. */
function viteAssets(viteUrl: string): RequestHandler {
  const { hostname, port } = new URL(viteUrl);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const upstream = request({ host: hostname, port, method: req.method, path: req.originalUrl, headers: req.headers }, (answer: IncomingMessage) => {
      if (answer.statusCode === 404 && answer.headers["x-pages-vite"] === "miss") {
        answer.resume();
        return next();
      }
      res.writeHead(answer.statusCode ?? 500, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", next);
    upstream.end();
  };
}

/**
 * An app instance on `database` with pages. Like `npm run dev`, the server code itself is loaded through
 * Vite, so the route modules and the services share one copy of every module.
 */
export async function servePages(
  database: Database,
  config: Config,
  /** `listenTo`: where the page cache hears changes, when not `database` itself (e.g. through a slow link). */
  opts: { pageCache?: boolean; logger?: Logger; listenTo?: Database } = {},
): Promise<{ baseUrl: string; services: Services; pageCache?: PageCacheLayer; close: () => Promise<void> }> {
  // A page's first render waits while Vite compiles its modules (a minute on a loaded machine), which is not the
  // slow request the server's deadline is for: page tests get at least 2 minutes.
  config = { ...config, requestTimeoutMs: Math.max(config.requestTimeoutMs, 120_000) };
  const viteUrl = inject("pagesViteUrl");
  if (!viteUrl) throw new Error("servePages needs the Vite server of tests/helpers/pages-vite.global.ts (globalSetup in vitest.config.ts)");
  const modules = moduleRunner(viteUrl);
  const appModule = (await modules.import("/server/app.ts")) as typeof import("../../server/app");
  const servicesModule = (await modules.import("/server/features/index.ts")) as typeof import("../../server/features");
  const cacheModule = (await modules.import("/server/http/page-cache/index.ts")) as typeof import("../../server/http/page-cache");
  const services = servicesModule.createServices(database, config);
  const logger = opts.logger ?? createLogger({ level: "silent", pretty: false });
  let pageCache: PageCacheLayer | undefined;
  if (opts.pageCache) {
    pageCache = cacheModule.createPageCacheLayer({ maxBytes: 16 * 1024 * 1024, ttlMs: 600_000, logger });
    await pageCache.listen(opts.listenTo ?? database);
  }
  const app = appModule.createApp({
    services,
    logger,
    build: () => modules.import("virtual:react-router/server-build") as Promise<ServerBuild>,
    assets: [viteAssets(viteUrl)],
    vite: true,
    pageCache,
  });
  const server: Server = createHttpServer(appModule.frontDoor(app, { pageCache }));
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    services,
    pageCache,
    close: async () => {
      await pageCache?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Ends the file's module runner (the run's Vite server stays for the other files). */
export async function closeVite() {
  await runner?.close();
  runner = undefined;
}

/** The encodings a browser accepts. */
export const BROWSER = { "Accept-Encoding": "br, gzip" };

/**
 * Asks for `url` as `visitor` (anonymous) until the page cache answers it: returns the first HIT. A page rendered
 * before the cache has heard of a write made just before (the notice comes back from the database a few
 * milliseconds later, longer on a loaded machine) is not stored, so the next request renders it again; at most 5
 * renders are allowed.
 */
export async function cachedPage<R extends { headers: Headers }>(
  visitor: { get: (url: string, headers?: Record<string, string>) => Promise<R> },
  url: string,
): Promise<R> {
  await visitor.get(url, BROWSER);
  let res = await visitor.get(url, BROWSER);
  for (let renders = 2; res.headers.get("x-cache") !== "HIT" && renders < 5; renders++) {
    await new Promise((r) => setTimeout(r, 200));
    res = await visitor.get(url, BROWSER);
  }
  if (res.headers.get("x-cache") !== "HIT") throw new Error(`${url} was not served from the page cache (X-Cache: ${res.headers.get("x-cache")})`);
  return res;
}
