import { z } from "zod";
import { PUBLIC_CACHE_CONTROL } from "../cache-policy";
import { pressArabicSchema, withArabic } from "../content-schemas";
import { pressAliases, pressListQuerySchema, pressReleaseSchema } from "../schemas";
import { endpoint, idParams, messageSchema } from "./contract";
import { createPublicationField, publicationEndpoints, publicationFields } from "./publication";

const tag = "Press releases";

const nullableText = z.string().nullable();
/**
 * `?lang=ar`: the release's text in Arabic (English where it is not translated); without it, both languages. A value
 * that is neither language reads as none.
 */
const langQuery = z.strictObject({ lang: z.enum(["en", "ar"]).optional().catch(undefined) });

/** A release as the API answers it. */
export const pressReleaseDtoSchema = z
  .strictObject({
    id: z.number().int(),
    title: z.string(),
    displayTitle: nullableText,
    summary: z.string(),
    content: z.string().meta({ description: "Sanitized HTML." }),
    date: z.string().meta({ description: "YYYY-MM-DD" }),
    company: nullableText,
    sector: nullableText,
    category: z.string(),
    featured: z.boolean(),
    showOnHomepage: z.boolean(),
    image: nullableText,
    companyLogo: nullableText,
    originalUrl: nullableText,
    show_on_homepage: z.boolean().meta({ description: "The same as showOnHomepage (kept for older clients)." }),
    company_logo: nullableText.meta({ description: "The same as companyLogo (kept for older clients)." }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    ...publicationFields,
    correctedAt: z.iso.datetime().nullable().meta({ description: "When the release was last corrected after publication ('Updated on')." }),
    correctionNote: nullableText.meta({ description: "The public note on the correction, in the language read." }),
    contentLocale: z.enum(["en", "ar"]).meta({ description: "The language of title, displayTitle, summary and content." }),
    // Only in a read without ?lang (both languages):
    titleAr: nullableText.optional(),
    displayTitleAr: nullableText.optional(),
    summaryAr: nullableText.optional(),
    contentAr: nullableText.optional(),
    correctionNoteAr: nullableText.optional(),
    // Only in the dashboard's reads (/api/admin/...): the rich-text editor's documents the HTML is rendered from.
    contentDoc: z.record(z.string(), z.unknown()).nullable().optional().meta({ description: "The editor's document for content (admin reads only)." }),
    contentArDoc: z.record(z.string(), z.unknown()).nullable().optional().meta({ description: "The editor's document for contentAr (admin reads only)." }),
    translation: z.enum(["complete", "missing"]).optional(),
  })
  .meta({ id: "PressRelease" });

const pressList = z.array(pressReleaseDtoSchema);

/** A release's body: the English fields and their optional Arabic twins (titleAr, displayTitleAr, summaryAr, contentAr). */
export const pressBodySchema = withArabic(pressReleaseSchema, pressArabicSchema);

/** A new release's body: the release and how it starts (a draft unless `publication` is 'published'). */
export const pressCreateSchema = z.intersection(pressBodySchema, createPublicationField);

/**
 * The `updatedAt` an editor read, sent back with a replacement so a newer edit is not overwritten. A value that is not
 * a string is ignored, as none (the last write wins).
 */
const expectedVersion = z.object({
  updatedAt: z.string().optional().catch(undefined).meta({ description: "The updatedAt you read: a release changed since answers 409 CONFLICT." }),
});

/** The featured and home-page flags: at least one of them; `show_on_homepage` is read where `showOnHomepage` is absent. */
export const pressFlagsSchema = z.preprocess(
  pressAliases,
  z
    .object({
      featured: z.boolean({ error: "validation.press.featured" }).optional(),
      showOnHomepage: z.boolean({ error: "validation.press.showOnHomepage" }).optional(),
      show_on_homepage: z.boolean({ error: "validation.press.showOnHomepage" }).optional().meta({ description: "The same as showOnHomepage." }),
    })
    .refine((v) => v.featured !== undefined || v.showOnHomepage !== undefined, "validation.press.flags.nothingToChange"),
);

/** A release as a list card shows it (the site search's press results): no content, no flags. */
export const pressCardSchema = z
  .strictObject({
    id: z.number().int(),
    title: z.string(),
    summary: z.string(),
    date: z.string().meta({ description: "YYYY-MM-DD" }),
    company: nullableText,
    sector: nullableText,
    category: z.string(),
    image: nullableText,
    companyLogo: nullableText,
    contentLocale: z.enum(["en", "ar"]).meta({ description: "The language of title and summary." }),
  })
  .meta({ id: "PressCard" });

export const pressEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/press-releases",
    tag,
    summary: "Press releases, newest first",
    description: "With `limit` (and `offset`, `q`, `company`) one page of the filtered list; the total is in the X-Total-Count header.",
    access: "public",
    query: pressListQuerySchema.extend(langQuery.shape),
    response: pressList,
    cache: PUBLIC_CACHE_CONTROL,
  }),
  featured: endpoint({
    method: "GET",
    path: "/api/press-releases/featured",
    tag,
    summary: "The featured release (a list of at most one)",
    access: "public",
    query: langQuery,
    response: pressList,
    cache: PUBLIC_CACHE_CONTROL,
  }),
  homepage: endpoint({
    method: "GET",
    path: "/api/press-releases/homepage",
    tag,
    summary: "The releases shown on the home page (at most three)",
    access: "public",
    query: langQuery,
    response: pressList,
    cache: PUBLIC_CACHE_CONTROL,
  }),
  get: endpoint({
    method: "GET",
    path: "/api/press-releases/:id",
    tag,
    summary: "One release",
    access: "public",
    params: idParams,
    query: langQuery,
    response: pressReleaseDtoSchema,
    cache: PUBLIC_CACHE_CONTROL,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/press-releases",
    tag,
    summary: 'Creates a release: a draft, or published at once with `publication: "published"`',
    access: "admin",
    body: pressCreateSchema,
    status: 201,
    response: pressReleaseDtoSchema,
    errors: ["HOMEPAGE_LIMIT", "UNPROCESSABLE", "BUSY"],
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/press-releases/:id",
    tag,
    summary: "Replaces a release",
    description: "Send the `updatedAt` you read: a release changed since answers 409 CONFLICT.",
    access: "admin",
    params: idParams,
    body: z.intersection(pressBodySchema, expectedVersion),
    response: pressReleaseDtoSchema,
    errors: ["HOMEPAGE_LIMIT", "CONFLICT", "UNPROCESSABLE", "BUSY"],
  }),
  setFlags: endpoint({
    method: "PATCH",
    path: "/api/press-releases/:id",
    tag,
    summary: "Sets the featured and home-page flags",
    access: "admin",
    params: idParams,
    body: pressFlagsSchema,
    response: pressReleaseDtoSchema,
    errors: ["HOMEPAGE_LIMIT"],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/press-releases/:id",
    tag,
    summary: "Deletes a release",
    access: "admin",
    params: idParams,
    response: messageSchema,
  }),
  adminList: endpoint({
    method: "GET",
    path: "/api/admin/press-releases",
    tag,
    summary: "Every release whatever its state (draft, scheduled, published, withdrawn), without content",
    access: "admin",
    response: z.array(pressReleaseDtoSchema.omit({ content: true, contentAr: true })),
  }),
  adminGet: endpoint({
    method: "GET",
    path: "/api/admin/press-releases/:id",
    tag,
    summary: "One release in any state, both languages (the edit form)",
    access: "admin",
    params: idParams,
    response: pressReleaseDtoSchema,
  }),
  ...publicationEndpoints("/api/admin/press-releases", { tag, item: "a release", response: pressReleaseDtoSchema }),
};
