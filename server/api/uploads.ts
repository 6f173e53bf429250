import { Router } from "express";
import { uploadEndpoints as endpoints } from "../../shared/api/uploads";
import { uploadQuerySchema, UPLOAD_LIMITS_MB } from "../../shared/schemas";
import type { Answer } from "../http/answer";
import { adminOnly } from "../http/guards";
import { singleFile } from "../http/multipart";
import { parse } from "../http/validate";
import type { Services } from "../services";
import { uploadLimitBytes } from "../services/uploads";

/**
 * Image uploads, mounted at /api/admin/uploads: POST /?kind=banner|logo|image (admin), multipart field "file".
 * 201 { url, width, height, variants } | 400/413/415 { message } | 507 (disk full) or 500 (other storage
 * fault) "The server could not store the file. ..." with nothing left on disk.
 * The role is checked before a byte of the body is read.
 */
export function uploadRoutes({ uploads }: Services) {
  const router = Router();
  router.post(
    "/",
    adminOnly,
    (req, res, next) => {
      res.locals.uploadKind = parse(uploadQuerySchema, req.query).kind;
      next();
    },
    (req, res, next) => {
      const kind = res.locals.uploadKind as keyof typeof UPLOAD_LIMITS_MB;
      singleFile({ maxBytes: uploadLimitBytes(kind) })(req, res, next);
    },
    async (req, res) => {
      const stored = await uploads.storeImage(req.file!.buffer, res.locals.uploadKind);
      res.status(201).json(stored satisfies Answer<typeof endpoints.image>);
    },
  );
  return router;
}
