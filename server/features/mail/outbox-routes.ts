import { outboxEndpoints as endpoints } from "../../../shared/api/outbox";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { maskSecretParams } from "../../lib/secret-params";
import type { Services } from "../index";

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

/** The Outbox: every e-mail the site has written, sent or not; a link's token is masked when an admin reads it. */
export function outboxRoutes({ mail }: Services) {
  const notFound = "errors.notFound.email";
  return endpointRouter("/api/admin/outbox", [
    // Newest first, 50 at a time; `nextBefore` pages on.
    endpoint(endpoints.list, ({ query }) => mail.list(query)),
    endpoint(endpoints.get, async ({ params }) => forReading(await mail.get(params.id)), { notFound }),
    // A failed message goes back in the queue.
    endpoint(
      endpoints.retry,
      async ({ params }) => {
        await mail.retry(params.id);
        return forReading(await mail.get(params.id));
      },
      { notFound },
    ),
  ]);
}
