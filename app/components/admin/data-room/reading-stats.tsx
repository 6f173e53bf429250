import type * as React from "react";
import { Download, FileDown } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { FramedTable, Th } from "../framed-table";
import type { DocumentReading, InvestorReading } from "../../../../shared/api/data-room";
import { useReadingFormat } from "./reading-format";

/** One figure of a summary: its label above, the value large. */
export function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-slate-50/60 px-3 py-2.5">
      <dt className="truncate text-[11px] font-semibold uppercase tracking-wide text-slate-500" title={label}>
        {label}
      </dt>
      <dd className="mt-0.5 font-display text-xl font-semibold tabular-nums text-navy-950">{value}</dd>
      {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

/** 'Export CSV': a link to an export the server writes (every view, one row per page). */
export function CsvLink({ href, label }: { href: string; label: string }) {
  const t = useT();
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download aria-label={label}>
        <FileDown className="h-4 w-4" aria-hidden="true" />
        {t("admin.dataRoom.reading.exportCsv")}
      </a>
    </Button>
  );
}

type ViewRow = (DocumentReading["viewList"] | InvestorReading["views"])[number];

/** A view's kind: read in the viewer, or downloaded. */
export function KindBadge({ kind }: { kind: ViewRow["kind"] }) {
  const t = useT();
  return kind === "download" ? (
    <Badge variant="slate" className="gap-1 whitespace-nowrap font-medium">
      <Download className="h-3 w-3" aria-hidden="true" />
      {t("admin.dataRoom.reading.kind.download")}
    </Badge>
  ) : (
    <Badge variant="outline" className="whitespace-nowrap font-medium">
      {t("admin.dataRoom.reading.kind.view")}
    </Badge>
  );
}

/** Time on screen and pages read of one view; a download has neither. */
export function ViewReading({ v }: { v: ViewRow }) {
  const t = useT();
  const rf = useReadingFormat();
  if (v.kind === "download") return <span className="text-slate-400">—</span>;
  return (
    <span className="whitespace-nowrap">
      {rf.duration(v.visibleMs)}
      <span className="block text-xs text-slate-500">
        {v.pageCount
          ? t("admin.dataRoom.reading.pagesOf", { read: v.pagesRead, pages: v.pageCount })
          : t("admin.dataRoom.reading.pagesRead", { read: v.pagesRead })}
      </span>
    </span>
  );
}

/** The view's id as printed in its watermark (K7Q2-M9XD). */
export function ViewId({ id, className }: { id: string; className?: string }) {
  return (
    <code dir="ltr" className={cn("whitespace-nowrap rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-700", className)}>
      {id}
    </code>
  );
}

/**
 * Every view of a reading report, newest first: `first` (who read, or what was read) with, on a phone, the kind and
 * the view id under it; when, with the reading under it on a phone; the reading, the kind and the view id. With
 * `versions`, the version has its column after the time (on a phone it goes under the time). No views: `empty`.
 */
export function ViewsTable<V extends ViewRow>({
  views,
  caption,
  maxHeight,
  firstHeader,
  first,
  versions = false,
  empty,
}: {
  views: V[];
  caption: string;
  maxHeight: string;
  firstHeader: string;
  first: (view: V) => React.ReactNode;
  versions?: boolean;
  empty: string;
}) {
  const t = useT();
  const rf = useReadingFormat();
  if (!views.length) return <p className="rounded-lg border border-dashed border-slate-300 py-8 text-center text-sm text-slate-500">{empty}</p>;
  const version = (v: V) => t("admin.dataRoom.versions.number", { number: v.version });
  return (
    <FramedTable
      caption={caption}
      maxHeight={maxHeight}
      head={
        <>
          <Th>{firstHeader}</Th>
          <Th>{t("admin.dataRoom.reading.col.when")}</Th>
          {versions ? <Th className="max-sm:hidden">{t("admin.dataRoom.reading.col.version")}</Th> : null}
          <Th className="max-sm:hidden">{t("admin.dataRoom.reading.col.reading")}</Th>
          <Th className="max-md:hidden">{t("admin.dataRoom.reading.col.kind")}</Th>
          <Th className="max-md:hidden">{t("admin.dataRoom.reading.col.viewId")}</Th>
        </>
      }
    >
      {views.map((v) => (
        <tr key={v.viewId} className="align-top">
          <td className="px-3 py-2">
            {first(v)}
            {/* On a phone the kind and the view id go under the first column. */}
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
            {versions ? <span className="block text-xs text-slate-500 sm:hidden">{version(v)}</span> : null}
            <span className="mt-1 block text-slate-700 sm:hidden">
              <ViewReading v={v} />
            </span>
          </td>
          {versions ? <td className="px-3 py-2 tabular-nums text-slate-700 max-sm:hidden">{version(v)}</td> : null}
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
    </FramedTable>
  );
}
