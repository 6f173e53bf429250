import { Router } from "express";
import type { z } from "zod";
import type { SameFields } from "../../shared/api/contract";
import type { siteSearchResultsSchema } from "../../shared/api/search";
import { siteSearchQuerySchema } from "../../shared/schemas";
import { currentUser } from "../http/guards";
import { parse } from "../http/validate";
import { PUBLIC_CACHE_CONTROL } from "../../shared/cache-policy";
import type { Services } from "../services";
import type { SiteSearchResults } from "../services/search";
import { langParam } from "../services/content-locale";

// The service's results and the contract's SiteSearchResults have the same fields.
const answersTheContract: SameFields<SiteSearchResults, z.output<typeof siteSearchResultsSchema>> = true;
void answersTheContract;

/** /api/search?q= : press releases, portfolio companies and the documents the caller may read. */
export function searchRoutes({ search }: Services) {
  const router = Router();

  router.get("/", async (req, res) => {
    const { q } = parse(siteSearchQuerySchema, req.query);
    // The answer depends on who asks (investor-only documents): a signed-in visitor's is private (no shared
    // cache keeps it); every anonymous visitor gets the same one, which the page cache may keep.
    const user = currentUser(res) ?? null;
    res.set("Cache-Control", user ? "private, no-store" : PUBLIC_CACHE_CONTROL);
    res.set("Vary", "Cookie");
    res.json(await search.search(q, user, { locale: langParam(req.query) }));
  });

  return router;
}
