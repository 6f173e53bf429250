import { Router } from "express";
import { documentEndpoints as endpoints } from "../../shared/api/documents";
import { documentArabicSchema, documentCategoryArabicSchema, withArabic } from "../../shared/content-schemas";
import { accessLogQuerySchema, DOCUMENT_MAX_MB, documentCategorySchema, documentMetaSchema, documentUpdateSchema } from "../../shared/schemas";
import type { Answer } from "../http/answer";
import { adminOnly, requireUser } from "../http/guards";
import { singleFile } from "../http/multipart";
import { parse, parseId } from "../http/validate";
import type { Services } from "../services";
import { requestBy } from "../services/audit";

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
  const router = Router();
  const upload = singleFile({
    maxBytes: DOCUMENT_MAX_MB * 1024 * 1024,
    // title, description, their Arabic twins, category, visibility, period kind and year, publication date
    fields: 9,
  });

  router.get("/access-counts", adminOnly, async (_req, res) => {
    res.json((await documentAdmin.accessCounts()) satisfies Answer<typeof endpoints.accessCounts>);
  });

  router.get("/:id/access-logs", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "errors.notFound.document");
    res.json((await documentAdmin.accessLogs(id, parse(accessLogQuerySchema, req.query))) satisfies Answer<typeof endpoints.accessLogs>);
  });

  router.post("/", adminOnly, upload, async (req, res) => {
    const input = parse(withArabic(documentMetaSchema, documentArabicSchema), req.body);
    const file = req.file!;
    const user = requireUser(res);
    const created = await documentAdmin.create(user, input, { buffer: file.buffer, originalName: file.originalname }, requestBy(req, user));
    res.status(201).json(created satisfies Answer<typeof endpoints.upload>);
  });

  router.put("/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "errors.notFound.document");
    const { updatedAt, ...input } = parse(withArabic(documentUpdateSchema, documentArabicSchema), req.body);
    const updated = await documentAdmin.update(id, input, { expectedUpdatedAt: updatedAt }, requestBy(req, requireUser(res)));
    res.json(updated satisfies Answer<typeof endpoints.update>);
  });

  router.delete("/:id", adminOnly, async (req, res) => {
    await documentAdmin.remove(parseId(req.params.id, "errors.notFound.document"), requestBy(req, requireUser(res)));
    res.status(204).end();
  });

  return router;
}

/**
 * Admin management of document categories, mounted at /api/admin/document-categories (all admin only; every change
 * recorded in the audit trail):
 *   POST   /     { name, description } -> 201 category | 409 name taken
 *   PUT    /:id  { name, description } -> category
 *   DELETE /:id  -> 204; its documents stay, uncategorised
 */
export function documentCategoryAdminRoutes({ documentAdmin }: Services) {
  const router = Router();
  const categoryBody = withArabic(documentCategorySchema, documentCategoryArabicSchema);

  router.post("/", adminOnly, async (req, res) => {
    const created = await documentAdmin.createCategory(parse(categoryBody, req.body), requestBy(req, requireUser(res)));
    res.status(201).json(created satisfies Answer<typeof endpoints.createCategory>);
  });

  router.put("/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "errors.notFound.category");
    const updated = await documentAdmin.updateCategory(id, parse(categoryBody, req.body), requestBy(req, requireUser(res)));
    res.json(updated satisfies Answer<typeof endpoints.updateCategory>);
  });

  router.delete("/:id", adminOnly, async (req, res) => {
    await documentAdmin.removeCategory(parseId(req.params.id, "errors.notFound.category"), requestBy(req, requireUser(res)));
    res.status(204).end();
  });

  return router;
}
