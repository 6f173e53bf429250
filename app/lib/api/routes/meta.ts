// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { metaEndpoints } from "../../../../shared/api/meta";
import { route } from "../route";

export const metaRoutes = {
  openapi: route<(typeof metaEndpoints)["openapi"]>("GET", "/api/openapi.json"),
} as const;
