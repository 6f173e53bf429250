/**
 * Serves the whole site (API and server-rendered pages with their actions) for integration tests, the way
 * `npm run dev` does: Vite in middleware mode supplies the React Router build, no separate build step.
 */
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { createServer, type ViteDevServer } from "vite";
import type { Database } from "../../server/db/client";
import type { Config } from "../../server/env";
import { createLogger, type Logger } from "../../server/lib/logger";
import type { PageCacheLayer } from "../../server/http/page-cache";
import type { Services } from "../../server/services";

let vite: ViteDevServer | undefined;

/** One Vite server per test file, shared by every app it serves. */
async function viteServer() {
  vite ??= await createServer({
    configFile: path.resolve("vite.config.ts"),
    server: { middlewareMode: true, hmr: false, watch: null, fs: { strict: false } },
    optimizeDeps: { noDiscovery: true, include: [] },
    appType: "custom",
    logLevel: "silent",
  });
  return vite;
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
  const v = await viteServer();
  const appModule = (await v.ssrLoadModule("/server/app.ts")) as typeof import("../../server/app");
  const servicesModule = (await v.ssrLoadModule("/server/services/index.ts")) as typeof import("../../server/services");
  const cacheModule = (await v.ssrLoadModule("/server/http/page-cache/index.ts")) as typeof import("../../server/http/page-cache");
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
    build: () => v.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    assets: [v.middlewares],
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

export async function closeVite() {
  await vite?.close();
  vite = undefined;
}

/** The encodings a browser accepts. */
export const BROWSER = { "Accept-Encoding": "br, gzip" };

/** Asks for `url` twice as `visitor` (anonymous), so the page is stored; returns the second answer, which must be a HIT. */
export async function cachedPage<R extends { headers: Headers }>(
  visitor: { get: (url: string, headers?: Record<string, string>) => Promise<R> },
  url: string,
): Promise<R> {
  await visitor.get(url, BROWSER);
  const res = await visitor.get(url, BROWSER);
  if (res.headers.get("x-cache") !== "HIT") throw new Error(`${url} was not served from the page cache (X-Cache: ${res.headers.get("x-cache")})`);
  return res;
}
