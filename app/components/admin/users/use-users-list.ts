import * as React from "react";
import { usersApi } from "~/lib/api/users";
import type { Role } from "../../../../shared/roles";
import { USER_SEARCH_MAX } from "../../../../shared/schemas";
import { useCursorList, type CursorPage, type ListFlags } from "../use-list-fetch";
import type { UserRow } from "./types";

/** Typing waits this long before the list is asked for again. */
const SEARCH_DELAY_MS = 300;

/** A page of accounts as the users API answers it. */
export type UsersPage = { users: UserRow[]; nextBefore: number | null };

export type ListState = CursorPage<UserRow> & ListFlags;

/** The list's query: the search, the role, and the page cursor (empty ones are left out of the URL). */
const usersQuery = (q: string, role: Role | "", before?: number | null) => ({ q, role: role || undefined, before: before ?? undefined });

type Filters = { query: string; role: Role | "" };

/**
 * The accounts matching the search text (asked for once typing pauses) and the role filter, newest first, one page
 * at a time: `loadMore()` appends the next page. The first page (nothing searched) comes from the screen's loader when
 * it could read it (`loaded`).
 */
export function useUsersList(loaded?: UsersPage | null) {
  const [text, setText] = React.useState("");
  const [query, setQuery] = React.useState("");
  const [role, setRoleFilter] = React.useState<Role | "">("");
  const filters = React.useMemo<Filters>(() => ({ query, role }), [query, role]);
  const { state, setState, refresh, more, loadMore } = useCursorList({
    filters,
    loaded: loaded ? { rows: loaded.users, nextBefore: loaded.nextBefore } : null,
    empty: {},
    fetchPage: (f: Filters, before, signal) =>
      usersApi
        .list({ query: usersQuery(f.query, f.role, before), init: signal ? { signal } : undefined })
        .then((page) => ({ rows: page.users, nextBefore: page.nextBefore })),
    moreFailed: "admin.users.moreFailed",
  });

  React.useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim().slice(0, USER_SEARCH_MAX)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return { text, setText, query, role, setRoleFilter, state, setState, refresh, more, loadMore };
}
