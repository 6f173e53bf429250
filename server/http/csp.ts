import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { isPreviewPath } from "../../shared/preview";

/**
 * A strict Content-Security-Policy: scripts only from this origin or carrying the per-request nonce
 * (React Router's hydration scripts get it through entry.server.tsx). Images may come from any https
 * origin because press releases may point at images on the original publisher's site.
 */
export function contentSecurityPolicy({ enabled }: { enabled: boolean }) {
  const policyWith = (frames: "'none'" | "'self'") =>
    helmet.contentSecurityPolicy({
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: [frames],
        frameAncestors: [frames],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    });
  const policy = policyWith("'none'");
  // A preview's phone view shows the same preview page in a frame at a phone's width: preview pages may frame, and
  // be framed by, pages of this origin. Every other page neither frames nor is framed.
  const previewPolicy = policyWith("'self'");
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    // Vite's development server injects its own inline scripts; the policy applies to built servers.
    if (!enabled) return next();
    (isPreviewPath(req.path) ? previewPolicy : policy)(req, res, next);
  };
}
