// How a press release leaves the service: the full DTO (admin and API), a release in one language, and the list card.
import { sql } from "drizzle-orm";
import { pressReleases, type PressRelease } from "../../db/schema";
import type { Locale } from "../../../shared/i18n/locales";
import { localizeRow, PRESS_TEXT, withTranslation, type ContentLocale, type TranslationStatus } from "../content/content-locale";

type PressRow = Omit<PressRelease, "titleAr" | "displayTitleAr" | "summaryAr" | "contentAr" | "correctionNoteAr" | EditorFields>;
type PressArabicFields = Pick<PressRelease, "titleAr" | "displayTitleAr" | "summaryAr" | "contentAr" | "correctionNoteAr">;
/** The editor's documents: only admin reads carry them (public reads have the HTML rendered from them). */
type EditorFields = "contentDoc" | "contentArDoc";

/** The snake_case twins of two fields that older clients read; written by `withAliases` only. */
export type PressAliases = { show_on_homepage: boolean; company_logo: string | null };

/**
 * A release as the API and pages get it: every field plus the snake_case aliases show_on_homepage and
 * company_logo, dates as ISO strings, and `contentLocale` (the language of title, displayTitle, summary and
 * content). An admin read (no locale) also has the Arabic twins and `translation`; a read in a language has not.
 */
export type PressReleaseDto = Omit<PressRow, "createdAt" | "updatedAt" | keyof PublicationInstants> &
  PressAliases &
  PublicationInstantsText & {
    createdAt: string;
    updatedAt: string;
    contentLocale: ContentLocale;
  } & Partial<PressArabicFields> &
  Partial<Pick<PressRelease, EditorFields>> & { translation?: TranslationStatus };
/** The admin's shape: both languages, the editor's documents and the translation status. */
export type PressReleaseAdminDto = PressReleaseDto & PressArabicFields & Pick<PressRelease, EditorFields> & { translation: TranslationStatus };
export type LocalizedPressDto = PressReleaseDto;

type PublicationInstants = { publishedAt: Date | null; publishAt: Date | null; unpublishAt: Date | null; correctedAt?: Date | null };
type PublicationInstantsText = { publishedAt: string | null; publishAt: string | null; unpublishAt: string | null; correctedAt: string | null };
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A stored row with its dates as ISO strings and the snake_case aliases older clients read. */
export function withAliases<T extends { showOnHomepage: boolean; companyLogo: string | null; createdAt: Date; updatedAt: Date } & PublicationInstants>(
  row: T,
): Omit<T, "createdAt" | "updatedAt" | keyof PublicationInstants> & PressAliases & PublicationInstantsText & { createdAt: string; updatedAt: string } {
  return {
    ...row,
    show_on_homepage: row.showOnHomepage,
    company_logo: row.companyLogo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
    publishAt: iso(row.publishAt),
    unpublishAt: iso(row.unpublishAt),
    correctedAt: iso(row.correctedAt ?? null),
  };
}

/** The admin's read: both languages and whether the Arabic is complete. */
export function serializePress(row: PressRelease): PressReleaseAdminDto {
  return withTranslation(withAliases(row), PRESS_TEXT);
}

/** A release in one language (`contentLocale` says which the text is in), without the Arabic twins. */
export function localizePress(row: PressRelease, locale: Locale): PressReleaseDto {
  const { translation: _translation, contentLocale: _en, ...dto } = withoutEditorDocs(serializePress(row));
  return localizeRow(dto, locale, PRESS_TEXT);
}

/** A read outside the dashboard: the HTML, not the editor's documents it was rendered from. */
function withoutEditorDocs<T extends Partial<Pick<PressRelease, EditorFields>>>(dto: T): Omit<T, EditorFields> {
  const { contentDoc: _doc, contentArDoc: _docAr, ...rest } = dto;
  return rest;
}

/** Without a locale (the API without ?lang) both languages; with one, that language. */
export function pressIn(locale: Locale | undefined) {
  return (row: PressRelease): PressReleaseDto => (locale ? localizePress(row, locale) : withoutEditorDocs(serializePress(row)));
}

/** The translatable fields of a read without content (title and summary decide whether it reads in Arabic). */
export const PRESS_TEXT_WITHOUT_CONTENT = { required: ["title", "summary"], optional: PRESS_TEXT.optional } as const;

/** Whether the release reads in Arabic (title, summary and content translated), without reading the content. */
export const arReadyColumn =
  sql<boolean>`coalesce(${pressReleases.titleAr} <> '' and ${pressReleases.summaryAr} <> '' and ${pressReleases.contentAr} <> '', false)`.as("ar_ready");

/** The fields a list card needs: no content, so a page of cards stays small. */
export const cardColumns = {
  id: pressReleases.id,
  title: pressReleases.title,
  summary: pressReleases.summary,
  date: pressReleases.date,
  company: pressReleases.company,
  sector: pressReleases.sector,
  category: pressReleases.category,
  image: pressReleases.image,
  companyLogo: pressReleases.companyLogo,
  titleAr: pressReleases.titleAr,
  summaryAr: pressReleases.summaryAr,
  arReady: arReadyColumn,
};
export type CardRow = { titleAr: string | null; summaryAr: string | null; arReady: boolean; title: string; summary: string };

/** A card in `locale`: the Arabic title and summary when the release reads in Arabic, else the English ones. */
export function localizeCard<T extends CardRow>(
  row: T,
  locale: Locale | undefined,
): Omit<T, "titleAr" | "summaryAr" | "arReady"> & { contentLocale: ContentLocale } {
  const { titleAr, summaryAr, arReady, ...card } = row;
  if (locale === "ar" && arReady) return { ...card, title: titleAr!, summary: summaryAr!, contentLocale: "ar" };
  return { ...card, contentLocale: "en" };
}

export type PressCard = {
  /** The language of title and summary: 'ar' on an Arabic read of a translated release, else 'en'. */
  contentLocale: ContentLocale;
  id: number;
  title: string;
  summary: string;
  date: string;
  company: string | null;
  sector: string | null;
  category: string;
  image: string | null;
  companyLogo: string | null;
};
