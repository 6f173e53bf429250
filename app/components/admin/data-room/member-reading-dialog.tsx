import { BookOpen } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { useLoaded } from "~/hooks/use-loaded";
import { useT } from "~/i18n/provider";
import { href } from "~/lib/api/client";
import { dataRoomAdminApi, dataRoomAdminRoutes } from "~/lib/api/data-room-admin";
import type { InvestorReading } from "../../../../shared/api/data-room";
import { useReadingFormat } from "./reading-format";
import { CsvLink, KindBadge, Stat, Th, ViewId, ViewReading } from "./reading-stats";
import { LoadFailed } from "./load-failed";

/** The member whose reading is shown. */
export type ReadingMember = { id: number; email: string; fullName: string | null };

/**
 * What one member read, newest first: each document they opened in the viewer or downloaded, when, which version,
 * for how long and how many pages, with the view id; totals above, and every view as CSV.
 */
export function MemberReadingDialog({ member, onOpenChange }: { member: ReadingMember | null; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const { state, reload } = useLoaded(member, (m) => dataRoomAdminApi.investorReading({ params: { id: m.id } }));

  const name = member ? member.fullName || member.email : "";
  return (
    <Dialog open={Boolean(member)} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <BookOpen className="h-5 w-5 text-gold-600" aria-hidden="true" />
            {t("admin.dataRoom.member.title")}
          </DialogTitle>
          <DialogDescription>
            <bdi>{name}</bdi>
            {member?.fullName ? (
              <>
                {" · "}
                <bdi>{member.email}</bdi>
              </>
            ) : null}
          </DialogDescription>
        </DialogHeader>
        {state.status === "loading" ? (
          <div role="status" aria-label={t("admin.dataRoom.member.loading")} className="space-y-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : state.status === "failed" ? (
          <LoadFailed message={t("admin.dataRoom.member.loadFailed")} onRetry={reload} />
        ) : (
          <MemberReadingView reading={state.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The member's views once loaded. */
export function MemberReadingView({ reading: r }: { reading: InvestorReading }) {
  const t = useT();
  const rf = useReadingFormat();
  const opened = r.views.filter((v) => v.kind === "view");
  const documents = new Set(r.views.map((v) => v.documentId)).size;
  const totalMs = opened.reduce((sum, v) => sum + v.visibleMs, 0);
  const csv = href(dataRoomAdminRoutes.investorReadingCsv, { params: { id: r.userId } });
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label={t("admin.dataRoom.member.documents")} value={rf.count(documents)} />
        <Stat label={t("admin.dataRoom.reading.views")} value={rf.count(opened.length)} />
        <Stat label={t("admin.dataRoom.reading.downloads")} value={rf.count(r.views.length - opened.length)} />
        <Stat label={t("admin.dataRoom.reading.totalTime")} value={rf.duration(totalMs)} />
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-navy-950">{t("admin.dataRoom.reading.viewList", { count: r.views.length })}</h3>
        <CsvLink href={csv} label={t("admin.dataRoom.member.exportNamed", { name: r.fullName || r.email })} />
      </div>
      {r.views.length ? (
        <div className="relative max-h-[55vh] overflow-auto rounded-lg border border-slate-200">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("admin.dataRoom.member.tableLabel", { name: r.fullName || r.email })}</caption>
            <thead className="sticky top-0 z-10 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <Th>{t("admin.dataRoom.member.col.document")}</Th>
                <Th>{t("admin.dataRoom.reading.col.when")}</Th>
                <Th className="max-sm:hidden">{t("admin.dataRoom.reading.col.reading")}</Th>
                <Th className="max-md:hidden">{t("admin.dataRoom.reading.col.kind")}</Th>
                <Th className="max-md:hidden">{t("admin.dataRoom.reading.col.viewId")}</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {r.views.map((v) => (
                <tr key={v.viewId} className="align-top">
                  <td className="px-3 py-2">
                    <span className="block break-words font-medium text-navy-950">
                      <bdi>{v.title}</bdi>
                    </span>
                    <span className="text-xs text-slate-500">{t("admin.dataRoom.versions.number", { number: v.version })}</span>
                    <div className="mt-1 flex flex-wrap items-center gap-1.5 md:hidden">
                      <KindBadge kind={v.kind} />
                      <ViewId id={v.viewId} />
                    </div>
                  </td>
                  <td className="px-3 py-2 text-slate-600">
                    <time dateTime={v.startedAt} className="whitespace-nowrap">
                      {rf.when(v.startedAt)}
                    </time>
                    {/* On a phone the reading goes under the time. */}
                    <span className="mt-1 block text-slate-700 sm:hidden">
                      <ViewReading v={v} />
                    </span>
                  </td>
                  <td className="px-3 py-2 text-slate-700 max-sm:hidden">
                    <ViewReading v={v} />
                  </td>
                  <td className="px-3 py-2 max-md:hidden">
                    <KindBadge kind={v.kind} />
                  </td>
                  <td className="px-3 py-2 max-md:hidden">
                    <ViewId id={v.viewId} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 py-8 text-center text-sm text-slate-500">{t("admin.dataRoom.member.empty")}</p>
      )}
    </div>
  );
}
