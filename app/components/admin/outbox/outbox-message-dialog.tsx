import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFormat, useT } from "~/i18n/provider";
import { STATUS, type OutboxMessage } from "./types";

/** One e-mail as it was written: recipient, time, status, the last delivery error, and its text. */
export function OutboxMessageDialog({ viewing, onClose }: { viewing: OutboxMessage | null; onClose: () => void }) {
  const t = useT();
  const f = useFormat();
  return (
    <Dialog open={Boolean(viewing)} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        {viewing ? (
          <>
            <DialogHeader>
              <DialogTitle dir="auto">{viewing.subject}</DialogTitle>
              <DialogDescription>
                {t("admin.outbox.to")} <bdi>{viewing.toAddress}</bdi> · {f.when(viewing.createdAt)} · {t(STATUS[viewing.status].label)}
              </DialogDescription>
            </DialogHeader>
            {viewing.lastError ? (
              <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" dir="ltr">
                {viewing.lastError}
              </p>
            ) : null}
            {viewing.sensitive && viewing.textBody ? <p className="text-sm text-slate-600">{t("admin.outbox.linksMasked")}</p> : null}
            {viewing.textBody ? (
              <pre
                className="max-h-[55vh] overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-4 font-sans text-sm leading-relaxed text-slate-800"
                dir={viewing.locale === "ar" ? "rtl" : "ltr"}
                lang={viewing.locale}
              >
                {viewing.textBody}
              </pre>
            ) : (
              <p className="text-sm text-slate-600">{t("admin.outbox.bodyRemoved")}</p>
            )}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
