import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/**
 * A strict Content-Security-Policy: scripts only from this origin or carrying the per-request nonce
 * (React Router's hydration scripts get it through entry.server.tsx). Images may come from any https
 * origin because press releases may point at images on the original publisher's site.
 */
export function contentSecurityPolicy({ enabled }: { enabled: boolean }) {
  const policy = helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "https:"],
      mediaSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    // Vite's development server injects its own inline scripts; the policy applies to built servers.
    if (!enabled) return next();
    policy(req, res, next);
  };
}
