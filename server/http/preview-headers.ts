import type { NextFunction, Request, Response } from "express";
import { isPreviewPath, PREVIEW_HEADERS } from "../../shared/preview";

/** The alerts' confirmation and preferences pages: their addresses hold a subscriber's token too. */
const isAlertsPath = (pathname: string) => /^\/(?:ar\/)?alerts(?:\/|\.data$|$)/.test(pathname);

/**
 * Every answer under /preview and /alerts (and /ar/...: the page, its `.data` request, a redirect to sign in, a 404,
 * a 429) carries the preview headers: `private, no-store`, so neither the page cache nor a shared cache nor the browser's
 * disk keeps an unpublished text or a subscriber's page; no indexing; and no Referer, since a link's address holds its token. Applied when
 * the headers are written, so it wins over whatever a route or an earlier middleware set.
 */
export function previewHeaders() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isPreviewPath(req.path) && !isAlertsPath(req.path)) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (!res.headersSent) for (const [name, value] of Object.entries(PREVIEW_HEADERS)) res.setHeader(name, value);
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
