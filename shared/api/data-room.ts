import { z } from "zod";
import { DOCUMENT_MAX_MB } from "../schemas";
import {
  confidentialityAcceptSchema,
  confidentialityNoticeSchema,
  documentAccessSchema,
  documentGrantsSchema,
  documentVersionNoteSchema,
  pageImageQuerySchema,
  pageTextQuerySchema,
  readingReportSchema,
  viewIdParams,
  viewPageParams,
  versionParams,
} from "../data-room-schemas";
import { DOWNLOAD_MODES } from "../data-room";
import { endpoint, fileAnswer, idParams } from "./contract";
import { documentDtoSchema } from "./documents";

const tag = "Data room";
const adminTag = "Data room (admin)";
const nullableText = z.string().nullable();
/**
 * `?lang=ar`: the title and the version's note in Arabic (English where not translated). A value that is neither
 * language reads as English; the reader's calls ignore parameters they do not know.
 */
const langQuery = z.object({ lang: z.enum(["en", "ar"]).optional().catch(undefined) });

/** One page of an open view: its image's signed address (add `&w=` for a width) and its shape. */
const viewerPageSchema = z.strictObject({
  page: z.number().int().meta({ description: "1 for the first page." }),
  image: z.string().meta({
    description:
      "The page image's address, signed for this view and valid until urlsExpireAt; add `&w=` with the width you show it at (in device pixels): the smallest of 800, 1200 and 1600 at least that wide is served.",
  }),
  text: z
    .string()
    .nullable()
    .meta({ description: "The address of the page's text (for screen readers), signed like the image; null when the document's page text is off." }),
  aspect: z.number().meta({ description: "The page's height divided by its width, to lay it out before its image arrives." }),
});

/** An open view of a document in the viewer. */
export const viewerSessionSchema = z
  .strictObject({
    viewId: z.string().meta({ description: "The view's short id, printed in the watermark of every page (e.g. K7Q2-M9XD)." }),
    documentId: z.number().int(),
    title: z.string(),
    contentLocale: z.enum(["en", "ar"]),
    version: z.number().int(),
    versionUpdatedAt: z.iso.datetime(),
    versionNote: nullableText,
    pageCount: z.number().int(),
    downloadMode: z.enum(DOWNLOAD_MODES),
    pageText: z.boolean().meta({ description: "False when the company turned off this document's page text: the pages have no text address." }),
    fileUrl: nullableText.meta({ description: "Where to download (stamped or original); null for a document read in the viewer only." }),
    urlsExpireAt: z.iso.datetime().meta({ description: "The page addresses stop working then: GET /api/document-views/{viewId} gives fresh ones." }),
    pages: z.array(viewerPageSchema),
  })
  .meta({ id: "ViewerSession" });

/** The confidentiality notice in force, and whether the caller accepted it. */
export const confidentialityStatusSchema = z
  .strictObject({
    notice: z
      .strictObject({
        version: z.number().int(),
        text: z.string().meta({ description: "In the answer's language (?lang=ar: Arabic)." }),
        contentLocale: z.enum(["en", "ar"]),
        createdAt: z.iso.datetime(),
      })
      .nullable()
      .meta({ description: "null: no notice has been written yet (no document can then require one)." }),
    acceptedVersion: z.number().int().nullable().meta({ description: "The newest version the caller accepted; null for none." }),
    accepted: z.boolean().meta({ description: "True when the caller accepted the version in force." }),
  })
  .meta({ id: "ConfidentialityStatus" });

/** A version of the notice as admins see it: both languages, who wrote it, how many accepted it. */
export const confidentialityVersionSchema = z
  .strictObject({
    version: z.number().int(),
    text: z.string(),
    textAr: z.string(),
    createdAt: z.iso.datetime(),
    createdBy: nullableText.meta({ description: "The admin's e-mail address." }),
    acceptances: z.number().int(),
  })
  .meta({ id: "ConfidentialityVersion" });

/** One acceptance of the notice. */
export const confidentialityAcceptanceSchema = z
  .strictObject({
    userId: z.number().int(),
    email: z.string(),
    fullName: nullableText,
    version: z.number().int(),
    acceptedAt: z.iso.datetime(),
    ipAddress: nullableText,
  })
  .meta({ id: "ConfidentialityAcceptance" });

/** One file a document has had. */
export const documentVersionSchema = z
  .strictObject({
    number: z.number().int(),
    current: z.boolean(),
    fileName: z.string(),
    fileType: nullableText,
    fileSize: z.number().int().nullable(),
    note: nullableText,
    noteAr: nullableText,
    restoredFrom: z.number().int().nullable().meta({ description: "The version this one restored; null for an upload." }),
    createdBy: nullableText.meta({ description: "The admin's e-mail address." }),
    createdAt: z.iso.datetime(),
    views: z.number().int().meta({ description: "Views and downloads of this version." }),
  })
  .meta({ id: "DocumentVersion" });

