import { Loader2, type LucideIcon } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";

/**
 * The confirmation before an action on an alert, a subscriber or an event: what it is about (`subject`), what happens
 * (`text`, and any `children`), and the two buttons in the page's language. The dialog stays open while the action
 * runs; `onConfirm` closes it when it succeeded.
 */
export function ActionDialog({
  open,
  onOpenChange,
  title,
  subject,
  text,
  children,
  confirmLabel,
  cancelLabel,
  icon: Icon,
  destructive = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  subject: React.ReactNode;
  text: string;
  children?: React.ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  icon: LucideIcon;
  destructive?: boolean;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="break-words font-semibold text-slate-800">{subject}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-slate-700">{text}</p>
        {children ? <div className="mt-4">{children}</div> : null}
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
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Icon className="h-4 w-4" aria-hidden="true" />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
