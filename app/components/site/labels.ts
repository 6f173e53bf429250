import { useLocale, useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";
import type { Locale } from "../../../shared/i18n/locales";
import { categoryMessageId } from "../../../shared/press-categories";
import { sectorMessageId } from "../../../shared/sectors";

/**
 * Sector, press category and status words stored in English (a sector slug 'food-security', an older label
 * 'Financial', a category 'Financial Results') shown in the page's language: sectors through shared/sectors.ts,
 * categories through shared/press-categories.ts. A word the catalogs do not know is shown as stored.
 */
const STATUS: Record<string, MessageId> = {
  active: "site.portfolio.status.active",
  "partial exit": "site.portfolio.status.partialExit",
  "full exit": "site.portfolio.status.fullExit",
};

const key = (word: string) => word.trim().toLowerCase().replace(/-/g, " ");

/** 'food-security', 'Food Security' -> 'Food Security' / 'الأمن الغذائي'. */
export function useSectorLabel() {
  const t = useT();
  return (word: string | null | undefined, fallback = word ?? ""): string => {
    if (!word) return "";
    const id = sectorMessageId(word, "site");
    return id ? t(id) : fallback;
  };
}

/** A press release's category ('Financial Results') in the page's language. */
export function useCategoryLabel() {
  const t = useT();
  return (word: string | null | undefined): string => {
    if (!word) return "";
    const id = categoryMessageId(word, "site");
    return id ? t(id) : word;
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
