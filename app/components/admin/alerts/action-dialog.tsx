import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { ConfirmDialog } from "~/components/manage/confirm-dialog";

/**
 * The confirmation before an action on an alert, a subscriber or an event: what it is about (`subject`), what happens
 * (`text`, and any `children`), and the two buttons in the page's language. The dialog stays open while the action
 * runs; `onConfirm` closes it when it succeeded.
 */
export function ActionDialog({
  subject,
  text,
  children,
  ...rest
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
  return (
    <ConfirmDialog destructive={false} {...rest} description={subject}>
      <p className="text-sm text-slate-700">{text}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </ConfirmDialog>
  );
}
