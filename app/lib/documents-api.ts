/**
 * The document library's upload from the admin's form: the file and its metadata as one multipart request, with
 * progress. Every other call is the typed client `documentsApi` (~/lib/api/documents).
 */
import { documentsRoutes } from "./api/routes/documents";
import type { DocumentCategoryDto } from "../../shared/api/documents";
import type { DocumentArabicInput, DocumentCategoryArabicInput } from "../../shared/content-schemas";
import type { DocumentCategoryInput, DocumentMetaInput } from "../../shared/schemas";
import { uploadTo, type UploadOptions } from "./upload";

/** A category; the admin read also has its Arabic name and description and the translation status. */
export type DocumentCategory = DocumentCategoryDto;
/** A document's metadata with its optional Arabic title and description (absent keeps them, null clears them). */
export type DocumentMeta = DocumentMetaInput & Partial<DocumentArabicInput>;
export type CategoryInput = DocumentCategoryInput & Partial<DocumentCategoryArabicInput>;

/** Uploads a file with its metadata, reporting progress; answers the stored document. */
export function uploadDocument(meta: DocumentMeta, file: File, opts: UploadOptions = {}) {
  const form = new FormData();
  form.append("title", meta.title);
  form.append("description", meta.description ?? "");
  if (meta.titleAr !== undefined) form.append("titleAr", meta.titleAr ?? "");
  if (meta.descriptionAr !== undefined) form.append("descriptionAr", meta.descriptionAr ?? "");
  form.append("categoryId", meta.categoryId == null ? "" : String(meta.categoryId));
  form.append("isPublic", String(meta.isPublic));
  form.append("periodKind", meta.periodKind ?? "");
  form.append("periodYear", meta.periodYear == null ? "" : String(meta.periodYear));
  if (meta.publishedAt) form.append("publishedAt", meta.publishedAt);
  form.append("file", file);
  return uploadTo(documentsRoutes.upload, { body: form }, opts);
}
