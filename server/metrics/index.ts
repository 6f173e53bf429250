/**
 * Prometheus metrics of one app instance (prom-client). Every instance keeps its own registry and Prometheus scrapes
 * each instance; nothing is added up across instances here. Names start with `meridian_`, use base units
 * (`_seconds`, `_bytes`) and end in `_total` for counters. Labels take a fixed set of values: route templates, status
 * classes, kinds and outcomes, never a user, an address, an id or a URL.
 *
 * Cheap on the way of a request: a request costs a timer and a histogram observation; everything read from the
 * database is read when Prometheus scrapes, by one statement with a time limit.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { ServerBuild } from "react-router";
import type { Database } from "../db/client";
import type { PageCacheLayer } from "../http/page-cache";
import type { PublicationScheduler } from "../features/publication/publication-scheduler";
import { htmlPoolStats } from "../workers/html-pool";
import { databaseSnapshots, SNAPSHOT_TIMEOUT_MS } from "./database-snapshot";
import { cachedPageRouteLabel, methodLabel, pageRouteTree, recordExpressRoute, routeLabelOf, setRouteLabel, statusClass, UNMATCHED } from "./route-label";

export const PREFIX = "meridian_";

/** Where a sign-in attempt was refused or accepted. */
export type SignInStep = "password" | "two-factor" | "passkey";
/**
 * `success`: signed in; `second-step`: the password was right and a second factor is asked for; `failed`: refused
 * (wrong password or code, unknown address, disabled account, bad input); `throttled`: refused by the account's
 * growing waits or the visitor's limit before anything was checked.
 */
export type SignInOutcome = "success" | "second-step" | "failed" | "throttled";

export type MetricsOptions = {
  database: Database;
  /** The anonymous page cache, when this instance has one. */
  pageCache?: PageCacheLayer;
  /** The scheduler whose publications feed the lag histogram. */
  publication?: Pick<PublicationScheduler, "onPublished">;
  /** Longest wait of a scrape for the database. */
  snapshotTimeoutMs?: number;
};

const OBSERVED = Symbol("meridian.metricsObserved");

