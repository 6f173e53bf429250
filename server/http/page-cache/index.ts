import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import type { Database } from "../../db/client";
import { listenForChanges, type ChangeSubscription } from "../../db/notifications";
import { recordDependencies, touchedNothing, type Touched } from "../../lib/dependencies";
import type { Logger } from "../../lib/logger";
import { SESSION_COOKIE } from "../../auth/sessions";
import { routeLabelOf, setRouteLabel, UNMATCHED } from "../../metrics/route-label";
import { PageCache, type CachedPage } from "./cache";
import { buildPage, isShareable, sendPage } from "./page";

export { PageCache } from "./cache";

/** Pages larger than this are sent but not stored. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** How long a write's answer waits for this instance to hear its own change announced. */
const HEARD_WAIT_MS = 1_000;

/** `done(page)` with the stored page, or undefined; `shareable` false when the answer may never be stored. */
type Fill = { key: string; since: number; done: (page: CachedPage | undefined, shareable?: boolean) => void; touched: Touched };
const FILL = Symbol("pageCacheFill");
type WithFill = IncomingMessage & { [FILL]?: Fill };

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/** Only a visitor without a session (or other credentials) may be answered from the shared store. */
export function isAnonymous(req: IncomingMessage): boolean {
  const cookie = req.headers.cookie;
  return !req.headers.authorization && !(cookie && SESSION_COOKIE_PATTERN.test(cookie));
}

/**
 * Pages differ by host name and scheme (canonical and share links, the environment mode) and by everything in
 * the URL. The scheme a proxy reports is part of the key, so a forged X-Forwarded-Proto can only reach a page
 * of its own.
 */
function keyFor(req: IncomingMessage): string {
  return `${req.headers["x-forwarded-proto"] ?? ""} ${req.headers.host ?? ""}${req.url ?? "/"}`;
}

export type PageCacheLayer = ReturnType<typeof createPageCacheLayer>;

/**
 * Replaces the response's write methods until the first write shows whether it may be shared. If not, the
 * originals come back and everything passes through. If so, the body is held, stored, and the stored page
 * sent (`onBody`). A request that runs out of time (the deadline's 503) goes out as it is.
 */
function holdShareable(res: Response, fill: Fill, onBody: (body: Buffer) => void) {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  const restore = () => Object.assign(res, original);
  const chunks: Buffer[] = [];
  let size = 0;
  let mode: "undecided" | "hold" | "pass" = "undecided";
  const decide = () => {
    if (mode !== "undecided") return mode;
    mode = isShareable(res) ? "hold" : "pass";
    if (mode === "pass") {
      restore();
      // A redirect or a private page is remembered as never shareable; a server error (an overloaded moment's 503)
      // says nothing about the address, so the next request may store it.
      fill.done(undefined, res.statusCode >= 500);
    }
    return mode;
  };
  const add = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk === undefined || chunk === null) return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    size += buffer.length;
  };
  const giveUp = () => {
    mode = "pass";
    restore();
    fill.done(undefined, Boolean(res.locals.timedOut));
    const held = chunks.splice(0);
    // Out of time: the deadline's 503 goes out instead of the unfinished page.
    if (res.locals.timedOut) return;
    // Too big to store: what was held goes out unchanged, and the rest follows.
    if (!res.headersSent) res.writeHead(res.statusCode);
    for (const chunk of held) res.write(chunk);
  };

  res.writeHead = function (this: Response, statusCode: number, ...rest: unknown[]) {
    if (mode === "undecided") {
      res.statusCode = statusCode;
      const headers = rest.find((a) => a && typeof a === "object") as Record<string, string> | undefined;
      if (headers) for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    }
    if (decide() === "pass") return (original.writeHead as (...a: unknown[]) => Response).call(res, statusCode, ...rest);
    return res;
  } as typeof res.writeHead;

  res.write = function (this: Response, chunk: unknown, encoding?: unknown, callback?: unknown) {
    if (decide() === "pass" || res.locals.timedOut) {
      if (mode === "hold") giveUp();
      return (original.write as (...a: unknown[]) => boolean).call(res, chunk, encoding, callback);
    }
    add(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : undefined);
    if (size > MAX_PAGE_BYTES) giveUp();
    const cb = typeof encoding === "function" ? encoding : callback;
    if (typeof cb === "function") queueMicrotask(() => (cb as () => void)());
    return true;
  } as typeof res.write;

  res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    if (decide() === "pass" || res.locals.timedOut) {
      if (mode === "hold") giveUp();
      return (original.end as (...a: unknown[]) => Response).call(res, chunk, encoding, callback);
    }
    if (typeof chunk !== "function") add(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : undefined);
    restore();
    onBody(Buffer.concat(chunks));
    return res;
  } as typeof res.end;
}

/**
 * The anonymous page cache: public pages and public API reads, rendered once, stored compressed (brotli,
 * gzip and plain), answered with ETag and 304, and dropped exactly when the data they were built from
 * changes (see PageCache). It has two parts:
 * - `lookup` runs before Express: a stored page is sent from memory, with no other middleware. Concurrent
 *   requests for a page being rendered wait for that one render.
 * - `capture` runs in Express just before the routes: for an anonymous request it records what the render
 *   reads and, if the response says it may be shared (`Cache-Control: public`, 200, no cookie), holds the
 *   body, stores it, and sends the stored page.
 * Signed-in visitors never reach either: their pages are rendered fresh and are `private, no-store`.
 */
