import * as React from "react";
import { useSearchParams } from "react-router";
import { parseSort, type DocumentSort } from "./files";

export type PortalTab = "documents" | "portfolio" | "press";
export type PortalUrlState = { tab: PortalTab; category: string; sort: DocumentSort };

const DEFAULTS: PortalUrlState = { tab: "documents", category: "all", sort: "latest" };

export const parseTab = (value: string | null): PortalTab => (value === "portfolio" || value === "press" ? value : "documents");

export function readPortalState(params: URLSearchParams): PortalUrlState {
  const category = params.get("category");
  return {
    tab: parseTab(params.get("tab")),
    category: category && /^(all|\d{1,9})$/.test(category) ? category : "all",
    sort: parseSort(params.get("sort")),
  };
}

/** Writes only non-default values, so the plain /investor-portal stays the canonical address. */
export function portalSearch(state: PortalUrlState, base: URLSearchParams = new URLSearchParams()): string {
  const next = new URLSearchParams(base);
  for (const key of Object.keys(DEFAULTS) as (keyof PortalUrlState)[]) {
    if (state[key] === DEFAULTS[key]) next.delete(key);
    else next.set(key, state[key]);
  }
  const s = next.toString();
  return s ? `?${s}` : "";
}

/**
 * Tab, category and sort live in the address (?tab=portfolio is linkable), but switching them replaces
 * the history entry directly instead of navigating, so no loader runs and nothing is fetched.
 */
export function usePortalUrlState() {
  const [searchParams] = useSearchParams();
  const key = searchParams.toString();
  const [state, setState] = React.useState(() => readPortalState(searchParams));

  // A real navigation to the portal with other parameters (e.g. a link to ?tab=press) wins.
  React.useEffect(() => {
    setState(readPortalState(new URLSearchParams(key)));
  }, [key]);

  const update = React.useCallback((changes: Partial<PortalUrlState>) => {
    setState((prev) => ({ ...prev, ...changes }));
  }, []);

  // Keep the address bar in step (after render, outside the state updater).
  React.useEffect(() => {
    const url = new URL(window.location.href);
    const search = portalSearch(state, url.searchParams);
    if (search !== url.search) window.history.replaceState(window.history.state, "", `${url.pathname}${search}${url.hash}`);
  }, [state]);

  return [state, update] as const;
}
