import { Check, Loader2, X } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { StatusBadge } from "./status-badge";
import { nameOf, type ApplicationRow, type ReviewAction } from "./types";

/** A label and its value in the application dialog. */
function Detail({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</dt>
      <dd className={cn("mt-1", className)}>{children}</dd>
    </div>
  );
}

/** One application in full; a pending one can be approved or rejected from here. */
export function ApplicationDialog({
  viewing,
  busy,
  onClose,
  onReview,
}: {
  viewing: ApplicationRow | null;
  busy: number | null;
  onClose: () => void;
  onReview: (a: ApplicationRow, action: ReviewAction) => Promise<void>;
}) {
  const t = useT();
  const f = useFormat();
  return (
    <Dialog open={Boolean(viewing)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        {viewing ? (
          <>
            <DialogHeader>
              <DialogTitle>{t("admin.applications.dialogTitle", { name: nameOf(viewing) })}</DialogTitle>
              <DialogDescription>
                {t("admin.applications.submittedOn", { when: f.when(viewing.submittedAt) })} ·{" "}
                <a href={`mailto:${viewing.email}`} className="text-navy-700 hover:underline">
                  <bdi>{viewing.email}</bdi>
                </a>
              </DialogDescription>
            </DialogHeader>
            <dl className="space-y-4 text-sm">
              <div className="grid grid-cols-2 gap-4">
                <Detail label={t("admin.applications.col.company")} className="text-slate-900">
                  {viewing.company || "—"}
                </Detail>
                <Detail label={t("admin.applications.position")} className="text-slate-900">
                  {viewing.position || "—"}
                </Detail>
              </div>
              <Detail label={t("admin.applications.col.motivation")} className="whitespace-pre-line leading-relaxed text-slate-800">
                {viewing.motivation || "—"}
              </Detail>
              <Detail label={t("admin.applications.interests")} className="whitespace-pre-line text-slate-800">
                {viewing.investmentInterests || "—"}
              </Detail>
              <Detail label={t("admin.applications.col.status")} className="flex items-center gap-2">
                <StatusBadge status={viewing.status} />
                {viewing.reviewedAt ? (
                  <span className="text-slate-600">
                    {viewing.reviewedByName
                      ? t("admin.applications.reviewedBy", { when: f.when(viewing.reviewedAt), name: viewing.reviewedByName })
                      : t("admin.applications.reviewed", { when: f.when(viewing.reviewedAt) })}
                  </span>
                ) : null}
              </Detail>
            </dl>
            {viewing.status === "pending" ? (
              <DialogFooter>
                <Button
                  variant="outline"
                  className="border-red-200 text-red-700 hover:bg-red-50"
                  onClick={() => void onReview(viewing, "reject")}
                  disabled={busy === viewing.id}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                  {t("admin.applications.reject")}
                </Button>
                <Button className="bg-emerald-600 hover:bg-emerald-700" onClick={() => void onReview(viewing, "approve")} disabled={busy === viewing.id}>
                  {busy === viewing.id ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />}
                  {t("admin.applications.approve")}
                </Button>
              </DialogFooter>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
