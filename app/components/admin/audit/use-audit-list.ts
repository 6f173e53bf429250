import * as React from "react";
import { useDataLoadingError } from "~/hooks/use-admin-data";
import { useT } from "~/i18n/provider";
import { auditApi } from "~/lib/api/audit";
import { ApiError } from "~/lib/api/client";
import { toast } from "~/lib/toast";
import type { AuditEntityType } from "../../../../shared/audit";
import { failureText } from "../../manage/form-errors";
import { NO_FILTERS, type AuditFilterValues, type AuditRow } from "./types";

/** A page of the audit trail as its API answers it. */
export type AuditPage = { events: AuditRow[]; nextBefore: number | null; keepDays: number };

export type AuditListState = { rows: AuditRow[]; nextBefore: number | null; keepDays: number; loaded: boolean; loading: boolean; failed: boolean };

/** The list's query: the filters given (empty ones are left out of the URL) and the page cursor. */
export const auditQuery = (f: AuditFilterValues) => ({
  actor: f.actor.trim() || undefined,
  entityType: (f.entityType || undefined) as AuditEntityType | undefined,
  entityId: f.entityId.trim() || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
});

/**
 * The audit trail matching the applied filters, newest first, one page at a time: `loadMore()` appends the next page.
 * The first page (no filter) comes from the screen's loader when it could read it (`loaded`).
 * A filter the server refuses (a range that ends before it starts) is shown as its message.
 */
export function useAuditList(loaded?: AuditPage | null) {
  const t = useT();
  const showDataLoadingError = useDataLoadingError();
  const [filters, setFilters] = React.useState<AuditFilterValues>(NO_FILTERS);
  const [reload, setReload] = React.useState(0);
  const [state, setState] = React.useState<AuditListState>(() =>
    loaded
      ? { rows: loaded.events, nextBefore: loaded.nextBefore, keepDays: loaded.keepDays, loaded: true, loading: false, failed: false }
      : { rows: [], nextBefore: null, keepDays: 0, loaded: false, loading: true, failed: false },
  );
  // The screen's loader read the first page (no filter): it is not asked for again until a filter or Refresh.
  const skipFirst = React.useRef(Boolean(loaded));
  const [refused, setRefused] = React.useState<string | null>(null);
  const [more, setMore] = React.useState(false);
  const refresh = React.useCallback(() => setReload((n) => n + 1), []);

  React.useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    auditApi
      .list({ query: auditQuery(filters), init: { signal: controller.signal } })
      .then((page) => {
        setRefused(null);
        setState({ rows: page.events, nextBefore: page.nextBefore, keepDays: page.keepDays, loaded: true, loading: false, failed: false });
      })
      .catch((err: Error) => {
        if (controller.signal.aborted || err.name === "AbortError") return;
        if (err instanceof ApiError && err.status === 400) {
          setRefused(failureText(err, t));
          setState((s) => ({ ...s, rows: [], nextBefore: null, loaded: true, loading: false }));
          return;
        }
        setState((s) => ({ ...s, loading: false, failed: true }));
        showDataLoadingError();
      });
    return () => controller.abort();
  }, [filters, reload, showDataLoadingError, t]);

  const loadMore = React.useCallback(async () => {
    if (!state.nextBefore) return;
    setMore(true);
    try {
      const page = await auditApi.list({ query: { ...auditQuery(filters), before: state.nextBefore } });
      setState((s) => ({ ...s, rows: [...s.rows, ...page.events.filter((e) => !s.rows.some((r) => r.id === e.id))], nextBefore: page.nextBefore }));
    } catch (err) {
      toast.error(t("admin.audit.moreFailed"), { description: failureText(err, t) });
    } finally {
      setMore(false);
    }
  }, [filters, state.nextBefore, t]);

  return { filters, setFilters, state, refused, refresh, more, loadMore };
}
