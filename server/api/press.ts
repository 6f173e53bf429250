import { Router } from "express";
import type { z } from "zod";
import type { SameFields } from "../../shared/api/contract";
import { pressBodySchema, pressCreateSchema, pressFlagsSchema, type pressReleaseDtoSchema } from "../../shared/api/press";
import { pressListQuerySchema } from "../../shared/schemas";
import { addPublicationRoutes } from "../http/publication-routes";
import { adminOnly, requireUser } from "../http/guards";
import { requestBy } from "../services/audit";
import { requestLocale } from "../http/locale";
import { parse, parseId } from "../http/validate";
import { message } from "../lib/messages";
import { expectedUpdatedAt } from "../lib/optimistic-concurrency";
import { publicRead } from "../http/cache-control";
import type { Services } from "../services";
import type { PressReleaseDto } from "../services/press";
import { langParam } from "../services/content-locale";

// The service's release and the contract's PressRelease have the same fields.
const answersTheContract: SameFields<PressReleaseDto, z.output<typeof pressReleaseDtoSchema>> = true;
void answersTheContract;

/** /api/press-releases: anyone reads the releases, an admin writes them and sets their flags. */
export function pressRoutes({ press }: Services) {
  const router = Router();
  const NOT_FOUND = "errors.notFound.press";

  /** The whole list, newest first; with ?q, ?company, ?limit, ?offset a filtered page (total in X-Total-Count). */
  router.get("/", publicRead(), async (req, res) => {
    const query = parse(pressListQuerySchema, req.query);
    if (query.limit !== undefined) res.set("X-Total-Count", String(await press.count(query)));
    // ?lang=ar: the same fields in Arabic (English per release until it is translated); without it both languages.
    res.json(await press.list({ ...query, locale: langParam(req.query) }));
  });

  router.get("/featured", publicRead(), async (req, res) => {
    res.json(await press.featured({ locale: langParam(req.query) }));
  });

  router.get("/homepage", publicRead(), async (req, res) => {
    res.json(await press.homepage({ locale: langParam(req.query) }));
  });

  router.get("/:id", publicRead(), async (req, res) => {
    const id = parseId(req.params.id, NOT_FOUND);
    const locale = langParam(req.query);
    res.json(locale ? await press.get(id, { locale }) : await press.get(id));
  });

  router.post("/", adminOnly, async (req, res) => {
    const { publication, ...release } = parse(pressCreateSchema, req.body);
    res.status(201).json(await press.create(release, { publication: publication ?? "draft" }, requestBy(req, requireUser(res))));
  });

  router.put("/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, NOT_FOUND);
    res.json(await press.update(id, parse(pressBodySchema, req.body), { expectedUpdatedAt: expectedUpdatedAt(req.body) }, requestBy(req, requireUser(res))));
  });

  router.patch("/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, NOT_FOUND);
    const { featured, showOnHomepage } = parse(pressFlagsSchema, req.body);
    res.json(await press.setFlags(id, { featured, showOnHomepage }, requestBy(req, requireUser(res))));
  });

  router.delete("/:id", adminOnly, async (req, res) => {
    await press.remove(parseId(req.params.id, NOT_FOUND), requestBy(req, requireUser(res)));
    res.json({ message: message(requestLocale(req), "errors.ok.pressDeleted") });
  });

  return router;
}

/**
 * /api/admin/press-releases: the dashboard's reads of releases in any state, and the publication actions. Never
 * stored by a shared cache (the admin routes answer no-store).
 */
export function pressAdminRoutes({ press }: Services) {
  const router = Router();
  const NOT_FOUND = "errors.notFound.press";
  const id = (raw: Parameters<typeof parseId>[0]) => parseId(raw, NOT_FOUND);

  router.get("/", adminOnly, async (_req, res) => {
    res.json(await press.listWithoutContent({ all: true }));
  });
  router.get("/:id", adminOnly, async (req, res) => {
    res.json(await press.getAny(id(req.params.id)));
  });
  return addPublicationRoutes(router, press, NOT_FOUND, (req, res) => requestBy(req, requireUser(res)));
}
