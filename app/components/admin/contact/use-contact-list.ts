import * as React from "react";
import { useAttentionRefresh } from "../attention";
import { useListFetch } from "../use-list-fetch";
import { fetchContactPage, type ContactPage } from "~/lib/contact-inbox-api";
import type { ContactView } from "../../../../shared/schemas";
import type { ContactRow } from "../contact-message-dialog";

export const CONTACT_PAGE_SIZE = 25;

export type ListState = { rows: ContactRow[]; total: number; unread: number; loaded: boolean; loading: boolean; failed: boolean };

/**
 * One page of the inbox or the archive, newest first: the inbox's first page from the screen's loader (`loaded`, when
 * it could read it), fetched again whenever the view, the page or `refresh()` asks.
 * The server pages (limit/offset, totals in X-Total-Count and X-Unread-Count), so a large inbox costs one small page.
 */
export function useContactList(loaded?: ContactPage | null) {
  const refreshAttention = useAttentionRefresh();
  const [view, setView] = React.useState<ContactView>("inbox");
  const [page, setPage] = React.useState(0);
  const [reload, setReload] = React.useState(0);
  const [state, setState] = React.useState<ListState>(() =>
    loaded ? { ...loaded, loaded: true, loading: false, failed: false } : { rows: [], total: 0, unread: 0, loaded: false, loading: true, failed: false },
  );
  const refresh = React.useCallback(() => setReload((n) => n + 1), []);

  // The screen's loader read the inbox's first page: it is not asked for again until the view, the page or Refresh.
  const request = React.useMemo(() => ({ view, page, reload }), [view, page, reload]);
  useListFetch(setState, request, {
    fromLoader: Boolean(loaded),
    fetch: (r, signal) => fetchContactPage({ view: r.view, limit: CONTACT_PAGE_SIZE, offset: r.page * CONTACT_PAGE_SIZE, signal }),
    apply: ({ rows, total, unread }, r) => {
      // A page emptied by deletions elsewhere: step back to the last page that has rows.
      if (rows.length === 0 && r.page > 0 && total > 0) {
        setPage(Math.max(0, Math.ceil(total / CONTACT_PAGE_SIZE) - 1));
        return;
      }
      setState({ rows, total, unread, loaded: true, loading: false, failed: false });
      // New messages may have arrived since the dashboard counted them.
      if (r.reload > 0) refreshAttention();
    },
  });

  return { view, setView, page, setPage, state, setState, refresh };
}
