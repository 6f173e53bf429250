import { Router } from "express";
import { previewEndpoints } from "../../shared/api/preview";
import { localizePath } from "../../shared/i18n/locales";
import { adminOnly, requireUser } from "../http/guards";
import { parse } from "../http/validate";
import { AppError } from "../lib/errors";
import type { Services } from "../services";
import { requestBy } from "../services/audit";

/**
 * /api/admin/preview-links (admins only): links that open an unpublished item's preview without an account.
 *   POST /                 { type, id, lang? } -> 201 { id, url, expiresAt }; the url (with its token) is shown once
 *   GET  /?type=&id=       { links }: the item's links, newest first, without tokens
 *   POST /:linkId/revoke   the link, revoked at once
 */
export function previewRoutes({ previewLinks, config }: Services) {
  const router = Router();

  router.post("/", adminOnly, async (req, res) => {
    const { type, id, lang } = parse(previewEndpoints.create.body, req.body);
    const link = await previewLinks.create({ type, id }, requestBy(req, requireUser(res)));
    // The same origin the pages use for their canonical and share links.
    const origin = config.publicOrigin ?? `${req.protocol}://${req.get("host")}`;
    res.status(201).json({ id: link.id, url: `${origin}${localizePath(`/preview/${link.token}`, lang ?? "en")}`, expiresAt: link.expiresAt });
  });

  router.get("/", adminOnly, async (req, res) => {
    const item = parse(previewEndpoints.list.query, req.query);
    res.json({ links: await previewLinks.list(item) });
  });

  router.post("/:linkId/revoke", adminOnly, async (req, res) => {
    const params = previewEndpoints.revoke.params.safeParse(req.params);
    if (!params.success) throw new AppError("NOT_FOUND", "errors.notFound");
    res.json(await previewLinks.revoke(params.data.linkId, requestBy(req, requireUser(res))));
  });

  return router;
}
