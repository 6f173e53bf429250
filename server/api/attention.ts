import { Router } from "express";
import { attentionEndpoints as endpoints } from "../../shared/api/attention";
import type { Answer } from "../http/answer";
import { adminOnly } from "../http/guards";
import type { Services } from "../services";

/**
 * What needs an admin's attention (mounted at /admin/attention):
 *   GET /api/admin/attention   { pendingApplications, unreadMessages, failedEmails }
 */
export function attentionRoutes({ attention }: Services) {
  const router = Router();
  router.use(adminOnly);
  router.get("/", async (_req, res) => {
    res.json((await attention.counts()) satisfies Answer<typeof endpoints.get>);
  });
  return router;
}
