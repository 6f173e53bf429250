import { Router } from "express";
import { z } from "zod";
import { EMAIL_STATUSES } from "../../shared/outbox";
import { adminOnly } from "../http/guards";
import { beforeCursor, parse, parseId } from "../http/validate";
import { maskSecretParams } from "../lib/secret-params";
import type { Services } from "../services";

const listQuery = z.object({
  status: z.enum(EMAIL_STATUSES, { error: "validation.outbox.status" }).optional(),
  before: beforeCursor,
});

/** What the Outbox shows instead of a link's token. */
export const OUTBOX_MASK = "••••••";

/**
 * A message as an admin reads it: a link that carries a token (reset, confirmation, change of address) would let
 * the reader into someone else's account, so its token is masked in the HTML and the text. The stored message,
 * which is what the queue sends, keeps the real link.
 */
const forReading = <M extends { html: string | null; textBody: string | null }>(m: M): M => ({
  ...m,
  html: m.html === null ? null : maskSecretParams(m.html, OUTBOX_MASK),
  textBody: m.textBody === null ? null : maskSecretParams(m.textBody, OUTBOX_MASK),
});

/**
 * The Outbox (admin): every e-mail the site has written, sent or not.
 *   GET  /api/admin/outbox?status=&before=   newest first, 50 at a time; `nextBefore` pages on
 *   GET  /api/admin/outbox/:id               one message with its body, tokens masked
 *   POST /api/admin/outbox/:id/retry         a failed message goes back in the queue
 */
export function outboxRoutes({ mail }: Services) {
  const router = Router();
  router.use("/admin/outbox", adminOnly);

  router.get("/admin/outbox", async (req, res) => {
    res.json(await mail.list(parse(listQuery, req.query)));
  });

  router.get("/admin/outbox/:id", async (req, res) => {
    res.json(forReading(await mail.get(parseId(req.params.id, "errors.notFound.email"))));
  });

  router.post("/admin/outbox/:id/retry", async (req, res) => {
    await mail.retry(parseId(req.params.id, "errors.notFound.email"));
    res.status(202).json(forReading(await mail.get(parseId(req.params.id, "errors.notFound.email"))));
  });

  return router;
}
