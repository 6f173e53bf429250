/** Pure helpers for the document library (shared by the page and its tests). */

export type FileKind = "pdf" | "spreadsheet" | "document";

const SPREADSHEET_EXT = new Set(["xls", "xlsx", "xlsm", "csv", "ods", "numbers"]);
const PDF_EXT = new Set(["pdf"]);

/** pdf, spreadsheet (Excel, CSV, ...) or document (Word and everything else), from the MIME type or the extension. */
export function fileKind(fileType: string | null | undefined, fileName: string | null | undefined): FileKind {
  const type = (fileType ?? "").toLowerCase();
  const ext = (fileName ?? "").toLowerCase().split(".").pop() ?? "";
  if (type === "application/pdf" || PDF_EXT.has(ext)) return "pdf";
  if (type.includes("spreadsheet") || type.includes("excel") || type === "text/csv" || SPREADSHEET_EXT.has(ext)) return "spreadsheet";
  return "document";
}

export const FILE_KIND_LABEL: Record<FileKind, string> = { pdf: "PDF", spreadsheet: "Spreadsheet", document: "Document" };

/** 1536 -> '1.5 KB'. */
export function formatFileSize(bytes: number | null | undefined): string | null {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return null;
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

export type DocumentSort = "latest" | "oldest" | "title";
export const DOCUMENT_SORTS: { value: DocumentSort; label: string }[] = [
  { value: "latest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "title", label: "Title (A–Z)" },
];
export const parseSort = (value: string | null): DocumentSort => (value === "oldest" || value === "title" ? value : "latest");

export function sortDocuments<T extends { id: number; title: string; uploadedAt: string }>(docs: readonly T[], sort: DocumentSort): T[] {
  const time = (d: T) => Date.parse(d.uploadedAt) || 0;
  const copy = [...docs];
  if (sort === "title") return copy.sort((a, b) => a.title.localeCompare(b.title, "en", { sensitivity: "base" }) || a.id - b.id);
  if (sort === "oldest") return copy.sort((a, b) => time(a) - time(b) || a.id - b.id);
  return copy.sort((a, b) => time(b) - time(a) || b.id - a.id);
}
