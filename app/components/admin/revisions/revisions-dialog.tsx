import { History, Loader2, RotateCcw } from "lucide-react";
import * as React from "react";
import { ConfirmDialog } from "~/components/manage/confirm-dialog";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { useFormat, useT, type Translate } from "~/i18n/provider";
import { revisionsApi } from "~/lib/api/revisions";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import type { RevisionEntryRow } from "../../../../shared/api/revisions";
import { fieldText } from "../../../../shared/audit-text";
import { BASELINE_REASON, type RevisionEntity } from "../../../../shared/revisions";
import { auditT } from "../audit/types";
import { FramedTable, Th } from "../framed-table";
import { IconDialog } from "../icon-dialog";
import { ComparePanel } from "./compare-panel";
import { useRevisionList, useRevisionPair } from "./use-revisions";

export type RevisionsDialogProps = {
  entity: RevisionEntity;
  /** The release's or the company's id. */
  id: number;
  /** Its title or name, shown under the dialog's title. */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a restore (the item is now a draft with the restored texts): refresh the table. */
  onRestored?: () => void;
};

/** Changed fields shown in a row before '+n more'. */
const CHANGED_SHOWN = 4;

/** Why a revision was kept, in words: created, edited, restored from #n, or the text before the first kept edit. */
function reasonText(t: Translate, r: RevisionEntryRow) {
  if (r.reason === BASELINE_REASON) return t("admin.revisions.reason.baseline");
  const restored = r.reason?.match(/^restore:(\d+)$/);
  if (restored) return t("admin.revisions.reason.restore", { number: Number(restored[1]) });
  return t(r.changed === null ? "admin.revisions.reason.created" : "admin.revisions.reason.edit");
}

function whoText(t: Translate, r: RevisionEntryRow) {
  if (r.actorEmail) return r.actorEmail;
  return t(r.reason === BASELINE_REASON ? "admin.revisions.by.unknown" : "admin.revisions.by.system");
}

/** The newest two, older first: what the dialog compares when it opens. */
const newestPair = (revisions: RevisionEntryRow[]) => (revisions.length >= 2 ? [revisions[1].number, revisions[0].number] : []);

/**
 * An item's revisions: who saved each, when (Cairo time) and what changed; any two compared side by side, word by word,
 * in English and in Arabic; any one restored as a draft after a confirmation that says the item leaves the public site
 * until it is published again.
 */
