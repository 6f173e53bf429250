import { Ban, Loader2, Search, Send, ShieldOff, UserCheck, Users } from "lucide-react";
import * as React from "react";
import { toast } from "~/lib/toast";
import { ConfirmDialog } from "~/components/portal/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { useDataLoadingError } from "~/hooks/use-admin-data";
import { ConfirmationCancelled, useConfirmIdentity } from "~/hooks/use-confirm-identity";
import { useFormat, useT, type Translate } from "~/i18n/provider";
import type { CallOutput } from "~/lib/api/client";
import { usersApi } from "~/lib/api/users";
import { ROLES, type Role } from "../../../shared/roles";
import type { API } from "../../../shared/api";
import { USER_SEARCH_MAX } from "../../../shared/schemas";
import { ActionsHeader, adminColumnHelper } from "./data-table";
import { failureText } from "./form-errors";
import { IconInput } from "./icon-input";
import { useIsolate } from "~/components/site/labels";
import { RefreshButton, TabHeader } from "./tab-header";
import { TabTable } from "./tab-table";

export type UserRow = CallOutput<typeof API.users.get>;

/** Typing waits this long before the list is asked for again. */
const SEARCH_DELAY_MS = 300;

const nameOf = (u: UserRow) => u.fullName || u.email;
const roleName = (t: Translate, role: Role) => t("admin.security.role", { role });

/** What the cells need from the tab. A context, so the columns stay the same objects across renders: a cell that
 * re-mounted would lose the focus a closing dialog gives back to it. */
type UserActions = {
  me: number;
  setRole: (u: UserRow, role: Role) => void;
  askDisable: (u: UserRow) => void;
  enable: (u: UserRow) => void;
  resend: (u: UserRow) => void;
  askClearFactors: (u: UserRow) => void;
  busy: (id: number) => boolean;
};
const UserActionsContext = React.createContext<UserActions | null>(null);
const useUserActions = () => React.useContext(UserActionsContext)!;

function UserCell({ u }: { u: UserRow }) {
  const t = useT();
  const { me } = useUserActions();
  return (
    <div className="min-w-0 md:min-w-[12rem]">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <bdi className="font-medium text-navy-950">{u.fullName || "—"}</bdi>
        {u.id === me ? <Badge variant="outline">{t("admin.users.you")}</Badge> : null}
        {u.disabledAt ? <Badge variant="red">{t("admin.users.disabled")}</Badge> : null}
      </div>
      <p className="break-all text-xs text-slate-500">
        <bdi>{u.email}</bdi>
      </p>
    </div>
  );
}

function RoleCell({ u }: { u: UserRow }) {
  const t = useT();
  const { setRole, busy } = useUserActions();
  return (
    <NativeSelect
      value={u.role}
      onChange={(e) => setRole(u, e.target.value as Role)}
      disabled={busy(u.id)}
      aria-label={t("admin.users.roleFor", { name: nameOf(u) })}
      className="h-9 w-auto min-w-[9.5rem]"
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {roleName(t, role)}
        </option>
      ))}
    </NativeSelect>
  );
}

function RowActions({ u }: { u: UserRow }) {
  const t = useT();
  const { me, askDisable, enable, resend, askClearFactors, busy } = useUserActions();
  return (
    <div className="flex items-center justify-end gap-1.5 max-md:w-full max-md:flex-wrap max-md:justify-start">
      {!u.isVerified ? (
        <Button size="sm" variant="outline" onClick={() => resend(u)} disabled={busy(u.id)} aria-label={t("admin.users.resendNamed", { name: nameOf(u) })}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {t("admin.users.resend")}
        </Button>
      ) : null}
      {u.twoFactor && u.id !== me ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => askClearFactors(u)}
          disabled={busy(u.id)}
          aria-label={t("admin.users.clearFactorsNamed", { name: nameOf(u) })}
        >
          <ShieldOff className="h-4 w-4" aria-hidden="true" />
          {t("admin.users.clearFactors")}
        </Button>
      ) : null}
      {u.disabledAt ? (
        <Button size="sm" variant="outline" onClick={() => enable(u)} disabled={busy(u.id)} aria-label={t("admin.users.enableNamed", { name: nameOf(u) })}>
          <UserCheck className="h-4 w-4" aria-hidden="true" />
          {t("admin.users.enable")}
        </Button>
      ) : u.id !== me ? (
        <Button
          size="sm"
          variant="outline"
          className="border-red-200 text-red-700 hover:bg-red-50"
          onClick={() => askDisable(u)}
          disabled={busy(u.id)}
          aria-label={t("admin.users.disableNamed", { name: nameOf(u) })}
        >
          <Ban className="h-4 w-4" aria-hidden="true" />
          {t("admin.users.disable")}
        </Button>
      ) : null}
    </div>
  );
}

