// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { portfolioEndpoints } from "../../../../shared/api/portfolio";
import { route } from "../route";

export const portfolioRoutes = {
  list: route<(typeof portfolioEndpoints)["list"]>("GET", "/api/portfolio"),
  get: route<(typeof portfolioEndpoints)["get"]>("GET", "/api/portfolio/:id"),
  create: route<(typeof portfolioEndpoints)["create"]>("POST", "/api/portfolio"),
  update: route<(typeof portfolioEndpoints)["update"]>("PUT", "/api/portfolio/:id"),
  remove: route<(typeof portfolioEndpoints)["remove"]>("DELETE", "/api/portfolio/:id"),
  adminList: route<(typeof portfolioEndpoints)["adminList"]>("GET", "/api/admin/portfolio"),
  adminGet: route<(typeof portfolioEndpoints)["adminGet"]>("GET", "/api/admin/portfolio/:id"),
  publish: route<(typeof portfolioEndpoints)["publish"]>("POST", "/api/admin/portfolio/:id/publish"),
  schedule: route<(typeof portfolioEndpoints)["schedule"]>("POST", "/api/admin/portfolio/:id/schedule"),
  unpublish: route<(typeof portfolioEndpoints)["unpublish"]>("POST", "/api/admin/portfolio/:id/unpublish"),
  withdraw: route<(typeof portfolioEndpoints)["withdraw"]>("POST", "/api/admin/portfolio/:id/withdraw"),
} as const;
