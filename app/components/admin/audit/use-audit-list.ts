import * as React from "react";
import { useT } from "~/i18n/provider";
import { auditApi } from "~/lib/api/audit";
import { ApiError } from "~/lib/api/client";
import type { AuditEntityType } from "../../../../shared/audit";
import { failureText } from "../../manage/form-errors";
import { useCursorList } from "../use-list-fetch";
import { NO_FILTERS, type AuditFilterValues, type AuditRow } from "./types";

/** A page of the audit trail as its API answers it. */
export type AuditPage = { events: AuditRow[]; nextBefore: number | null; keepDays: number };

/** The list's query: the filters given (empty ones are left out of the URL) and the page cursor. */
export const auditQuery = (f: AuditFilterValues) => ({
  actor: f.actor.trim() || undefined,
  entityType: (f.entityType || undefined) as AuditEntityType | undefined,
  entityId: f.entityId.trim() || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
});

/** The audit trail's page as the list keeps it. */
const pageRows = (page: AuditPage) => ({ rows: page.events, nextBefore: page.nextBefore, keepDays: page.keepDays });

/**
 * The audit trail matching the applied filters, newest first, one page at a time: `loadMore()` appends the next page.
 * The first page (no filter) comes from the screen's loader when it could read it (`loaded`).
 * A filter the server refuses (a range that ends before it starts) is shown as its message.
 */
export function useAuditList(loaded?: AuditPage | null) {
  const t = useT();
  const [filters, setFilters] = React.useState<AuditFilterValues>(NO_FILTERS);
  const { state, refusal, refresh, more, loadMore } = useCursorList({
    filters,
    loaded: loaded ? pageRows(loaded) : null,
    empty: { keepDays: 0 },
    fetchPage: (f: AuditFilterValues, before, signal) =>
      auditApi.list({ query: before ? { ...auditQuery(f), before } : auditQuery(f), init: signal ? { signal } : undefined }).then(pageRows),
    moreFailed: "admin.audit.moreFailed",
    isRefusal: (err) => err instanceof ApiError && err.status === 400,
  });
  const refused = refusal ? failureText(refusal, t) : null;
  return { filters, setFilters, state, refused, refresh, more, loadMore };
}
