import { BookOpen } from "lucide-react";
import { useLoaded } from "~/hooks/use-loaded";
import { useT } from "~/i18n/provider";
import { href } from "~/lib/api/client";
import { dataRoomAdminApi, dataRoomAdminRoutes } from "~/lib/api/data-room-admin";
import type { InvestorReading } from "../../../../shared/api/data-room";
import { IconDialog } from "../icon-dialog";
import { useReadingFormat } from "./reading-format";
import { CsvLink, Stat, ViewsTable } from "./reading-stats";
import { LoadedView, LoadingBars } from "./load-failed";

/** The member whose reading is shown. */
export type ReadingMember = { id: number; email: string; fullName: string | null };

/**
 * What one member read, newest first: each document they opened in the viewer or downloaded, when, which version,
 * for how long and how many pages, with the view id; totals above, and every view as CSV.
 */
export function MemberReadingDialog({ member, onOpenChange }: { member: ReadingMember | null; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const loaded = useLoaded(member, (m) => dataRoomAdminApi.investorReading({ params: { id: m.id } }));

  const name = member ? member.fullName || member.email : "";
  return (
    <IconDialog
      open={Boolean(member)}
      onOpenChange={onOpenChange}
      icon={BookOpen}
      title={t("admin.dataRoom.member.title")}
      description={
        <>
          <bdi>{name}</bdi>
          {member?.fullName ? (
            <>
              {" · "}
              <bdi>{member.email}</bdi>
            </>
          ) : null}
        </>
      }
      className="max-w-4xl"
    >
      <LoadedView
        loaded={loaded}
        loading={<LoadingBars label={t("admin.dataRoom.member.loading")} bars={Array.from({ length: 4 }, () => "h-10 w-full")} />}
        failedText={t("admin.dataRoom.member.loadFailed")}
      >
        {(reading) => <MemberReadingView reading={reading} />}
      </LoadedView>
    </IconDialog>
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
      <ViewsTable
        views={r.views}
        caption={t("admin.dataRoom.member.tableLabel", { name: r.fullName || r.email })}
        maxHeight="max-h-[55vh]"
        firstHeader={t("admin.dataRoom.member.col.document")}
        first={(v) => (
          <>
            <span className="block break-words font-medium text-navy-950">
              <bdi>{v.title}</bdi>
            </span>
            <span className="text-xs text-slate-500">{t("admin.dataRoom.versions.number", { number: v.version })}</span>
          </>
        )}
        empty={t("admin.dataRoom.member.empty")}
      />
    </div>
  );
}
