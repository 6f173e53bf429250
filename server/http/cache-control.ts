import type { NextFunction, Request, Response } from "express";
import type { PublicUser } from "../features/accounts/users";
import { PUBLIC_CACHE_CONTROL } from "../../shared/cache-policy";
import { variesWithCookie } from "./page-cache/page";

export const PRIVATE_NO_STORE = "private, no-store";

/**
 * A public API read: the same for every anonymous visitor, so the page cache and shared caches may keep it.
 * `cacheControl` may let browsers keep it too.
 */
export function publicRead(cacheControl = PUBLIC_CACHE_CONTROL) {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.set("Cache-Control", cacheControl);
    next();
  };
}

/**
 * A response rendered for a signed-in user (a page, its .data request, an API answer) may carry that
 * user's name, e-mail and role: it is `private, no-store`, so neither a shared cache nor the browser's
 * disk keeps it. So is any response that sets a cookie. Documents and their data requests always say that
 * they vary with the cookie (the header shows who is signed in); so does any other page not marked public
 * (robots.txt, the sitemap and the feed are the same for everyone).
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
        const isPublic = /\bpublic\b/i.test(String(res.getHeader("cache-control") ?? ""));
        if (isPage && (!isPublic || variesWithCookie(req, String(res.getHeader("content-type") ?? "")))) res.vary("Cookie");
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