export function createMetrics({ database, pageCache, publication, snapshotTimeoutMs = SNAPSHOT_TIMEOUT_MS }: MetricsOptions) {
  const registry = new Registry();
  const registers = [registry];
  // Event-loop lag, heap, RSS, garbage collection, open handles, CPU: prom-client's process metrics.
  collectDefaultMetrics({ register: registry, prefix: PREFIX });
  // `_total` belongs to counters only (Prometheus' naming rules, checked by `promtool check metrics`); prom-client
  // also reports these three sums as gauges named `..._total`. The same numbers are the sums of the gauges by type
  // (`sum(meridian_nodejs_active_handles)`), so the sums are dropped.
  for (const sum of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"])
    registry.removeSingleMetric(`${PREFIX}${sum}`);

  // HTTP: every request the instance answers on its main port, including stored pages and static files.
  const httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: "Time from a request's arrival to the end of its answer, by method, route template and status class.",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers,
  });
  const inFlight = new Gauge({ name: `${PREFIX}http_requests_in_flight`, help: "Requests being answered right now.", registers });

  // Database: every statement's time, and the connections.
  const queryDuration = new Histogram({
    name: `${PREFIX}db_query_duration_seconds`,
    help: "Time of each database statement, from the call (including the wait for a connection) to its answer or failure.",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const observeQuery = (ms: number) => queryDuration.observe(ms / 1000);
  database.queryObservers.add(observeQuery);
  const connections = (help: string, name: string, pick: (s: ReturnType<Database["connections"]>) => number) =>
    new Gauge({
      name: `${PREFIX}db_pool_${name}`,
      help,
      registers,
      collect() {
        this.set(pick(database.connections()));
      },
    });
  connections("Database connections the pool may open (PGlite: its one connection).", "connections_max", (s) => s.max);
  connections("Database connections serving a statement or transaction now.", "connections_in_use", (s) => s.inUse);
  connections("Database connections open and free.", "connections_idle", (s) => s.idle);
  connections("Statements or transactions waiting for a free database connection.", "waiting_queries", (s) => s.waiting);

  // E-mail queue and scheduled publications: read at scrape time, left out when the database does not answer in time.
  const snapshots = databaseSnapshots(database.db, snapshotTimeoutMs);
  const fromSnapshot = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    fill: (gauge: Gauge<L>, snapshot: NonNullable<Awaited<ReturnType<typeof snapshots.read>>>) => void,
  ) =>
    new Gauge<L>({
      name: `${PREFIX}${name}`,
      help,
      labelNames,
      registers,
      async collect() {
        const snapshot = await snapshots.read();
        this.reset();
        // A gauge without labels holds a 0 after reset(): removing it leaves the gauge without a sample.
        if (!snapshot) this.remove({} as never);
        else fill(this, snapshot);
      },
    });
  fromSnapshot("mail_queue_messages", "E-mail messages waiting to be sent (queued) or being sent (sending).", ["state"], (g, s) => {
    g.set({ state: "queued" }, s.mail.queued);
    g.set({ state: "sending" }, s.mail.sending);
  });
  fromSnapshot(
    "mail_queue_oldest_waiting_seconds",
    "How long the oldest e-mail waiting to be sent has waited since it could first be sent (0: none waiting).",
    [],
    (g, s) => g.set(s.mail.oldestWaitingSeconds),
  );
  fromSnapshot("publication_scheduled_items", "Items scheduled for publication, by kind.", ["kind"], (g, s) => {
    for (const [kind, p] of Object.entries(s.publications)) g.set({ kind }, p.scheduled);
  });
  fromSnapshot(
    "publication_oldest_overdue_seconds",
    "How long past its time the oldest scheduled item still unpublished is, by kind (0: none overdue).",
    ["kind"],
    (g, s) => {
      for (const [kind, p] of Object.entries(s.publications)) g.set({ kind }, p.oldestOverdueSeconds);
    },
  );
  const publishLag = new Histogram({
    name: `${PREFIX}publication_lag_seconds`,
    help: "Time from an item's scheduled time to its publication by this instance, by kind.",
    labelNames: ["kind"] as const,
    buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600],
    registers,
  });
  // Zero from the start, so a rate over the first publication is right.
  for (const kind of ["press", "portfolio"]) publishLag.zero({ kind });
  const stopListening = publication?.onPublished((kind, lagMs) => publishLag.observe({ kind }, lagMs / 1000));

  // The page cache: lookups since start (counted by the cache) and what it holds.
  if (pageCache) {
    new Counter({
      name: `${PREFIX}page_cache_hits_total`,
      help: "Anonymous requests answered from the page cache.",
      registers,
      collect() {
        this.reset();
        this.inc(pageCache.counts.hits);
      },
    });
    new Counter({
      name: `${PREFIX}page_cache_misses_total`,
      help: "Anonymous GET and HEAD requests the page cache could not answer (rendered instead).",
      registers,
      collect() {
        this.reset();
        this.inc(pageCache.counts.misses);
      },
    });
    new Gauge({
      name: `${PREFIX}page_cache_entries`,
      help: "Pages held by the page cache.",
      registers,
      collect() {
        this.set(pageCache.cache.stats.pages);
      },
    });
    new Gauge({
      name: `${PREFIX}page_cache_size_bytes`,
      help: "Bytes held by the page cache (every encoding of every page).",
      registers,
      collect() {
        this.set(pageCache.cache.stats.bytes);
      },
    });
  }

  // The worker threads, both lanes together (readers' stamping, editors' HTML work).
  const pool = (name: string, help: string, pick: (s: ReturnType<typeof htmlPoolStats>) => number) =>
    new Gauge({
      name: `${PREFIX}html_workers_${name}`,
      help,
      registers,
      collect() {
        this.set(pick(htmlPoolStats()));
      },
    });
  pool("threads", "Worker threads running for untrusted HTML.", (s) => s.threads);
  pool("busy_threads", "Worker threads running a task now.", (s) => s.busy);
  pool("queued_tasks", "Tasks waiting for a worker thread, both lanes (when a lane's queue is full, more are refused with 503 BUSY).", (s) => s.queued);
  new Counter({
    name: `${PREFIX}html_workers_refused_tasks_total`,
    help: "Worker tasks refused (503 BUSY) because their lane's queue was full.",
    registers,
    collect() {
      this.reset();
      this.inc(htmlPoolStats().refused);
    },
  });

  // Sign-ins: the outcome only, never the address or the account.
  const signIns = new Counter({
    name: `${PREFIX}sign_in_attempts_total`,
    help: "Sign-in attempts by step and outcome (success, second-step, failed, throttled).",
    labelNames: ["step", "outcome"] as const,
    registers,
  });
  // Every pair that can happen, from zero: an alert on a rate sees the first failure.
  for (const step of ["password", "two-factor", "passkey"] as const) {
    for (const outcome of ["success", "failed", "throttled"] as const) signIns.inc({ step, outcome }, 0);
  }
  signIns.inc({ step: "password", outcome: "second-step" }, 0);

  /** Times `req` from now to the end of its answer (once, however many layers call it). */
  function observe(req: IncomingMessage, res: ServerResponse) {
    const marked = req as IncomingMessage & { [OBSERVED]?: true };
    if (marked[OBSERVED]) return;
    marked[OBSERVED] = true;
    inFlight.inc();
    const end = httpDuration.startTimer();
    res.once("close", () => {
      inFlight.dec();
      end({ method: methodLabel(req.method), route: routeLabelOf(req) ?? UNMATCHED, status_class: statusClass(res) });
    });
  }

  return {
    registry,
    observe,
    /** The first middleware of the app: times the request and notes the template of the Express route that takes it. */
    requests: ((req, res, next) => {
      observe(req, res);
      recordExpressRoute(req);
      next();
    }) satisfies RequestHandler,
    /** Just before the React Router handler: names the page route the request is for. */
    pages(build: () => Promise<ServerBuild>): RequestHandler {
      return (req, _res, next) => {
        build().then((b) => {
          setRouteLabel(req, cachedPageRouteLabel(pageRouteTree(b.routes), req.path));
          next();
        }, next);
      };
    },
    signIn(step: SignInStep, outcome: SignInOutcome) {
      signIns.inc({ step, outcome });
    },
    /** Stops feeding this registry (its collectors read nothing after this). */
    close() {
      database.queryObservers.delete(observeQuery);
      stopListening?.();
    },
  };
}

export type AppMetrics = ReturnType<typeof createMetrics>;

/** A middleware that names the route of every request it sees (undefined: no name yet), then lets it go on. */
export function nameRoute(label: string | undefined): RequestHandler {
  return (req, _res, next) => {
    setRouteLabel(req, label);
    next();
  };
}

const APP_METRICS = "meridian.metrics";

/** Keeps `metrics` with the Express app they measure (each app has its own registry). */
export function attachMetrics(locals: Record<string, unknown>, metrics: AppMetrics) {
  locals[APP_METRICS] = metrics;
}

/** The metrics of an app, or undefined when metrics are off. */
export function metricsOfApp(app: { locals: Record<string, unknown> }): AppMetrics | undefined {
  return app.locals[APP_METRICS] as AppMetrics | undefined;
}

/** Counts a sign-in attempt in the metrics of the app answering `req` (nothing when metrics are off). */
export function countSignIn(req: Request, step: SignInStep, outcome: SignInOutcome) {
  metricsOfApp(req.app)?.signIn(step, outcome);
}
