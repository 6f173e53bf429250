import { z } from "zod";
import { PORTFOLIO_LIST_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../cache-policy";
import { portfolioArabicSchema, withArabic } from "../content-schemas";
import { PORTFOLIO_STATUS_VALUES, portfolioSchema } from "../schemas";
import { endpoint, idParams, messageSchema } from "./contract";
import { createPublicationField, publicationEndpoints, publicationFields } from "./publication";

const tag = "Portfolio";

const nullableText = z.string().nullable();
/**
 * `?lang=ar`: the description in Arabic (English where it is not translated); without it, both languages. A value that
 * is neither language reads as none.
 */
const langQuery = z.strictObject({ lang: z.enum(["en", "ar"]).optional().catch(undefined) });

/** A company's body: the English fields and the optional Arabic description (descriptionAr). */
export const portfolioBodySchema = withArabic(portfolioSchema, portfolioArabicSchema);

/** A new company's body: the company and how it starts (a draft unless `publication` is 'published'). */
export const portfolioCreateSchema = z.intersection(portfolioBodySchema, createPublicationField);

/**
 * The `updatedAt` an editor read, sent back with a replacement so a newer edit is not overwritten. A value that is not
 * a string is ignored, as none (the last write wins).
 */
const expectedVersion = z.object({
  updatedAt: z.string().optional().catch(undefined).meta({ description: "The updatedAt you read: a company changed since answers 409 CONFLICT." }),
});

/** A portfolio company as the API answers it. */
export const portfolioItemDtoSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    sector: z.string().meta({ description: "The sector's slug (see the company form's list)." }),
    yearAcquired: z.number().int(),
    image: nullableText,
    companyLogo: nullableText,
    website: nullableText,
    status: z.enum(PORTFOLIO_STATUS_VALUES),
    exitYear: z.number().int().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    ...publicationFields,
    contentLocale: z.enum(["en", "ar"]).meta({ description: "The language of the description." }),
    // Only in a read without ?lang (both languages):
    descriptionAr: nullableText.optional(),
    translation: z.enum(["complete", "missing"]).optional(),
  })
  .meta({ id: "PortfolioItem" });

export const portfolioEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/portfolio",
    tag,
    summary: "Every portfolio company, in the order they were added",
    access: "public",
    query: langQuery,
    response: z.array(portfolioItemDtoSchema),
    cache: PORTFOLIO_LIST_CACHE_CONTROL,
  }),
  get: endpoint({
    method: "GET",
    path: "/api/portfolio/:id",
    tag,
    summary: "One portfolio company",
    access: "public",
    params: idParams,
    query: langQuery,
    response: portfolioItemDtoSchema,
    cache: PUBLIC_CACHE_CONTROL,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/portfolio",
    tag,
    summary: 'Adds a portfolio company: a draft, or published at once with `publication: "published"`',
    access: "admin",
    body: portfolioCreateSchema,
    status: 201,
    response: portfolioItemDtoSchema,
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/portfolio/:id",
    tag,
    summary: "Replaces a portfolio company",
    description: "Send the `updatedAt` you read: a company changed since answers 409 CONFLICT.",
    access: "admin",
    params: idParams,
    body: z.intersection(portfolioBodySchema, expectedVersion),
    response: portfolioItemDtoSchema,
    errors: ["CONFLICT"],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/portfolio/:id",
    tag,
    summary: "Deletes a portfolio company",
    description: "Press releases keep their own copy of the company's name and logo.",
    access: "admin",
    params: idParams,
    response: messageSchema,
  }),
  adminList: endpoint({
    method: "GET",
    path: "/api/admin/portfolio",
    tag,
    summary: "Every portfolio company whatever its state (draft, scheduled, published, withdrawn), both languages",
    access: "admin",
    response: z.array(portfolioItemDtoSchema),
  }),
  adminGet: endpoint({
    method: "GET",
    path: "/api/admin/portfolio/:id",
    tag,
    summary: "One portfolio company in any state, both languages",
    access: "admin",
    params: idParams,
    response: portfolioItemDtoSchema,
  }),
  ...publicationEndpoints("/api/admin/portfolio", { tag, item: "a company", response: portfolioItemDtoSchema }),
};
