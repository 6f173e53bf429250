import { Loader2, type LucideIcon } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";

// English, for callers that do not pass their page's labels yet.
const ENGLISH = { cancel: "Cancel", confirm: "Delete" };

/**
 * An in-page confirmation (accessible, focus-trapped) instead of the browser's confirm(). The caller passes the
 * button labels in its page's language (the dashboard and the portal load different catalogs).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = ENGLISH.confirm,
  cancelLabel = ENGLISH.cancel,
  destructive = true,
  icon: Icon,
  children,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A red confirm button (the default: most confirmations are of a deletion). */
  destructive?: boolean;
  /** The confirm button's icon (none by default). */
  icon?: LucideIcon;
  /** What else the reader should know, under the description. */
  children?: React.ReactNode;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={children ? "break-words font-semibold text-slate-800" : undefined}>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={destructive ? "destructive" : "default"}
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }}
          >
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : Icon ? <Icon className="h-4 w-4" aria-hidden="true" /> : null}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
