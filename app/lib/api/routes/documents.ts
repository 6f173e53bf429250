// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { documentEndpoints } from "../../../../shared/api/documents";
import { route } from "../route";

export const documentsRoutes = {
  categories: route<(typeof documentEndpoints)["categories"]>("GET", "/api/document-categories"),
  list: route<(typeof documentEndpoints)["list"]>("GET", "/api/documents"),
  download: route<(typeof documentEndpoints)["download"]>("GET", "/api/documents/:id/download"),
  accessCounts: route<(typeof documentEndpoints)["accessCounts"]>("GET", "/api/admin/documents/access-counts"),
  accessLogs: route<(typeof documentEndpoints)["accessLogs"]>("GET", "/api/admin/documents/:id/access-logs"),
  upload: route<(typeof documentEndpoints)["upload"]>("POST", "/api/admin/documents"),
  update: route<(typeof documentEndpoints)["update"]>("PUT", "/api/admin/documents/:id"),
  remove: route<(typeof documentEndpoints)["remove"]>("DELETE", "/api/admin/documents/:id"),
  createCategory: route<(typeof documentEndpoints)["createCategory"]>("POST", "/api/admin/document-categories"),
  updateCategory: route<(typeof documentEndpoints)["updateCategory"]>("PUT", "/api/admin/document-categories/:id"),
  removeCategory: route<(typeof documentEndpoints)["removeCategory"]>("DELETE", "/api/admin/document-categories/:id"),
} as const;
