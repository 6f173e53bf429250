import { z } from "zod";
import { documentArabicSchema, documentCategoryArabicSchema, withArabic } from "../content-schemas";
import { PERIOD_KINDS } from "../document-period";
import { DOWNLOAD_MODES } from "../data-room";
import { accessLogQuerySchema, DOCUMENT_MAX_MB, documentCategorySchema, documentListQuerySchema, documentUpdateSchema } from "../schemas";
import { endpoint, fileAnswer, idParams } from "./contract";

const tag = "Documents";

const nullableText = z.string().nullable();
/**
 * `?lang=ar`: titles, descriptions and category names in Arabic (English where not translated); without it, both. A
 * value that is neither language reads as none; the members' reads ignore parameters they do not know.
 */
const langQuery = z.object({ lang: z.enum(["en", "ar"]).optional().catch(undefined) });
const contentLocale = z.enum(["en", "ar"]).meta({ description: "The language of the texts answered (title and description, or name and description)." });
const translation = z.enum(["complete", "missing"]).optional().meta({ description: "Only in a read without ?lang: whether every text has its Arabic." });

/** A document of the investor library as the API answers it (never where the file is stored). */
export const documentDtoSchema = z
  .strictObject({
    id: z.number().int(),
    title: z.string(),
    description: nullableText,
    fileName: z.string().meta({ description: "The name the file is downloaded under." }),
    fileUrl: z
      .string()
      .nullable()
      .meta({ description: "Where to download the file: /api/documents/{id}/download; null when the document can only be read in the viewer." }),
    fileType: nullableText.meta({ description: "The file's MIME type." }),
    fileSize: z.number().int().nullable().meta({ description: "In bytes." }),
    categoryId: z.number().int().nullable(),
    categoryName: nullableText,
    isPublic: z.boolean().meta({ description: "True: every signed-in member may read it; false: investors only." }),
    periodYear: z.number().int().nullable().meta({ description: "The fiscal year the document reports on; null (with periodKind) for none." }),
    periodKind: z
      .enum(PERIOD_KINDS)
      .nullable()
      .meta({ description: "FY (the whole fiscal year), H1/H2 (a half) or Q1-Q4 (a quarter) of periodYear; null for a document without a period." }),
    publishedAt: z.iso.date().meta({ description: "The day the company published the document (YYYY-MM-DD)." }),
    uploadedById: z.number().int().nullable(),
    uploadedAt: z.iso.datetime(),
    updatedAt: z.iso.datetime().meta({ description: "Send it back with an edit: a document changed since answers 409 CONFLICT." }),
    version: z.number().int().meta({ description: "The current version's number: 1 for the first file, then one more for each replacement or restore." }),
    versionUpdatedAt: z.iso.datetime().meta({ description: "When the current version was added ('Updated on …' when version > 1)." }),
    versionNote: nullableText.meta({ description: "What the current version changed, in the answer's language (English where not translated)." }),
    viewable: z.boolean().meta({ description: "True for a PDF: it can be read in the viewer (POST /api/documents/{id}/views)." }),
    downloadMode: z
      .enum(DOWNLOAD_MODES)
      .meta({ description: "original: the file as uploaded; stamped: a PDF with the reader's watermark on every page; none: the viewer only." }),
    requiresConfidentiality: z.boolean().meta({ description: "The reader must accept the current confidentiality notice before the first view or download." }),
    pageText: z.boolean().meta({
      description:
        "True (the default): the viewer gives each page's text, for screen readers, and every read is in the access log; false: the text is refused.",
    }),
    restricted: z.boolean().meta({ description: "Investor Only, and only for the investors it is shared with." }),
    expiresAt: z.iso.datetime().nullable().meta({ description: "After this instant the document is gone for everyone but admins." }),
    contentLocale,
    // Only in a read without ?lang (both languages):
    titleAr: nullableText.optional(),
    descriptionAr: nullableText.optional(),
    categoryNameAr: nullableText.optional(),
    versionNoteAr: nullableText.optional(),
    revokedAt: z.iso.datetime().nullable().optional().meta({ description: "Admins only: when access was revoked (null: not revoked)." }),
    archivedAt: z.iso.datetime().nullable().optional().meta({ description: "Admins only: when the document was archived (null: in the library)." }),
    translation,
  })
  .meta({ id: "Document" });

