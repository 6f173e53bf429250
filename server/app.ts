import type { RequestListener, Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { apiRouter } from "./api";
import { openDatabase, runMigrations, withStartupLock, type Database } from "./db/client";
import { seed } from "./db/seed";
import { convertContentDocs } from "./features/content/content-docs";
import { checkDataDir, ConfigError, loadConfig, type Config } from "./env";
import { requestDeadline } from "./http/deadline";
import { apiErrorHandler } from "./http/errors";
import { healthRoutes } from "./http/health";
import { metricsListener, metricsWithToken } from "./http/metrics";
import { attachMetrics, createMetrics, metricsOfApp, nameRoute } from "./metrics";
import { setRouteLabel, STATIC } from "./metrics/route-label";
import { sameOriginOnly } from "./http/origin";
import { allowedMethods } from "./http/methods";
import { ENDPOINTS } from "../shared/api";
import { ONE_CLICK_PATH } from "../shared/alerts";
import { contentSecurityPolicy } from "./http/csp";
import { privateWhenSignedIn } from "./http/cache-control";
import { previewHeaders } from "./http/preview-headers";
import { createPageCacheLayer, type PageCacheLayer } from "./http/page-cache";
import { createStaticFiles, type StaticFiles } from "./http/static-files";
import { serverTimingAudience } from "./http/server-timing";
import { serveUploads } from "./http/uploads";
import { loadSession } from "./http/session";
import { createLogger, type Logger } from "./lib/logger";
import { allocatorNote } from "./lib/allocator";
import { configureImages } from "./lib/image-jobs";
import { closePdfTools } from "./lib/pdf-render";
import { keepFilesPrivate, tightenTree, tightenedLine, type Tightened } from "./lib/private-files";
import { metricsOf, requestMetrics } from "./lib/request-metrics";
import { createShutdown, exitWithError, installProcessHandlers, listen, listenErrorLine, startupErrorLine, withTimeout } from "./lifecycle";
import { createLoadContext } from "./load-context";
import { createServices, type Services } from "./features";
import { startBackupChannel } from "./ops/backup-channel";
import { setHtmlWorkers, setReaderWorkers } from "./workers/html-pool";
import { StoreUnavailableError } from "./lib/storage";

export type AppOptions = {
  services: Services;
  logger: Logger;
  /** The React Router server build; omitted in API-only tests. */
  build?: () => Promise<ServerBuild>;
  /** Static asset handlers, served before sessions are read. */
  assets?: RequestHandler[];
  /** True under the Vite development server (no CSP: Vite injects inline scripts). */
  vite?: boolean;
  /** True once a graceful shutdown has begun (readiness answers 503). */
  isDraining?: () => boolean;
  /** The anonymous page cache; its `capture` step runs just before the routes. */
  pageCache?: PageCacheLayer;
  /** The built stylesheets' text by address, which pages write into their HTML (see app/root.tsx). */
  stylesheet?: (href: string) => string | undefined;
};

/** One Express app: uploads, /api, then server-rendered pages. */
export function createApp({ services, logger, build, assets = [], vite = false, isDraining, pageCache, stylesheet }: AppOptions): Express {
  const { config } = services;
  const app = express();
  app.disable("x-powered-by");
  // Metrics (METRICS_PORT or METRICS_TOKEN): each app its own registry. Every request is timed from here and named by
  // the route that takes it; a scrape on this port with the token comes next, before the log and the session.
  const metrics = config.metrics ? createMetrics({ database: services.database, pageCache, publication: services.publication }) : undefined;
  if (metrics) {
    attachMetrics(app.locals, metrics);
    app.use(metrics.requests);
    if (config.metrics?.token) app.use(metricsWithToken(metrics.registry, config.metrics.token));
  }
  // Probes come first: no session, CSRF check, compression or log line.
  app.use(healthRoutes({ database: services.database, isDraining }));
  // Database statements and time per request: in the request's log line, and as Server-Timing to whom it may tell.
  app.use(requestMetrics({ sendTo: serverTimingAudience({ everyone: config.serverTiming }) }));
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
      // What the request cost, in its line (also where Server-Timing is not sent). Only once it has finished.
      customProps: (_req, res) => {
        const metrics = res.writableEnded ? metricsOf(res) : undefined;
        return metrics ? { db: { queries: metrics.dbCount, ms: Math.round(metrics.dbMs * 10) / 10 } } : {};
      },
      // Tokens in the URL, query and Referer are masked by the logger itself (createLogger), like those of any line.
    }),
  );
  app.use(requestDeadline({ ms: config.requestTimeoutMs, logger }));
  // A method the address does not serve: 405 with Allow, before anything reads the session or builds a page.
  app.use(allowedMethods(ENDPOINTS));
  app.use(compression());
  if (metrics) app.use("/uploads", nameRoute("/uploads"));
  app.use("/uploads", serveUploads(services.storage));
  if (metrics && assets.length > 0) app.use(nameRoute(STATIC));
  for (const handler of assets) app.use(handler);
  if (metrics && assets.length > 0) app.use(nameRoute(undefined));
  // The one-click unsubscribe address takes POSTs from mail providers' servers (it needs only its token).
  app.use(sameOriginOnly(config.publicOrigin, [ONE_CLICK_PATH]));
  app.use(loadSession(services));
  app.use(privateWhenSignedIn());
  app.use(previewHeaders());
  if (pageCache) app.use(pageCache.capture);
  app.use("/api", apiRouter(services, logger));
  if (build) {
    if (metrics) app.use(metrics.pages(build));
    app.use(
      createRequestHandler({
        build,
        mode: config.nodeEnv === "production" ? "production" : "development",
        getLoadContext: (req, res) => createLoadContext(req, res, { services, logger, publicOrigin: config.publicOrigin, stylesheet }),
      }),
    );
  }
  app.use(apiErrorHandler(logger));
  return app;
}

