import { Router } from "express";
import { z } from "zod";
import { dataRoomEndpoints as endpoints } from "../../shared/api/data-room";
import {
  confidentialityNoticeSchema,
  documentAccessSchema,
  documentGrantsSchema,
  documentVersionNoteSchema,
  versionParams,
} from "../../shared/data-room-schemas";
import { DOCUMENT_MAX_MB } from "../../shared/schemas";
import type { Answer } from "../http/answer";
import { adminOnly, requireUser } from "../http/guards";
import { singleFile } from "../http/multipart";
import { sendStoredFile } from "../http/stored-file";
import { parse, parseId } from "../http/validate";
import { AppError } from "../lib/errors";
import type { Services } from "../services";
import { requestBy } from "../services/audit";

const acceptancesQuery = z.strictObject({ version: z.coerce.number<number | string>().int().positive().optional() });

/**
 * The data room's admin side of each document, mounted at /api/admin/documents (admin only; every change in the
 * audit trail):
 *   GET  /                                every document (archived, revoked, expired included), both languages
 *   GET  /:id/versions                    every file the document has had
 *   POST /:id/versions                    multipart: file, note, noteAr -> 201 document (the new file is current)
 *   GET  /:id/versions/:number/download   one version's file as uploaded
 *   POST /:id/versions/:number/restore    { note, noteAr } -> document (a new version with that file)
 *   PUT  /:id/access                      { restricted, expiresAt, downloadMode, requiresConfidentiality, updatedAt? }
 *   POST /:id/revoke | /:id/reinstate     access withdrawn from everyone but admins, or given back
 *   POST /:id/archive | /:id/unarchive    out of the library, or back
 *   GET  /:id/grants, PUT /:id/grants     { userIds }: the investors a restricted document is shared with
 *   GET  /:id/reading, /:id/reading.csv   reading analytics
 */
export function dataRoomAdminRoutes({ dataRoomAdmin, readingAnalytics, storage }: Services) {
  const router = Router();
  const upload = singleFile({ maxBytes: DOCUMENT_MAX_MB * 1024 * 1024, fields: 2 });
  const docId = (raw: unknown) => parseId(raw, "errors.notFound.document");

  router.get("/", adminOnly, async (_req, res) => {
    res.json((await dataRoomAdmin.all()) satisfies Answer<typeof endpoints.adminList>);
  });

  router.get("/:id/versions", adminOnly, async (req, res) => {
    res.json((await dataRoomAdmin.versions(docId(req.params.id))) satisfies Answer<typeof endpoints.versions>);
  });

  router.post("/:id/versions", adminOnly, upload, async (req, res) => {
    const id = docId(req.params.id);
    const note = parse(documentVersionNoteSchema, req.body ?? {});
    const user = requireUser(res);
    const file = req.file;
    if (!file) throw new AppError("BAD_REQUEST", "errors.upload.noFile");
    const doc = await dataRoomAdmin.replaceFile(user, id, { buffer: file.buffer, originalName: file.originalname }, note, requestBy(req, user));
    res.status(201).json(doc satisfies Answer<typeof endpoints.addVersion>);
  });

  router.get("/:id/versions/:number/download", adminOnly, async (req, res, next) => {
    const { id, number } = parse(versionParams, req.params);
    const file = await dataRoomAdmin.versionFile(id, number);
    res.set("Cache-Control", "private, no-store");
    res.set("X-Content-Type-Options", "nosniff");
    res.attachment(file.fileName);
    await sendStoredFile(req, res, next, storage, { area: "documents", key: file.key, contentType: file.contentType, missing: "errors.dataRoom.noVersion" });
  });

  router.post("/:id/versions/:number/restore", adminOnly, async (req, res) => {
    const { id, number } = parse(versionParams, req.params);
    const note = parse(documentVersionNoteSchema, req.body ?? {});
    const user = requireUser(res);
    res.json((await dataRoomAdmin.restoreVersion(user, id, number, note, requestBy(req, user))) satisfies Answer<typeof endpoints.restoreVersion>);
  });

  router.put("/:id/access", adminOnly, async (req, res) => {
    const id = docId(req.params.id);
    const input = parse(documentAccessSchema, req.body);
    res.json((await dataRoomAdmin.setAccess(id, input, requestBy(req, requireUser(res)))) satisfies Answer<typeof endpoints.setAccess>);
  });

  for (const action of ["revoke", "reinstate", "archive", "unarchive"] as const) {
    router.post(`/:id/${action}`, adminOnly, async (req, res) => {
      const doc = await dataRoomAdmin[action](docId(req.params.id), requestBy(req, requireUser(res)));
      res.json(doc satisfies Answer<typeof endpoints.revoke>);
    });
  }

  router.get("/:id/grants", adminOnly, async (req, res) => {
    res.json((await dataRoomAdmin.grants(docId(req.params.id))) satisfies Answer<typeof endpoints.grants>);
  });

  router.put("/:id/grants", adminOnly, async (req, res) => {
    const id = docId(req.params.id);
    const { userIds } = parse(documentGrantsSchema, req.body);
    const user = requireUser(res);
    res.json((await dataRoomAdmin.setGrants(user, id, userIds, requestBy(req, user))) satisfies Answer<typeof endpoints.setGrants>);
  });

  router.get("/:id/reading", adminOnly, async (req, res) => {
    res.json((await readingAnalytics.document(docId(req.params.id))) satisfies Answer<typeof endpoints.documentReading>);
  });

  router.get("/:id/reading.csv", adminOnly, async (req, res) => {
    const id = docId(req.params.id);
    const csv = await readingAnalytics.documentCsv(id);
    res.attachment(`document-${id}-reading.csv`);
    res.type("text/csv; charset=utf-8").send(csv);
  });

  return router;
}

/**
 * What one member read, mounted at /api/admin/users beside the user administration (admin only):
 *   GET /:id/reading, /:id/reading.csv
 */
export function readingAdminRoutes({ readingAnalytics }: Services) {
  const router = Router();
  const userId = (raw: unknown) => parseId(raw, "errors.notFound.user");

  router.get("/:id/reading", adminOnly, async (req, res) => {
    res.json((await readingAnalytics.investor(userId(req.params.id))) satisfies Answer<typeof endpoints.investorReading>);
  });

  router.get("/:id/reading.csv", adminOnly, async (req, res) => {
    const id = userId(req.params.id);
    const csv = await readingAnalytics.investorCsv(id);
    res.attachment(`member-${id}-reading.csv`);
    res.type("text/csv; charset=utf-8").send(csv);
  });

  return router;
}

/**
 * The confidentiality notice, mounted at /api/admin/confidentiality (admin only):
 *   GET  /              every version, newest first
 *   POST /              { text, textAr } -> 201 the new version in force
 *   GET  /acceptances   ?version: who accepted it
 */
export function confidentialityAdminRoutes({ dataRoomAdmin }: Services) {
  const router = Router();

  router.get("/", adminOnly, async (_req, res) => {
    res.json((await dataRoomAdmin.notices()) satisfies Answer<typeof endpoints.notices>);
  });

  router.post("/", adminOnly, async (req, res) => {
    const input = parse(confidentialityNoticeSchema, req.body);
    const user = requireUser(res);
    res.status(201).json((await dataRoomAdmin.publishNotice(user, input, requestBy(req, user))) satisfies Answer<typeof endpoints.publishNotice>);
  });

  router.get("/acceptances", adminOnly, async (req, res) => {
    const { version } = parse(acceptancesQuery, req.query);
    res.json((await dataRoomAdmin.acceptances(version)) satisfies Answer<typeof endpoints.acceptances>);
  });

  return router;
}
