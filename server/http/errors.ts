import type { NextFunction, Request, Response } from "express";
import { AppError, isDataException } from "../lib/errors";
import type { Logger } from "../lib/logger";

export const GENERIC_ERROR = "Something went wrong on our side. Please try again.";

/** The one place where errors become HTTP answers. Nothing internal (stack, SQL) reaches the client. */
export function apiErrorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (err instanceof AppError) {
      if (err.internal) logger.warn({ err, internal: err.internal }, err.message);
      res.status(err.status).json(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
      return;
    }
    const e = err as { type?: string; status?: number; statusCode?: number };
    if (e?.type === "entity.too.large") {
      res.status(413).json({ message: "The request body is too large." });
      return;
    }
    if (e?.type === "entity.parse.failed") {
      res.status(400).json({ message: "The request body is not valid JSON." });
      return;
    }
    if (isDataException(err)) {
      logger.warn({ err, url: req.originalUrl }, "input the database cannot store");
      res.status(400).json({ message: "The request contains a value that cannot be stored." });
      return;
    }
    const status = e?.status ?? e?.statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      res.status(status).json({ message: status === 404 ? "Not found" : "The request could not be processed." });
      return;
    }
    logger.error({ err, url: req.originalUrl }, "unhandled error");
    res.status(500).json({ message: GENERIC_ERROR });
  };
}