/** A category of the document library. */
export const documentCategoryDtoSchema = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    description: nullableText,
    createdAt: z.iso.datetime(),
    contentLocale,
    // Only in a read without ?lang (both languages):
    nameAr: nullableText.optional(),
    descriptionAr: nullableText.optional(),
    translation,
  })
  .meta({ id: "DocumentCategory" });

/** One entry of a document's access log: a download, or a refused attempt. */
export const accessLogEntrySchema = z
  .strictObject({
    id: z.number().int(),
    userId: z.number().int().nullable().meta({ description: "Null for a visitor who was not signed in." }),
    email: nullableText,
    fullName: nullableText,
    accessTime: z.iso.datetime(),
    ipAddress: nullableText,
    refused: z.boolean().meta({ description: "True for a refused attempt (not signed in, or not allowed to read the document)." }),
    failed: z.boolean().meta({ description: "True for a download the server could not make (a stamped copy that failed or timed out): not a download." }),
    kind: z.enum(["download", "page-text"]).meta({ description: "What was fetched: the file, or a page's text for a screen reader (not a download)." }),
    version: z.number().int().nullable().meta({ description: "The version downloaded; null for a refusal (or a download before versions were kept)." }),
    viewId: nullableText.meta({ description: "The download's view id, printed on a stamped copy; null for a refusal." }),
  })
  .meta({ id: "AccessLogEntry" });

/** One page of a document's access log, newest first, with the totals of the whole log. */
export const accessLogPageSchema = z
  .strictObject({
    documentId: z.number().int(),
    count: z.number().int().meta({ description: "Entries in the whole log (downloads and refused attempts), for paging." }),
    downloads: z.number().int().meta({ description: "Files the readers got: refused and failed attempts do not count." }),
    refused: z.number().int(),
    failed: z.number().int().meta({ description: "Downloads the server could not make (a stamped copy that failed or timed out)." }),
    pageTextReads: z.number().int().meta({ description: "Reads of a page's text by a screen reader: not downloads." }),
    logs: z.array(accessLogEntrySchema),
  })
  .meta({ id: "AccessLogPage" });

/** A document's metadata with its optional Arabic title and description; an edit also carries `updatedAt`. */
const documentUpdateBody = withArabic(documentUpdateSchema, documentArabicSchema);
const categoryBody = withArabic(documentCategorySchema, documentCategoryArabicSchema);

/** The upload form: the file and its metadata (every field is text in a multipart form). */
const documentUploadForm = z.strictObject({
  file: z.string().meta({ format: "binary", description: `PDF, XLSX, DOCX or PPTX, at most ${DOCUMENT_MAX_MB} MB; the type is read from the bytes.` }),
  title: z.string(),
  description: z.string().optional(),
  titleAr: z.string().optional(),
  descriptionAr: z.string().optional(),
  categoryId: z.string().optional().meta({ description: "A category id, or empty for none." }),
  isPublic: z.enum(["true", "false"]).optional(),
  periodKind: z.string().optional().meta({ description: "FY, H1, H2, Q1, Q2, Q3 or Q4; empty for none (then periodYear is empty too)." }),
  periodYear: z.string().optional().meta({ description: "The fiscal year of periodKind; empty for none." }),
  publishedAt: z.string().optional().meta({ description: "YYYY-MM-DD; today when empty." }),
});

