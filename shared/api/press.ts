import { z } from "zod";
import { PUBLIC_CACHE_CONTROL } from "../cache-policy";
import { pressArabicSchema, withArabic } from "../content-schemas";
import { pressListQuerySchema, pressReleaseSchema } from "../schemas";
import { endpoint, idParams, messageSchema } from "./contract";

const tag = "Press releases";

const nullableText = z.string().nullable();
/** `?lang=ar`: the release's text in Arabic (English where it is not translated); without it, both languages. */
const langQuery = z.strictObject({ lang: z.enum(["en", "ar"]).optional() });

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
    contentLocale: z.enum(["en", "ar"]).meta({ description: "The language of title, displayTitle, summary and content." }),
    // Only in a read without ?lang (both languages):
    titleAr: nullableText.optional(),
    displayTitleAr: nullableText.optional(),
    summaryAr: nullableText.optional(),
    contentAr: nullableText.optional(),
    translation: z.enum(["complete", "missing"]).optional(),
  })
  .meta({ id: "PressRelease" });

const pressList = z.array(pressReleaseDtoSchema);

const flagsSchema = z.strictObject({
  featured: z.boolean().optional(),
  showOnHomepage: z.boolean().optional(),
  show_on_homepage: z.boolean().optional().meta({ description: "The same as showOnHomepage." }),
});

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
    summary: "Publishes a release",
    access: "admin",
    body: withArabic(pressReleaseSchema, pressArabicSchema),
    status: 201,
    response: pressReleaseDtoSchema,
    errors: ["HOMEPAGE_LIMIT"],
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/press-releases/:id",
    tag,
    summary: "Replaces a release",
    description: "Send the `updatedAt` you read: a release changed since answers 409 CONFLICT.",
    access: "admin",
    params: idParams,
    body: withArabic(pressReleaseSchema, pressArabicSchema),
    response: pressReleaseDtoSchema,
    errors: ["HOMEPAGE_LIMIT", "CONFLICT"],
  }),
  setFlags: endpoint({
    method: "PATCH",
    path: "/api/press-releases/:id",
    tag,
    summary: "Sets the featured and home-page flags",
    access: "admin",
    params: idParams,
    body: flagsSchema,
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
};
