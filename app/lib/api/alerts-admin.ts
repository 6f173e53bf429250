import { alertsRoutes } from "./routes/alerts";
import { calendarRoutes } from "./routes/calendar";
import { acceptJson, bindEndpoints, href, readAnswer, type CallInput, type CallOutput } from "./client";
import type { Route } from "./route";
import type { EndpointDef } from "../../../shared/api/contract";

/** The alerts' admin routes: subscribers, suppressions, the alerts sent, corrections and the sending settings. */
const {
  subscribe: _subscribe,
  requestManageLink: _requestManageLink,
  confirm: _confirm,
  preferences: _preferences,
  updatePreferences: _updatePreferences,
  unsubscribe: _unsubscribe,
  oneClick: _oneClick,
  oneClickPage: _oneClickPage,
  account: _account,
  setAccount: _setAccount,
  ...adminRoutes
} = alertsRoutes;
export const alertsAdminRoutes = adminRoutes;

/** The investor alerts from the dashboard. The subscribers' CSV is a link: `href(alertsAdminRoutes.exportSubscribers)`. */
export const alertsAdminApi = bindEndpoints(alertsAdminRoutes);

/** The financial calendar's admin routes: every event, adding, changing and cancelling one. */
const { list: _list, eventFile: _eventFile, feed: _feed, ...calendarAdmin } = calendarRoutes;
export const calendarAdminApi = bindEndpoints(calendarAdmin);

/** One page of a list the server pages, and the number of rows that match (its X-Total-Count header). */
export type Page<T> = { rows: T[]; total: number };

/**
 * One page of a paged list endpoint with its total: the typed client answers the body only, and these lists say how
 * many rows match in a header. A refusal throws ApiError as the client does.
 */
async function pageOf<E extends EndpointDef>(route: Route<E>, query: CallInput<E>["query"], signal?: AbortSignal) {
  const url = href(route as Route, { query } as never);
  const res = await fetch(url, { credentials: "include", headers: acceptJson(), signal });
  const rows = ((await readAnswer(res)) ?? []) as CallOutput<E>;
  const header = res.headers.get("X-Total-Count");
  return { rows, total: header === null ? (rows as unknown[]).length : Number(header) };
}

type Query<K extends keyof typeof adminRoutes> = CallInput<NonNullable<(typeof adminRoutes)[K]["__contract"]>>["query"];

/** The alerts sent, newest first. */
export const listAlerts = (query: Query<"alerts">, signal?: AbortSignal) => pageOf(alertsAdminRoutes.alerts, query, signal);
/** The subscribers matching a search, a list and a status, newest first. */
export const listSubscribers = (query: Query<"subscribers">, signal?: AbortSignal) => pageOf(alertsAdminRoutes.subscribers, query, signal);
/** The suppression list matching a search, newest first. */
export const listSuppressions = (query: Query<"suppressions">, signal?: AbortSignal) => pageOf(alertsAdminRoutes.suppressions, query, signal);
