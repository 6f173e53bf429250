import { BarChart3 } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { useLoaded } from "~/hooks/use-loaded";
import { useT } from "~/i18n/provider";
import { href } from "~/lib/api/client";
import { dataRoomAdminApi, dataRoomAdminRoutes } from "~/lib/api/data-room-admin";
import type { DocumentReading } from "../../../../shared/api/data-room";
import { HeatStrip, PageTable } from "./heat-strip";
import { useReadingFormat } from "./reading-format";
import { CsvLink, KindBadge, Stat, Th, ViewId, ViewReading } from "./reading-stats";
import { LoadFailed } from "./load-failed";

/**
 * How a document is read: readers, views, downloads, total time and the median per reader, the share of readers who
 * read every page, time per page as a heat strip (and as a table), and every view with who, when, which version,
 * how long and how many pages, and its view id (the one printed in its watermark). 'Export CSV' has every view.
 */
export function ReadingDialog({ doc, onOpenChange }: { doc: { id: number; title: string } | null; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const { state, reload } = useLoaded(doc, (d) => dataRoomAdminApi.documentReading({ params: { id: d.id } }));

  return (
    <Dialog open={Boolean(doc)} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <BarChart3 className="h-5 w-5 text-gold-600" aria-hidden="true" />
            {t("admin.dataRoom.reading.title")}
          </DialogTitle>
          <DialogDescription>
            <bdi>{doc?.title}</bdi>
          </DialogDescription>
        </DialogHeader>
        {state.status === "loading" ? (
          <div role="status" aria-label={t("admin.dataRoom.reading.loading")} className="space-y-3">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : state.status === "failed" ? (
          <LoadFailed message={t("admin.dataRoom.reading.loadFailed")} onRetry={reload} />
        ) : (
          <DocumentReadingView reading={state.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The analytics once loaded (the dialog's body). */
export function DocumentReadingView({ reading: r }: { reading: DocumentReading }) {
  const t = useT();
  const rf = useReadingFormat();
  const csv = href(dataRoomAdminRoutes.documentReadingCsv, { params: { id: r.documentId } });
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <Stat label={t("admin.dataRoom.reading.readers")} value={rf.count(r.readers)} />
        <Stat label={t("admin.dataRoom.reading.views")} value={rf.count(r.views)} />
        <Stat label={t("admin.dataRoom.reading.downloads")} value={rf.count(r.downloads)} />
        <Stat label={t("admin.dataRoom.reading.totalTime")} value={rf.duration(r.totalMs)} />
        <Stat label={t("admin.dataRoom.reading.median")} value={rf.duration(r.medianMs)} />
        <Stat label={t("admin.dataRoom.reading.completion")} value={rf.percent(r.completion)} />
      </dl>

      <section aria-labelledby="reading-pages" className="space-y-2">
        <h3 id="reading-pages" className="font-semibold text-navy-950">
          {t("admin.dataRoom.reading.pages")}
        </h3>
        {r.pages.length ? (
          <>
            <p className="text-xs text-slate-600">{t("admin.dataRoom.reading.pagesHint", { pages: r.pages.length })}</p>
            <HeatStrip pages={r.pages} />
            <details className="group text-sm">
              <summary className="cursor-pointer font-medium text-navy-800 hover:underline">{t("admin.dataRoom.reading.showTable")}</summary>
              <div className="mt-2">
                <PageTable pages={r.pages} />
              </div>
            </details>
          </>
        ) : (
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">{t("admin.dataRoom.reading.noPages")}</p>
        )}
      </section>

      <section aria-labelledby="reading-views" className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="reading-views" className="font-semibold text-navy-950">
            {t("admin.dataRoom.reading.viewList", { count: r.viewList.length })}
          </h3>
          <CsvLink href={csv} label={t("admin.dataRoom.reading.exportNamed", { title: r.title })} />
        </div>
        {r.viewList.length ? (
          <div className="relative max-h-[50vh] overflow-auto rounded-lg border border-slate-200">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("admin.dataRoom.reading.viewTable", { title: r.title })}</caption>
              <thead className="sticky top-0 z-10 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <Th>{t("admin.dataRoom.reading.col.who")}</Th>
                  <Th>{t("admin.dataRoom.reading.col.when")}</Th>
                  <Th className="max-sm:hidden">{t("admin.dataRoom.reading.col.version")}</Th>
                  <Th className="max-sm:hidden">{t("admin.dataRoom.reading.col.reading")}</Th>
                  <Th className="max-md:hidden">{t("admin.dataRoom.reading.col.kind")}</Th>
                  <Th className="max-md:hidden">{t("admin.dataRoom.reading.col.viewId")}</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {r.viewList.map((v) => (
                  <tr key={v.viewId} className="align-top">
                    <td className="px-3 py-2">
                      <span className="block break-words font-medium text-navy-950">
                        <bdi>{v.fullName || v.email}</bdi>
                      </span>
                      {v.fullName ? (
                        <span className="block break-all text-xs text-slate-500">
                          <bdi>{v.email}</bdi>
                        </span>
                      ) : null}
                      {/* On a phone the kind and the view id go under the name. */}
                      <div className="mt-1 flex flex-wrap items-center gap-1.5 md:hidden">
                        <KindBadge kind={v.kind} />
                        <ViewId id={v.viewId} />
                      </div>
                    </td>
                    <td className="px-3 py-2 text-slate-600">
                      <time dateTime={v.startedAt} className="whitespace-nowrap">
                        {rf.when(v.startedAt)}
                      </time>
                      {/* On a phone the version and the reading go under the time. */}
                      <span className="block text-xs text-slate-500 sm:hidden">{t("admin.dataRoom.versions.number", { number: v.version })}</span>
                      <span className="mt-1 block text-slate-700 sm:hidden">
                        <ViewReading v={v} />
                      </span>
                    </td>
                    <td className="px-3 py-2 tabular-nums text-slate-700 max-sm:hidden">{t("admin.dataRoom.versions.number", { number: v.version })}</td>
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
          <p className="rounded-lg border border-dashed border-slate-300 py-8 text-center text-sm text-slate-500">{t("admin.dataRoom.reading.empty")}</p>
        )}
      </section>
    </div>
  );
}