/** An investor a restricted document is shared with. */
export const documentGrantSchema = z
  .strictObject({
    userId: z.number().int(),
    email: z.string(),
    fullName: nullableText,
    role: z.string().meta({ description: "Only investors (and admins) read it: a member whose investor role was taken away loses access." }),
    grantedAt: z.iso.datetime(),
  })
  .meta({ id: "DocumentGrant" });

const viewRow = {
  viewId: z.string(),
  kind: z.enum(["view", "download"]),
  version: z.number().int(),
  startedAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  visibleMs: z.number().int().meta({ description: "Time pages were on screen, summed (milliseconds)." }),
  pagesRead: z.number().int().meta({ description: "Pages on screen for at least 2 seconds." }),
  pageCount: z.number().int().nullable(),
};

/** Reading analytics of one document. */
export const documentReadingSchema = z
  .strictObject({
    documentId: z.number().int(),
    title: z.string(),
    pageCount: z.number().int().nullable().meta({ description: "Pages of the current version." }),
    readers: z.number().int().meta({ description: "Different people who opened it in the viewer." }),
    views: z.number().int(),
    downloads: z.number().int(),
    totalMs: z.number().int(),
    medianMs: z.number().int().meta({ description: "The median, over readers, of each reader's total time." }),
    completion: z.number().meta({ description: "The share (0–1) of readers who read every page of the version they opened." }),
    pages: z
      .array(z.strictObject({ page: z.number().int(), totalMs: z.number().int(), readers: z.number().int() }))
      .meta({ description: "Per page of the current version: time on screen summed over every view, and how many readers read it." }),
    viewList: z.array(z.strictObject({ ...viewRow, userId: z.number().int(), email: z.string(), fullName: nullableText })),
  })
  .meta({ id: "DocumentReading" });

/** What one investor read. */
export const investorReadingSchema = z
  .strictObject({
    userId: z.number().int(),
    email: z.string(),
    fullName: nullableText,
    views: z.array(z.strictObject({ ...viewRow, documentId: z.number().int(), title: z.string() })),
  })
  .meta({ id: "InvestorReading" });

const versionForm = z.strictObject({
  file: z.string().meta({ format: "binary", description: `The new file: PDF, XLSX, DOCX or PPTX, at most ${DOCUMENT_MAX_MB} MB.` }),
  note: z.string().optional().meta({ description: "What changed, for readers (English)." }),
  noteAr: z.string().optional().meta({ description: "What changed, in Arabic." }),
});

const csv = (what: string) => fileAnswer("text/csv; charset=utf-8", `${what} as CSV (Content-Disposition: attachment).`);

/**
 * The data room: documents read in a viewer that never sends the file (page images with the reader's watermark),
 * versions, access rules beyond Public / Investor Only, a confidentiality notice, and reading analytics.
 */
