import { Router } from "express";
import { outboxEndpoints as endpoints } from "../../shared/api/outbox";
import type { Answer } from "../http/answer";
import { adminOnly } from "../http/guards";
import { parse, parseId } from "../http/validate";
import { maskSecretParams } from "../lib/secret-params";
import type { Services } from "../services";

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
 * The Outbox (admin, mounted at /admin/outbox): every e-mail the site has written, sent or not.
 *   GET  /api/admin/outbox?status=&before=   newest first, 50 at a time; `nextBefore` pages on
 *   GET  /api/admin/outbox/:id               one message with its body, tokens masked
 *   POST /api/admin/outbox/:id/retry         a failed message goes back in the queue
 */
export function outboxRoutes({ mail }: Services) {
  const router = Router();
  router.use(adminOnly);

  router.get("/", async (req, res) => {
    res.json((await mail.list(parse(endpoints.list.query, req.query))) satisfies Answer<typeof endpoints.list>);
  });

  router.get("/:id", async (req, res) => {
    res.json(forReading(await mail.get(parseId(req.params.id, "errors.notFound.email"))) satisfies Answer<typeof endpoints.get>);
  });

  router.post("/:id/retry", async (req, res) => {
    const id = parseId(req.params.id, "errors.notFound.email");
    await mail.retry(id);
    res.status(202).json(forReading(await mail.get(id)) satisfies Answer<typeof endpoints.retry>);
  });

  return router;
}
