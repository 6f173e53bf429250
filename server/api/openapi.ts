import { Router } from "express";
import { apiDocument } from "../../shared/api/document";
import { metaEndpoints } from "../../shared/api/meta";
import { etagOf, notModified } from "../http/conditional";

/** GET /api/openapi.json: the document, built once, public and cacheable (it changes only with a release). */
export function openApiRoutes() {
  let cached: { body: string; etag: string } | undefined;
  const router = Router();
  router.get("/", (req, res) => {
    if (!cached) {
      const body = JSON.stringify(apiDocument());
      cached = { body, etag: etagOf(Buffer.from(body)) };
    }
    res.set("Cache-Control", metaEndpoints.openapi.cache);
    res.set("ETag", cached.etag);
    if (notModified(req, cached.etag)) return void res.status(304).end();
    res.type("application/json").send(cached.body);
  });
  return router;
}
