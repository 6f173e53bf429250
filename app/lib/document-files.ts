/** Pure helpers for the investor document library: the kind of a file, the sort orders and the period's name. */
import type { MessageId } from "../../shared/i18n/messages";
import { DOCUMENT_MIME } from "../../shared/mime";
import { compareDocuments, PERIOD_LABEL, type Periodic } from "../../shared/document-period";
import type { Translate } from "~/i18n/provider";
import type { Formatters } from "../../shared/i18n/format";

export type FileKind = "pdf" | "spreadsheet" | "document";

const SPREADSHEET_EXT = new Set(["xls", "xlsx", "xlsm", "csv", "ods", "numbers"]);
const PDF_EXT = new Set(["pdf"]);

/** pdf, spreadsheet (Excel, CSV, ...) or document (Word and everything else), from the MIME type or the extension. */
export function fileKind(fileType: string | null | undefined, fileName: string | null | undefined): FileKind {
  const type = (fileType ?? "").toLowerCase();
  const ext = (fileName ?? "").toLowerCase().split(".").pop() ?? "";
  if (type === DOCUMENT_MIME.pdf || PDF_EXT.has(ext)) return "pdf";
  if (type.includes("spreadsheet") || type.includes("excel") || type === "text/csv" || SPREADSHEET_EXT.has(ext)) return "spreadsheet";
  return "document";
}

/** The message id of each kind's name. */
export const FILE_KIND_LABEL = {
  pdf: "portal.docs.kindPdf",
  spreadsheet: "portal.docs.kindSpreadsheet",
  document: "portal.docs.kindDocument",
} as const satisfies Record<FileKind, MessageId>;

export type DocumentSort = "latest" | "oldest" | "title";
/** The sort orders and the message ids of their names. */
export const DOCUMENT_SORTS: { value: DocumentSort; label: MessageId }[] = [
  { value: "latest", label: "portal.docs.sortLatest" },
  { value: "oldest", label: "portal.docs.sortOldest" },
  { value: "title", label: "portal.docs.sortTitle" },
];
export const parseSort = (value: string | null): DocumentSort => (value === "oldest" || value === "title" ? value : "latest");

/** 'latest' is the library's order (newest period first, undated last); 'oldest' its reverse; 'title' A to Z. */
export function sortDocuments<T extends Periodic & { title: string }>(docs: readonly T[], sort: DocumentSort): T[] {
  const copy = [...docs];
  if (sort === "title") return copy.sort((a, b) => a.title.localeCompare(b.title, "en", { sensitivity: "base" }) || a.id - b.id);
  if (sort === "oldest") return copy.sort((a, b) => compareDocuments(b, a));
  return copy.sort(compareDocuments);
}

/**
 * A document's reporting period in the page's language ('FY2025', 'H1 2026'; 'السنة المالية 2025', 'النصف الأول
 * 2026'), the year written with `f`'s digits; null for a document without a period.
 */
export function periodLabel(doc: Pick<Periodic, "periodKind" | "periodYear">, t: Translate, f: Pick<Formatters, "fixed">): string | null {
  if (doc.periodKind == null || doc.periodYear == null) return null;
  return t(PERIOD_LABEL[doc.periodKind], { year: f.fixed(doc.periodYear, 0, false) });
}
