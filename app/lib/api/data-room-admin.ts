import { dataRoomRoutes } from "./routes/data-room";
import { bindEndpoints } from "./client";
import { uploadTo, type UploadOptions } from "../upload";

/** The data room's admin routes: all of them but the reader's (the viewer, reading reports and the notice's, in data-room.ts). */
const {
  openView: _openView,
  view: _view,
  pageImage: _pageImage,
  pageText: _pageText,
  reading: _reading,
  confidentiality: _confidentiality,
  accept: _accept,
  ...adminRoutes
} = dataRoomRoutes;
export const dataRoomAdminRoutes = adminRoutes;

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