/** The investor document library: members' reads and downloads; the admin's management under /api/admin. */
export const documentEndpoints = {
  categories: endpoint({
    method: "GET",
    path: "/api/document-categories",
    tag,
    summary: "Every document category, by name",
    access: "signed-in",
    query: langQuery,
    response: z.array(documentCategoryDtoSchema),
  }),
  list: endpoint({
    method: "GET",
    path: "/api/documents",
    tag,
    summary: "The documents the caller may read, newest period first",
    description:
      "Investors and admins read every document; other members the public ones, whatever the filters. Sorted by reporting period (newest first; documents without one last), then publication date. `year` keeps one fiscal year, `category` one category, `q` the documents whose title or description (English or Arabic) or category holds every word.",
    access: "signed-in",
    query: langQuery.extend(documentListQuerySchema.shape),
    response: z.array(documentDtoSchema),
  }),
  download: endpoint({
    method: "GET",
    path: "/api/documents/:id/download",
    tag,
    summary: "The file itself, as an attachment",
    description:
      "Every download is logged with its version and its own view id, and so is every refused attempt on an investor-only document. A document the caller may not read (expired, revoked, archived, or shared with others only) answers 404, like one that does not exist. A `stamped` document arrives as a PDF with the reader's name, e-mail, the time in Cairo and the view id drawn on every page; a `none` document answers 403 (the viewer only). A document that requires the confidentiality notice answers 403 CONFIDENTIALITY_REQUIRED until the reader accepted its current version. A stamped copy not made within a few seconds answers 202 PREPARING with Retry-After: it goes on being made, and the same request again (same session) collects it. A copy the server could not make (422, 503) is logged as a failed attempt, not a download. A reader has at most 2 stamped copies being made at once and 30 an hour (429); when the readers' queue is full the answer is 503 BUSY with Retry-After.",
    access: "signed-in",
    params: idParams,
    response: fileAnswer("application/octet-stream", "The document's file, with its own content type and file name (Content-Disposition: attachment)."),
    accepted: z
      .strictObject({
        code: z.literal("PREPARING"),
        message: z.string().meta({ description: "'Your stamped copy is being prepared', in the request's language." }),
        retryAfter: z.number().int().meta({ description: "Seconds to wait before asking again (also in Retry-After)." }),
      })
      .meta({ id: "DownloadPreparing" }),
    rateLimits: ["stampedAtOnce", "stampedHourly"],
    errors: ["FORBIDDEN", "CONFIDENTIALITY_REQUIRED", "UNPROCESSABLE", "SERVICE_UNAVAILABLE", "BUSY"],
  }),
  accessCounts: endpoint({
    method: "GET",
    path: "/api/admin/documents/access-counts",
    tag,
    summary: "Downloads per document",
    description: "`{ [documentId]: downloads }` for every document downloaded at least once; refused and failed attempts do not count.",
    access: "admin",
    response: z.record(z.string(), z.number().int()),
  }),
  accessLogs: endpoint({
    method: "GET",
    path: "/api/admin/documents/:id/access-logs",
    tag,
    summary: "One page of a document's access log, newest first",
    access: "admin",
    params: idParams,
    query: accessLogQuerySchema,
    response: accessLogPageSchema,
  }),
  upload: endpoint({
    method: "POST",
    path: "/api/admin/documents",
    tag,
    summary: "Adds a document: its file and metadata",
    description: "A file over the limit answers 413; a file that is not a PDF, XLSX, DOCX or PPTX 415; a full disk 507.",
    access: "admin",
    multipart: documentUploadForm,
    status: 201,
    response: documentDtoSchema,
    errors: ["BAD_REQUEST", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA", "INSUFFICIENT_STORAGE", "STORAGE_FAILED"],
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/admin/documents/:id",
    tag,
    summary: "Replaces a document's metadata",
    description: "Send the `updatedAt` you read: a document changed since answers 409 CONFLICT.",
    access: "admin",
    params: idParams,
    body: documentUpdateBody,
    response: documentDtoSchema,
    errors: ["CONFLICT"],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/admin/documents/:id",
    tag,
    summary: "Deletes a document, its file and its access log",
    access: "admin",
    params: idParams,
    status: 204,
    response: z.undefined(),
  }),
  createCategory: endpoint({
    method: "POST",
    path: "/api/admin/document-categories",
    tag,
    summary: "Adds a category",
    description: "Names are unique regardless of case (409 CONFLICT).",
    access: "admin",
    body: categoryBody,
    status: 201,
    response: documentCategoryDtoSchema,
    errors: ["CONFLICT"],
  }),
  updateCategory: endpoint({
    method: "PUT",
    path: "/api/admin/document-categories/:id",
    tag,
    summary: "Renames or describes a category",
    description: "Names are unique regardless of case (409 CONFLICT).",
    access: "admin",
    params: idParams,
    body: categoryBody,
    response: documentCategoryDtoSchema,
    errors: ["CONFLICT"],
  }),
  removeCategory: endpoint({
    method: "DELETE",
    path: "/api/admin/document-categories/:id",
    tag,
    summary: "Deletes a category; its documents stay, without a category",
    access: "admin",
    params: idParams,
    status: 204,
    response: z.undefined(),
  }),
};

/** A document as the API answers it (the server's serializer returns this type). */
export type DocumentDto = z.output<typeof documentDtoSchema>;
/** A document category as the API answers it. */
export type DocumentCategoryDto = z.output<typeof documentCategoryDtoSchema>;
/** One page of a document's access log, and one of its entries. */
export type AccessLogPage = z.output<typeof accessLogPageSchema>;
export type AccessLogEntry = z.output<typeof accessLogEntrySchema>;
