import { Router } from "express";
import { z } from "zod";
import { SECURITY_EVENT_TYPES } from "../../shared/security-events";
import { adminOnly } from "../http/guards";
import { beforeCursor, parse } from "../http/validate";
import type { Services } from "../services";

const listQuery = z.object({
  type: z.enum(SECURITY_EVENT_TYPES, { error: "validation.securityEvents.type" }).optional(),
  userId: z.coerce
    .number({ error: "validation.securityEvents.user" })
    .int("validation.securityEvents.user")
    .positive("validation.securityEvents.user")
    .optional(),
  before: beforeCursor,
});

/**
 * The security log (admin): sign-ins (successful, failed, held back), password resets asked for and made, addresses
 * confirmed, roles changed.
 *   GET /api/admin/security-events?type=&userId=&before=   newest first, 50 at a time; `nextBefore` pages on
 */
export function securityEventRoutes({ securityEvents, config }: Services) {
  const router = Router();
  router.get("/admin/security-events", adminOnly, async (req, res) => {
    // `keepDays`: how long an event stays in the log (SECURITY_LOG_KEEP_DAYS).
    res.json({ ...(await securityEvents.list(parse(listQuery, req.query))), keepDays: config.retention.securityLogDays });
  });
  return router;
}
