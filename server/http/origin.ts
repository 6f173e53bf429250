import type { NextFunction, Request, Response } from "express";
import { AppError } from "../lib/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence: a state-changing request must come from this site. Browsers send Origin on every
 * cross-origin POST and Sec-Fetch-Site on modern versions; clients that send neither (curl, server
 * to server) are not browsers carrying someone's cookie.
 *
 * With `publicOrigin` set, it is the only accepted Origin: the request's own Host is not trusted
 * (anyone reaching the server under another name, or through a proxy that passes Host through,
 * would otherwise define their own "same origin"). Without it, the request's own origin is the site.
 */
export function sameOriginOnly(publicOrigin?: string, exempt: readonly string[] = []) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE.has(req.method) || exempt.includes(req.path)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    if (origin && origin !== "null") {
      const allowed = publicOrigin ?? `${req.protocol}://${req.get("host")}`;
      if (origin !== allowed) return next(new AppError("FORBIDDEN", "errors.crossSite"));
      return next();
    }
    if (origin === "null" || fetchSite === "cross-site") {
      return next(new AppError("FORBIDDEN", "errors.crossSite"));
    }
    next();
  };
}
