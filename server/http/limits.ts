import type { NextFunction, Request, Response } from "express";
import { RateLimitedError } from "../lib/rate-limited-error";

/**
 * Error middleware for routers whose services apply rate limits: a refused attempt (429) tells the
 * client when to try again. The error itself goes on to the one error handler.
 */
export function retryAfterHeader(err: unknown, _req: Request, res: Response, next: NextFunction) {
  if (err instanceof RateLimitedError && !res.headersSent) res.set("Retry-After", String(err.retryAfterSeconds));
  next(err);
}
