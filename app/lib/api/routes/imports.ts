// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { importEndpoints } from "../../../../shared/api/imports";
import { route } from "../route";

export const importsRoutes = {
  docx: route<(typeof importEndpoints)["docx"]>("POST", "/api/admin/press-releases/import-docx"),
} as const;
