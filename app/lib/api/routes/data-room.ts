// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { dataRoomEndpoints } from "../../../../shared/api/data-room";
import { route } from "../route";

export const dataRoomRoutes = {
  openView: route<(typeof dataRoomEndpoints)["openView"]>("POST", "/api/documents/:id/views"),
  view: route<(typeof dataRoomEndpoints)["view"]>("GET", "/api/document-views/:viewId"),
  pageImage: route<(typeof dataRoomEndpoints)["pageImage"]>("GET", "/api/document-views/:viewId/pages/:page"),
  pageText: route<(typeof dataRoomEndpoints)["pageText"]>("GET", "/api/document-views/:viewId/pages/:page/text"),
  reading: route<(typeof dataRoomEndpoints)["reading"]>("POST", "/api/document-views/:viewId/reading"),
  confidentiality: route<(typeof dataRoomEndpoints)["confidentiality"]>("GET", "/api/confidentiality"),
  accept: route<(typeof dataRoomEndpoints)["accept"]>("POST", "/api/confidentiality/acceptances"),
  adminList: route<(typeof dataRoomEndpoints)["adminList"]>("GET", "/api/admin/documents"),
  versions: route<(typeof dataRoomEndpoints)["versions"]>("GET", "/api/admin/documents/:id/versions"),
  addVersion: route<(typeof dataRoomEndpoints)["addVersion"]>("POST", "/api/admin/documents/:id/versions"),
  versionDownload: route<(typeof dataRoomEndpoints)["versionDownload"]>("GET", "/api/admin/documents/:id/versions/:number/download"),
  restoreVersion: route<(typeof dataRoomEndpoints)["restoreVersion"]>("POST", "/api/admin/documents/:id/versions/:number/restore"),
  setAccess: route<(typeof dataRoomEndpoints)["setAccess"]>("PUT", "/api/admin/documents/:id/access"),
  revoke: route<(typeof dataRoomEndpoints)["revoke"]>("POST", "/api/admin/documents/:id/revoke"),
  reinstate: route<(typeof dataRoomEndpoints)["reinstate"]>("POST", "/api/admin/documents/:id/reinstate"),
  archive: route<(typeof dataRoomEndpoints)["archive"]>("POST", "/api/admin/documents/:id/archive"),
  unarchive: route<(typeof dataRoomEndpoints)["unarchive"]>("POST", "/api/admin/documents/:id/unarchive"),
  grants: route<(typeof dataRoomEndpoints)["grants"]>("GET", "/api/admin/documents/:id/grants"),
  setGrants: route<(typeof dataRoomEndpoints)["setGrants"]>("PUT", "/api/admin/documents/:id/grants"),
  notices: route<(typeof dataRoomEndpoints)["notices"]>("GET", "/api/admin/confidentiality"),
  publishNotice: route<(typeof dataRoomEndpoints)["publishNotice"]>("POST", "/api/admin/confidentiality"),
  acceptances: route<(typeof dataRoomEndpoints)["acceptances"]>("GET", "/api/admin/confidentiality/acceptances"),
  documentReading: route<(typeof dataRoomEndpoints)["documentReading"]>("GET", "/api/admin/documents/:id/reading"),
  documentReadingCsv: route<(typeof dataRoomEndpoints)["documentReadingCsv"]>("GET", "/api/admin/documents/:id/reading.csv"),
  investorReading: route<(typeof dataRoomEndpoints)["investorReading"]>("GET", "/api/admin/users/:id/reading"),
  investorReadingCsv: route<(typeof dataRoomEndpoints)["investorReadingCsv"]>("GET", "/api/admin/users/:id/reading.csv"),
} as const;
