import { alertsRoutes } from "./routes/alerts";
import { bindEndpoints } from "./client";

/** The alerts' routes a visitor or a member calls: subscribing, confirming, the preferences page and the account's alerts. */
const { subscribe, requestManageLink, confirm, preferences, updatePreferences, unsubscribe, account, setAccount } = alertsRoutes;
export const alertsPublicRoutes = { subscribe, requestManageLink, confirm, preferences, updatePreferences, unsubscribe, account, setAccount } as const;

/**
 * Investor alerts as a visitor meets them (the dashboard's calls are in alerts-admin.ts): asking for alerts (double
 * opt-in), confirming with the e-mail's token, reading and changing preferences with a link's token (always in a
 * POST or PUT body, never in an address), stopping every alert, and a signed-in member's own alerts.
 */
export const alertsApi = bindEndpoints(alertsPublicRoutes);
