/**
 * The browser's calls to the document library API (admin side), all through apiRequest, or the upload
 * client for the file itself.
 */
import type { DocumentDto } from "../../server/services/documents";
import type { DocumentArabicInput, DocumentCategoryArabicInput } from "../../shared/content-schemas";
import type { DocumentCategoryInput, DocumentMetaInput } from "../../shared/schemas";
import { apiRequest } from "./api/client";
import { uploadWithProgress } from "./upload";

/** A category; the admin read also has its Arabic name and description and the translation status. */
export type DocumentCategory = {
  id: number;
  name: string;
  description: string | null;
  createdAt: string;
  nameAr?: string | null;
  descriptionAr?: string | null;
  translation?: "complete" | "missing";
};
/** A document's metadata with its optional Arabic title and description (absent keeps them, null clears them). */
export type DocumentMeta = DocumentMetaInput & Partial<DocumentArabicInput>;
export type CategoryInput = DocumentCategoryInput & Partial<DocumentCategoryArabicInput>;

export const documentsApi = {
  list: () => apiRequest<DocumentDto[]>("GET", "/api/documents"),
  categories: () => apiRequest<DocumentCategory[]>("GET", "/api/document-categories"),
  /** Downloads per document id. */
  accessCounts: () => apiRequest<Record<string, number>>("GET", "/api/documents/access-counts"),

  /** Multipart upload of the file with its metadata, reporting progress. */
  upload(meta: DocumentMeta, file: File, opts: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {}) {
    const form = new FormData();
    form.append("title", meta.title);
    form.append("description", meta.description ?? "");
    if (meta.titleAr !== undefined) form.append("titleAr", meta.titleAr ?? "");
    if (meta.descriptionAr !== undefined) form.append("descriptionAr", meta.descriptionAr ?? "");
    form.append("categoryId", meta.categoryId == null ? "" : String(meta.categoryId));
    form.append("isPublic", String(meta.isPublic));
    form.append("file", file);
    return uploadWithProgress<DocumentDto>("/api/documents", form, opts);
  },

  /** Saves the metadata; `updatedAt` is the version the editor loaded, so a newer edit is not overwritten (409). */
  update: (id: number, meta: DocumentMeta, updatedAt: string) => apiRequest<DocumentDto>("PUT", `/api/documents/${id}`, { ...meta, updatedAt }),
  remove: (id: number) => apiRequest("DELETE", `/api/documents/${id}`),

  createCategory: (input: CategoryInput) => apiRequest<DocumentCategory>("POST", "/api/document-categories", input),
  updateCategory: (id: number, input: CategoryInput) => apiRequest<DocumentCategory>("PUT", `/api/document-categories/${id}`, input),
  removeCategory: (id: number) => apiRequest("DELETE", `/api/document-categories/${id}`),
};
