import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import * as React from "react";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

export function DialogContent({ className, children, onEscapeKeyDown, ...props }: React.ComponentProps<typeof D.Content>) {
  const t = useT();
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-navy-950/60 backdrop-blur-sm" />
      <D.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[90vh] max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl focus:outline-none",
          className,
        )}
        // Escape in a control that answers it itself (the editor and its link panel) leaves the dialog, and the
        // form's unsaved text, open.
        onEscapeKeyDown={(event) => {
          if (document.activeElement?.closest("[data-own-escape]")) event.preventDefault();
          onEscapeKeyDown?.(event);
        }}
        {...props}
      >
        {children}
        <D.Close
          className="absolute end-4 top-4 rounded-sm p-1 text-slate-500 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
          aria-label={t("common.dialog.close")}
        >
          <X className="h-4 w-4" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
export function DialogHeader({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("mb-4 space-y-1.5 pe-6", className)} {...props} />;
}
export function DialogTitle({ className, ...props }: React.ComponentProps<typeof D.Title>) {
  return <D.Title className={cn("text-xl font-semibold text-navy-950", className)} {...props} />;
}
export function DialogDescription({ className, ...props }: React.ComponentProps<typeof D.Description>) {
  return <D.Description className={cn("text-sm text-slate-600", className)} {...props} />;
}
/**
 * The dialog's buttons. The dialog's body scrolls when it is taller than the screen; the footer stays at its lower
 * edge (sticky, over the body's padding), so Save, Cancel, Copy or Close never sit below the fold on a phone. A dialog
 * whose content has no padding passes `mx-0 mb-0`.
 */
export function DialogFooter({ className, ...props }: React.HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        "sticky bottom-0 z-10 -mx-6 -mb-6 mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 bg-white px-6 py-4 sm:flex-row sm:justify-end",
        className,
      )}
      {...props}
    />
  );
}