export function createPageCacheLayer({ maxBytes, ttlMs, logger }: { maxBytes: number; ttlMs: number; logger: Logger }) {
  const cache = new PageCache({ maxBytes, ttlMs });
  // Off until the database's change announcements are heard.
  cache.setLive(false);
  const pending = new Map<string, Promise<CachedPage | undefined>>();
  // URLs whose last answer could not be stored (a redirect, a private page): no waiting in line for them.
  const unshareable = new LRUCache<string, true>({ max: 10_000, ttl: 60_000 });
  let subscription: ChangeSubscription | undefined;
  /**
   * Lookups since start (the metrics read them): a hit is an answer sent from the store; a miss is an anonymous
   * GET or HEAD the store could not answer while serving. Addresses known to be never stored count as neither.
   */
  const counts = { hits: 0, misses: 0 };

  const hit = (req: IncomingMessage, res: ServerResponse, page: CachedPage) => {
    counts.hits++;
    setRouteLabel(req, page.route ?? UNMATCHED);
    sendPage(req, res, page, "HIT");
  };

  function lookup(req: IncomingMessage, res: ServerResponse, next: () => void) {
    if ((req.method !== "GET" && req.method !== "HEAD") || !cache.enabled || !isAnonymous(req)) return next();
    const key = keyFor(req);
    const page = cache.get(key);
    if (page) return hit(req, res, page);
    if (unshareable.has(key)) return next();
    if (req.method === "HEAD") {
      counts.misses++;
      return next();
    }
    const inFlight = pending.get(key);
    if (inFlight) {
      void inFlight.then((stored) => {
        if (stored && cache.get(key) === stored) return hit(req, res, stored);
        counts.misses++;
        next();
      });
      return;
    }
    counts.misses++;
    let done!: (page: CachedPage | undefined) => void;
    const promise = new Promise<CachedPage | undefined>((resolve) => (done = resolve));
    pending.set(key, promise);
    let finished = false;
    const finish = (stored: CachedPage | undefined, shareable = true) => {
      if (finished) return;
      finished = true;
      if (pending.get(key) === promise) pending.delete(key);
      if (shareable) unshareable.delete(key);
      else unshareable.set(key, true);
      done(stored);
    };
    (req as WithFill)[FILL] = { key, since: cache.begin(), done: finish, touched: touchedNothing() };
    // Whatever happens to the request (an error page, a closed connection), the requests waiting go on.
    res.once("close", () => finish(undefined));
    next();
  }

  function capture(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return dropWhatItWrites(res, next);
    const fill = (req as WithFill)[FILL];
    if (!fill) return next();
    delete (req as WithFill)[FILL];
    if (res.locals.user) {
      fill.done(undefined, false);
      return next();
    }
    holdShareable(res, fill, (body) => void store(req, res, fill, body));
    recordDependencies(fill.touched, next);
  }

  /**
   * A write on this instance drops the pages built from what it touched as its answer starts, so the next page
   * anyone asks for here is already the new one. Other instances hear it from the database a few milliseconds
   * later, and so does this one; the body of the answer waits (at most HEARD_WAIT_MS) until this instance has
   * heard its own change, so that hearing it cannot drop, or refuse to store, a page rendered after the answer.
   * A request that was refused before it reached a service touched nothing and is not held.
   */
  function dropWhatItWrites(res: Response, next: NextFunction) {
    const touched = touchedNothing();
    const { writeHead, end } = res;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      for (const name of touched.writes) cache.invalidate(name);
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
    res.end = function (this: Response, ...args: unknown[]) {
      const heard = subscription?.heard;
      if (touched.writes.size === 0 || !heard || res.headersSent) return (end as (...a: unknown[]) => Response).apply(this, args);
      // The status and headers are settled now (a deadline no longer answers in their place); the body follows.
      res.writeHead(res.statusCode);
      void heard(HEARD_WAIT_MS).then(() => (end as (...a: unknown[]) => Response).apply(this, args));
      return this;
    } as typeof res.end;
    recordDependencies(touched, next);
  }

  async function store(req: Request, res: Response, fill: Fill, body: Buffer) {
    let page: CachedPage | undefined;
    try {
      page = await buildPage({
        req,
        headers: res.getHeaders(),
        body,
        dependencies: fill.touched.reads,
        nonce: res.locals.cspNonce as string | undefined,
      });
    } catch (err) {
      logger.warn({ err, url: req.originalUrl }, "could not store a page in the page cache");
    }
    if (res.destroyed || res.writableEnded) return fill.done(undefined);
    if (page) page.route = routeLabelOf(req);
    if (!page) {
      fill.done(undefined, false);
      res.end(body);
      return;
    }
    const stored = cache.store(fill.key, page, fill.since);
    fill.done(stored ? page : undefined);
    sendPage(req, res, page, "MISS");
  }

  return {
    cache,
    counts: counts as Readonly<typeof counts>,
    lookup,
    capture,
    /** Starts listening for changes; the cache serves only while they can be heard. */
    async listen(database: Database) {
      subscription = await listenForChanges(
        database,
        {
          // A whole table of settings emptied at once: every page shows some setting.
          onChange: (name) => (name === "settings" ? cache.clear() : cache.invalidate(name)),
          onConnected: () => cache.setLive(true),
          onDisconnected: () => cache.setLive(false),
        },
        logger,
      );
    },
    async close() {
      cache.setLive(false);
      await subscription?.close();
    },
  };
}
