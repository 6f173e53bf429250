import path from "node:path";
import express, { Router, type Response } from "express";
import { AVATAR_PREFIX } from "../lib/upload-names";

/** A profile photo: only the browser may keep it, and it asks again before each use (a 304 while it is unchanged). */
export const AVATAR_CACHE_CONTROL = "private, no-cache";

/**
 * The stored images under /uploads. Published images (press, portfolio, banners) never change under their
 * generated names: a year, `immutable`. A profile photo can be removed or replaced by its owner, after which its
 * address must lead nowhere, so no shared cache may hold it and the browser checks it each time. An address with no
 * file (never stored, or removed) is a plain 404 that no cache keeps, answered here rather than by the pages.
 */
export function serveUploads(dir: string): Router {
  const router = Router();
  router.use(
    express.static(dir, {
      immutable: true,
      maxAge: "365d",
      index: false,
      dotfiles: "deny",
      fallthrough: true,
      setHeaders: (res: Response, file: string) => {
        if (path.basename(file).startsWith(AVATAR_PREFIX)) res.setHeader("Cache-Control", AVATAR_CACHE_CONTROL);
      },
    }),
  );
  router.use((_req, res) => {
    res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
  });
  return router;
}
