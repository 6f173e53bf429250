import * as React from "react";
import { useSearchParams } from "react-router";
import { portalSearch, readPortalState, type PortalUrlState } from "~/lib/portal-url";

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
