import { Router } from "express";
import { RETRY_AFTER_SECONDS } from "../../shared/availability";
import type { Database } from "../db/client";

/** Readiness fails when the database has not answered `select 1` within this long. */
export const READY_TIMEOUT_MS = 1_000;

/**
 * Probes for load balancers and supervisors. Mounted before sessions, CSRF, compression and the request log:
 * they cost one trivial query at most, write no log line, and are never cached.
 * - GET /healthz (liveness): 200 while the process serves HTTP, also while it shuts down.
 * - GET /readyz (readiness): 200 when the database answers within 1 s; 503 when it does not, and from the
 *   moment a shutdown starts, so the balancer stops sending new requests.
 */
export function healthRoutes({ database, isDraining = () => false }: { database: Database; isDraining?: () => boolean }) {
  const router = Router();
  // Concurrent probes share one database round trip.
  let pending: Promise<boolean> | undefined;
  const databaseAnswers = () =>
    (pending ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
      database
        .ping()
        .then(
          () => resolve(true),
          () => resolve(false),
        )
        .finally(() => clearTimeout(timer));
    }).finally(() => {
      pending = undefined;
    }));

  router.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });

  router.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (isDraining()) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    if (await databaseAnswers()) {
      res.json({ status: "ready" });
      return;
    }
    res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).json({ status: "database unavailable" });
  });

  return router;
}
