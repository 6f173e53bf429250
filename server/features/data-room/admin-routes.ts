import { dataRoomEndpoints as endpoints } from "../../../shared/api/data-room";
import { documentVersionNoteSchema } from "../../../shared/data-room-schemas";
import { DOCUMENT_MAX_MB } from "../../../shared/schemas";
import type { Response } from "express";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { singleFile } from "../../http/multipart";
import { sendStoredFile } from "../../http/stored-file";
import { parse } from "../../http/validate";
import { AppError } from "../../lib/errors";
import type { Services } from "../index";
import { requestBy } from "../audit/audit";

/** A reading report as a CSV file to save. */
const sendCsv = (res: Response, fileName: string, csv: string) => void res.attachment(fileName).type("text/csv; charset=utf-8").send(csv);

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
  const upload = singleFile({ maxBytes: DOCUMENT_MAX_MB * 1024 * 1024, fields: 2 });
  const notFound = "errors.notFound.document";
  // A version's number is the caller's to choose: a malformed one is a 400 with its message, an unknown one a 404.
  const invalidParams = "bad-request";
  return endpointRouter("/api/admin/documents", [
    endpoint(endpoints.adminList, () => dataRoomAdmin.all()),
    endpoint(endpoints.versions, ({ params }) => dataRoomAdmin.versions(params.id), { notFound }),
    // A multipart form (the file, its note in both languages), read with the upload's own limits once the caller and
    // the id passed, before any field is parsed.
    endpoint(
      endpoints.addVersion,
      ({ params: { id }, file, user, req }) => {
        const note = parse(documentVersionNoteSchema, req.body ?? {});
        if (!file) throw new AppError("BAD_REQUEST", "errors.upload.noFile");
        return dataRoomAdmin.replaceFile(user, id, { buffer: file.buffer, originalName: file.originalname }, note, requestBy(req, user));
      },
      { notFound, readBody: () => upload },
    ),
    endpoint(
      endpoints.versionDownload,
      async ({ params: { id, number }, req, res, next }) => {
        const file = await dataRoomAdmin.versionFile(id, number);
        res.set("Cache-Control", "private, no-store");
        res.set("X-Content-Type-Options", "nosniff");
        res.attachment(file.fileName);
        await sendStoredFile(req, res, next, storage, {
          area: "documents",
          key: file.key,
          contentType: file.contentType,
          missing: "errors.dataRoom.noVersion",
        });
      },
      { invalidParams },
    ),
    endpoint(
      endpoints.restoreVersion,
      ({ params: { id, number }, body, user, req }) => dataRoomAdmin.restoreVersion(user, id, number, body, requestBy(req, user)),
      { invalidParams },
    ),
    endpoint(endpoints.setAccess, ({ params, body, user, req }) => dataRoomAdmin.setAccess(params.id, body, requestBy(req, user)), { notFound }),
    ...(["revoke", "reinstate", "archive", "unarchive"] as const).map((action) =>
      endpoint(endpoints[action], ({ params, user, req }) => dataRoomAdmin[action](params.id, requestBy(req, user)), { notFound }),
    ),
    endpoint(endpoints.grants, ({ params }) => dataRoomAdmin.grants(params.id), { notFound }),
    endpoint(endpoints.setGrants, ({ params, body, user, req }) => dataRoomAdmin.setGrants(user, params.id, body.userIds, requestBy(req, user)), { notFound }),
    endpoint(endpoints.documentReading, ({ params }) => readingAnalytics.document(params.id), { notFound }),
    endpoint(
      endpoints.documentReadingCsv,
      async ({ params: { id }, res }) => sendCsv(res, `document-${id}-reading.csv`, await readingAnalytics.documentCsv(id)),
      {
        notFound,
      },
    ),
  ]);
}

/** What one member read (beside the user administration, admin only): on screen, and as a CSV file. */
export function readingAdminRoutes({ readingAnalytics }: Services) {
  const notFound = "errors.notFound.user";
  return endpointRouter("/api/admin/users", [
    endpoint(endpoints.investorReading, ({ params }) => readingAnalytics.investor(params.id), { notFound }),
    endpoint(
      endpoints.investorReadingCsv,
      async ({ params: { id }, res }) => sendCsv(res, `member-${id}-reading.csv`, await readingAnalytics.investorCsv(id)),
      {
        notFound,
      },
    ),
  ]);
}

/** The confidentiality notice (admin only): every version, newest first; a new version in force; who accepted one. */
export function confidentialityAdminRoutes({ dataRoomAdmin }: Services) {
  return endpointRouter("/api/admin/confidentiality", [
    endpoint(endpoints.notices, () => dataRoomAdmin.notices()),
    endpoint(endpoints.publishNotice, ({ body, user, req }) => dataRoomAdmin.publishNotice(user, body, requestBy(req, user))),
    endpoint(endpoints.acceptances, ({ query: { version } }) => dataRoomAdmin.acceptances(version)),
  ]);
}
