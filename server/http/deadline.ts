import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../lib/logger";
import { sendUnavailable } from "./errors";

/**
 * The last resort behind the database time limits: a request that has sent nothing after `ms` is answered
 * 503 with Retry-After, and its connection is closed. The handler itself cannot be stopped; it runs on, and
 * its late answer is dropped (a write it makes may still be stored, as with any request whose client gave up).
 * Uploads are exempt: their body arrives as slowly as the client's link allows. Downloads are not affected,
 * because their headers go out at once.
 */
export function requestDeadline({ ms, logger }: { ms: number; logger: Logger }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.is("multipart/form-data")) return next();
    const timer = setTimeout(() => {
      if (res.headersSent || res.writableEnded) return;
      res.locals.timedOut = true;
      logger.warn({ url: req.originalUrl, method: req.method, ms }, "request deadline passed");
      res.set("Connection", "close");
      sendUnavailable(req, res);
    }, ms);
    res.once("close", () => clearTimeout(timer));
    next();
  };
}
