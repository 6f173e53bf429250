// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { contactEndpoints } from "../../../../shared/api/contact";
import { route } from "../route";

export const contactRoutes = {
  send: route<(typeof contactEndpoints)["send"]>("POST", "/api/contact"),
  list: route<(typeof contactEndpoints)["list"]>("GET", "/api/contact"),
  exportCsv: route<(typeof contactEndpoints)["exportCsv"]>("GET", "/api/admin/contact-messages/export.csv"),
  get: route<(typeof contactEndpoints)["get"]>("GET", "/api/admin/contact-messages/:id"),
  update: route<(typeof contactEndpoints)["update"]>("PATCH", "/api/admin/contact-messages/:id"),
  remove: route<(typeof contactEndpoints)["remove"]>("DELETE", "/api/admin/contact-messages/:id"),
} as const;
