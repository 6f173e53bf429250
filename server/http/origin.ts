import type { NextFunction, Request, Response } from "express";
import { AppError } from "../lib/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence: a state-changing request must come from this site. Browsers send Origin on every
 * cross-origin POST and Sec-Fetch-Site on modern versions; clients that send neither (curl, server
 * to server) are not browsers carrying someone's cookie.
 */
export function sameOriginOnly(publicOrigin?: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    if (origin && origin !== "null") {
      const allowed = new Set<string>([`${req.protocol}://${req.get("host")}`]);
      if (publicOrigin) allowed.add(publicOrigin);
      if (!allowed.has(origin)) return next(new AppError("FORBIDDEN", "Cross-site requests are not allowed."));
      return next();
    }
    if (origin === "null" || fetchSite === "cross-site") {
      return next(new AppError("FORBIDDEN", "Cross-site requests are not allowed."));
    }
    next();
  };
}
