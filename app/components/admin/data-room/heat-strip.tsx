import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { FramedTable, Th } from "../framed-table";
import type { DocumentReading } from "../../../../shared/api/data-room";
import { useReadingFormat } from "./reading-format";

type PageTime = DocumentReading["pages"][number];

/** Up to this many pages the cells are divided by a thin line; a longer document's cells touch, so they fit. */
const DIVIDED_UP_TO = 120;

/** The lightest cell a page read at all gets, so a short read still shows against an unread page. */
const MIN_SHARE = 0.12;

/** How strongly a page is coloured: its time against the most-read page's (0 for a page nobody read). */
export const heatShare = (ms: number, max: number) => (ms <= 0 || max <= 0 ? 0 : MIN_SHARE + (1 - MIN_SHARE) * (ms / max));

/**
 * One cell per page of the current version, darker for more time on screen. Each cell says in words what it shows
 * ('Page 3: 1 min 5 s, 4 readers'): screen readers read the list, a pointer shows it as the cell's title.
 */
export function HeatStrip({ pages }: { pages: PageTime[] }) {
  const t = useT();
  const rf = useReadingFormat();
  const max = Math.max(0, ...pages.map((p) => p.totalMs));
  const label = (p: PageTime) => t("admin.dataRoom.reading.pageCell", { page: p.page, time: rf.duration(p.totalMs), readers: p.readers });
  return (
    <div className="space-y-1.5">
      <ol
        className={cn("flex h-10 w-full overflow-hidden rounded-md bg-slate-200 p-px", pages.length <= DIVIDED_UP_TO && "gap-px")}
        aria-label={t("admin.dataRoom.reading.heatLabel")}
      >
        {pages.map((p) => {
          const share = heatShare(p.totalMs, max);
          return (
            <li
              key={p.page}
              title={label(p)}
              className="min-w-0 flex-1 first:rounded-s last:rounded-e"
              style={{
                backgroundColor: share ? `color-mix(in srgb, var(--color-navy-800) ${Math.round(share * 100)}%, white)` : "var(--color-slate-50, #f8fafc)",
              }}
              data-share={share.toFixed(2)}
            >
              <span className="sr-only">{label(p)}</span>
            </li>
          );
        })}
      </ol>
      <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{t("admin.dataRoom.reading.firstPage")}</span>
        <span className="flex items-center gap-1.5">
          {t("admin.dataRoom.reading.less")}
          <span className="h-2.5 w-10 rounded-sm bg-gradient-to-r from-white to-navy-800 ring-1 ring-slate-200 rtl:bg-gradient-to-l" />
          {t("admin.dataRoom.reading.more")}
        </span>
        <span>{t("admin.dataRoom.reading.lastPage", { page: pages.length })}</span>
      </div>
    </div>
  );
}

/** The heat strip as a table: page, time on screen, readers. */
export function PageTable({ pages }: { pages: PageTime[] }) {
  const t = useT();
  const rf = useReadingFormat();
  return (
    <FramedTable
      caption={t("admin.dataRoom.reading.pageTable")}
      maxHeight="max-h-72"
      head={
        <>
          <Th>{t("admin.dataRoom.reading.col.page")}</Th>
          <Th>{t("admin.dataRoom.reading.col.time")}</Th>
          <Th end>{t("admin.dataRoom.reading.col.readers")}</Th>
        </>
      }
    >
      {pages.map((p) => (
        <tr key={p.page}>
          <th scope="row" className="px-3 py-1.5 text-start font-medium tabular-nums text-navy-950">
            {rf.count(p.page)}
          </th>
          <td className="px-3 py-1.5 text-slate-700">{rf.duration(p.totalMs)}</td>
          <td className="px-3 py-1.5 text-end tabular-nums text-slate-700">{rf.count(p.readers)}</td>
        </tr>
      ))}
    </FramedTable>
  );
}
