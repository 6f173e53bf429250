import { previewEndpoints as endpoints } from "../../../shared/api/preview";
import { localizePath } from "../../../shared/i18n/locales";
import { endpoint, endpointRouter } from "../../http/endpoint";
import type { Services } from "../index";
import { requestBy } from "../audit/audit";

/**
 * /api/admin/preview-links (admins only): links that open an unpublished item's preview without an account. A new
 * link's url (with its token) is answered once; the list gives the item's links, newest first, without tokens.
 */
export function previewRoutes({ previewLinks, config }: Services) {
  return endpointRouter("/api/admin/preview-links", [
    endpoint(endpoints.create, async ({ body: { type, id, lang }, user, req }) => {
      const link = await previewLinks.create({ type, id }, requestBy(req, user));
      // The same origin the pages use for their canonical and share links.
      const origin = config.publicOrigin ?? `${req.protocol}://${req.get("host")}`;
      return { id: link.id, url: `${origin}${localizePath(`/preview/${link.token}`, lang ?? "en")}`, expiresAt: link.expiresAt };
    }),
    endpoint(endpoints.list, async ({ query }) => ({ links: await previewLinks.list(query) })),
    endpoint(endpoints.revoke, ({ params, user, req }) => previewLinks.revoke(params.linkId, requestBy(req, user))),
  ]);
}
