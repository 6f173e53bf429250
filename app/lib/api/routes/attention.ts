// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { attentionEndpoints } from "../../../../shared/api/attention";
import { route } from "../route";

export const attentionRoutes = {
  get: route<(typeof attentionEndpoints)["get"]>("GET", "/api/admin/attention"),
} as const;
