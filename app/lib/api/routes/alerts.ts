// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { alertEndpoints } from "../../../../shared/api/alerts";
import { route } from "../route";

export const alertsRoutes = {
  subscribe: route<(typeof alertEndpoints)["subscribe"]>("POST", "/api/alerts/subscribe"),
  requestManageLink: route<(typeof alertEndpoints)["requestManageLink"]>("POST", "/api/alerts/manage-link"),
  confirm: route<(typeof alertEndpoints)["confirm"]>("POST", "/api/alerts/confirm"),
  preferences: route<(typeof alertEndpoints)["preferences"]>("POST", "/api/alerts/preferences/read"),
  updatePreferences: route<(typeof alertEndpoints)["updatePreferences"]>("PUT", "/api/alerts/preferences"),
  unsubscribe: route<(typeof alertEndpoints)["unsubscribe"]>("POST", "/api/alerts/unsubscribe"),
  oneClick: route<(typeof alertEndpoints)["oneClick"]>("POST", "/api/alerts/one-click"),
  oneClickPage: route<(typeof alertEndpoints)["oneClickPage"]>("GET", "/api/alerts/one-click"),
  account: route<(typeof alertEndpoints)["account"]>("GET", "/api/account/alerts"),
  setAccount: route<(typeof alertEndpoints)["setAccount"]>("PUT", "/api/account/alerts"),
  subscribers: route<(typeof alertEndpoints)["subscribers"]>("GET", "/api/admin/alert-subscribers"),
  subscriberStats: route<(typeof alertEndpoints)["subscriberStats"]>("GET", "/api/admin/alert-subscribers/stats"),
  exportSubscribers: route<(typeof alertEndpoints)["exportSubscribers"]>("GET", "/api/admin/alert-subscribers/export.csv"),
  removeSubscriber: route<(typeof alertEndpoints)["removeSubscriber"]>("DELETE", "/api/admin/alert-subscribers/:id"),
  suppressions: route<(typeof alertEndpoints)["suppressions"]>("GET", "/api/admin/alert-suppressions"),
  suppress: route<(typeof alertEndpoints)["suppress"]>("POST", "/api/admin/alert-suppressions"),
  alerts: route<(typeof alertEndpoints)["alerts"]>("GET", "/api/admin/alerts"),
  sendCorrection: route<(typeof alertEndpoints)["sendCorrection"]>("POST", "/api/admin/alerts"),
  settings: route<(typeof alertEndpoints)["settings"]>("GET", "/api/admin/alert-settings"),
  setSettings: route<(typeof alertEndpoints)["setSettings"]>("PUT", "/api/admin/alert-settings"),
} as const;
