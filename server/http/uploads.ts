import path from "node:path";
import { pipeline } from "node:stream/promises";
import express, { Router, type Response } from "express";
import { isStorageKey, StoredFileMissing, type FileStore } from "../lib/storage";
import { diskDir } from "../lib/storage-disk";
import { AVATAR_PREFIX } from "../lib/upload-names";

/** A profile photo: only the browser may keep it, and it asks again before each use (a 304 while it is unchanged). */
export const AVATAR_CACHE_CONTROL = "private, no-cache";

/**
 * The stored images under /uploads. Published images (press, portfolio, banners) never change under their
 * generated names: a year, `immutable`. A profile photo can be removed or replaced by its owner, after which its
 * address must lead nowhere, so no shared cache may hold it and the browser checks it each time. An address with no
 * file (never stored, or removed) is a plain 404 that no cache keeps, answered here rather than by the pages.
 */
export function serveUploads(storage: FileStore): Router {
  const router = Router();
  const cacheControl = (key: string) => (key.startsWith(AVATAR_PREFIX) ? AVATAR_CACHE_CONTROL : "public, max-age=31536000, immutable");
  if (storage.kind === "disk") {
    router.use(
      express.static(diskDir(storage, "uploads"), {
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
  } else {
    // From the object store: the image streams through, with the same cache rules and its ETag for revalidation.
    router.get("/:key", async (req, res, next) => {
      const key = req.params.key;
      if (!isStorageKey(key)) return next();
      const file = await storage.open("uploads", key).catch((err: unknown) => {
        if (err instanceof StoredFileMissing) return null;
        throw err;
      });
      if (!file) return next();
      res.set("Cache-Control", cacheControl(key));
      res.set("Last-Modified", file.modified.toUTCString());
      if (file.etag) res.set("ETag", file.etag);
      res.type(path.extname(key));
      if (file.etag && req.headers["if-none-match"] === file.etag) {
        file.body.destroy();
        res.status(304).end();
        return;
      }
      res.set("Content-Length", String(file.size));
      if (req.method === "HEAD") {
        file.body.destroy();
        res.end();
        return;
      }
      await pipeline(file.body, res).catch(() => {});
    });
  }
  router.use((_req, res) => {
    res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not found");
  });
  return router;
}
