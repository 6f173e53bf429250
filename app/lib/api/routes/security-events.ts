// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { securityEventEndpoints } from "../../../../shared/api/security-events";
import { route } from "../route";

export const securityEventsRoutes = {
  list: route<(typeof securityEventEndpoints)["list"]>("GET", "/api/admin/security-events"),
} as const;
