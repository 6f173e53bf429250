import * as React from "react";
import type { Page } from "~/lib/api/alerts-admin";
import { useListFetch, type ListFlags } from "../use-list-fetch";

/** Rows per page of the alerts' paged lists. */
export const ALERTS_PAGE_SIZE = 25;

export type PagedState<T> = { rows: T[]; total: number } & ListFlags;

/**
 * One page of a list the server pages (totals in X-Total-Count), fetched again when the filters, the page or
 * `refresh()` ask; new filters go back to the first page.
 */
export function usePagedList<T, F extends Record<string, unknown>>(
  fetchPage: (filters: F, page: { limit: number; offset: number }, signal: AbortSignal) => Promise<Page<T>>,
  filters: F,
) {
  const [page, setPage] = React.useState(0);
  const [reload, setReload] = React.useState(0);
  const [state, setState] = React.useState<PagedState<T>>({ rows: [], total: 0, loaded: false, loading: true, failed: false });
  const refresh = React.useCallback(() => setReload((n) => n + 1), []);
  const key = JSON.stringify(filters);

  const [shownKey, setShownKey] = React.useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setPage(0);
  }

  const request = React.useMemo(() => ({ key, page, reload }), [key, page, reload]);
  useListFetch(setState, request, {
    fetch: (r, signal) => fetchPage(filters, { limit: ALERTS_PAGE_SIZE, offset: r.page * ALERTS_PAGE_SIZE }, signal),
    apply: ({ rows, total }, r) => {
      // A page emptied by removals elsewhere: step back to the last page that has rows.
      if (rows.length === 0 && r.page > 0 && total > 0) {
        setPage(Math.max(0, Math.ceil(total / ALERTS_PAGE_SIZE) - 1));
        return;
      }
      setState({ rows, total, loaded: true, loading: false, failed: false });
    },
  });

  const pages = Math.max(1, Math.ceil(state.total / ALERTS_PAGE_SIZE));
  const status = !state.loaded && state.loading ? "loading" : state.failed && !state.loaded ? "failed" : "ready";
  return { state, status, page, setPage, pages, refresh } as const;
}
