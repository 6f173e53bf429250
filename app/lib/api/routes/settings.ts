// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { settingsEndpoints } from "../../../../shared/api/settings";
import { route } from "../route";

export const settingsRoutes = {
  homeStats: route<(typeof settingsEndpoints)["homeStats"]>("GET", "/api/home-stats"),
  brand: route<(typeof settingsEndpoints)["brand"]>("GET", "/api/admin/settings/brand"),
  saveBrand: route<(typeof settingsEndpoints)["saveBrand"]>("PUT", "/api/admin/settings/brand"),
  spotlight: route<(typeof settingsEndpoints)["spotlight"]>("GET", "/api/admin/settings/spotlight"),
  setSpotlight: route<(typeof settingsEndpoints)["setSpotlight"]>("PUT", "/api/admin/settings/spotlight"),
  stats: route<(typeof settingsEndpoints)["stats"]>("GET", "/api/admin/settings/stats"),
  saveStats: route<(typeof settingsEndpoints)["saveStats"]>("PUT", "/api/admin/settings/stats"),
  legal: route<(typeof settingsEndpoints)["legal"]>("GET", "/api/admin/settings/legal"),
  saveLegal: route<(typeof settingsEndpoints)["saveLegal"]>("PUT", "/api/admin/settings/legal/:page"),
  environment: route<(typeof settingsEndpoints)["environment"]>("GET", "/api/admin/settings/environment"),
  setEnvironment: route<(typeof settingsEndpoints)["setEnvironment"]>("PUT", "/api/admin/settings/environment"),
  previewLinkHours: route<(typeof settingsEndpoints)["previewLinkHours"]>("GET", "/api/admin/settings/preview"),
  setPreviewLinkHours: route<(typeof settingsEndpoints)["setPreviewLinkHours"]>("PUT", "/api/admin/settings/preview"),
} as const;
