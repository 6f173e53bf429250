/**
 * The Arabic twins of the content fields an admin writes: `<field>Ar`, with the same limits as the English field.
 * Every one is optional: absent leaves the stored Arabic as it is, null or empty clears it (the item then reads in
 * English on Arabic pages). The admin forms and the API combine these with the English schemas in shared/schemas.ts
 * (`withArabic`), so a body is checked once and every field error is reported together.
 */
import { z } from "zod";
import { LEGAL_BODY_MAX, LEGAL_BODY_MIN } from "./legal";
import { BRAND_LIMITS, DOCUMENT_CATEGORY_LIMITS, DOCUMENT_LIMITS, HOME_STAT_LIMITS, PORTFOLIO_LIMITS, PRESS_LIMITS, type Bounds, type Cap } from "./limits";
import { LEGAL_TOO_LONG, LEGAL_TOO_SHORT, richTextDocField, tooLong, tooShort, type ValidationId } from "./schemas";

/**
 * Optional Arabic text within the English field's `limits` (a cap alone allows any shorter text): absent stays
 * absent, empty or null becomes null, anything else is trimmed and checked. `ids` are the English field's messages.
 */
const arabicText = (limits: Bounds | Cap, ids: { min?: ValidationId; max: ValidationId }) => {
  const short = "min" in limits && ids.min ? tooShort(ids.min, limits) : tooLong(ids.max, limits);
  const long = tooLong(ids.max, limits);
  const min = "min" in limits ? limits.min : 0;
  return z
    .union([z.string({ error: short }), z.null()], { error: short })
    .optional()
    .transform((v) => (typeof v === "string" ? v.trim() : v))
    .pipe(
      z
        .union([z.literal(""), z.string().min(min, short).max(limits.max, long), z.null()], { error: long })
        .optional()
        .transform((v) => (v === "" ? null : v)),
    );
};

// The messages are the English fields' message ids (shared/schemas.ts; the validation catalogs translate them).
export const pressArabicSchema = z.object({
  titleAr: arabicText(PRESS_LIMITS.title, { min: "validation.press.title.min", max: "validation.press.title.max" }),
  displayTitleAr: arabicText(PRESS_LIMITS.displayTitle, { max: "validation.displayTitle.max" }),
  summaryAr: arabicText(PRESS_LIMITS.summary, { min: "validation.press.summary.min", max: "validation.press.summary.max" }),
  contentAr: arabicText(PRESS_LIMITS.content, { min: "validation.press.content.min", max: "validation.press.content.max" }),
  correctionNoteAr: arabicText(PRESS_LIMITS.correctionNote, { max: "validation.press.correctionNote.max" }).optional(),
  contentArDoc: richTextDocField,
});
export type PressArabicInput = z.output<typeof pressArabicSchema>;

export const portfolioArabicSchema = z.object({
  descriptionAr: arabicText(PORTFOLIO_LIMITS.description, { min: "validation.description.min", max: "validation.description.max" }),
});
export type PortfolioArabicInput = z.output<typeof portfolioArabicSchema>;

export const documentArabicSchema = z.object({
  titleAr: arabicText(DOCUMENT_LIMITS.title, { min: "validation.document.title.min", max: "validation.document.title.max" }),
  descriptionAr: arabicText(DOCUMENT_LIMITS.description, { max: "validation.description.max" }),
});
export type DocumentArabicInput = z.output<typeof documentArabicSchema>;

export const documentCategoryArabicSchema = z.object({
  nameAr: arabicText(DOCUMENT_CATEGORY_LIMITS.name, { min: "validation.category.name.min", max: "validation.category.name.max" }),
  descriptionAr: arabicText(DOCUMENT_CATEGORY_LIMITS.description, { max: "validation.category.description.max" }),
});
export type DocumentCategoryArabicInput = z.output<typeof documentCategoryArabicSchema>;

/** The brand texts that have an Arabic version (the name, short name, phone and e-mail are written once). */
export const brandArabicSchema = z.object({
  taglineAr: arabicText(BRAND_LIMITS.tagline, { min: "validation.brand.tagline.min", max: "validation.brand.tagline.max" }),
  descriptionAr: arabicText(BRAND_LIMITS.description, { min: "validation.brand.description.min", max: "validation.brand.description.max" }),
  addressAr: arabicText(BRAND_LIMITS.address, { min: "validation.brand.address.min", max: "validation.brand.address.max" }),
});
export type BrandArabicInput = z.output<typeof brandArabicSchema>;

/** `labelAr` of each of the three home figures, in order (the figure itself is written once). */
export const homeStatsArabicSchema = z.object({
  stats: z
    .array(z.looseObject({ labelAr: arabicText(HOME_STAT_LIMITS.label, { min: "validation.stat.label.min", max: "validation.stat.label.max" }) }))
    .length(3, "validation.stats.three")
    .optional(),
});

export const legalPageArabicSchema = z.object({
  bodyAr: z
    .union([z.string({ error: LEGAL_TOO_SHORT }), z.null()])
    .optional()
    .transform((v) =>
      typeof v === "string"
        ? v
            .replace(/\r\n?/g, "\n")
            .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
            .trim()
        : v,
    )
    .pipe(
      z
        .union([z.literal(""), z.string().min(LEGAL_BODY_MIN, LEGAL_TOO_SHORT).max(LEGAL_BODY_MAX, LEGAL_TOO_LONG), z.null()])
        .optional()
        .transform((v) => (v === "" ? null : v)),
    ),
});

/** An English schema and its Arabic twins as one: both are checked and every field's error is reported. */
export function withArabic<E extends z.ZodType, A extends z.ZodType>(english: E, arabic: A) {
  return z.intersection(english, arabic);
}