/** The columns; built once per language, so the cells stay the same objects across renders. */
function userColumns(t: Translate, when: (iso: string) => string) {
  const col = adminColumnHelper<UserRow>();
  return [
    col.accessor((u) => `${u.fullName ?? ""} ${u.email}`, {
      id: "user",
      header: t("admin.users.col.user"),
      enableSorting: false,
      cell: ({ row }) => <UserCell u={row.original} />,
    }),
    col.accessor("role", { header: t("admin.users.col.role"), enableSorting: false, cell: ({ row }) => <RoleCell u={row.original} /> }),
    col.accessor("isVerified", {
      header: t("admin.users.col.email"),
      enableSorting: false,
      cell: ({ getValue }) =>
        getValue() ? (
          <Badge variant="green" className="whitespace-nowrap">
            {t("admin.users.verified")}
          </Badge>
        ) : (
          <Badge variant="amber" className="whitespace-nowrap">
            {t("admin.users.unverified")}
          </Badge>
        ),
    }),
    col.accessor("twoFactor", {
      header: t("admin.users.col.twoFactor"),
      enableSorting: false,
      cell: ({ getValue }) =>
        getValue() ? (
          <Badge variant="green" className="whitespace-nowrap">
            {t("admin.users.twoFactorOn")}
          </Badge>
        ) : (
          <Badge variant="slate" className="whitespace-nowrap">
            {t("admin.users.twoFactorOff")}
          </Badge>
        ),
    }),
    col.accessor("lastSignInAt", {
      header: t("admin.users.col.lastSignIn"),
      enableSorting: false,
      cell: ({ getValue }) => {
        const at = getValue();
        return at ? (
          <time dateTime={at} className="whitespace-nowrap text-slate-600">
            {when(at)}
          </time>
        ) : (
          <span className="text-slate-500">{t("admin.users.never")}</span>
        );
      },
    }),
    col.display({ id: "actions", header: () => <ActionsHeader />, cell: ({ row }) => <RowActions u={row.original} /> }),
  ];
}

type ListState = { rows: UserRow[]; nextBefore: number | null; loaded: boolean; loading: boolean; failed: boolean };

/** The list's query: the search, the role, and the page cursor (empty ones are left out of the URL). */
const usersQuery = (q: string, role: Role | "", before?: number | null) => ({ q, role: role || undefined, before: before ?? undefined });

/**
 * Admin 'Users': every account, newest first, 50 at a time (the server searches and pages). An admin changes a role
 * from the row's select, disables an account (after a confirmation: its sessions end at once) or enables it again,
 * and sends a new confirmation link to an unconfirmed address. The server refuses one's own account and the last
 * admin; its message is shown as it is.
 */
