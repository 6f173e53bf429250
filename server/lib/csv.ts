/**
 * CSV for spreadsheets (RFC 4180): fields quoted when they hold a quote, comma or line break, CRLF
 * between records. A cell that a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading apostrophe, so a message such as "=HYPERLINK(...)" stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: Array<string | number | boolean | null | undefined>) => `${cells.map(csvCell).join(",")}\r\n`;

/** The UTF-8 byte order mark: without it Excel reads a UTF-8 file as the local code page and garbles Arabic. */
export const UTF8_BOM = "\uFEFF";
