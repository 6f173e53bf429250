import { Router } from "express";
import { siteSearchQuerySchema } from "../../shared/schemas";
import { currentUser } from "../http/guards";
import { parse } from "../http/validate";
import { publicRead } from "../http/cache-control";
import type { Services } from "../services";

/**
 * Public site content:
 *   GET /api/search?q=     press releases, portfolio companies and the documents the caller may read
 *   GET /api/home-stats    the home page's three figures
 */
export function siteRoutes({ search, settings }: Services) {
  const router = Router();

  router.get("/search", async (req, res) => {
    const { q } = parse(siteSearchQuerySchema, req.query);
    // The answer depends on who asks (investor-only documents), so no shared cache may keep it.
    res.set("Cache-Control", "private, no-store");
    res.set("Vary", "Cookie");
    res.json(await search.search(q, currentUser(res) ?? null));
  });

  router.get("/home-stats", publicRead(), async (_req, res) => {
    res.json({ stats: await settings.homeStats() });
  });

  return router;
}