export default function RevisionsDialog({ entity, id, title, open, onOpenChange, onRestored }: RevisionsDialogProps) {
  const t = useT();
  const f = useFormat();
  const list = useRevisionList(entity, id, open);
  const [selected, setSelected] = React.useState<number[]>([]);
  const [confirming, setConfirming] = React.useState<number | null>(null);

  // Each fresh list starts by comparing its newest two revisions.
  React.useEffect(() => {
    if (list.status === "ready") setSelected(newestPair(list.revisions));
  }, [list.status, list.revisions]);

  const pairNumbers = selected.length === 2 ? ([Math.min(...selected), Math.max(...selected)] as const) : null;
  const pair = useRevisionPair(entity, id, pairNumbers);

  function toggle(number: number) {
    setSelected((s) => (s.includes(number) ? s.filter((n) => n !== number) : [...s, number].slice(-2)));
  }

  async function restore(number: number) {
    try {
      await revisionsApi.restore({ params: { entity, id, number } });
      toast.success(t("admin.revisions.restored", { number }));
      setConfirming(null);
      list.reload();
      onRestored?.();
    } catch {
      toast.error(t("admin.revisions.restoreFailed"));
    }
  }

  const at = auditT(t);
  return (
    <IconDialog
      open={open}
      onOpenChange={onOpenChange}
      icon={History}
      title={t("admin.revisions.title")}
      description={t("admin.revisions.description", { title })}
      className="max-w-5xl"
    >
      {list.status === "loading" && !list.revisions.length ? (
        <div role="status" aria-label={t("admin.revisions.loading")} className="space-y-2">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : list.status === "failed" ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {t("admin.revisions.failed")}
        </p>
      ) : !list.revisions.length ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{t("admin.revisions.empty")}</p>
      ) : (
        <div className="space-y-6">
          <FramedTable
            caption={t("admin.revisions.title")}
            head={
              <>
                <Th>{t("admin.revisions.col.compare")}</Th>
                <Th>{t("admin.revisions.col.number")}</Th>
                <Th>{t("admin.revisions.col.by")}</Th>
                {/* On a phone the time and what changed go under who saved it, so the restore button stays in view. */}
                <Th className="max-sm:hidden">{t("admin.revisions.col.when")}</Th>
                <Th className="max-sm:hidden">{t("admin.revisions.col.what")}</Th>
                <Th hidden>{t("admin.revisions.col.actions")}</Th>
              </>
            }
          >
            {list.revisions.map((r, i) => {
              const changed = r.changed ?? [];
              const checked = selected.includes(r.number);
              return (
                <tr key={r.number} className={cn(checked && "bg-gold-50/60")}>
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-navy-800"
                      checked={checked}
                      onChange={() => toggle(r.number)}
                      aria-label={t("admin.revisions.compareLabel", { number: r.number })}
                    />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 font-semibold tabular-nums text-navy-950">{t("admin.revisions.number", { number: r.number })}</td>
                  <td className="px-3 py-2">
                    <bdi className="break-all">{whoText(t, r)}</bdi>
                    <span className="block text-xs text-slate-500 sm:hidden">
                      <time dateTime={r.createdAt}>{f.cairoWhen(r.createdAt)}</time> · {reasonText(t, r)}
                    </span>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-slate-600 max-sm:hidden">
                    <time dateTime={r.createdAt}>{f.cairoWhen(r.createdAt)}</time>
                  </td>
                  <td className="px-3 py-2 max-sm:hidden">
                    <span className="font-medium text-slate-800">{reasonText(t, r)}</span>
                    {changed.length ? (
                      <span className="block text-xs text-slate-500">
                        {changed
                          .slice(0, CHANGED_SHOWN)
                          .map((name) => fieldText(at, name))
                          .join(", ")}
                        {changed.length > CHANGED_SHOWN ? ` ${t("admin.revisions.changedMore", { count: changed.length - CHANGED_SHOWN })}` : ""}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-end">
                    {i === 0 ? null : (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        onClick={() => setConfirming(r.number)}
                        aria-label={t("admin.revisions.restoreNamed", { number: r.number })}
                      >
                        <RotateCcw className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
                        {/* On a phone the button is its icon (its name stays in aria-label), so the row fits. */}
                        <span className="max-sm:hidden">{t("admin.revisions.restore")}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </FramedTable>

          <section aria-labelledby="revisions-compare" className="space-y-3">
            <h3 id="revisions-compare" className="font-display text-base font-semibold text-navy-950">
              {pairNumbers ? t("admin.revisions.comparing", { older: pairNumbers[0], newer: pairNumbers[1] }) : t("admin.revisions.compare")}
            </h3>
            {!pairNumbers ? (
              <p className="text-sm text-slate-600">{t("admin.revisions.pick")}</p>
            ) : pair.status === "failed" ? (
              <p role="alert" className="text-sm text-red-800">
                {t("admin.revisions.compareFailed")}
              </p>
            ) : pair.status === "ready" && pair.pair ? (
              <>
                <p className="text-xs text-slate-500">{t("admin.revisions.legend")}</p>
                <ComparePanel entity={entity} older={pair.pair[0]} newer={pair.pair[1]} />
              </>
            ) : (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                {t("admin.revisions.comparingLoading")}
              </p>
            )}
          </section>
        </div>
      )}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(next) => !next && setConfirming(null)}
        title={t("admin.revisions.confirmTitle", { number: confirming ?? 0 })}
        description={t("admin.revisions.confirmText", { entity })}
        confirmLabel={t("admin.revisions.restore")}
        cancelLabel={t("admin.revisions.cancel")}
        onConfirm={() => (confirming === null ? Promise.resolve() : restore(confirming))}
      />
    </IconDialog>
  );
}
