/**
 * One Vite dev server for the whole test run, started only when a page test first asks for it. It compiles the
 * server code and the route modules once; every page-test file then runs them in a module runner of its own
 * (tests/helpers/pages-server.ts), so each file still gets fresh instances of every module, without paying for
 * Vite's start and for compiling about 370 modules again (most of a page test's set-up time).
 *
 * Served on 127.0.0.1 for the test workers:
 * - `POST /invoke`: the module runner's requests (fetchModule) to the SSR environment;
 * - `GET /critical-css?pathname=`: React Router's development hook that inlines the CSS a page imports;
 * - everything else: Vite's own middlewares (client modules, message catalogs, public files), as `npm run dev`
 *   serves them; a request they do not answer gets a 404 marked `x-pages-vite: miss`.
 */
import { createServer as createHttpServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { HotPayload, ViteDevServer } from "vite";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base URL of the run's shared Vite server (pages-vite.global.ts). */
    pagesViteUrl: string;
  }
}

/** What React Router's Vite plugin registers on globalThis in the process that runs the dev server. */
type DevServerHooks = { getCriticalCss?: (pathname: string) => Promise<string | undefined> };

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export default async function setup(project: TestProject) {
  let vite: Promise<ViteDevServer> | undefined;
  const viteServer = () =>
    (vite ??= import("vite").then(({ createServer }) =>
      createServer({
        configFile: path.resolve(project.config.root, "vite.config.ts"),
        root: project.config.root,
        server: { middlewareMode: true, hmr: false, watch: null, fs: { strict: false } },
        optimizeDeps: { noDiscovery: true, include: [] },
        appType: "custom",
        // Compiles a module's static imports while the test worker still runs the module itself, so the first
        // file waits less for the first compile (about 0.5 s of ~3.5 s measured).
        environments: { ssr: { dev: { preTransformRequests: true } } },
        logLevel: "silent",
      }),
    ));

  const server = createHttpServer((req, res) => {
    void (async () => {
      const v = await viteServer();
      const url = new URL(req.url ?? "/", "http://localhost");
      if (req.method === "POST" && url.pathname === "/invoke") {
        const answer = await v.environments.ssr.hot.handleInvoke(JSON.parse(await body(req)) as HotPayload);
        res.setHeader("Content-Type", "application/json");
        res.end(JSON.stringify(answer));
      } else if (url.pathname === "/critical-css") {
        const hooks = (globalThis as { __reactRouterDevServerHooks?: DevServerHooks }).__reactRouterDevServerHooks;
        const css = await hooks?.getCriticalCss?.(url.searchParams.get("pathname") ?? "/");
        res.statusCode = css === undefined ? 204 : 200;
        res.end(css);
      } else {
        v.middlewares(req, res, () => {
          res.statusCode = 404;
          res.setHeader("x-pages-vite", "miss");
          res.end();
        });
      }
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  project.provide("pagesViteUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);

  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await vite?.then(
      (v) => v.close(),
      () => undefined,
    );
  };
}
