import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { apiRouter } from "./api";
import { openDatabase, runMigrations, withStartupLock } from "./db/client";
import { seed } from "./db/seed";
import { ConfigError, loadConfig, type Config } from "./env";
import { apiErrorHandler } from "./http/errors";
import { sameOriginOnly } from "./http/origin";
import { contentSecurityPolicy } from "./http/csp";
import { privateWhenSignedIn } from "./http/cache-control";
import { loadSession } from "./http/session";
import { createLogger, type Logger } from "./lib/logger";
import type { LoadContext } from "./load-context";
import { createServices, type Services } from "./services";

export type AppOptions = {
  services: Services;
  logger: Logger;
  /** The React Router server build; omitted in API-only tests. */
  build?: () => Promise<ServerBuild>;
  /** Static asset handlers, served before sessions are read. */
  assets?: RequestHandler[];
  /** True under the Vite development server (no CSP: Vite injects inline scripts). */
  vite?: boolean;
};

/** One Express app: uploads, /api, then server-rendered pages. */
export function createApp({ services, logger, build, assets = [], vite = false }: AppOptions): Express {
  const { config } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(
    helmet({
      // Set by contentSecurityPolicy() below, with a per-request nonce.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      hsts: config.secureCookies,
      // Not helmet's no-referrer: under it a browser sends "Origin: null" with a plain form post, which
      // the same-origin check must refuse. This policy still sends only the origin to other sites.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use(contentSecurityPolicy({ enabled: !vite }));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || crypto.randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => Boolean(req.url?.startsWith("/assets/")) },
    }),
  );
  app.use(compression());
  app.use(
    "/uploads",
    express.static(services.storage.uploadsDir, { immutable: true, maxAge: "365d", index: false, dotfiles: "deny", fallthrough: true }),
  );
  for (const handler of assets) app.use(handler);
  app.use(sameOriginOnly(config.publicOrigin));
  app.use(loadSession(services));
  app.use(privateWhenSignedIn());
  app.use("/api", apiRouter(services, logger));
  if (build) {
    app.use(
      createRequestHandler({
        build,
        mode: config.nodeEnv === "production" ? "production" : "development",
        getLoadContext: (req, res): LoadContext => ({
          services,
          user: res.locals.user,
          session: res.locals.session,
          ip: req.ip,
          cspNonce: res.locals.cspNonce as string | undefined,
          origin: config.publicOrigin ?? `${req.protocol}://${req.get("host")}`,
        }),
      }),
    );
  }
  app.use(apiErrorHandler(logger));
  return app;
}

/** Opens the database, migrates, seeds, and serves. Used by server.js in production and development. */
export async function start(opts: { vite?: ViteDevServer; buildDir?: string; env?: Record<string, string | undefined> } = {}) {
  let config: Config;
  try {
    config = loadConfig(opts.env ?? process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger({ level: config.logLevel, pretty: config.nodeEnv !== "production" });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database);
  const services = createServices(database, config);
  await withStartupLock(database, () => seed(services, { log: (line) => console.log(line) }));

  const vite = opts.vite;
  const assets: RequestHandler[] = [];
  let build: () => Promise<ServerBuild>;
  if (vite) {
    assets.push(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const clientDir = path.join(opts.buildDir ?? path.resolve("build"), "client");
    assets.push(express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    assets.push(express.static(clientDir, { maxAge: "1h", index: false }));
    build = () => import("virtual:react-router/server-build");
  }
  const app = createApp({ services, logger, build, assets, vite: Boolean(vite) });
  const server = app.listen(config.port, config.host, () => {
    logger.info(`Serving on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port} (${database.kind})`);
  });
  const stop = async () => {
    server.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return { app, server, services };
}
