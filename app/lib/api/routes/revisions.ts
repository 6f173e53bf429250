// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { revisionEndpoints } from "../../../../shared/api/revisions";
import { route } from "../route";

export const revisionsRoutes = {
  list: route<(typeof revisionEndpoints)["list"]>("GET", "/api/admin/revisions/:entity/:id"),
  get: route<(typeof revisionEndpoints)["get"]>("GET", "/api/admin/revisions/:entity/:id/:number"),
  restore: route<(typeof revisionEndpoints)["restore"]>("POST", "/api/admin/revisions/:entity/:id/:number/restore"),
} as const;
