import { Router } from "express";
import { LEGAL_PAGES } from "../../shared/legal";
import { brandSchema, homeStatsSchema, legalPageParam, legalPageSchema, spotlightSchema } from "../../shared/schemas";
import { adminOnly } from "../http/guards";
import { AppError } from "../lib/errors";
import { parse } from "../http/validate";
import type { Services } from "../services";

/**
 * Site settings an admin edits from the dashboard:
 *   GET/PUT /api/settings/brand      the brand texts (name, tagline, address, phone, e-mail, social links)
 *   GET/PUT /api/settings/spotlight  { id | null }: the release in the press list's spotlight card
 *   GET/PUT /api/settings/stats      { stats: [{ value, label } x3] }: the home page's figures
 *   GET     /api/settings/legal      the three legal pages (privacy, terms, cookies)
 *   PUT     /api/settings/legal/:page  { body }: one legal page's text
 */
export function adminSettingsRoutes({ settings, press }: Services) {
  const router = Router();

  router.get("/settings/brand", adminOnly, async (_req, res) => {
    res.json(await settings.brand());
  });

  router.put("/settings/brand", adminOnly, async (req, res) => {
    const input = parse(brandSchema, req.body);
    // Only the validated keys are stored, so a body cannot plant other fields in the setting.
    await settings.write("brand", input);
    res.json(await settings.brand());
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
    await settings.setHomeStats(stats);
    res.json({ stats: await settings.homeStats() });
  });

  router.get("/settings/legal", adminOnly, async (_req, res) => {
    res.json({ pages: await Promise.all(LEGAL_PAGES.map((p) => settings.legalPage(p))) });
  });

  router.put("/settings/legal/:page", adminOnly, async (req, res) => {
    const page = legalPageParam.safeParse(req.params.page);
    if (!page.success) throw new AppError("NOT_FOUND", "Not found");
    const { body } = parse(legalPageSchema, req.body);
    await settings.setLegalPage(page.data, body);
    res.json(await settings.legalPage(page.data));
  });

  return router;
}
