import { parseSort, type DocumentSort } from "./document-files";

/** The investor portal's tab, document category and sort, as they appear in its address. */
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
