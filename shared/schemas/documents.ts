import { z } from "zod";
import { withValues } from "../i18n/messages";
import { DOCUMENT_CATEGORY_LIMITS, DOCUMENT_LIMITS, SEARCH_LIMITS } from "../limits";
import { PERIOD_KINDS, PERIOD_YEAR_MIN, periodYearMax } from "../document-period";
import { type ValidationId, boundedText, optionalText, tooLong } from "./fields";

// ---------------------------------------------------------------- uploads, extraction, document admin

/** Image upload kinds and their size limits in MB: banner 10, company logo 1, any other image 5. */
export const UPLOAD_KINDS = ["banner", "logo", "image"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_LIMITS_MB: Record<UploadKind, number> = { banner: 10, logo: 1, image: 5 };
/**
 * The size refusal: the server answers FILE_TOO_LARGE with `{ mb }` in the request's language; a form that refuses
 * a file before sending it shows `t.maybe(fileTooLargeMessage(mb))`.
 */
export const FILE_TOO_LARGE = "validation.fileTooLarge" satisfies ValidationId;
export const fileTooLargeMessage = (mb: number) => withValues(FILE_TOO_LARGE, { mb });
export const uploadQuerySchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: "validation.upload.kind" }).default("image"),
});

export const EXTRACT_URL_MESSAGE = "validation.extractUrl";
export const extractUrlSchema = z.object({
  url: z
    .string({ error: EXTRACT_URL_MESSAGE })
    .trim()
    .min(1, EXTRACT_URL_MESSAGE)
    .max(2048, EXTRACT_URL_MESSAGE)
    .refine((v) => URL.canParse(withScheme(v)), EXTRACT_URL_MESSAGE)
    .transform(withScheme),
});

/** 'example.com/news' means https://example.com/news; anything with a scheme is kept as typed (and checked later). */
export function withScheme(value: string): string {
  const v = value.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^(file|ftp|data|javascript|vbscript|mailto|gopher|dict|ldap|blob|about|jar|tel):/i.test(v)) return v;
  return `https://${v}`;
}

/** Investor documents: the types the library accepts and the upload limit. */
export const DOCUMENT_TYPES = ["pdf", "xlsx", "docx", "pptx"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_MAX_MB = 20;
export const DOCUMENT_ACCEPT = ".pdf,.xlsx,.docx,.pptx";

/** Multipart forms send every field as text: "true"/"on" and "false"/"" become booleans, "" a null id. */
const formBoolean = (message: string) =>
  z.preprocess((v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "" || v === "0" ? false : v), z.boolean({ error: message }));

const optionalCategoryId = z.preprocess(
  (v) => (v === "" || v === undefined || v === "null" || v === "none" ? null : v),
  z.coerce
    .number({ error: "validation.document.category" })
    .int("validation.document.category")
    .positive("validation.document.category")
    .max(2_147_483_647, "validation.document.category")
    .nullable(),
);

/** "" (a form's empty choice) and "null" are no value; absent stays absent (an edit then keeps what is stored). */
const emptyIsNull = (v: unknown) => (v === "" || v === "null" ? null : v);

const periodKind = z.preprocess(emptyIsNull, z.enum(PERIOD_KINDS, { error: "validation.document.period.kind" }).nullish());
const PERIOD_YEAR_MESSAGE = () => withValues("validation.document.period.year", { min: PERIOD_YEAR_MIN, max: periodYearMax() });
const periodYear = z.preprocess(
  emptyIsNull,
  z.coerce
    .number({ error: PERIOD_YEAR_MESSAGE })
    .int({ error: PERIOD_YEAR_MESSAGE })
    .min(PERIOD_YEAR_MIN, { error: PERIOD_YEAR_MESSAGE })
    .refine((y) => y <= periodYearMax(), { error: PERIOD_YEAR_MESSAGE })
    .nullish(),
);

/** A day the company published a document on: a real calendar day ('2026-03-15'), from 1990 to tomorrow (time zones). */
const publishedAt = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .string({ error: "validation.document.publishedAt" })
    .trim()
    .pipe(z.iso.date({ error: "validation.document.publishedAt" }))
    .refine((d) => d >= `${PERIOD_YEAR_MIN}-01-01` && d <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), {
      error: "validation.document.publishedAt",
    })
    .optional(),
);

