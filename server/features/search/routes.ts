import type { z } from "zod";
import type { SameFields } from "../../../shared/api/contract";
import { searchEndpoints as endpoints, type siteSearchResultsSchema } from "../../../shared/api/search";
import { PRIVATE_NO_STORE } from "../../http/cache-control";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { PUBLIC_CACHE_CONTROL } from "../../../shared/cache-policy";
import type { Services } from "../index";
import type { SiteSearchResults } from "./search";

// The service's results and the contract's SiteSearchResults have the same fields.
const answersTheContract: SameFields<SiteSearchResults, z.output<typeof siteSearchResultsSchema>> = true;
void answersTheContract;

/** /api/search?q= : press releases, portfolio companies and the documents the caller may read. */
export function searchRoutes({ search }: Services) {
  return endpointRouter("/api/search", [
    endpoint(endpoints.search, ({ query: { q, lang }, user, res }) => {
      // The answer depends on who asks (investor-only documents): a signed-in visitor's is private (no shared
      // cache keeps it); every anonymous visitor gets the same one, which the page cache may keep. The contract's
      // `cache` is the anonymous answer's: this sets the caller's in its place.
      res.set("Cache-Control", user ? PRIVATE_NO_STORE : PUBLIC_CACHE_CONTROL);
      res.set("Vary", "Cookie");
      return search.search(q, user ?? null, { locale: lang });
    }),
  ]);
}
