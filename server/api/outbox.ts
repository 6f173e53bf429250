import { Router } from "express";
import { z } from "zod";
import { EMAIL_STATUSES } from "../db/schema";
import { adminOnly } from "../http/guards";
import { beforeCursor, parse, parseId } from "../http/validate";
import type { Services } from "../services";

const listQuery = z.object({
  status: z.enum(EMAIL_STATUSES, { error: "validation.outbox.status" }).optional(),
  before: beforeCursor,
});

/**
 * The Outbox (admin): every e-mail the site has written, sent or not.
 *   GET  /api/admin/outbox?status=&before=   newest first, 50 at a time; `nextBefore` pages on
 *   GET  /api/admin/outbox/:id               one message with its body
 *   POST /api/admin/outbox/:id/retry         a failed message goes back in the queue
 */
export function outboxRoutes({ mail }: Services) {
  const router = Router();
  router.use("/admin/outbox", adminOnly);

  router.get("/admin/outbox", async (req, res) => {
    res.json(await mail.list(parse(listQuery, req.query)));
  });

  router.get("/admin/outbox/:id", async (req, res) => {
    res.json(await mail.get(parseId(req.params.id, "errors.notFound.email")));
  });

  router.post("/admin/outbox/:id/retry", async (req, res) => {
    await mail.retry(parseId(req.params.id, "errors.notFound.email"));
    res.status(202).json(await mail.get(parseId(req.params.id, "errors.notFound.email")));
  });

  return router;
}
