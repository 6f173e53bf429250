import * as React from "react";
import { useDataLoadingError } from "~/hooks/use-admin-data";
import { useT } from "~/i18n/provider";
import { toast } from "~/lib/toast";
import type { MessageId } from "../../../shared/i18n/messages";
import { failureText } from "../manage/form-errors";

/** What a dashboard list keeps beside its rows: read at least once, being read, the last reading failed. */
export type ListFlags = { loaded: boolean; loading: boolean; failed: boolean };

/**
 * Fetches a dashboard list whenever `request` changes (a new value: memoize it), marking the list `loading` until
 * `apply` has its answer. The first request is not made when the screen's loader already read it (`fromLoader`). A
 * request overtaken by a newer one is aborted and its answer dropped. A failure keeps the rows shown, marks the list
 * failed and shows the dashboard's data-loading notice, unless `refused` takes it (true: handled). `fetch`, `apply`
 * and `refused` may be new functions on every render: the latest ones are called.
 */
export function useListFetch<S extends ListFlags, R, A>(
  setState: React.Dispatch<React.SetStateAction<S>>,
  request: R,
  handlers: {
    fromLoader?: boolean;
    fetch: (request: R, signal: AbortSignal) => Promise<A>;
    apply: (answer: A, request: R) => void;
    refused?: (err: Error) => boolean;
  },
) {
  const showDataLoadingError = useDataLoadingError();
  const latest = React.useRef(handlers);
  latest.current = handlers;
  const skipFirst = React.useRef(Boolean(handlers.fromLoader));

  React.useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    latest.current
      .fetch(request, controller.signal)
      .then((answer) => latest.current.apply(answer, request))
      .catch((err: Error) => {
        if (controller.signal.aborted || err.name === "AbortError") return;
        if (latest.current.refused?.(err)) return;
        setState((s) => ({ ...s, loading: false, failed: true }));
        showDataLoadingError();
      });
    return () => controller.abort();
  }, [request, setState, showDataLoadingError]);
}

/** A page of a list paged by a cursor: its rows and where the next page starts (null after the last page). */
export type CursorPage<T> = { rows: T[]; nextBefore: number | null };

/**
 * A dashboard list paged by a cursor, newest first, matching `filters` (a new value: memoize it): fetched again when
 * the filters or `refresh()` ask; `loadMore()` appends the next page (rows already shown are not repeated; a failure
 * is a toast titled `moreFailed`). The first page (no filter) comes from the screen's loader when it could read it
 * (`loaded`): it is not asked for again until a filter or Refresh. Beside the rows and the cursor, the list keeps what
 * else a page says (`X`, `empty` before the first). A request the server refuses (`isRefusal`) empties the list and is
 * kept as `refusal`, to be shown instead of a failure.
 */
export function useCursorList<T extends { id: unknown }, F, X extends object = object>({
  filters,
  loaded,
  empty,
  fetchPage,
  moreFailed,
  isRefusal,
}: {
  filters: F;
  loaded?: (CursorPage<T> & X) | null;
  empty: X;
  fetchPage: (filters: F, before: number | undefined, signal?: AbortSignal) => Promise<CursorPage<T> & X>;
  moreFailed: MessageId;
  isRefusal?: (err: Error) => boolean;
}) {
  const t = useT();
  const [reload, setReload] = React.useState(0);
  const [state, setState] = React.useState<CursorPage<T> & X & ListFlags>(() =>
    loaded ? { ...loaded, loaded: true, loading: false, failed: false } : { ...empty, rows: [], nextBefore: null, loaded: false, loading: true, failed: false },
  );
  const [refusal, setRefusal] = React.useState<Error | null>(null);
  const [more, setMore] = React.useState(false);
  const refresh = React.useCallback(() => setReload((n) => n + 1), []);

  const request = React.useMemo(() => ({ filters, reload }), [filters, reload]);
  useListFetch(setState, request, {
    fromLoader: Boolean(loaded),
    fetch: (r, signal) => fetchPage(r.filters, undefined, signal),
    apply: (page) => {
      setRefusal(null);
      setState({ ...page, loaded: true, loading: false, failed: false });
    },
    refused: (err) => {
      if (!isRefusal?.(err)) return false;
      setRefusal(err);
      setState((s) => ({ ...s, rows: [], nextBefore: null, loaded: true, loading: false }));
      return true;
    },
  });

  const latestFetch = React.useRef(fetchPage);
  latestFetch.current = fetchPage;
  const loadMore = React.useCallback(async () => {
    if (!state.nextBefore) return;
    setMore(true);
    try {
      const page = await latestFetch.current(filters, state.nextBefore);
      setState((s) => ({ ...s, rows: [...s.rows, ...page.rows.filter((e) => !s.rows.some((r) => r.id === e.id))], nextBefore: page.nextBefore }));
    } catch (err) {
      toast.error(t(moreFailed), { description: failureText(err, t) });
    } finally {
      setMore(false);
    }
  }, [filters, state.nextBefore, moreFailed, t]);

  return { state, setState, refusal, refresh, more, loadMore };
}
