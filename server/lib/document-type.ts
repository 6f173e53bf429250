/**
 * What an uploaded document really is, decided from its bytes: a PDF by its header, an Office
 * Open XML file (DOCX, XLSX, PPTX) by the zip's [Content_Types].xml naming the main part of that
 * type and that part being present. Macro-enabled and legacy binary Office files are refused.
 */
import { unzipSync } from "fflate";
import type { MessageId } from "../../shared/i18n/messages";
import type { DocumentType } from "../../shared/schemas";

const OOXML_MAIN: Record<Exclude<DocumentType, "pdf">, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
};

export type Detection = { ok: true; type: DocumentType } | { ok: false; reason: MessageId };

const NOT_ACCEPTED = "errors.document.type";

export function detectDocumentType(buf: Uint8Array): Detection {
  if (buf.length >= 5 && Buffer.from(buf.subarray(0, 5)).toString("latin1") === "%PDF-") return { ok: true, type: "pdf" };
  // Local file header of a zip archive.
  if (!(buf.length > 30 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04)) {
    return { ok: false, reason: NOT_ACCEPTED };
  }
  const names = new Set<string>();
  let contentTypes: Uint8Array | undefined;
  try {
    // Only [Content_Types].xml is inflated, and only if small: a zip bomb elsewhere costs nothing.
    const files = unzipSync(buf, {
      filter: (file) => {
        names.add(file.name);
        return file.name === "[Content_Types].xml" && file.originalSize <= 512 * 1024;
      },
    });
    contentTypes = files["[Content_Types].xml"];
  } catch {
    return { ok: false, reason: "errors.document.damaged" };
  }
  if (!contentTypes || names.size > 20_000) return { ok: false, reason: NOT_ACCEPTED };
  const xml = new TextDecoder().decode(contentTypes);
  if (/macroEnabled|vbaProject/i.test(xml) || [...names].some((n) => /vbaProject\.bin$/i.test(n))) {
    return { ok: false, reason: "errors.document.macros" };
  }
  const overrides = overrideElements(xml);
  for (const [type, main] of Object.entries(OOXML_MAIN) as [Exclude<DocumentType, "pdf">, string][]) {
    const entry = overrides.find((o) => o.type.toLowerCase() === main);
    if (entry && names.has(entry.part.replace(/^\//, ""))) return { ok: true, type };
  }
  return { ok: false, reason: NOT_ACCEPTED };
}

/**
 * The PartName and ContentType of every <Override> element, in one left-to-right pass over the
 * tags (each character is read a bounded number of times). Regular expressions such as
 * /<Override\b([^>]*)>/ rescan the rest of the text from every '<Override' when no '>' follows,
 * which is quadratic: a 1 KB upload inflating to half a megabyte of '<Override' stalled the server.
 */
export function overrideElements(xml: string): { part: string; type: string }[] {
  const out: { part: string; type: string }[] = [];
  let at = 0;
  while (at < xml.length) {
    const open = xml.indexOf("<", at);
    if (open === -1) break;
    const close = xml.indexOf(">", open + 1);
    if (close === -1) break;
    // A '<' inside the tag means the previous one never closed: restart from the inner one.
    const inner = xml.lastIndexOf("<", close);
    const tag = xml.slice(inner + 1, close);
    at = close + 1;
    const name = /^[^\s/>]*/.exec(tag)![0];
    if (name.toLowerCase() !== "override") continue;
    const attrs = attributes(tag.slice(name.length));
    out.push({ part: attrs.get("partname") ?? "", type: attrs.get("contenttype") ?? "" });
  }
  return out;
}

/** name="value" / name='value' pairs of one tag, names lower-cased; a linear scan. */
function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  const isSpace = (c: string) => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "/";
  while (i < text.length) {
    while (i < text.length && isSpace(text[i])) i++;
    const nameStart = i;
    while (i < text.length && text[i] !== "=" && !isSpace(text[i])) i++;
    const name = text.slice(nameStart, i).toLowerCase();
    while (i < text.length && isSpace(text[i])) i++;
    if (text[i] !== "=") {
      if (i === nameStart) i++;
      continue;
    }
    i++;
    while (i < text.length && isSpace(text[i])) i++;
    const quote = text[i];
    if (quote !== '"' && quote !== "'") continue;
    const end = text.indexOf(quote, i + 1);
    if (end === -1) break;
    if (name && !out.has(name)) out.set(name, text.slice(i + 1, end));
    i = end + 1;
  }
  return out;
}