/**
 * A document's metadata. The reporting period is a kind and a year together, or neither (a charter reports on no
 * period); absent period fields and an absent publication date leave an edit's stored values alone, and an upload
 * without them has no period and is published today.
 */
export const documentMetaFields = z.object({
  title: boundedText(DOCUMENT_LIMITS.title, { min: "validation.document.title.min", max: "validation.document.title.max" }),
  description: optionalText(DOCUMENT_LIMITS.description, "validation.description.max"),
  categoryId: optionalCategoryId,
  isPublic: formBoolean("validation.document.visibility").default(false),
  periodKind,
  periodYear,
  publishedAt,
});

/** A period is a kind with its year: one without the other is an error on the missing field. */
export function documentPeriodRule(v: { periodKind?: unknown; periodYear?: unknown }, ctx: z.RefinementCtx) {
  if (v.periodKind != null && v.periodYear == null) ctx.addIssue({ code: "custom", path: ["periodYear"], message: "validation.document.period.yearRequired" });
  if (v.periodYear != null && v.periodKind == null) ctx.addIssue({ code: "custom", path: ["periodKind"], message: "validation.document.period.kindRequired" });
}

export const documentMetaSchema = documentMetaFields.superRefine(documentPeriodRule);
export type DocumentMetaInput = z.infer<typeof documentMetaSchema>;

/** An edit may carry the updatedAt the editor loaded; a stale one is refused with 409. */
export const documentUpdateSchema = documentMetaFields
  .extend({
    updatedAt: z.string().max(64).optional(),
  })
  .superRefine(documentPeriodRule);

export const documentCategorySchema = z.object({
  name: boundedText(DOCUMENT_CATEGORY_LIMITS.name, { min: "validation.category.name.min", max: "validation.category.name.max" }),
  description: optionalText(DOCUMENT_CATEGORY_LIMITS.description, "validation.category.description.max"),
});
export type DocumentCategoryInput = z.infer<typeof documentCategorySchema>;

export const accessLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

// ---------------------------------------------------------------- site search

export const SEARCH_MAX_LENGTH = SEARCH_LIMITS.site.max;
const SEARCH_TOO_LONG = tooLong("validation.search.max", SEARCH_LIMITS.site);

/** /search?q= and GET /api/search?q=: one short text; anything else (a list, an object, too long) is a 400. */
export const siteSearchQuerySchema = z.object({
  q: z
    .string({ error: "validation.search.text" })
    .max(SEARCH_MAX_LENGTH * 4, SEARCH_TOO_LONG)
    // Control characters (a NUL byte included) are spaces to a search; they never reach the database.
    .transform((v) =>
      v
        .replace(/[\p{Cc}\p{Cs}\uFFFD]+/gu, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(z.string().max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG))
    .optional()
    .transform((v) => v ?? ""),
});
export type SiteSearchQuery = z.output<typeof siteSearchQuerySchema>;

/**
 * GET /api/documents: the library's filters. `year` is a reporting period's fiscal year, `category` a category id,
 * `q` words that must all appear in a title or description (either language) or the category's name.
 */
export const documentListQuerySchema = z.object({
  year: z.preprocess(
    emptyIsNull,
    z.coerce
      .number({ error: PERIOD_YEAR_MESSAGE })
      .int({ error: PERIOD_YEAR_MESSAGE })
      .min(PERIOD_YEAR_MIN, { error: PERIOD_YEAR_MESSAGE })
      .max(9999, { error: PERIOD_YEAR_MESSAGE })
      .nullish(),
  ),
  category: z.preprocess(
    emptyIsNull,
    z.coerce
      .number({ error: "validation.document.category" })
      .int("validation.document.category")
      .positive("validation.document.category")
      .max(2_147_483_647, "validation.document.category")
      .nullish(),
  ),
  q: z
    .string({ error: "validation.search.text" })
    .transform((v) =>
      v
        .replace(/[\p{Cc}\p{Cs}\uFFFD]+/gu, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .pipe(z.string().max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG))
    .optional(),
});
export type DocumentListQuery = z.output<typeof documentListQuerySchema>;
