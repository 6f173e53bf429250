import { Loader2 } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useIsolate } from "~/components/site/labels";
import { useT } from "~/i18n/provider";
import type { Role } from "../../../../shared/roles";
import { nameOf, roleName, type UserRow } from "./types";

/** A role an admin has chosen in a row's select and not yet confirmed. */
export type RoleRequest = { user: UserRow; role: Role };

/** What the new role gives (and, for an admin, that two-factor sign-in is required), and the role it replaces. */
export function RoleGrants({ request }: { request: RoleRequest }) {
  const t = useT();
  const isolate = useIsolate();
  return (
    <>
      <span className="block">{t("admin.users.roleGives", { role: request.role, name: isolate(nameOf(request.user)) })}</span>
      <span className="mt-2 block text-slate-500">{t("admin.users.roleFrom", { role: roleName(t, request.user.role) })}</span>
    </>
  );
}

/**
 * The confirmation a role change waits for. Nothing is sent before Confirm; Cancel leaves the row's select on the
 * role the account has (the select shows the stored role, so it never moved).
 */
export function RoleConfirmDialog({
  request,
  onCancel,
  onConfirm,
}: {
  request: RoleRequest | null;
  onCancel: () => void;
  onConfirm: (request: RoleRequest) => Promise<void>;
}) {
  const t = useT();
  const isolate = useIsolate();
  const [busy, setBusy] = React.useState(false);
  // The dialog keeps its last text while it closes.
  const [shown, setShown] = React.useState(request);
  if (request && request !== shown) setShown(request);
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent role="alertdialog" className="max-w-md">
        {shown ? (
          <>
            <DialogHeader>
              <DialogTitle>{t("admin.users.roleTitle", { name: isolate(nameOf(shown.user)), role: shown.role })}</DialogTitle>
              <DialogDescription>
                <RoleGrants request={shown} />
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                {t("admin.users.cancel")}
              </Button>
              <Button
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  try {
                    await onConfirm(shown);
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {t("admin.users.roleConfirm", { role: shown.role })}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
