import { Router } from "express";
import { LEGAL_PAGES } from "../../shared/legal";
import { brandSchema, environmentSchema, homeStatsSchema, legalPageParam, legalPageSchema, spotlightSchema } from "../../shared/schemas";
import { publicRead } from "../http/cache-control";
import { adminOnly } from "../http/guards";
import { AppError } from "../lib/errors";
import { parse } from "../http/validate";
import type { Services } from "../services";
import { brandArabicSchema, homeStatsArabicSchema, legalPageArabicSchema, withArabic } from "../../shared/content-schemas";
import { langParam } from "../services/content-locale";

/**
 * Site settings, read by the public pages and edited by an admin from the dashboard:
 *   GET     /api/home-stats          (public) the home page's three figures
 *   GET/PUT /api/settings/brand      the brand texts (name, tagline, address, phone, e-mail, social links)
 *   GET/PUT /api/settings/spotlight  { id | null }: the release in the press list's spotlight card
 *   GET/PUT /api/settings/stats      { stats: [{ value, label } x3] }: the home page's figures
 *   GET     /api/settings/legal      the three legal pages (privacy, terms, cookies)
 *   PUT     /api/settings/legal/:page  { body }: one legal page's text
 *   GET/PUT /api/settings/environment  { mode }: development or production (GET adds the effective mode)
 */
export function settingsRoutes({ settings, press }: Services) {
  const router = Router();

  router.get("/home-stats", publicRead(), async (req, res) => {
    res.json({ stats: await settings.homeStats({ locale: langParam(req.query) ?? "en" }) });
  });

  router.get("/settings/brand", adminOnly, async (_req, res) => {
    res.json(await settings.brand({ admin: true }));
  });

  router.put("/settings/brand", adminOnly, async (req, res) => {
    const { taglineAr, descriptionAr, addressAr, ...input } = parse(withArabic(brandSchema, brandArabicSchema), req.body);
    // Only the validated keys are stored, so a body cannot plant other fields in the setting.
    await settings.saveBrand(input, { taglineAr, descriptionAr, addressAr });
    res.json(await settings.brand({ admin: true }));
  });

  router.get("/settings/spotlight", adminOnly, async (_req, res) => {
    res.json({ id: await settings.spotlightId() });
  });

  router.put("/settings/spotlight", adminOnly, async (req, res) => {
    const { id } = parse(spotlightSchema, req.body);
    if (id !== null) await press.get(id); // 404 for an unknown release
    await settings.setSpotlightId(id);
    res.json({ id });
  });

  router.get("/settings/stats", adminOnly, async (_req, res) => {
    res.json({ stats: await settings.homeStats() });
  });

  router.put("/settings/stats", adminOnly, async (req, res) => {
    const { stats } = parse(homeStatsSchema, req.body);
    const arabic = parse(homeStatsArabicSchema, req.body).stats;
    await settings.setHomeStats(stats.map((s, i) => ({ ...s, labelAr: arabic?.[i]?.labelAr })));
    res.json({ stats: await settings.homeStats() });
  });

  router.get("/settings/legal", adminOnly, async (_req, res) => {
    res.json({ pages: await Promise.all(LEGAL_PAGES.map((p) => settings.legalPage(p))) });
  });

  router.put("/settings/legal/:page", adminOnly, async (req, res) => {
    const page = legalPageParam.safeParse(req.params.page);
    if (!page.success) throw new AppError("NOT_FOUND", "Not found");
    const { body, bodyAr } = parse(withArabic(legalPageSchema, legalPageArabicSchema), req.body);
    await settings.setLegalPage(page.data, body, new Date(), bodyAr);
    res.json(await settings.legalPage(page.data));
  });

  router.get("/settings/environment", adminOnly, async (req, res) => {
    res.json({ mode: await settings.environmentMode(), effectiveMode: await settings.effectiveMode(req.hostname) });
  });

  router.put("/settings/environment", adminOnly, async (req, res) => {
    const { mode } = parse(environmentSchema, req.body);
    await settings.setEnvironmentMode(mode);
    res.json({ mode });
  });

  return router;
}
