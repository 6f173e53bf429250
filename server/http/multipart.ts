import type { NextFunction, Request, Response } from "express";
import multer from "multer";
import { FILE_TOO_LARGE } from "../../shared/schemas";
import { AppError } from "../lib/errors";

/**
 * One file in the multipart field "file", held in memory up to `maxBytes` (busboy stops reading
 * past it), plus a few short text fields. Every multer failure becomes an AppError; a file over the limit is
 * refused with FILE_TOO_LARGE and the limit in MB.
 */
export function singleFile(opts: { maxBytes: number; fields?: number }) {
  const upload = multer({
    storage: multer.memoryStorage(),
    // Browsers send the file name as raw UTF-8; busboy's default (Latin-1) would garble any accent or Arabic letter.
    defParamCharset: "utf8",
    limits: { fileSize: opts.maxBytes, files: 1, fields: opts.fields ?? 0, fieldSize: 8 * 1024, parts: (opts.fields ?? 0) + 1, headerPairs: 50 },
  }).single("file");
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is("multipart/form-data")) return next(new AppError("BAD_REQUEST", "errors.upload.noFile"));
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        if (err.code === "LIMIT_FILE_SIZE")
          return next(new AppError("PAYLOAD_TOO_LARGE", FILE_TOO_LARGE, { values: { mb: Math.round(opts.maxBytes / 1024 / 1024) } }));
        if (err.code === "LIMIT_UNEXPECTED_FILE" || err.code === "LIMIT_FILE_COUNT") return next(new AppError("BAD_REQUEST", "errors.upload.singleFile"));
        return next(new AppError("BAD_REQUEST", "errors.upload.formUnreadable", { internal: err.code }));
      }
      if (err) return next(new AppError("BAD_REQUEST", "errors.upload.unreadable", { internal: String(err) }));
      if (!req.file || req.file.size === 0) return next(new AppError("BAD_REQUEST", "errors.upload.noFile"));
      next();
    });
  };
}