export function UsersTab({ currentUserId }: { currentUserId: number }) {
  const t = useT();
  const f = useFormat({ table: true });
  const showDataLoadingError = useDataLoadingError();
  const columns = React.useMemo(() => userColumns(t, f.when), [t, f]);
  const [text, setText] = React.useState("");
  const [query, setQuery] = React.useState("");
  const [role, setRoleFilter] = React.useState<Role | "">("");
  const [reload, setReload] = React.useState(0);
  const [state, setState] = React.useState<ListState>({ rows: [], nextBefore: null, loaded: false, loading: true, failed: false });
  const [more, setMore] = React.useState(false);
  const [pending, setPending] = React.useState<Set<number>>(() => new Set());
  const [toDisable, setToDisable] = React.useState<UserRow | null>(null);
  const [toClear, setToClear] = React.useState<UserRow | null>(null);
  const { withConfirmation, dialog: confirmIdentityDialog } = useConfirmIdentity();
  const isolate = useIsolate();
  const refresh = React.useCallback(() => setReload((n) => n + 1), []);

  React.useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim().slice(0, USER_SEARCH_MAX)), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  React.useEffect(() => {
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

  /** Runs one change of account `u` (its controls wait meanwhile) and puts the server's answer in its row. */
  const change = React.useCallback(
    async (u: UserRow, request: () => Promise<UserRow>, done: (updated: UserRow) => void, failedTitle: string) => {
      setPending((s) => new Set(s).add(u.id));
      try {
        const updated = await request();
        setState((s) => ({ ...s, rows: s.rows.map((r) => (r.id === updated.id ? updated : r)) }));
        done(updated);
      } catch (err) {
        toast.error(failedTitle, { description: failureText(err, t) });
      } finally {
        setPending((s) => {
          const next = new Set(s);
          next.delete(u.id);
          return next;
        });
      }
    },
    [t],
  );

  const actions = React.useMemo<UserActions>(
    () => ({
      me: currentUserId,
      setRole: (u, next) =>
        void change(
          u,
          () => usersApi.setRole({ params: { id: u.id }, body: { role: next } }),
          (updated) =>
            toast.success(t("admin.users.roleChanged"), {
              description: t("admin.users.roleChangedText", { name: nameOf(updated), role: roleName(t, updated.role) }),
            }),
          t("admin.users.roleFailed"),
        ),
      askDisable: setToDisable,
      enable: (u) =>
        void change(
          u,
          () => usersApi.enable({ params: { id: u.id } }),
          (updated) => toast.success(t("admin.users.enabledToast"), { description: nameOf(updated) }),
          t("admin.users.updateFailed"),
        ),
      resend: (u) =>
        void change(
          u,
          async () => {
            await usersApi.resendVerification({ params: { id: u.id } });
            return u;
          },
          () => toast.success(t("admin.users.resent"), { description: u.email }),
          t("admin.users.resendFailed"),
        ),
      askClearFactors: setToClear,
      busy: (id) => pending.has(id),
    }),
    [change, currentUserId, pending, t],
  );

  const disable = React.useCallback(
    (u: UserRow) =>
      change(
        u,
        () => usersApi.disable({ params: { id: u.id } }),
        (updated) => toast.success(t("admin.users.disabledToast"), { description: nameOf(updated) }),
        t("admin.users.updateFailed"),
      ),
    [change, t],
  );

  /** Removes the account's second factors (the admin's password may be asked again first). */
  const clearFactors = React.useCallback(
    (u: UserRow) =>
      change(
        u,
        async () => {
          try {
            return (await withConfirmation((proof) => usersApi.clearSecondFactors({ params: { id: u.id }, body: { ...proof } }))).user;
          } catch (err) {
            if (err instanceof ConfirmationCancelled) return u;
            throw err;
          }
        },
        (updated) => {
          if (!updated.twoFactor) toast.success(t("admin.users.factorsCleared"), { description: nameOf(updated) });
        },
        t("admin.users.updateFailed"),
      ),
    [change, t, withConfirmation],
  );

  const { rows, nextBefore, loaded, loading, failed } = state;
  const filtered = Boolean(query || role);

  return (
    <section aria-labelledby="users-heading" aria-busy={loading}>
      <TabHeader id="users-heading" title={t("admin.users.title")} description={t("admin.users.description")}>
        <RefreshButton busy={loading} onClick={refresh} />
      </TabHeader>

      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="w-full sm:max-w-xs">
          <IconInput
            icon={Search}
            type="search"
            value={text}
            maxLength={USER_SEARCH_MAX}
            onChange={(e) => setText(e.target.value)}
            placeholder={t("admin.users.search")}
            aria-label={t("admin.users.search")}
          />
        </div>
        <NativeSelect
          value={role}
          onChange={(e) => setRoleFilter(e.target.value as Role | "")}
          aria-label={t("admin.users.roleFilter")}
          className="w-full sm:w-48"
        >
          <option value="">{t("admin.users.allRoles")}</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(t, r)}
            </option>
          ))}
        </NativeSelect>
      </div>

      <UserActionsContext.Provider value={actions}>
        <TabTable
          label={t("admin.users.tableLabel")}
          data={rows}
          columns={columns}
          getRowId={(u) => String(u.id)}
          pageSize={0}
          rowClassName={(u) => (u.disabledAt ? "bg-red-50/40" : undefined)}
          columnClasses={{ actions: "w-px whitespace-nowrap text-end" }}
          cardCellClasses={{ user: "max-md:col-span-2", actions: "max-md:whitespace-normal" }}
          phoneCards
          status={!loaded && loading ? "loading" : failed && !loaded ? "failed" : "ready"}
          busy={loading}
          loadingLabel={t("admin.users.loading")}
          loadingRows={6}
          failedText={t("admin.users.loadFailed")}
          onRetry={refresh}
          emptyIcon={Users}
          emptyText={t(filtered ? "admin.users.noMatch" : "admin.users.empty")}
          footer={
            rows.length > 0 ? (
              <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
                <span>{t("admin.users.shown", { count: rows.length, shown: f.count(rows.length) })}</span>
                {nextBefore ? (
                  <Button variant="outline" size="sm" onClick={() => void loadMore()} disabled={more}>
                    {more ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                    {t("admin.users.more")}
                  </Button>
                ) : null}
              </div>
            ) : null
          }
        />
      </UserActionsContext.Provider>

      <ConfirmDialog
        open={toDisable !== null}
        onOpenChange={(next) => !next && setToDisable(null)}
        title={t("admin.users.disableTitle")}
        description={toDisable ? t("admin.users.disableText", { name: isolate(toDisable.fullName || toDisable.email), email: isolate(toDisable.email) }) : ""}
        confirmLabel={t("admin.users.disableConfirm")}
        cancelLabel={t("admin.users.cancel")}
        onConfirm={async () => {
          if (toDisable) await disable(toDisable);
          setToDisable(null);
        }}
      />
      <ConfirmDialog
        open={toClear !== null}
        onOpenChange={(next) => !next && setToClear(null)}
        title={t("admin.users.clearFactorsTitle")}
        description={toClear ? t("admin.users.clearFactorsText", { name: isolate(toClear.fullName || toClear.email), email: isolate(toClear.email) }) : ""}
        confirmLabel={t("admin.users.clearFactorsConfirm")}
        cancelLabel={t("admin.users.cancel")}
        onConfirm={async () => {
          const target = toClear;
          setToClear(null);
          if (target) await clearFactors(target);
        }}
      />
      {confirmIdentityDialog}
    </section>
  );
}
