import type { DocumentType } from "./schemas";

/** The MIME type of each document type the library accepts; used when storing, serving and showing a file. */
export const DOCUMENT_MIME: Record<DocumentType, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

const BY_EXTENSION: Record<string, string> = DOCUMENT_MIME;

/** The MIME type of a document from its extension (any case), or a plain byte stream for anything else. */
export function mimeForExtension(ext: string): string {
  const key = ext.toLowerCase();
  return Object.hasOwn(BY_EXTENSION, key) ? BY_EXTENSION[key] : "application/octet-stream";
}
