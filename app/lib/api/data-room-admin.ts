import { dataRoomRoutes } from "./routes/data-room";
import { bindEndpoints } from "./client";
import { uploadTo, type UploadOptions } from "../upload";

/** The data room's admin routes (the viewer's and the reader's routes are the portal's). */
const {
  adminList,
  versions,
  addVersion,
  versionDownload,
  restoreVersion,
  setAccess,
  revoke,
  reinstate,
  archive,
  unarchive,
  grants,
  setGrants,
  notices,
  publishNotice,
  acceptances,
  documentReading,
  documentReadingCsv,
  investorReading,
  investorReadingCsv,
} = dataRoomRoutes;

export const dataRoomAdminRoutes = {
  adminList,
  versions,
  addVersion,
  versionDownload,
  restoreVersion,
  setAccess,
  revoke,
  reinstate,
  archive,
  unarchive,
  grants,
  setGrants,
  notices,
  publishNotice,
  acceptances,
  documentReading,
  documentReadingCsv,
  investorReading,
  investorReadingCsv,
} as const;

/**
 * The data room from the dashboard: every document (archived, revoked and expired ones too), a document's versions, access rules, revocation and archive, the investors it is
 * shared with, the confidentiality notice and reading analytics. Files and exports are links: `href()` of
 * `dataRoomAdminRoutes.versionDownload`, `.documentReadingCsv`, `.investorReadingCsv`.
 */
export const dataRoomAdminApi = bindEndpoints(dataRoomAdminRoutes);

/** Uploads a new file for document `id` with what changed (English and Arabic), reporting progress; answers the document. */
export function uploadDocumentVersion(id: number, file: File, note: { note: string; noteAr: string }, opts: UploadOptions = {}) {
  const form = new FormData();
  form.append("note", note.note);
  form.append("noteAr", note.noteAr);
  form.append("file", file);
  return uploadTo(dataRoomAdminRoutes.addVersion, { params: { id }, body: form }, opts);
}
