import express, { Router, type RequestHandler, type Request, type Response } from "express";
import { dataRoomEndpoints as endpoints } from "../../../shared/api/data-room";
import { RATE_RULES } from "../../../shared/rate-limits";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { retryAfterHeader } from "../../http/limits";
import { AppError } from "../../lib/errors";
import type { Services } from "../index";
import { langParam } from "../content/content-locale";

/** The session's id (the page addresses of a view work only in the session that opened it). */
const sessionIdOf = (res: Response) => (res.locals.session as { id?: string } | undefined)?.id ?? "";
const localeOf = (req: Request) => langParam(req.query) ?? "en";
/** A view's id and page number are the caller's to copy: a malformed one is a 400 with its field's message. */
const invalidParams = "bad-request";

/**
 * The viewer, mounted at /api/document-views (signed in; each view only for the session that opened it):
 *   GET  /:viewId                    the view again, with fresh page addresses
 *   GET  /:viewId/pages/:page        ?exp&sig&w: the page as a watermarked WebP image
 *   GET  /:viewId/pages/:page/text   ?exp&sig: the page's text
 *   POST /:viewId/reading            { pages: [{ page, ms }] } (JSON, or JSON as text/plain from sendBeacon) -> 204
 * POST /api/documents/:id/views (opening a view) is in documents.ts with the other document routes.
 */
export function documentViewRoutes({ dataRoom, limits }: Services) {
  const router = Router();
  // navigator.sendBeacon sends its JSON as text/plain (a type that needs no preflight): that text is read with the
  // request, before the guard, as a JSON body is; it is taken as JSON only once the caller and the view's id passed.
  const beaconText = express.text({ type: "text/plain", limit: "16kb" });
  router.use("/:viewId/reading", (req, res, next) => (req.method === "POST" && req.path === "/" ? beaconText(req, res, next) : next()));
  const beaconJson: RequestHandler = (req, _res, next) => {
    if (typeof req.body !== "string") return next();
    try {
      req.body = JSON.parse(req.body);
    } catch {
      return next(new AppError("INVALID_JSON", "errors.invalidJson"));
    }
    next();
  };

  router.use(
    endpointRouter("/api/document-views", [
      endpoint(
        endpoints.view,
        async ({ params: { viewId }, query, user, req, res }) => {
          const answer = await dataRoom.view(user, sessionIdOf(res), viewId, { ip: req.ip, locale: query.lang ?? "en" });
          res.set("Cache-Control", "private, no-store");
          return answer;
        },
        { invalidParams },
      ),
      endpoint(
        endpoints.pageImage,
        async ({ params: { viewId, page }, query, user, req, res }) => {
          await limits.consume(RATE_RULES.viewerPages, String(user.id));
          const image = await dataRoom.pageImage(user, sessionIdOf(res), viewId, page, query, { ip: req.ip });
          res.set("Cache-Control", "private, no-store");
          res.set("X-Content-Type-Options", "nosniff");
          res.set("Content-Disposition", "inline");
          res.type("image/webp").send(image);
        },
        { invalidParams },
      ),
      endpoint(
        endpoints.pageText,
        async ({ params: { viewId, page }, query, user, req, res }) => {
          await limits.consume(RATE_RULES.viewerPages, String(user.id));
          const answer = await dataRoom.pageText(user, sessionIdOf(res), viewId, page, query, { ip: req.ip });
          res.set("Cache-Control", "private, no-store");
          return answer;
        },
        { invalidParams },
      ),
      endpoint(
        endpoints.reading,
        async ({ params: { viewId }, body, user, req, res }) => {
          await limits.consume(RATE_RULES.readingReport, viewId);
          await dataRoom.recordReading(user, sessionIdOf(res), viewId, body, { ip: req.ip });
        },
        // The engine's step that reads a body after the guard and the path: a beacon's text becomes its JSON there.
        { invalidParams, readBody: () => beaconJson },
      ),
    ]),
  );

  router.use(retryAfterHeader);
  return router;
}

/** Opening a document in the viewer, mounted at /api/documents beside the library: POST /:id/views -> 201 view. */
export function documentOpenRoutes({ dataRoom, limits }: Services) {
  const router = endpointRouter("/api/documents", [
    endpoint(
      endpoints.openView,
      async ({ params: { id }, query, user, req, res }) => {
        await limits.consume(RATE_RULES.viewerOpen, String(user.id));
        const answer = await dataRoom.openView(user, sessionIdOf(res), id, { ip: req.ip, locale: query.lang ?? "en" });
        res.set("Cache-Control", "private, no-store");
        return answer;
      },
      { notFound: "errors.notFound.document" },
    ),
  ]);
  router.use(retryAfterHeader);
  return router;
}

/**
 * The confidentiality notice as a reader meets it, mounted at /api/confidentiality (signed in):
 *   GET  /             ?lang: the notice in force and whether the caller accepted it
 *   POST /acceptances  { version } -> 201 | 409 a newer version is in force
 */
export function confidentialityRoutes({ dataRoom }: Services) {
  return endpointRouter("/api/confidentiality", [
    endpoint(endpoints.confidentiality, ({ query, user }) => dataRoom.confidentiality(user, query.lang ?? "en")),
    endpoint(endpoints.accept, ({ body: { version }, user, req }) => dataRoom.accept(user, version, { ip: req.ip, locale: localeOf(req) })),
  ]);
}
