import { Users } from "lucide-react";
import * as React from "react";
import { useFormat, useT } from "~/i18n/provider";
import { MemberReadingDialog } from "./data-room/member-reading-dialog";
import { RefreshButton, TabHeader } from "./tab-header";
import { TabTable } from "./tab-table";
import { RoleConfirmDialog } from "./users/role-dialog";
import { useUserChanges } from "./users/use-user-changes";
import { useUsersList, type UsersPage } from "./users/use-users-list";
import { UserActionsContext, userColumns, type UserActions } from "./users/user-columns";
import { UserConfirmDialogs } from "./users/user-dialogs";
import { UserFilters } from "./users/user-filters";
import { PagedFooter } from "./paged-footer";

import type { UserRow } from "./users/types";

export type { UserRow };

/**
 * Admin 'Users': every account, newest first, 50 at a time (the server searches and pages). An admin picks a role
 * in the row's select and confirms it in a dialog that names what the role gives, disables an account (after a
 * confirmation: its sessions end at once) or enables it again, and sends a new confirmation link to an unconfirmed
 * address. The server refuses one's own account and the last
 * admin; its message is shown as it is. 'Reading' shows what a member read in the data room.
 */
export function UsersTab({ currentUserId, loaded: firstPage }: { currentUserId: number; loaded?: UsersPage | null }) {
  const t = useT();
  const f = useFormat();
  const columns = React.useMemo(() => userColumns(t, f.when), [t, f]);
  const { text, setText, query, role, setRoleFilter, state, setState, refresh, more, loadMore } = useUsersList(firstPage);
  const { actions: changes, confirmIdentityDialog, toRole, setToRole, setRole, ...confirmations } = useUserChanges(currentUserId, setState);
  const [readingOf, setReadingOf] = React.useState<UserRow | null>(null);
  const actions = React.useMemo<UserActions>(() => ({ ...changes, showReading: setReadingOf }), [changes]);

  const { rows, nextBefore, loaded, loading, failed } = state;
  const filtered = Boolean(query || role);

  return (
    <section aria-labelledby="users-heading" aria-busy={loading}>
      <TabHeader id="users-heading" title={t("admin.users.title")} description={t("admin.users.description")}>
        <RefreshButton busy={loading} onClick={refresh} />
      </TabHeader>

      <UserFilters text={text} onText={setText} role={role} onRole={setRoleFilter} />

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
              <PagedFooter
                shownText="admin.users.shown"
                moreText="admin.users.more"
                shown={rows.length}
                hasMore={Boolean(nextBefore)}
                more={more}
                onMore={() => void loadMore()}
              />
            ) : null
          }
        />
      </UserActionsContext.Provider>

      <RoleConfirmDialog request={toRole} onCancel={() => setToRole(null)} onConfirm={setRole} />
      <UserConfirmDialogs {...confirmations} />
      <MemberReadingDialog member={readingOf} onOpenChange={(open) => !open && setReadingOf(null)} />
      {confirmIdentityDialog}
    </section>
  );
}
