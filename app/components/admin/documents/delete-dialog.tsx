import { Loader2, Trash2 } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useT } from "~/i18n/provider";
import { ApiError } from "~/lib/api/client";
import { documentsApi } from "~/lib/api/documents";
import { toast } from "~/lib/toast";
import { failureText } from "../../manage/form-errors";
import type { DocRow } from "./types";

/** Confirm and delete a document with its file; one already gone (404) leaves the list too. */
export function DeleteDialog({ doc, onOpenChange, onDeleted }: { doc: DocRow | null; onOpenChange: (open: boolean) => void; onDeleted: (id: number) => void }) {
  const t = useT();
  const [pending, setPending] = React.useState(false);
  async function remove() {
    if (!doc) return;
    setPending(true);
    try {
      await documentsApi.remove({ params: { id: doc.id } });
      onDeleted(doc.id);
      toast.success(t("admin.documents.deleted"), { description: doc.title });
      onOpenChange(false);
    } catch (err) {
      toast.error(t("admin.documents.deleteFailed"), { description: failureText(err, t) });
      if (err instanceof ApiError && err.status === 404) {
        onDeleted(doc.id);
        onOpenChange(false);
      }
    } finally {
      setPending(false);
    }
  }
  return (
    <Dialog open={Boolean(doc)} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("admin.documents.deleteTitle")}</DialogTitle>
          <DialogDescription>
            {t.rich("admin.documents.deleteText", {
              title: doc?.title ?? "",
              b: (chunks) => <strong className="font-semibold text-slate-800">{chunks}</strong>,
            })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t("manage.form.cancel")}
          </Button>
          <Button variant="destructive" onClick={() => void remove()} disabled={pending}>
            {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Trash2 className="h-4 w-4" aria-hidden="true" />}
            {t("admin.documents.deleteConfirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
