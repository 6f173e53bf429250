import { Router } from "express";
import { brandSchema, spotlightSchema } from "../../shared/schemas";
import { adminOnly } from "../http/guards";
import { parse } from "../http/validate";
import type { Services } from "../services";

/**
 * Site settings an admin edits from the dashboard:
 *   GET/PUT /api/settings/brand      the brand texts (name, tagline, address, phone, e-mail, social links)
 *   GET/PUT /api/settings/spotlight  { id | null }: the release in the press list's spotlight card
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

  return router;
}
