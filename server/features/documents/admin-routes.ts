import { documentEndpoints as endpoints } from "../../../shared/api/documents";
import { documentArabicSchema, withArabic } from "../../../shared/content-schemas";
import { DOCUMENT_MAX_MB, documentMetaSchema } from "../../../shared/schemas";
import { singleFile } from "../../http/multipart";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { parse } from "../../http/validate";
import type { Services } from "../index";
import { requestBy } from "../audit/audit";

/**
 * Admin management of documents and their access logs, mounted at /api/admin/documents (all admin only; uploads,
 * edits and deletions recorded in the audit trail):
 *   POST   /                   multipart: file + title, description, categoryId, isPublic, periodKind, periodYear, publishedAt -> 201 document | 507/500 storage failure
 *   PUT    /:id                JSON: the same fields, updatedAt? -> document | 409 stale
 *   DELETE /:id                -> 204, the stored file is removed
 *   GET    /access-counts      -> { [documentId]: downloads }
 *   GET    /:id/access-logs    ?limit&offset -> { documentId, count, downloads, refused, logs: [{ id, userId, email, fullName, accessTime, ipAddress, refused }] }
 *                              count = entries (downloads + refused attempts; userId null = not signed in)
 */
export function documentAdminRoutes({ documentAdmin }: Services) {
  const notFound = "errors.notFound.document";
  const upload = singleFile({
    maxBytes: DOCUMENT_MAX_MB * 1024 * 1024,
    // title, description, their Arabic twins, category, visibility, period kind and year, publication date
    fields: 9,
  });
  return endpointRouter("/api/admin/documents", [
    // A multipart form: the file and its metadata, read with the upload's own limits once the caller passed, before
    // any field is parsed. Its text fields are checked by the metadata's schemas (the contract's form only lists them).
    endpoint(
      endpoints.upload,
      ({ file, user, req }) => {
        const input = parse(withArabic(documentMetaSchema, documentArabicSchema), req.body);
        return documentAdmin.create(user, input, { buffer: file!.buffer, originalName: file!.originalname }, requestBy(req, user));
      },
      { readBody: () => upload },
    ),
    endpoint(endpoints.accessCounts, () => documentAdmin.accessCounts()),
    endpoint(endpoints.accessLogs, ({ params, query }) => documentAdmin.accessLogs(params.id, query), { notFound }),
    endpoint(
      endpoints.update,
      ({ params, body: { updatedAt, ...input }, user, req }) => documentAdmin.update(params.id, input, { expectedUpdatedAt: updatedAt }, requestBy(req, user)),
      { notFound },
    ),
    endpoint(endpoints.remove, ({ params, user, req }) => documentAdmin.remove(params.id, requestBy(req, user)), { notFound }),
  ]);
}

/** Admin management of document categories (every change recorded in the audit trail); deleting one leaves its documents uncategorised. */
export function documentCategoryAdminRoutes({ documentAdmin }: Services) {
  const notFound = "errors.notFound.category";
  return endpointRouter("/api/admin/document-categories", [
    endpoint(endpoints.createCategory, ({ body, user, req }) => documentAdmin.createCategory(body, requestBy(req, user))),
    endpoint(endpoints.updateCategory, ({ params, body, user, req }) => documentAdmin.updateCategory(params.id, body, requestBy(req, user)), { notFound }),
    endpoint(endpoints.removeCategory, ({ params, user, req }) => documentAdmin.removeCategory(params.id, requestBy(req, user)), { notFound }),
  ]);
}
