// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { applicationEndpoints } from "../../../../shared/api/applications";
import { route } from "../route";

export const applicationsRoutes = {
  mine: route<(typeof applicationEndpoints)["mine"]>("GET", "/api/investor-applications/mine"),
  submit: route<(typeof applicationEndpoints)["submit"]>("POST", "/api/investor-applications"),
  list: route<(typeof applicationEndpoints)["list"]>("GET", "/api/admin/investor-applications"),
  approve: route<(typeof applicationEndpoints)["approve"]>("POST", "/api/admin/investor-applications/:id/approve"),
  reject: route<(typeof applicationEndpoints)["reject"]>("POST", "/api/admin/investor-applications/:id/reject"),
} as const;
