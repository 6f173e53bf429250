import { z } from "zod";
import { extractUrlSchema } from "../schemas";
import { endpoint } from "./contract";

/** What a web page gave for a press release's form. */
export const extractedContentSchema = z
  .strictObject({
    title: z.string(),
    summary: z.string(),
    content: z.string().meta({ description: "Sanitized HTML; its images are copies under /uploads." }),
    date: z.string().nullable().meta({ description: "YYYY-MM-DD, when the page says." }),
    image: z.string().nullable().meta({ description: "The lead image, copied under /uploads." }),
    logo: z.string().nullable().meta({ description: "The matched company's logo, else the site's, copied under /uploads." }),
    category: z.string(),
    originalUrl: z.string(),
    language: z.enum(["en", "ar"]).meta({ description: "The page's language: 'ar' fills the form's Arabic fields." }),
    company: z.string().nullable().meta({ description: "The matched portfolio company, else null." }),
    sector: z.string().nullable().meta({ description: "The matched company's sector, else null." }),
    warnings: z.array(z.string()).meta({ description: "What could not be carried over (images left out), for the editor to review." }),
  })
  .meta({ id: "ExtractedContent" });

/** 'Extract content from a URL' for the press form. */
export const extractEndpoints = {
  fromUrl: endpoint({
    method: "POST",
    path: "/api/extract-url",
    tag: "Press releases",
    summary: "Reads a public web page into a press release's fields",
    description:
      "422 UNPROCESSABLE for an address that may not be fetched (a private network, another scheme or port) or a page with nothing to read; 502 BAD_GATEWAY when the page fails (status, time, size); 429 while too many extractions run.",
    access: "admin",
    body: extractUrlSchema,
    response: extractedContentSchema,
    errors: ["UNPROCESSABLE", "BAD_GATEWAY", "TOO_MANY_REQUESTS", "BUSY"],
  }),
};
