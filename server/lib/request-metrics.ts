import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { NextFunction, Request, Response } from "express";

/**
 * What one request has cost so far: its database statements (how many, and how long they took in total),
 * and a memo of reads that every part of the request may share (the site settings).
 */
export type RequestMetrics = {
  /** performance.now() when the request reached the app. */
  readonly start: number;
  /** Statements sent to the database (counted when sent). */
  dbCount: number;
  /** Milliseconds the database statements took, summed (counted when answered). */
  dbMs: number;
  /** Reads shared by the whole request, by key. */
  readonly memo: Map<unknown, Promise<unknown>>;
};

// One store per process, even when this module is loaded twice (the Vite SSR loader of development and of
// the page tests loads its own copy beside Node's).
const STORE_KEY = Symbol.for("meridian-crest.request-metrics");
const storage: AsyncLocalStorage<RequestMetrics> = ((globalThis as Record<symbol, unknown>)[STORE_KEY] ??=
  new AsyncLocalStorage<RequestMetrics>()) as AsyncLocalStorage<RequestMetrics>;

/** The metrics of the request this code runs for; undefined outside a request (start-up, tests calling services). */
export function currentRequest(): RequestMetrics | undefined {
  return storage.getStore();
}

/** Runs `fn` as a request of its own (tests, scripts). */
export function runAsRequest<T>(fn: () => T): T {
  return storage.run(newMetrics(), fn);
}

function newMetrics(): RequestMetrics {
  return { start: performance.now(), dbCount: 0, dbMs: 0, memo: new Map() };
}

/** Told the milliseconds of every statement, inside a request or not (the process's metrics). */
export type QueryObserver = (ms: number) => void;

/**
 * Counts one database statement for the current request and returns the function to call when it has been
 * answered (or failed). The statement is counted when it is sent, so a page whose data streams after its
 * headers still reports every statement it started before them. `observe`, when given, is told the statement's
 * time also outside a request; with neither a request nor an observer nothing is timed (undefined).
 */
export function startQuery(observe?: QueryObserver): (() => void) | undefined {
  const metrics = storage.getStore();
  if (!metrics && !observe) return undefined;
  if (metrics) metrics.dbCount++;
  const t0 = performance.now();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const ms = performance.now() - t0;
    if (metrics) metrics.dbMs += ms;
    observe?.(ms);
  };
}

/** Wraps a promise-returning call so its time counts as database time of the current request (and goes to `observe`). */
export async function timedQuery<T>(run: () => Promise<T>, observe?: QueryObserver): Promise<T> {
  const finish = startQuery(observe);
  try {
    return await run();
  } finally {
    finish?.();
  }
}

/**
 * A read shared by everything in one request: the first caller's promise is handed to every later caller.
 * Outside a request it simply loads. A failed load is forgotten, so a later caller tries again.
 */
export function requestMemo<T>(key: unknown, load: () => Promise<T>): Promise<T> {
  const metrics = storage.getStore();
  if (!metrics) return load();
  const existing = metrics.memo.get(key) as Promise<T> | undefined;
  if (existing) return existing;
  const promise = load();
  metrics.memo.set(key, promise);
  promise.catch(() => {
    if (metrics.memo.get(key) === promise) metrics.memo.delete(key);
  });
  return promise;
}

/** Drops a shared read, after a write that changes what it returns. */
export function forgetRequestMemo(key: unknown) {
  storage.getStore()?.memo.delete(key);
}

/** The Server-Timing value: `db;dur=<ms>;desc="<n> queries", app;dur=<ms>`, milliseconds with one decimal. */
export function serverTiming(metrics: RequestMetrics, now = performance.now()): string {
  // Always "queries", also for one: readers parse this exact format.
  return `db;dur=${metrics.dbMs.toFixed(1)};desc="${metrics.dbCount} queries", app;dur=${(now - metrics.start).toFixed(1)}`;
}

/** The metrics of each response, for what reads them after the request's own code has run (the request log line). */
const byResponse = new WeakMap<ServerResponse, RequestMetrics>();

/** The metrics of the request `res` answers; undefined when it did not pass through `requestMetrics`. */
export function metricsOf(res: ServerResponse): RequestMetrics | undefined {
  return byResponse.get(res);
}

/**
 * Starts the metrics of every request that reaches it, and sets `Server-Timing` on the response just before
 * its headers are written (the database statements run so far and the time since the request arrived), when
 * `sendTo` allows it for this request: the header tells what a request did, which is not everyone's business.
 */
export function requestMetrics({ sendTo }: { sendTo: (req: Request, res: Response) => boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const metrics = newMetrics();
    byResponse.set(res, metrics);
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (!this.headersSent && sendTo(req, this)) this.setHeader("Server-Timing", serverTiming(metrics));
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
    storage.run(metrics, next);
  };
}
