import { Router } from "express";
import { documentArabicSchema, documentCategoryArabicSchema, withArabic } from "../../shared/content-schemas";
import { accessLogQuerySchema, DOCUMENT_MAX_MB, documentCategorySchema, documentMetaSchema, documentUpdateSchema } from "../../shared/schemas";
import { adminOnly, requireUser } from "../http/guards";
import { singleFile } from "../http/multipart";
import { parse, parseId } from "../http/validate";
import type { Services } from "../services";

/**
 * Admin management of documents, categories and access logs (all admin only):
 *   POST   /api/documents                    multipart: file + title, description, categoryId, isPublic -> 201 document | 507/500 storage failure
 *   PUT    /api/documents/:id                JSON: title, description, categoryId, isPublic, updatedAt? -> document | 409 stale
 *   DELETE /api/documents/:id                -> 204, the stored file is removed
 *   GET    /api/documents/access-counts      -> { [documentId]: downloads }
 *   GET    /api/documents/:id/access-logs    ?limit&offset -> { documentId, count, downloads, refused, logs: [{ id, userId, email, fullName, accessTime, ipAddress, refused }] }
 *                                             count = entries (downloads + refused attempts; userId null = not signed in)
 *   POST   /api/document-categories          { name, description } -> 201 category | 409 name taken
 *   PUT    /api/document-categories/:id      { name, description } -> category
 *   DELETE /api/document-categories/:id      -> 204; its documents stay, uncategorised
 */
export function documentAdminRoutes({ documentAdmin }: Services) {
  const router = Router();
  const upload = singleFile({
    maxBytes: DOCUMENT_MAX_MB * 1024 * 1024,
    fields: 6,
  });

  router.get("/documents/access-counts", adminOnly, async (_req, res) => {
    res.json(await documentAdmin.accessCounts());
  });

  router.get("/documents/:id/access-logs", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "Document not found");
    res.json(await documentAdmin.accessLogs(id, parse(accessLogQuerySchema, req.query)));
  });

  router.post("/documents", adminOnly, upload, async (req, res) => {
    const input = parse(withArabic(documentMetaSchema, documentArabicSchema), req.body);
    const file = req.file!;
    res.status(201).json(await documentAdmin.create(requireUser(res), input, { buffer: file.buffer, originalName: file.originalname }));
  });

  router.put("/documents/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "Document not found");
    const { updatedAt, ...input } = parse(withArabic(documentUpdateSchema, documentArabicSchema), req.body);
    res.json(await documentAdmin.update(id, input, { expectedUpdatedAt: updatedAt }));
  });

  router.delete("/documents/:id", adminOnly, async (req, res) => {
    await documentAdmin.remove(parseId(req.params.id, "Document not found"));
    res.status(204).end();
  });

  router.post("/document-categories", adminOnly, async (req, res) => {
    res.status(201).json(await documentAdmin.createCategory(parse(withArabic(documentCategorySchema, documentCategoryArabicSchema), req.body)));
  });

  router.put("/document-categories/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "Category not found");
    res.json(await documentAdmin.updateCategory(id, parse(withArabic(documentCategorySchema, documentCategoryArabicSchema), req.body)));
  });

  router.delete("/document-categories/:id", adminOnly, async (req, res) => {
    await documentAdmin.removeCategory(parseId(req.params.id, "Category not found"));
    res.status(204).end();
  });

  return router;
}
