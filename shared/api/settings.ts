import { z } from "zod";
import { PUBLIC_CACHE_CONTROL } from "../cache-policy";
import { brandArabicSchema, homeStatsArabicSchema, legalPageArabicSchema, withArabic } from "../content-schemas";
import { LEGAL_PAGES } from "../legal";
import { brandSchema, environmentSchema, homeStatsSchema, legalPageParam, legalPageSchema, spotlightSchema } from "../schemas";
import { previewLinkHoursSchema } from "../preview";
import { endpoint } from "./contract";

const tag = "Site settings";

const contentLocale = z.enum(["en", "ar"]);
const translation = z.enum(["complete", "missing"]).meta({ description: "Whether every text has its Arabic." });
const environmentMode = z.enum(["production", "development"]);

/** One figure of the home page's 'Global Impact' band, as a page reads it. */
export const homeStatSchema = z
  .strictObject({
    value: z.string().meta({ description: "A short value: '7+', '$1.2B'." }),
    label: z.string(),
    contentLocale: contentLocale.optional().meta({ description: "The language of the label; absent in an English read." }),
  })
  .meta({ id: "HomeStat" });

/** A figure as the admin edits it: the English label and its Arabic, when it has one. */
export const homeStatAdminSchema = z
  .strictObject({
    value: z.string(),
    label: z.string(),
    labelAr: z.string().optional().meta({ description: "The label in Arabic (an admin's, or the default figure's); absent while it has none." }),
  })
  .meta({ id: "HomeStatAdmin" });
const homeStatsAdminSchema = z.strictObject({ stats: z.array(homeStatAdminSchema) });

/** The brand texts as the admin edits them: the English ones with their Arabic twins (null until written). */
export const brandAdminSchema = z
  .strictObject({
    name: z.string(),
    shortName: z.string(),
    tagline: z.string(),
    description: z.string(),
    metaDescription: z.string().meta({ description: "The search engines' summary of the site (not editable here)." }),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    social: z.strictObject({ linkedin: z.string(), twitter: z.string(), facebook: z.string(), instagram: z.string() }).meta({
      description: "https profile addresses; an empty one hides that network's icon.",
    }),
    taglineAr: z.string().nullable(),
    descriptionAr: z.string().nullable(),
    metaDescriptionAr: z.string().nullable(),
    addressAr: z.string().nullable(),
    translation,
    contentLocale: z.literal("en"),
  })
  .meta({ id: "BrandSettings" });

/** A legal page as the admin edits it: the English text and its Arabic. */
export const legalPageAdminSchema = z
  .strictObject({
    page: z.enum(LEGAL_PAGES),
    title: z.string(),
    titleAr: z.string(),
    path: z.string().meta({ description: "The page's address on the site." }),
    body: z.string().meta({ description: "Plain text: blank lines between paragraphs, '## ' headings, '- ' list items." }),
    bodyAr: z.string().nullable(),
    updatedAt: z.string().meta({ description: "When the English text was last saved (ISO 8601)." }),
    isDefault: z.boolean().meta({ description: "True until an admin saves a text of their own." }),
    translation,
    contentLocale: z.literal("en"),
  })
  .meta({ id: "LegalPageSettings" });

const spotlight = z.strictObject({ id: z.number().int().nullable().meta({ description: "The release in the spotlight; null: the default choice." }) });

/** The home page's figures (public) and the admin's site settings (under /api/admin/settings). */
export const settingsEndpoints = {
  homeStats: endpoint({
    method: "GET",
    path: "/api/home-stats",
    tag,
    summary: "The home page's three figures",
    description: "`?lang=ar`: the labels in Arabic where they have it (each figure's contentLocale says which).",
    access: "public",
    // A `lang` that is neither language reads as English.
    query: z.strictObject({ lang: z.enum(["en", "ar"]).optional().catch(undefined) }),
    response: z.strictObject({ stats: z.array(homeStatSchema) }),
    cache: PUBLIC_CACHE_CONTROL,
  }),
  brand: endpoint({
    method: "GET",
    path: "/api/admin/settings/brand",
    tag,
    summary: "The brand texts, in both languages",
    access: "admin",
    response: brandAdminSchema,
  }),
  saveBrand: endpoint({
    method: "PUT",
    path: "/api/admin/settings/brand",
    tag,
    summary: "Saves the brand texts",
    description: "Arabic fields left out keep their saved text; null or empty clears one.",
    access: "admin",
    body: withArabic(brandSchema, brandArabicSchema),
    response: brandAdminSchema,
  }),
  spotlight: endpoint({
    method: "GET",
    path: "/api/admin/settings/spotlight",
    tag,
    summary: "The release in the press list's spotlight card",
    access: "admin",
    response: spotlight,
  }),
  setSpotlight: endpoint({
    method: "PUT",
    path: "/api/admin/settings/spotlight",
    tag,
    summary: "Chooses the release in the press list's spotlight card",
    description: "null returns to the default choice; an unknown release answers 404 NOT_FOUND.",
    access: "admin",
    body: spotlightSchema,
    response: spotlight,
    errors: ["NOT_FOUND"],
  }),
  stats: endpoint({
    method: "GET",
    path: "/api/admin/settings/stats",
    tag,
    summary: "The home page's three figures, with their Arabic labels",
    access: "admin",
    response: homeStatsAdminSchema,
  }),
  saveStats: endpoint({
    method: "PUT",
    path: "/api/admin/settings/stats",
    tag,
    summary: "Saves the home page's three figures",
    description: "Each figure's `labelAr`: a text saves it, null clears it, absent keeps the saved one while the label is unchanged.",
    access: "admin",
    body: withArabic(homeStatsSchema, homeStatsArabicSchema),
    response: homeStatsAdminSchema,
  }),
  legal: endpoint({
    method: "GET",
    path: "/api/admin/settings/legal",
    tag,
    summary: "The three legal pages (privacy, terms, cookies), in both languages",
    access: "admin",
    response: z.strictObject({ pages: z.array(legalPageAdminSchema) }),
  }),
  saveLegal: endpoint({
    method: "PUT",
    path: "/api/admin/settings/legal/:page",
    tag,
    summary: "Saves one legal page's text",
    description: "`bodyAr`: a text saves it, null or empty clears it, absent keeps the saved one.",
    access: "admin",
    params: z.strictObject({ page: legalPageParam }),
    body: withArabic(legalPageSchema, legalPageArabicSchema),
    response: legalPageAdminSchema,
  }),
  environment: endpoint({
    method: "GET",
    path: "/api/admin/settings/environment",
    tag,
    summary: "The site's mode: development or production",
    description: "`mode` is the stored choice (null: not set); `effectiveMode` the one this request runs in (production on the production hostname).",
    access: "admin",
    response: z.strictObject({ mode: environmentMode.nullable(), effectiveMode: environmentMode }),
  }),
  setEnvironment: endpoint({
    method: "PUT",
    path: "/api/admin/settings/environment",
    tag,
    summary: "Sets the site's mode",
    access: "admin",
    body: environmentSchema,
    response: z.strictObject({ mode: environmentMode }),
  }),
  previewLinkHours: endpoint({
    method: "GET",
    path: "/api/admin/settings/preview",
    tag,
    summary: "How many hours a new preview link works",
    access: "admin",
    response: previewLinkHoursSchema,
  }),
  setPreviewLinkHours: endpoint({
    method: "PUT",
    path: "/api/admin/settings/preview",
    tag,
    summary: "Sets how many hours a new preview link works",
    description: "Links already made keep their expiry.",
    access: "admin",
    body: previewLinkHoursSchema,
    response: previewLinkHoursSchema,
  }),
};