/**
 * What answers first, before Express: files of the client build from memory, then stored anonymous pages.
 * Everything else goes to the app.
 */
export function frontDoor(app: Express, { staticFiles, pageCache }: { staticFiles?: StaticFiles; pageCache?: PageCacheLayer }): RequestListener {
  const metrics = metricsOfApp(app);
  return (req, res) => {
    metrics?.observe(req, res);
    if (staticFiles?.serve(req, res)) {
      if (metrics) setRouteLabel(req, STATIC);
      return;
    }
    if (pageCache) pageCache.lookup(req, res, () => app(req, res));
    else app(req, res);
  };
}

/** Migrations (including the wait for another instance's migration lock) must finish within this long. */
export const MIGRATION_TIMEOUT_MS = 120_000;

/**
 * Opens the database, migrates, seeds, and serves. Used by server.js in production and development.
 * Any start-up failure (configuration, DATA_DIR, database, port) prints one line and exits 1.
 */
export async function start(opts: { vite?: ViteDevServer; buildDir?: string; env?: Record<string, string | undefined> } = {}) {
  // Everything this process creates (DATA_DIR itself, the database's files, stored files) is its user's alone.
  keepFilesPrivate();
  let config: Config;
  let tightened: Tightened | null;
  try {
    config = loadConfig(opts.env ?? process.env);
    checkDataDir(config.dataDir);
    tightened = tightenTree(config.dataDir);
  } catch (err) {
    exitWithError(err instanceof ConfigError ? err.message : `Start-up failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const logger = createLogger({ level: config.logLevel, pretty: config.nodeEnv !== "production" });
  if (tightened) logger.warn({ tightened }, tightenedLine("DATA_DIR", tightened));
  installProcessHandlers(logger);
  configureImages(config.images);
  setHtmlWorkers(config.htmlWorkers);
  setReaderWorkers(config.readerWorkers);
  const allocator = config.nodeEnv === "production" ? allocatorNote(process.env) : undefined;
  if (allocator) logger.info(allocator);
  const shutdown = createShutdown({ logger, timeoutMs: config.shutdownTimeoutMs });

  let database: Database | undefined;
  let services: Services;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeouts: { connectMs: config.dbConnectTimeoutMs, queryMs: config.dbQueryTimeoutMs },
      log: logger,
      pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    });
    await database.ping();
    await withTimeout(runMigrations(database), MIGRATION_TIMEOUT_MS, `Database migrations did not finish within ${MIGRATION_TIMEOUT_MS / 1000} s`);
    services = createServices(database, config);
    // An object store that cannot be used (a wrong bucket or key, no answer) stops the start with one line.
    await services.storage.check();
    const db = database;
    await withTimeout(
      withStartupLock(db, () => seed(services, { log: (line) => console.log(line) })),
      MIGRATION_TIMEOUT_MS,
      `Loading the demo content did not finish within ${MIGRATION_TIMEOUT_MS / 1000} s`,
    );
  } catch (err) {
    void database?.close().catch(() => {});
    if (err instanceof StoreUnavailableError) exitWithError(err.message);
    exitWithError(startupErrorLine(err, { databaseUrl: config.databaseUrl, connectTimeoutMs: config.dbConnectTimeoutMs }));
  }
  try {
    const docs = await withStartupLock(database!, () => convertContentDocs({ db: database!.db, audit: services.audit }));
    if (docs.converted.length) logger.info({ releases: docs.converted }, "releases written before the editor converted to its documents (no word changed)");
    for (const { id, reason } of docs.kept)
      logger.warn({ release: id, reason }, "a release written before the editor keeps its HTML: the editor cannot hold it as it is");
  } catch (err) {
    logger.warn({ err }, "could not convert the releases written before the editor; trying again at the next start");
  }
  try {
    const keys = await services.twoFactor.resealKeys();
    if (keys.resealed > 0) logger.info(keys, "authenticator app keys sealed under the current ENCRYPTION_KEY (or SESSION_SECRET)");
    if (keys.unreadable > 0) {
      logger.warn(
        keys,
        "some authenticator app keys cannot be opened: ENCRYPTION_KEY (or SESSION_SECRET) changed without the old one in ENCRYPTION_KEY_PREVIOUS; those users must sign in with a recovery code or a passkey",
      );
    }
  } catch (err) {
    logger.warn({ err }, "could not check the stored authenticator app keys; trying again at the next start");
  }

  const vite = opts.vite;
  const assets: RequestHandler[] = [];
  let build: () => Promise<ServerBuild>;
  let staticFiles: StaticFiles | undefined;
  let pageCache: PageCacheLayer | undefined;
  if (vite) {
    assets.push(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const clientDir = path.join(opts.buildDir ?? path.resolve("build"), "client");
    staticFiles = createStaticFiles(clientDir, { hsts: config.secureCookies });
    // Behind the in-memory files: large ones (videos, with Range requests) from the disk.
    assets.push(express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    assets.push(express.static(clientDir, { maxAge: "1h", index: false }));
    build = () => import("virtual:react-router/server-build");
    if (config.pageCacheBytes > 0) {
      pageCache = createPageCacheLayer({ maxBytes: config.pageCacheBytes, ttlMs: config.pageCacheTtlMs, logger });
      try {
        await pageCache.listen(database);
      } catch (err) {
        logger.warn({ err }, "cannot hear content changes; the page cache stays off");
      }
    }
  }
  const app = createApp({
    services,
    logger,
    build,
    assets,
    vite: Boolean(vite),
    isDraining: shutdown.isDraining,
    pageCache,
    stylesheet: staticFiles?.stylesheet,
  });
  // The metrics listener (METRICS_PORT) serves /metrics and nothing else; it opens before the site does.
  const metrics = metricsOfApp(app);
  let metricsServer: Server | undefined;
  let metricsAddress = "";
  if (metrics && config.metrics?.port) {
    const { host, port } = config.metrics;
    metricsAddress = `http://${host}:${port}/metrics`;
    try {
      metricsServer = await listen(metricsListener(metrics.registry), port, host);
    } catch (err) {
      void database.close().catch(() => {});
      exitWithError(`${listenErrorLine(err, host, port)} (METRICS_PORT)`);
    }
  }
  let server: Awaited<ReturnType<typeof listen>>;
  try {
    server = await listen(frontDoor(app, { staticFiles, pageCache }), config.port, config.host);
  } catch (err) {
    metricsServer?.close();
    void database.close().catch(() => {});
    exitWithError(listenErrorLine(err, config.host, config.port));
  }
  // Each instance sends due e-mails; on shutdown a send in progress finishes and is recorded first.
  services.mail.start(logger);
  // Old e-mails, account events and spent links are deleted now and then (MAIL_KEEP_DAYS, SECURITY_LOG_KEEP_DAYS).
  services.retention.start(logger);
  // Each instance publishes what its schedule says is due (each item once, whichever instance gets there).
  services.publication.start(logger);
  // PGlite only: `npm run backup` asks this process for a consistent dump (server/ops/backup-channel.ts).
  void startBackupChannel({ database, dataDir: config.dataDir, logger });
  shutdown.attach(
    server,
    database,
    async () => {
      metrics?.close();
      await services.publication.stop();
      await services.retention.stop();
      await services.mail.stop();
      await pageCache?.close();
      // The PDF tools' spawner and its temporary folder (it would also stop with the process).
      closePdfTools();
    },
    metricsServer ? [metricsServer] : [],
  );
  // React and the libraries chose their development or production build from this when they were loaded.
  logger.info(
    { nodeEnv: process.env.NODE_ENV },
    `Serving on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port} (${database.kind})`,
  );
  if (services.storage.kind === "s3") logger.info(`Stored files in ${services.storage.location}`);
  if (metricsServer) logger.info(`Metrics on ${metricsAddress}`);
  return { app, server, services };
}
