// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { previewEndpoints } from "../../../../shared/api/preview";
import { route } from "../route";

export const previewRoutes = {
  create: route<(typeof previewEndpoints)["create"]>("POST", "/api/admin/preview-links"),
  list: route<(typeof previewEndpoints)["list"]>("GET", "/api/admin/preview-links"),
  revoke: route<(typeof previewEndpoints)["revoke"]>("POST", "/api/admin/preview-links/:linkId/revoke"),
} as const;
