/**
 * The dashboard's screens, in the order of its navigation. Each has its own address: the portfolio is the dashboard's
 * own page ('/admin'), every other screen is '/admin/<screen>' (and '/ar/admin/<screen>' in Arabic).
 */
export const ADMIN_SCREENS = [
  "portfolio",
  "press",
  "contact",
  "documents",
  "applications",
  "users",
  "outbox",
  "alerts",
  "security",
  "audit",
  "settings",
] as const;

export type AdminScreen = (typeof ADMIN_SCREENS)[number];

export const isAdminScreen = (value: unknown): value is AdminScreen => typeof value === "string" && (ADMIN_SCREENS as readonly string[]).includes(value);

/** A screen's address in English; `localizePath` gives the Arabic one. */
export const adminScreenPath = (screen: AdminScreen) => (screen === "portfolio" ? "/admin" : `/admin/${screen}`);
