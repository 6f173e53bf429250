import { BarChart3 } from "lucide-react";
import { useLoaded } from "~/hooks/use-loaded";
import { useT } from "~/i18n/provider";
import { href } from "~/lib/api/client";
import { dataRoomAdminApi, dataRoomAdminRoutes } from "~/lib/api/data-room-admin";
import type { DocumentReading } from "../../../../shared/api/data-room";
import { MemberName } from "../framed-table";
import { IconDialog } from "../icon-dialog";
import { HeatStrip, PageTable } from "./heat-strip";
import { useReadingFormat } from "./reading-format";
import { CsvLink, Stat, ViewsTable } from "./reading-stats";
import { LoadedView, LoadingBars } from "./load-failed";

/**
 * How a document is read: readers, views, downloads, total time and the median per reader, the share of readers who
 * read every page, time per page as a heat strip (and as a table), and every view with who, when, which version,
 * how long and how many pages, and its view id (the one printed in its watermark). 'Export CSV' has every view.
 */
export function ReadingDialog({ doc, onOpenChange }: { doc: { id: number; title: string } | null; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const loaded = useLoaded(doc, (d) => dataRoomAdminApi.documentReading({ params: { id: d.id } }));

  return (
    <IconDialog
      open={Boolean(doc)}
      onOpenChange={onOpenChange}
      icon={BarChart3}
      title={t("admin.dataRoom.reading.title")}
      description={<bdi>{doc?.title}</bdi>}
      className="max-w-5xl"
    >
      <LoadedView
        loaded={loaded}
        loading={<LoadingBars label={t("admin.dataRoom.reading.loading")} bars={["h-20 w-full", "h-10 w-full", "h-32 w-full"]} className="space-y-3" />}
        failedText={t("admin.dataRoom.reading.loadFailed")}
      >
        {(reading) => <DocumentReadingView reading={reading} />}
      </LoadedView>
    </IconDialog>
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
        <ViewsTable
          views={r.viewList}
          caption={t("admin.dataRoom.reading.viewTable", { title: r.title })}
          maxHeight="max-h-[50vh]"
          firstHeader={t("admin.dataRoom.reading.col.who")}
          first={(v) => <MemberName fullName={v.fullName} email={v.email} />}
          versions
          empty={t("admin.dataRoom.reading.empty")}
        />
      </section>
    </div>
  );
}