export const dataRoomEndpoints = {
  openView: endpoint({
    method: "POST",
    path: "/api/documents/:id/views",
    tag,
    summary: "Opens a PDF in the viewer",
    description:
      "Checks the document's access rules (as the download does: 404 for a document the caller may not read) and the confidentiality notice (403 CONFIDENTIALITY_REQUIRED), records a view with its own id, and answers signed page addresses bound to this session. A document that is not a PDF answers 422; a server without the page renderer 503.",
    access: "signed-in",
    params: idParams,
    query: langQuery,
    rateLimits: ["viewerOpen"],
    status: 201,
    response: viewerSessionSchema,
    errors: ["NOT_FOUND", "CONFIDENTIALITY_REQUIRED", "UNPROCESSABLE", "SERVICE_UNAVAILABLE"],
  }),
  view: endpoint({
    method: "GET",
    path: "/api/document-views/:viewId",
    tag,
    summary: "An open view again, with fresh page addresses",
    description: "Only for the session that opened it, while the document is still readable and the version is still current (410 GONE after a replacement).",
    access: "signed-in",
    params: viewIdParams,
    query: langQuery,
    response: viewerSessionSchema,
    errors: ["NOT_FOUND", "GONE", "CONFIDENTIALITY_REQUIRED"],
  }),
  pageImage: endpoint({
    method: "GET",
    path: "/api/document-views/:viewId/pages/:page",
    tag,
    summary: "One page as an image with the reader's watermark",
    description:
      "Answers only the session that opened the view, with a valid signature that has not expired, while the document's access rules still allow the reader and the view's version is current. Never cached.",
    access: "signed-in",
    params: viewPageParams,
    query: pageImageQuerySchema,
    rateLimits: ["viewerPages"],
    response: fileAnswer("image/webp", "The page, watermarked (WebP)."),
    errors: ["NOT_FOUND", "GONE", "FORBIDDEN", "CONFIDENTIALITY_REQUIRED", "SERVICE_UNAVAILABLE"],
  }),
  pageText: endpoint({
    method: "GET",
    path: "/api/document-views/:viewId/pages/:page/text",
    tag,
    summary: "One page's text, for screen readers",
    description:
      "The same checks as the page image; 403 PAGE_TEXT_OFF when the company turned the document's page text off. Every read is written to the document's access log (kind page-text).",
    access: "signed-in",
    params: viewPageParams,
    query: pageTextQuerySchema,
    rateLimits: ["viewerPages"],
    response: z.strictObject({ page: z.number().int(), text: z.string() }).meta({ id: "PageText" }),
    errors: ["NOT_FOUND", "GONE", "FORBIDDEN", "PAGE_TEXT_OFF", "CONFIDENTIALITY_REQUIRED", "SERVICE_UNAVAILABLE"],
  }),
  reading: endpoint({
    method: "POST",
    path: "/api/document-views/:viewId/reading",
    tag,
    summary: "Reports how long pages were on screen",
    description:
      "Sent by the viewer in small batches and with navigator.sendBeacon when the page closes (a text/plain body holding JSON is accepted for that). At most 50 pages a batch and 2 minutes per page per batch; only the session that opened the view.",
    access: "signed-in",
    params: viewIdParams,
    body: readingReportSchema,
    rateLimits: ["readingReport"],
    status: 204,
    response: z.undefined(),
    errors: ["NOT_FOUND"],
  }),
  confidentiality: endpoint({
    method: "GET",
    path: "/api/confidentiality",
    tag,
    summary: "The confidentiality notice in force, and whether the caller accepted it",
    access: "signed-in",
    query: langQuery,
    response: confidentialityStatusSchema,
  }),
  accept: endpoint({
    method: "POST",
    path: "/api/confidentiality/acceptances",
    tag,
    summary: "Accepts the notice in force",
    description: "Send the version you showed: an older one answers 409 CONFLICT (the text changed; show the new one). Recorded with the time and address.",
    access: "signed-in",
    body: confidentialityAcceptSchema,
    status: 201,
    response: confidentialityStatusSchema,
    errors: ["CONFLICT", "NOT_FOUND"],
  }),

  adminList: endpoint({
    method: "GET",
    path: "/api/admin/documents",
    tag: adminTag,
    summary: "Every document, archived, revoked and expired ones included, in both languages",
    description: "The library's order (newest period first). Readers' lists leave out what they may not read; this one is the dashboard's.",
    access: "admin",
    response: z.array(documentDtoSchema),
  }),
  versions: endpoint({
    method: "GET",
    path: "/api/admin/documents/:id/versions",
    tag: adminTag,
    summary: "Every file a document has had, newest first",
    access: "admin",
    params: idParams,
    response: z.array(documentVersionSchema),
    errors: ["NOT_FOUND"],
  }),
  addVersion: endpoint({
    method: "POST",
    path: "/api/admin/documents/:id/versions",
    tag: adminTag,
    summary: "Replaces the file; the earlier versions are kept",
    description: "Readers see the new file at once with 'Updated on …' and the note; open views of the earlier version stop (410).",
    access: "admin",
    params: idParams,
    multipart: versionForm,
    status: 201,
    response: documentDtoSchema,
    errors: ["BAD_REQUEST", "NOT_FOUND", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA", "INSUFFICIENT_STORAGE", "STORAGE_FAILED"],
  }),
  versionDownload: endpoint({
    method: "GET",
    path: "/api/admin/documents/:id/versions/:number/download",
    tag: adminTag,
    summary: "One version's file, as uploaded",
    access: "admin",
    params: versionParams,
    response: fileAnswer("application/octet-stream", "The version's file (Content-Disposition: attachment)."),
    errors: ["NOT_FOUND"],
  }),
  restoreVersion: endpoint({
    method: "POST",
    path: "/api/admin/documents/:id/versions/:number/restore",
    tag: adminTag,
    summary: "Makes an earlier version current again, as a new version",
    access: "admin",
    params: versionParams,
    body: documentVersionNoteSchema,
    response: documentDtoSchema,
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  setAccess: endpoint({
    method: "PUT",
    path: "/api/admin/documents/:id/access",
    tag: adminTag,
    summary: "Sets a document's access rules",
    description:
      "Restriction to named investors (Investor Only documents only), an expiry instant, how the file may be downloaded (stamped and none need a PDF) and whether the confidentiality notice is required (a notice must exist). Send the `updatedAt` you read: 409 CONFLICT when it changed since.",
    access: "admin",
    params: idParams,
    body: documentAccessSchema,
    response: documentDtoSchema,
    errors: ["NOT_FOUND", "CONFLICT"],
  }),
  revoke: endpoint({
    method: "POST",
    path: "/api/admin/documents/:id/revoke",
    tag: adminTag,
    summary: "Withdraws access from everyone but admins, at once",
    description: "Every open view and page address stops working on its next request.",
    access: "admin",
    params: idParams,
    response: documentDtoSchema,
    errors: ["NOT_FOUND"],
  }),
  reinstate: endpoint({
    method: "POST",
    path: "/api/admin/documents/:id/reinstate",
    tag: adminTag,
    summary: "Gives access back after a revocation",
    access: "admin",
    params: idParams,
    response: documentDtoSchema,
    errors: ["NOT_FOUND"],
  }),
  archive: endpoint({
    method: "POST",
    path: "/api/admin/documents/:id/archive",
    tag: adminTag,
    summary: "Takes a document out of the library (kept, admins only)",
    access: "admin",
    params: idParams,
    response: documentDtoSchema,
    errors: ["NOT_FOUND"],
  }),
  unarchive: endpoint({
    method: "POST",
    path: "/api/admin/documents/:id/unarchive",
    tag: adminTag,
    summary: "Puts an archived document back in the library",
    access: "admin",
    params: idParams,
    response: documentDtoSchema,
    errors: ["NOT_FOUND"],
  }),
  grants: endpoint({
    method: "GET",
    path: "/api/admin/documents/:id/grants",
    tag: adminTag,
    summary: "The investors a restricted document is shared with",
    access: "admin",
    params: idParams,
    response: z.array(documentGrantSchema),
    errors: ["NOT_FOUND"],
  }),
  setGrants: endpoint({
    method: "PUT",
    path: "/api/admin/documents/:id/grants",
    tag: adminTag,
    summary: "Shares a restricted document with exactly these investors",
    description: "Anyone left out loses access at once. Only investor accounts can be named (400 otherwise).",
    access: "admin",
    params: idParams,
    body: documentGrantsSchema,
    response: z.array(documentGrantSchema),
    errors: ["NOT_FOUND"],
  }),
  notices: endpoint({
    method: "GET",
    path: "/api/admin/confidentiality",
    tag: adminTag,
    summary: "Every version of the confidentiality notice, newest first",
    access: "admin",
    response: z.array(confidentialityVersionSchema),
  }),
  publishNotice: endpoint({
    method: "POST",
    path: "/api/admin/confidentiality",
    tag: adminTag,
    summary: "Puts a new version of the notice in force",
    description: "Every reader of a document that requires the notice must accept the new version before their next view or download.",
    access: "admin",
    body: confidentialityNoticeSchema,
    status: 201,
    response: confidentialityVersionSchema,
  }),
  acceptances: endpoint({
    method: "GET",
    path: "/api/admin/confidentiality/acceptances",
    tag: adminTag,
    summary: "Who accepted which version, newest first",
    access: "admin",
    query: z.strictObject({ version: z.coerce.number<number | string>().int().positive().optional() }),
    response: z.array(confidentialityAcceptanceSchema),
  }),
  documentReading: endpoint({
    method: "GET",
    path: "/api/admin/documents/:id/reading",
    tag: adminTag,
    summary: "Reading analytics of a document",
    access: "admin",
    params: idParams,
    response: documentReadingSchema,
    errors: ["NOT_FOUND"],
  }),
  documentReadingCsv: endpoint({
    method: "GET",
    path: "/api/admin/documents/:id/reading.csv",
    tag: adminTag,
    summary: "A document's views, one row per view and page",
    access: "admin",
    params: idParams,
    response: csv("The views"),
    errors: ["NOT_FOUND"],
  }),
  investorReading: endpoint({
    method: "GET",
    path: "/api/admin/users/:id/reading",
    tag: adminTag,
    summary: "What one member read, newest first",
    access: "admin",
    params: idParams,
    response: investorReadingSchema,
    errors: ["NOT_FOUND"],
  }),
  investorReadingCsv: endpoint({
    method: "GET",
    path: "/api/admin/users/:id/reading.csv",
    tag: adminTag,
    summary: "What one member read, one row per view and page",
    access: "admin",
    params: idParams,
    response: csv("The views"),
    errors: ["NOT_FOUND"],
  }),
};

export type ViewerSession = z.output<typeof viewerSessionSchema>;
export type ConfidentialityStatus = z.output<typeof confidentialityStatusSchema>;
export type ConfidentialityVersion = z.output<typeof confidentialityVersionSchema>;
export type ConfidentialityAcceptance = z.output<typeof confidentialityAcceptanceSchema>;
export type DocumentVersionRow = z.output<typeof documentVersionSchema>;
export type DocumentGrant = z.output<typeof documentGrantSchema>;
export type DocumentReading = z.output<typeof documentReadingSchema>;
export type InvestorReading = z.output<typeof investorReadingSchema>;
