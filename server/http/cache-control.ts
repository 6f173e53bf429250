import type { NextFunction, Request, Response } from "express";
import type { PublicUser } from "../services/users";

export const PRIVATE_NO_STORE = "private, no-store";

/**
 * A response rendered for a signed-in user (a page, its .data request, an API answer) may carry that
 * user's name, e-mail and role: it is `private, no-store`, so neither a shared cache nor the browser's
 * disk keeps it. So is any response that sets a cookie. Pages also say that they vary with the cookie,
 * unless a route marked its response public (robots.txt, the sitemap, the feed).
 *
 * Applied when the headers are written, so it wins over whatever a route or handler set. Anonymous
 * responses otherwise keep their own Cache-Control.
 */
export function privateWhenSignedIn() {
  return (req: Request, res: Response, next: NextFunction) => {
    const isPage = !(req.path === "/api" || req.path.startsWith("/api/"));
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (!res.headersSent) {
        if ((res.locals.user as PublicUser | undefined) || res.hasHeader("set-cookie")) res.setHeader("Cache-Control", PRIVATE_NO_STORE);
        if (isPage && !/\bpublic\b/i.test(String(res.getHeader("cache-control") ?? ""))) res.vary("Cookie");
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
