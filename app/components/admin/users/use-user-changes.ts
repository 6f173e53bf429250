import * as React from "react";
import { ConfirmationCancelled, useConfirmIdentity } from "~/hooks/use-confirm-identity";
import { useT } from "~/i18n/provider";
import { usersApi } from "~/lib/api/users";
import { toast } from "~/lib/toast";
import { failureText } from "../../manage/form-errors";
import type { RoleRequest } from "./role-dialog";
import type { UserActions } from "./user-columns";
import { nameOf, roleName, type UserRow } from "./types";
import type { ListState } from "./use-users-list";

/** Runs one change of account `u` (its controls wait meanwhile) and puts the server's answer in its row. */
function useAccountChange(setState: React.Dispatch<React.SetStateAction<ListState>>) {
  const t = useT();
  const [pending, setPending] = React.useState<Set<number>>(() => new Set());
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
    [setState, t],
  );

  return { pending, change };
}

/**
 * The changes an admin makes to accounts: role (after a confirmation naming what it gives), disable (after a confirmation), enable, a new confirmation link, and
 * clearing second factors (after a confirmation, and the admin's password may be asked again). Each puts the server's
 * answer in its row; the server's refusal is shown as it is.
 */
export function useUserChanges(currentUserId: number, setState: React.Dispatch<React.SetStateAction<ListState>>) {
  const t = useT();
  const { pending, change } = useAccountChange(setState);
  const [toDisable, setToDisable] = React.useState<UserRow | null>(null);
  const [toClear, setToClear] = React.useState<UserRow | null>(null);
  const [toRole, setToRole] = React.useState<RoleRequest | null>(null);
  const { withConfirmation, dialog: confirmIdentityDialog } = useConfirmIdentity();

  const actions = React.useMemo<Omit<UserActions, "showReading">>(
    () => ({
      me: currentUserId,
      setRole: (u, next) => {
        if (next !== u.role) setToRole({ user: u, role: next });
      },
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

  /** Gives the confirmed role; the dialog closes once the server has answered. */
  const setRole = React.useCallback(
    async ({ user: u, role }: RoleRequest) => {
      await change(
        u,
        () => usersApi.setRole({ params: { id: u.id }, body: { role } }),
        (updated) =>
          toast.success(t("admin.users.roleChanged"), {
            description: t("admin.users.roleChangedText", { name: nameOf(updated), role: roleName(t, updated.role) }),
          }),
        t("admin.users.roleFailed"),
      );
      setToRole(null);
    },
    [change, t],
  );

  return { actions, toRole, setToRole, setRole, toDisable, setToDisable, disable, toClear, setToClear, clearFactors, confirmIdentityDialog };
}
