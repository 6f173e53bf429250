// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { calendarEndpoints } from "../../../../shared/api/calendar";
import { route } from "../route";

export const calendarRoutes = {
  list: route<(typeof calendarEndpoints)["list"]>("GET", "/api/calendar"),
  eventFile: route<(typeof calendarEndpoints)["eventFile"]>("GET", "/api/calendar/:id/ics"),
  feed: route<(typeof calendarEndpoints)["feed"]>("GET", "/api/calendar/feed/:file"),
  adminList: route<(typeof calendarEndpoints)["adminList"]>("GET", "/api/admin/calendar"),
  create: route<(typeof calendarEndpoints)["create"]>("POST", "/api/admin/calendar"),
  update: route<(typeof calendarEndpoints)["update"]>("PUT", "/api/admin/calendar/:id"),
  cancel: route<(typeof calendarEndpoints)["cancel"]>("POST", "/api/admin/calendar/:id/cancel"),
} as const;
