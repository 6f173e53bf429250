/**
 * What an uploaded document really is, decided from its bytes: a PDF by its header, an Office
 * Open XML file (DOCX, XLSX, PPTX) by the zip's [Content_Types].xml naming the main part of that
 * type and that part being present. Macro-enabled and legacy binary Office files are refused.
 */
import { unzipSync } from "fflate";
import type { DocumentType } from "../../shared/schemas";

const OOXML_MAIN: Record<Exclude<DocumentType, "pdf">, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
};

export const DOCUMENT_MIME: Record<DocumentType, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

export type Detection = { ok: true; type: DocumentType } | { ok: false; reason: string };

const NOT_ACCEPTED = "Only PDF, Word (DOCX), Excel (XLSX) and PowerPoint (PPTX) files can be uploaded.";

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
    return { ok: false, reason: "The file is damaged or is not a valid Office document." };
  }
  if (!contentTypes || names.size > 20_000) return { ok: false, reason: NOT_ACCEPTED };
  const xml = new TextDecoder().decode(contentTypes);
  if (/macroEnabled|vbaProject/i.test(xml) || [...names].some((n) => /vbaProject\.bin$/i.test(n))) {
    return { ok: false, reason: "Macro-enabled Office files are not accepted." };
  }
  const overrides = [...xml.matchAll(/<Override\b([^>]*)\/?>/gi)].map((m) => ({
    part: /PartName\s*=\s*"([^"]+)"/i.exec(m[1])?.[1] ?? "",
    type: /ContentType\s*=\s*"([^"]+)"/i.exec(m[1])?.[1] ?? "",
  }));
  for (const [type, main] of Object.entries(OOXML_MAIN) as [Exclude<DocumentType, "pdf">, string][]) {
    const entry = overrides.find((o) => o.type.toLowerCase() === main);
    if (entry && names.has(entry.part.replace(/^\//, ""))) return { ok: true, type };
  }
  return { ok: false, reason: NOT_ACCEPTED };
}
