import type { DocumentDto } from "../../../../shared/api/documents";

export type { DocumentCategory as Category } from "~/lib/documents-api";
export type { DocumentDto };

/** A row of the documents table: the document and how often it was downloaded. */
export type DocRow = DocumentDto & { downloads: number };

export const extensionOf = (name: string) => name.split(".").pop()?.toLowerCase() ?? "";
