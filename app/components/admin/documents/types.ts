import type { DocumentDto } from "../../../../shared/api/documents";
import type { Locale } from "../../../../shared/i18n/locales";

export type { DocumentCategory as Category } from "~/lib/documents-api";
export type { DocumentDto };

/**
 * A row of the documents table: the document, how often it was downloaded, and for a restricted one how many
 * investors it is shared with (undefined until known).
 */
export type DocRow = DocumentDto & { downloads: number; grantCount?: number };

export const extensionOf = (name: string) => name.split(".").pop()?.toLowerCase() ?? "";

/** A category's name in the page's language (its English name until it has an Arabic one). */
export const categoryLabel = (c: { name: string; nameAr?: string | null }, locale: Locale) => (locale === "ar" && c.nameAr ? c.nameAr : c.name);
/** A document's category name in the page's language; null without a category. */
export const docCategoryLabel = (d: Pick<DocumentDto, "categoryName" | "categoryNameAr">, locale: Locale) =>
  d.categoryName == null ? null : categoryLabel({ name: d.categoryName, nameAr: d.categoryNameAr }, locale);
