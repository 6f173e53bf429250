import { Router } from "express";
import { securityEventEndpoints as endpoints } from "../../shared/api/security-events";
import type { Answer } from "../http/answer";
import { adminOnly } from "../http/guards";
import { parse } from "../http/validate";
import type { Services } from "../services";

/**
 * The security log (admin, mounted at /admin/security-events): sign-ins (successful, failed, held back), password
 * resets asked for and made, addresses confirmed, roles changed.
 *   GET /api/admin/security-events?type=&userId=&before=   newest first, 50 at a time; `nextBefore` pages on
 */
export function securityEventRoutes({ securityEvents, config }: Services) {
  const router = Router();
  router.get("/", adminOnly, async (req, res) => {
    // `keepDays`: how long an event stays in the log (SECURITY_LOG_KEEP_DAYS).
    res.json({
      ...(await securityEvents.list(parse(endpoints.list.query, req.query))),
      keepDays: config.retention.securityLogDays,
    } satisfies Answer<typeof endpoints.list>);
  });
  return router;
}
