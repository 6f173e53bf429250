/**
 * GET /metrics in the Prometheus text format, never public by default (docs/decisions/072-metrics.md):
 * - METRICS_PORT: a listener of its own (METRICS_HOST, 127.0.0.1 by default) that answers /metrics and nothing else;
 * - METRICS_TOKEN: also on the main port, to a request with `Authorization: Bearer <token>`. Without the right token
 *   the main port answers /metrics as it answers any address it does not know (the 404 page), with no hint.
 * Answers are `no-store` and never pass through the page cache (a request with Authorization is never anonymous).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Registry } from "prom-client";
import { setRouteLabel } from "../metrics/route-label";

export const METRICS_PATH = "/metrics";

/** Sends the registry's metrics; a collector that fails makes a 500, never a half-written answer. */
async function sendMetrics(registry: Registry, req: IncomingMessage, res: ServerResponse) {
  let body: string;
  try {
    body = await registry.metrics();
  } catch {
    res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end("The metrics could not be collected.\n");
    return;
  }
  res.writeHead(200, {
    "Content-Type": registry.contentType,
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * True when the Authorization header carries `Bearer <token>`. Both sides are hashed first, so the comparison takes
 * the same time whatever the header holds, its length included.
 */
export function bearerMatches(header: string | undefined, expectedDigest: Buffer): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  const given = digest(match?.[1] ?? "");
  return timingSafeEqual(given, expectedDigest) && Boolean(match);
}

/**
 * The main port's /metrics: answers a GET or HEAD of exactly /metrics that carries the token; every other request
 * goes on untouched, so a wrong or missing token meets the site's own 404.
 */
export function metricsWithToken(registry: Registry, token: string): RequestHandler {
  const expected = digest(token);
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path !== METRICS_PATH) return next();
    if (!bearerMatches(req.headers.authorization, expected)) return next();
    setRouteLabel(req, METRICS_PATH);
    void sendMetrics(registry, req, res);
  };
}

/** The listener of METRICS_PORT: GET or HEAD /metrics (a query string is ignored); 404 for any other address. */
export function metricsListener(registry: Registry): RequestListener {
  return (req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== METRICS_PATH) {
      res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end("Not Found\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end("Method Not Allowed\n");
      return;
    }
    void sendMetrics(registry, req, res);
  };
}
