// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { auditEndpoints } from "../../../../shared/api/audit";
import { route } from "../route";

export const auditRoutes = {
  list: route<(typeof auditEndpoints)["list"]>("GET", "/api/admin/audit"),
  verify: route<(typeof auditEndpoints)["verify"]>("GET", "/api/admin/audit/verify"),
  export: route<(typeof auditEndpoints)["export"]>("GET", "/api/admin/audit/export"),
} as const;
