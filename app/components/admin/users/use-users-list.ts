import * as React from "react";
import { useDataLoadingError } from "~/hooks/use-admin-data";
import { useT } from "~/i18n/provider";
import { usersApi } from "~/lib/api/users";
import { toast } from "~/lib/toast";
import type { Role } from "../../../../shared/roles";
import { USER_SEARCH_MAX } from "../../../../shared/schemas";
import { failureText } from "../../manage/form-errors";
import type { UserRow } from "./types";

/** Typing waits this long before the list is asked for again. */
const SEARCH_DELAY_MS = 300;

/** A page of accounts as the users API answers it. */
export type UsersPage = { users: UserRow[]; nextBefore: number | null };

export type ListState = { rows: UserRow[]; nextBefore: number | null; loaded: boolean; loading: boolean; failed: boolean };

/** The list's query: the search, the role, and the page cursor (empty ones are left out of the URL). */
const usersQuery = (q: string, role: Role | "", before?: number | null) => ({ q, role: role || undefined, before: before ?? undefined });

/**
 * The accounts matching the search text (asked for once typing pauses) and the role filter, newest first, one page
 * at a time: `loadMore()` appends the next page. The first page (nothing searched) comes from the screen's loader when
 * it could read it (`loaded`).
 */
export function useUsersList(loaded?: UsersPage | null) {
  const t = useT();
  const showDataLoadingError = useDataLoadingError();
  const [text, setText] = React.useState("");
  const [query, setQuery] = React.useState("");
  const [role, setRoleFilter] = React.useState<Role | "">("");
  const [reload, setReload] = React.useState(0);
  const [state, setState] = React.useState<ListState>(() =>
    loaded
      ? { rows: loaded.users, nextBefore: loaded.nextBefore, loaded: true, loading: false, failed: false }
      : { rows: [], nextBefore: null, loaded: false, loading: true, failed: false },
  );
  // The screen's loader read the first page (nothing searched): it is not asked for again until the search, the role or Refresh.
  const skipFirst = React.useRef(Boolean(loaded));
  const [more, setMore] = React.useState(false);
  const refresh = React.useCallback(() => setReload((n) => n + 1), []);

  React.useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim().slice(0, USER_SEARCH_MAX)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  React.useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    usersApi
      .list({ query: usersQuery(query, role), init: { signal: controller.signal } })
      .then((page) => setState({ rows: page.users, nextBefore: page.nextBefore, loaded: true, loading: false, failed: false }))
      .catch((err: Error) => {
        if (controller.signal.aborted || err.name === "AbortError") return;
        setState((s) => ({ ...s, loading: false, failed: true }));
        showDataLoadingError();
      });
    return () => controller.abort();
  }, [query, role, reload, showDataLoadingError]);

  const loadMore = React.useCallback(async () => {
    if (!state.nextBefore) return;
    setMore(true);
    try {
      const page = await usersApi.list({ query: usersQuery(query, role, state.nextBefore) });
      setState((s) => ({ ...s, rows: [...s.rows, ...page.users.filter((u) => !s.rows.some((r) => r.id === u.id))], nextBefore: page.nextBefore }));
    } catch (err) {
      toast.error(t("admin.users.moreFailed"), { description: failureText(err, t) });
    } finally {
      setMore(false);
    }
  }, [query, role, state.nextBefore, t]);

  return { text, setText, query, role, setRoleFilter, state, setState, refresh, more, loadMore };
}
