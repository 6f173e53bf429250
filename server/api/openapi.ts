import { apiDocument } from "../../shared/api/document";
import { metaEndpoints } from "../../shared/api/meta";
import { etagOf, notModified } from "../http/conditional";
import type { Answer } from "../http/answer";
import { endpoint, endpointRouter } from "../http/endpoint";

/** GET /api/openapi.json: the document, built once, public and cacheable (it changes only with a release). */
export function openApiRoutes() {
  let cached: { document: Answer<typeof metaEndpoints.openapi>; body: string; etag: string } | undefined;
  return endpointRouter("/api/openapi.json", [
    endpoint(metaEndpoints.openapi, ({ req, res }) => {
      if (!cached) {
        const document = apiDocument() as Answer<typeof metaEndpoints.openapi>;
        const body = JSON.stringify(document);
        cached = { document, body, etag: etagOf(Buffer.from(body)) };
      }
      // The bytes built once are sent here with their ETag (a 304 when the browser has them); once they are written
      // the engine sends nothing more.
      res.set("ETag", cached.etag);
      if (notModified(req, cached.etag)) res.status(304).end();
      else res.type("application/json").send(cached.body);
      return cached.document;
    }),
  ]);
}
