import { Archive, ArchiveRestore, Ban, Loader2, ShieldCheck } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useT } from "~/i18n/provider";
import { hasErrorCode } from "~/lib/api/client";
import { dataRoomAdminApi } from "~/lib/api/data-room-admin";
import { toast } from "~/lib/toast";
import type { DocumentDto } from "../../../../shared/api/documents";
import { failureText } from "../../manage/form-errors";

/** Revoke now / give access back; archive / put back in the library. */
export type StateAction = "revoke" | "reinstate" | "archive" | "unarchive";
export type StateChange = { doc: Pick<DocumentDto, "id" | "title">; action: StateAction };

/** The action a row offers for each pair: the one that undoes the document's present state. */
export const revokeAction = (d: Pick<DocumentDto, "revokedAt">): StateAction => (d.revokedAt ? "reinstate" : "revoke");
export const archiveAction = (d: Pick<DocumentDto, "archivedAt">): StateAction => (d.archivedAt ? "unarchive" : "archive");

const ICON = { revoke: Ban, reinstate: ShieldCheck, archive: Archive, unarchive: ArchiveRestore } as const;
/** Taking access away is red; giving it back is the plain main button. */
const TAKES_AWAY: Record<StateAction, boolean> = { revoke: true, reinstate: false, archive: true, unarchive: false };

/**
 * The confirmation before a document's state changes, saying what happens to its readers (revoking and archiving
 * take effect at once, for anyone reading it too), then the change and a toast.
 */
export function StateChangeDialog({
  change,
  onOpenChange,
  onChanged,
  onGone,
}: {
  change: StateChange | null;
  onOpenChange: (open: boolean) => void;
  onChanged: (doc: DocumentDto) => void;
  /** The document no longer exists (404): the list reloads. */
  onGone: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = React.useState(false);
  const action = change?.action ?? "revoke";
  const Icon = ICON[action];

  async function confirm() {
    if (!change) return;
    setBusy(true);
    try {
      const doc = await dataRoomAdminApi[change.action]({ params: { id: change.doc.id } });
      onChanged(doc);
      toast.success(t(`admin.dataRoom.state.${change.action}.done`), { description: doc.title });
      onOpenChange(false);
    } catch (err) {
      toast.error(t(`admin.dataRoom.state.${change.action}.failed`), { description: failureText(err, t) });
      if (hasErrorCode(err, "NOT_FOUND")) {
        onGone();
        onOpenChange(false);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={change !== null} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t(`admin.dataRoom.state.${action}.title`)}</DialogTitle>
          <DialogDescription>
            <bdi className="font-semibold text-slate-800">{change?.doc.title}</bdi>
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm text-slate-700">{t(`admin.dataRoom.state.${action}.text`)}</p>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t("manage.form.cancel")}
          </Button>
          <Button variant={TAKES_AWAY[action] ? "destructive" : "default"} onClick={() => void confirm()} disabled={busy}>
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Icon className="h-4 w-4" aria-hidden="true" />}
            {t(`admin.dataRoom.state.${action}.confirm`)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
