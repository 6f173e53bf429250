import { useLocale, useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";
import type { Locale } from "../../../shared/i18n/locales";
import { sectorMessageId } from "../../../shared/sectors";

/**
 * Sector, category and status words stored in English (a sector value 'real-estate', a label 'Real Estate', a
 * category of the portfolio cards 'Food & Beverage') shown in the page's language. A sector is named through
 * shared/sectors.ts; these are the other words of the badges. A word the catalogs do not know is shown as stored.
 */
const WORDS: Record<string, MessageId> = {
  "financial services": "site.sector.financialServices",
  finance: "site.sector.financialServices",
  logistics: "site.sector.logistics",
  transportation: "site.sector.transportation",
  "food security": "site.sector.foodSecurity",
  "technology & financial services": "site.sector.techFinance",
  "real estate & construction": "site.sector.realEstateConstruction",
};

const STATUS: Record<string, MessageId> = {
  active: "site.portfolio.status.active",
  "partial exit": "site.portfolio.status.partialExit",
  "full exit": "site.portfolio.status.fullExit",
};

const key = (word: string) => word.trim().toLowerCase().replace(/-/g, " ");

/** 'real-estate', 'Real Estate' -> 'Real Estate' / 'العقارات'. */
export function useSectorLabel() {
  const t = useT();
  return (word: string | null | undefined, fallback = word ?? ""): string => {
    if (!word) return "";
    const id = sectorMessageId(word, "site") ?? WORDS[key(word)];
    return id ? t(id) : fallback;
  };
}

/** 'Active', 'Partial Exit - 2023' in the page's language and digits. */
export function useStatusLine() {
  const t = useT();
  return (item: { status?: string | null; exitYear?: number | null }, english: string): string => {
    const id = STATUS[key(item.status?.trim() || "Active")];
    if (!id) return english;
    const status = t(id);
    const year = typeof item.exitYear === "number" && Number.isFinite(item.exitYear) && id !== STATUS.active ? item.exitYear : null;
    return year === null ? status : t("site.portfolio.statusYear", { status, year });
  };
}

/**
 * The `lang`/`dir` of content from the database on this page: text not yet written in the page's language is
 * marked as English (left to right) inside an Arabic page. A missing `contentLocale` means English.
 */
export function contentProps(item: object | null | undefined, locale: Locale): { lang?: string; dir?: "ltr" } {
  return untranslated(item, locale) ? { lang: "en", dir: "ltr" } : {};
}

/** The language an item from the database is written in ('en' when it does not say). */
const contentLocaleOf = (item: object | null | undefined): string => {
  const value = item && "contentLocale" in item ? (item as { contentLocale?: unknown }).contentLocale : null;
  return typeof value === "string" && value ? value : "en";
};

/** True when an item's text is not in the page's language (the page shows the 'not yet translated' note). */
export const untranslated = (item: object | null | undefined, locale: Locale) => locale !== "en" && contentLocaleOf(item) === "en";

export function useContentProps() {
  const locale = useLocale();
  return (item?: object | null) => contentProps(item, locale);
}

/**
 * Text typed by the visitor (a search) or a Latin name inside an Arabic sentence, isolated (FSI … PDI) so its
 * direction does not move the sentence's punctuation and quotation marks. English sentences are left as they are.
 */
export function useIsolate() {
  const locale = useLocale();
  return (text: string) => (locale === "en" ? text : `\u2068${text}\u2069`);
}
