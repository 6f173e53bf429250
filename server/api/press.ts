import { Router } from "express";
import { z } from "zod";
import { pressListQuerySchema, pressReleaseSchema } from "../../shared/schemas";
import { adminOnly } from "../http/guards";
import { requestLocale } from "../http/locale";
import { parse, parseId } from "../http/validate";
import { message } from "../lib/messages";
import { expectedUpdatedAt } from "../lib/optimistic-concurrency";
import { publicRead } from "../http/cache-control";
import type { Services } from "../services";
import { pressArabicSchema, withArabic } from "../../shared/content-schemas";
import { langParam } from "../services/content-locale";

/** A release's body: the English fields and their optional Arabic twins (titleAr, displayTitleAr, summaryAr, contentAr). */
const pressBodySchema = withArabic(pressReleaseSchema, pressArabicSchema);

const flagsSchema = z
  .object({
    featured: z.boolean({ error: "validation.press.featured" }).optional(),
    showOnHomepage: z.boolean({ error: "validation.press.showOnHomepage" }).optional(),
  })
  .refine((v) => v.featured !== undefined || v.showOnHomepage !== undefined, "validation.press.flags.nothingToChange");

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
    res.status(201).json(await press.create(parse(pressBodySchema, req.body)));
  });

  router.put("/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, NOT_FOUND);
    res.json(await press.update(id, parse(pressBodySchema, req.body), { expectedUpdatedAt: expectedUpdatedAt(req.body) }));
  });

  router.patch("/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, NOT_FOUND);
    const body = req.body && typeof req.body === "object" ? { ...req.body } : req.body;
    if (body && body.show_on_homepage !== undefined && body.showOnHomepage === undefined) body.showOnHomepage = body.show_on_homepage;
    const { featured, showOnHomepage } = parse(flagsSchema, body);
    res.json(await press.setFlags(id, { featured, showOnHomepage }));
  });

  router.delete("/:id", adminOnly, async (req, res) => {
    await press.remove(parseId(req.params.id, NOT_FOUND));
    res.json({ message: message(requestLocale(req), "errors.ok.pressDeleted") });
  });

  return router;
}
