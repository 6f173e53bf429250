import { Ban, Pencil } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { Translate } from "~/i18n/provider";
import type { Formatters } from "../../../../shared/i18n/format";
import { ActionsHeader, adminColumnHelper } from "../data-table";
import { EVENT_KIND, EVENT_STATUS } from "./labels";
import type { CalendarEventRow } from "./types";

/** The calendar's columns: day, time in Cairo (or all day), kind, titles, status, and Edit / Cancel for a scheduled event. */
export function calendarColumns({
  t,
  f,
  onEdit,
  onCancel,
}: {
  t: Translate;
  f: Formatters;
  onEdit: (e: CalendarEventRow) => void;
  onCancel: (e: CalendarEventRow) => void;
}) {
  const col = adminColumnHelper<CalendarEventRow>();
  return [
    col.accessor("date", {
      header: t("admin.alerts.calendar.col.date"),
      sortFn: "alphanumeric",
      cell: ({ getValue }) => (
        <time dateTime={getValue()} className="whitespace-nowrap text-slate-700">
          {f.date(getValue(), { short: true })}
        </time>
      ),
    }),
    col.accessor("time", {
      header: t("admin.alerts.calendar.col.time"),
      enableSorting: false,
      cell: ({ row }) => {
        const { time, endTime } = row.original;
        if (!time) return <span className="text-slate-600">{t("admin.alerts.calendar.allDay")}</span>;
        return (
          <span className="whitespace-nowrap tabular-nums text-slate-700" dir="ltr">
            {endTime ? `${time}–${endTime}` : time}
          </span>
        );
      },
    }),
    col.accessor("kind", { header: t("admin.alerts.calendar.col.kind"), enableSorting: false, cell: ({ getValue }) => t(EVENT_KIND[getValue()]) }),
    col.accessor("title", {
      header: t("admin.alerts.calendar.col.title"),
      enableSorting: false,
      cell: ({ row }) => {
        const e = row.original;
        return (
          <div className="space-y-0.5 md:min-w-[12rem]">
            {/* The titles keep their own direction and follow the page's alignment (bdi). */}
            <p className={e.status === "cancelled" ? "font-medium text-slate-500 line-through" : "font-medium text-navy-950"}>
              <bdi lang="en" dir="ltr">
                {e.title}
              </bdi>
            </p>
            {e.titleAr ? (
              <p className="text-xs text-slate-600">
                <bdi lang="ar" dir="rtl">
                  {e.titleAr}
                </bdi>
              </p>
            ) : (
              <p className="text-xs text-amber-800">{t("admin.alerts.calendar.noArabic")}</p>
            )}
          </div>
        );
      },
    }),
    col.accessor("status", {
      header: t("admin.alerts.calendar.col.status"),
      enableSorting: false,
      cell: ({ getValue }) => (
        <Badge variant={EVENT_STATUS[getValue()].variant} className="whitespace-nowrap">
          {t(EVENT_STATUS[getValue()].label)}
        </Badge>
      ),
    }),
    col.display({
      id: "actions",
      header: () => <ActionsHeader />,
      cell: ({ row }) =>
        row.original.status === "scheduled" ? (
          <div className="flex items-center justify-end gap-1.5">
            <Button variant="outline" size="sm" onClick={() => onEdit(row.original)} aria-label={t("admin.action.editNamed", { name: row.original.title })}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              {t("admin.action.edit")}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="whitespace-nowrap text-red-700 hover:bg-red-50"
              onClick={() => onCancel(row.original)}
              aria-label={t("admin.alerts.calendar.cancelNamed", { title: row.original.title })}
            >
              <Ban className="h-4 w-4" aria-hidden="true" />
              {t("admin.alerts.calendar.cancel")}
            </Button>
          </div>
        ) : null,
    }),
  ];
}
