// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { pressEndpoints } from "../../../../shared/api/press";
import { route } from "../route";

export const pressRoutes = {
  list: route<(typeof pressEndpoints)["list"]>("GET", "/api/press-releases"),
  featured: route<(typeof pressEndpoints)["featured"]>("GET", "/api/press-releases/featured"),
  homepage: route<(typeof pressEndpoints)["homepage"]>("GET", "/api/press-releases/homepage"),
  get: route<(typeof pressEndpoints)["get"]>("GET", "/api/press-releases/:id"),
  create: route<(typeof pressEndpoints)["create"]>("POST", "/api/press-releases"),
  update: route<(typeof pressEndpoints)["update"]>("PUT", "/api/press-releases/:id"),
  setFlags: route<(typeof pressEndpoints)["setFlags"]>("PATCH", "/api/press-releases/:id"),
  remove: route<(typeof pressEndpoints)["remove"]>("DELETE", "/api/press-releases/:id"),
  adminList: route<(typeof pressEndpoints)["adminList"]>("GET", "/api/admin/press-releases"),
  adminGet: route<(typeof pressEndpoints)["adminGet"]>("GET", "/api/admin/press-releases/:id"),
  publish: route<(typeof pressEndpoints)["publish"]>("POST", "/api/admin/press-releases/:id/publish"),
  schedule: route<(typeof pressEndpoints)["schedule"]>("POST", "/api/admin/press-releases/:id/schedule"),
  unpublish: route<(typeof pressEndpoints)["unpublish"]>("POST", "/api/admin/press-releases/:id/unpublish"),
  withdraw: route<(typeof pressEndpoints)["withdraw"]>("POST", "/api/admin/press-releases/:id/withdraw"),
} as const;
