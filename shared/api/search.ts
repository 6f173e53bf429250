import { z } from "zod";
import { PUBLIC_CACHE_CONTROL } from "../cache-policy";
import { siteSearchQuerySchema } from "../schemas";
import { endpoint } from "./contract";
import { pressCardSchema } from "./press";

const contentLocale = z.enum(["en", "ar"]);

/** A portfolio company the search found. */
export const searchPortfolioHitSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    category: z.string().meta({ description: "The company's sector, as the portfolio page names it." }),
    description: z.string(),
    website: z.string().nullable(),
    status: z.string(),
    exitYear: z.number().int().nullable(),
    contentLocale: contentLocale.meta({ description: "The language of the description." }),
  })
  .meta({ id: "SearchPortfolioHit" });

/** A document the search found (only documents the caller may read are ever matched). */
export const searchDocumentHitSchema = z
  .strictObject({
    id: z.number().int(),
    title: z.string(),
    description: z.string().nullable(),
    categoryName: z.string().nullable(),
    fileName: z.string(),
    isPublic: z.boolean(),
    uploadedAt: z.iso.datetime(),
    contentLocale: contentLocale.meta({ description: "The language of title and description." }),
  })
  .meta({ id: "SearchDocumentHit" });

/** One kind of result: the first matches and how many there are in all. */
const section = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item), total: z.number().int() });

export const siteSearchResultsSchema = z
  .strictObject({
    q: z.string().meta({ description: "The text searched for, as cleaned (control characters become spaces, trimmed)." }),
    terms: z.array(z.string()).meta({ description: "The words searched for (letters and digits only); empty when nothing searchable was typed." }),
    total: z.number().int(),
    press: section(pressCardSchema),
    portfolio: section(searchPortfolioHitSchema),
    documents: section(searchDocumentHitSchema),
  })
  .meta({ id: "SiteSearchResults" });

export const searchEndpoints = {
  search: endpoint({
    method: "GET",
    path: "/api/search",
    tag: "Search",
    summary: "Searches press releases, portfolio companies and the documents the caller may read",
    description:
      "Every word must match. Each section lists at most 8 matches; its `total` counts them all. `?lang=ar` answers in Arabic where the content has it. A signed-in caller's answer is `private, no-store`.",
    access: "public",
    // A `lang` that is neither language reads as none (English).
    query: siteSearchQuerySchema.extend({ lang: z.enum(["en", "ar"]).optional().catch(undefined) }),
    response: siteSearchResultsSchema,
    cache: PUBLIC_CACHE_CONTROL,
  }),
};
