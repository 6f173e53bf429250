/**
 * Content in two languages. Every translatable field `x` has an Arabic twin `xAr` (null until translated).
 * A read in a language returns the same field names filled in that language, plus `contentLocale`: the language
 * the text is really in. An item whose Arabic is incomplete reads in English as a whole (never half and half),
 * so an Arabic page can show it inside lang="en" with a note. Admin reads keep both languages and say whether
 * the Arabic is complete (`translation`).
 */
import type { Locale } from "../../../shared/i18n/locales";

export type ContentLocale = "en" | "ar";
export type TranslationStatus = "complete" | "missing";

/** Read options shared by the services' read functions; `locale` defaults to English. */
export type LocaleOption = { locale?: Locale };

const filled = (v: unknown) => typeof v === "string" && v.trim() !== "";

/**
 * Whether an item can be read in Arabic: every required field has Arabic. Optional fields (a headline, a
 * description) do not hold an item back; without Arabic they are left out of the Arabic reading. `strict` (the
 * admin's translation status) also wants Arabic for every optional field that has English.
 */
export function arabicComplete(row: Record<string, unknown>, required: readonly string[], optional: readonly string[] = [], strict = false): boolean {
  return required.every((f) => filled(row[`${f}Ar`])) && (!strict || optional.every((f) => !filled(row[f]) || filled(row[`${f}Ar`])));
}

type ArKeys<F extends string> = `${F}Ar`;

/**
 * The row in `locale`: the `xAr` fields removed, and with Arabic (when complete) copied into `x`. Optional fields
 * whose Arabic is empty read as null in Arabic (an optional headline without Arabic is simply not shown).
 */
export function localizeRow<T extends Record<string, unknown>, F extends string>(
  row: T,
  locale: Locale | undefined,
  fields: { required: readonly F[]; optional?: readonly F[] },
  /** Overrides the completeness test (a card knows whether its content has Arabic without reading it). */
  complete?: boolean,
): Omit<T, ArKeys<F>> & { contentLocale: ContentLocale } {
  const optional = fields.optional ?? [];
  const out: Record<string, unknown> = { ...row };
  const all = [...fields.required, ...optional];
  const ar = locale === "ar" && (complete ?? arabicComplete(row, fields.required, optional));
  for (const f of all) {
    if (ar) out[f] = filled(row[`${f}Ar`]) ? row[`${f}Ar`] : null;
    delete out[`${f}Ar`];
  }
  out.contentLocale = ar ? "ar" : "en";
  return out as Omit<T, ArKeys<F>> & { contentLocale: ContentLocale };
}

/** The admin shape: both languages as stored, with the translation status. */
export function withTranslation<T extends Record<string, unknown>>(
  row: T,
  fields: { required: readonly string[]; optional?: readonly string[] },
): T & { translation: TranslationStatus; contentLocale: ContentLocale } {
  return { ...row, contentLocale: "en", translation: arabicComplete(row, fields.required, fields.optional, true) ? "complete" : "missing" };
}

/** The translatable fields of each kind of content. */
export const PRESS_TEXT = { required: ["title", "summary", "content"], optional: ["displayTitle", "correctionNote"] } as const;
export const PORTFOLIO_TEXT = { required: ["description"] } as const;
export const DOCUMENT_TEXT = { required: ["title"], optional: ["description"] } as const;
export const CATEGORY_TEXT = { required: ["name"], optional: ["description"] } as const;

/** `?lang=ar` on a public API read; anything else is English. */
export const langParam = (query: unknown): Locale | undefined => {
  const lang = query && typeof query === "object" ? (query as Record<string, unknown>).lang : undefined;
  return lang === "ar" ? "ar" : lang === "en" ? "en" : undefined;
};
