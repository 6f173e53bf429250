// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { userEndpoints } from "../../../../shared/api/users";
import { route } from "../route";

export const usersRoutes = {
  list: route<(typeof userEndpoints)["list"]>("GET", "/api/admin/users"),
  get: route<(typeof userEndpoints)["get"]>("GET", "/api/admin/users/:id"),
  setRole: route<(typeof userEndpoints)["setRole"]>("PATCH", "/api/admin/users/:id"),
  disable: route<(typeof userEndpoints)["disable"]>("POST", "/api/admin/users/:id/disable"),
  enable: route<(typeof userEndpoints)["enable"]>("POST", "/api/admin/users/:id/enable"),
  resendVerification: route<(typeof userEndpoints)["resendVerification"]>("POST", "/api/admin/users/:id/resend-verification"),
  clearSecondFactors: route<(typeof userEndpoints)["clearSecondFactors"]>("DELETE", "/api/admin/users/:id/second-factors"),
} as const;
