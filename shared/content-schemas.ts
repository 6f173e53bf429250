/**
 * The Arabic twins of the content fields an admin writes: `<field>Ar`, with the same limits as the English field.
 * Every one is optional: absent leaves the stored Arabic as it is, null or empty clears it (the item then reads in
 * English on Arabic pages). The admin forms and the API combine these with the English schemas in shared/schemas.ts
 * (`withArabic`), so a body is checked once and every field error is reported together.
 */
import { z } from "zod";
import { LEGAL_BODY_MAX, LEGAL_BODY_MIN } from "./legal";

/** Optional Arabic text: absent stays absent, empty or null becomes null, anything else is trimmed and checked. */
const arabicText = (min: number, max: number, tooShort: string, tooLong: string) =>
  z
    .union([z.string({ error: tooShort }), z.null()], { error: tooShort })
    .optional()
    .transform((v) => (typeof v === "string" ? v.trim() : v))
    .pipe(
      z
        .union([z.literal(""), z.string().min(min, tooShort).max(max, tooLong), z.null()], { error: tooLong })
        .optional()
        .transform((v) => (v === "" ? null : v)),
    );

// The messages are the English fields' message ids (shared/schemas.ts; the validation catalogs translate them).
export const pressArabicSchema = z.object({
  titleAr: arabicText(5, 100, "validation.press.title.min", "validation.press.title.max"),
  displayTitleAr: arabicText(0, 200, "validation.displayTitle.max", "validation.displayTitle.max"),
  summaryAr: arabicText(10, 200, "validation.press.summary.min", "validation.press.summary.max"),
  contentAr: arabicText(50, 100_000, "validation.press.content.min", "validation.press.content.max"),
});
export type PressArabicInput = z.output<typeof pressArabicSchema>;

export const portfolioArabicSchema = z.object({
  descriptionAr: arabicText(10, 2000, "validation.description.min", "validation.description.max"),
});
export type PortfolioArabicInput = z.output<typeof portfolioArabicSchema>;

export const documentArabicSchema = z.object({
  titleAr: arabicText(2, 200, "validation.document.title.min", "validation.document.title.max"),
  descriptionAr: arabicText(0, 2000, "validation.description.max", "validation.description.max"),
});
export type DocumentArabicInput = z.output<typeof documentArabicSchema>;

export const documentCategoryArabicSchema = z.object({
  nameAr: arabicText(2, 80, "validation.category.name.min", "validation.category.name.max"),
  descriptionAr: arabicText(0, 500, "validation.category.description.max", "validation.category.description.max"),
});
export type DocumentCategoryArabicInput = z.output<typeof documentCategoryArabicSchema>;

/** The brand texts that have an Arabic version (the name, short name, phone and e-mail are written once). */
export const brandArabicSchema = z.object({
  taglineAr: arabicText(2, 120, "validation.brand.tagline.min", "validation.brand.tagline.max"),
  descriptionAr: arabicText(20, 600, "validation.brand.description.min", "validation.brand.description.max"),
  addressAr: arabicText(5, 300, "validation.brand.address.min", "validation.brand.address.max"),
});
export type BrandArabicInput = z.output<typeof brandArabicSchema>;

/** `labelAr` of each of the three home figures, in order (the figure itself is written once). */
export const homeStatsArabicSchema = z.object({
  stats: z
    .array(z.looseObject({ labelAr: arabicText(2, 40, "validation.stat.label.min", "validation.stat.label.max") }))
    .length(3, "validation.stats.three")
    .optional(),
});

export const legalPageArabicSchema = z.object({
  bodyAr: z
    .union([z.string({ error: "validation.legal.min" }), z.null()])
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
        .union([z.literal(""), z.string().min(LEGAL_BODY_MIN, "validation.legal.min").max(LEGAL_BODY_MAX, "validation.legal.max"), z.null()])
        .optional()
        .transform((v) => (v === "" ? null : v)),
    ),
});

/** An English schema and its Arabic twins as one: both are checked and every field's error is reported. */
export function withArabic<E extends z.ZodType, A extends z.ZodType>(english: E, arabic: A) {
  return z.intersection(english, arabic);
}
