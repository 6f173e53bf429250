import express, { Router, type Request, type Response } from "express";
import { dataRoomEndpoints as endpoints } from "../../shared/api/data-room";
import {
  confidentialityAcceptSchema,
  pageImageQuerySchema,
  pageTextQuerySchema,
  readingReportSchema,
  viewIdParams,
  viewPageParams,
} from "../../shared/data-room-schemas";
import { RATE_RULES } from "../../shared/rate-limits";
import type { Answer } from "../http/answer";
import { requireUser, signedIn } from "../http/guards";
import { retryAfterHeader } from "../http/limits";
import { parse, parseId } from "../http/validate";
import { AppError } from "../lib/errors";
import type { Services } from "../services";
import { langParam } from "../services/content-locale";

/** The session's id (the page addresses of a view work only in the session that opened it). */
const sessionIdOf = (res: Response) => (res.locals.session as { id?: string } | undefined)?.id ?? "";
const localeOf = (req: Request) => langParam(req.query) ?? "en";

/**
 * The viewer, mounted at /api/document-views (signed in; each view only for the session that opened it):
 *   GET  /:viewId                    the view again, with fresh page addresses
 *   GET  /:viewId/pages/:page        ?exp&sig&w: the page as a watermarked JPEG
 *   GET  /:viewId/pages/:page/text   ?exp&sig: the page's text
 *   POST /:viewId/reading            { pages: [{ page, ms }] } (JSON, or JSON as text/plain from sendBeacon) -> 204
 * POST /api/documents/:id/views (opening a view) is in documents.ts with the other document routes.
 */
export function documentViewRoutes({ dataRoom, limits }: Services) {
  const router = Router();
  // navigator.sendBeacon sends its JSON as text/plain (a type that needs no preflight).
  const beaconBody = express.text({ type: "text/plain", limit: "16kb" });

  router.get("/:viewId", signedIn, async (req, res) => {
    const { viewId } = parse(viewIdParams, req.params);
    const answer = await dataRoom.view(requireUser(res), sessionIdOf(res), viewId, { ip: req.ip, locale: localeOf(req) });
    res.set("Cache-Control", "private, no-store");
    res.json(answer satisfies Answer<typeof endpoints.view>);
  });

  router.get("/:viewId/pages/:page", signedIn, async (req, res) => {
    const { viewId, page } = parse(viewPageParams, req.params);
    const query = parse(pageImageQuerySchema, req.query);
    const user = requireUser(res);
    await limits.consume(RATE_RULES.viewerPages, String(user.id));
    const image = await dataRoom.pageImage(user, sessionIdOf(res), viewId, page, query, { ip: req.ip });
    res.set("Cache-Control", "private, no-store");
    res.set("X-Content-Type-Options", "nosniff");
    res.set("Content-Disposition", "inline");
    res.type("image/webp").send(image);
  });

  router.get("/:viewId/pages/:page/text", signedIn, async (req, res) => {
    const { viewId, page } = parse(viewPageParams, req.params);
    const query = parse(pageTextQuerySchema, req.query);
    const user = requireUser(res);
    await limits.consume(RATE_RULES.viewerPages, String(user.id));
    const answer = await dataRoom.pageText(user, sessionIdOf(res), viewId, page, query, { ip: req.ip });
    res.set("Cache-Control", "private, no-store");
    res.json(answer satisfies Answer<typeof endpoints.pageText>);
  });

  router.post("/:viewId/reading", beaconBody, signedIn, async (req, res) => {
    const { viewId } = parse(viewIdParams, req.params);
    let body: unknown = req.body;
    if (typeof body === "string") {
      try {
        body = JSON.parse(body);
      } catch {
        throw new AppError("INVALID_JSON", "errors.invalidJson");
      }
    }
    const report = parse(readingReportSchema, body);
    await limits.consume(RATE_RULES.readingReport, viewId);
    await dataRoom.recordReading(requireUser(res), sessionIdOf(res), viewId, report, { ip: req.ip });
    res.status(204).end();
  });

  router.use(retryAfterHeader);
  return router;
}

/** Opening a document in the viewer, mounted at /api/documents beside the library: POST /:id/views -> 201 view. */
export function documentOpenRoutes({ dataRoom, limits }: Services) {
  const router = Router();
  router.post("/:id/views", signedIn, async (req, res) => {
    const id = parseId(req.params.id, "errors.notFound.document");
    const user = requireUser(res);
    await limits.consume(RATE_RULES.viewerOpen, String(user.id));
    const answer = await dataRoom.openView(user, sessionIdOf(res), id, { ip: req.ip, locale: localeOf(req) });
    res.set("Cache-Control", "private, no-store");
    res.status(201).json(answer satisfies Answer<typeof endpoints.openView>);
  });
  router.use(retryAfterHeader);
  return router;
}

/**
 * The confidentiality notice as a reader meets it, mounted at /api/confidentiality (signed in):
 *   GET  /             ?lang: the notice in force and whether the caller accepted it
 *   POST /acceptances  { version } -> 201 | 409 a newer version is in force
 */
export function confidentialityRoutes({ dataRoom }: Services) {
  const router = Router();

  router.get("/", signedIn, async (req, res) => {
    res.json((await dataRoom.confidentiality(requireUser(res), localeOf(req))) satisfies Answer<typeof endpoints.confidentiality>);
  });

  router.post("/acceptances", signedIn, async (req, res) => {
    const { version } = parse(confidentialityAcceptSchema, req.body);
    const answer = await dataRoom.accept(requireUser(res), version, { ip: req.ip, locale: localeOf(req) });
    res.status(201).json(answer satisfies Answer<typeof endpoints.accept>);
  });

  return router;
}
