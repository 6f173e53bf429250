import { ChevronDown } from "lucide-react";
import * as React from "react";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { MessageId } from "../../../../shared/i18n/messages";
import { adminColumnHelper, DataTable } from "../data-table";
import { listName } from "./labels";
import type { SubscriberStats } from "./types";

type PerList = SubscriberStats["perList"][number];

const COUNTS: Array<{ key: Exclude<keyof SubscriberStats, "perList">; label: MessageId; tone: string }> = [
  { key: "confirmed", label: "admin.alerts.subscribers.count.confirmed", tone: "text-emerald-700" },
  { key: "pending", label: "admin.alerts.subscribers.count.pending", tone: "text-amber-800" },
  { key: "unsubscribed", label: "admin.alerts.subscribers.count.unsubscribed", tone: "text-slate-700" },
  { key: "suppressed", label: "admin.alerts.subscribers.count.suppressed", tone: "text-red-700" },
];

/** The subscribers per status (four figures), and the confirmed ones of each list in each language. */
export function SubscriberStatsView({ stats }: { stats: SubscriberStats }) {
  const t = useT();
  const f = useFormat();
  const columns = React.useMemo(() => {
    const col = adminColumnHelper<PerList>();
    const number = (n: number) => <span className="tabular-nums">{f.count(n)}</span>;
    return [
      col.accessor("list", { header: t("admin.alerts.subscribers.perList.col.list"), enableSorting: false, cell: ({ getValue }) => listName(t, getValue()) }),
      col.accessor("en", { header: t("admin.alerts.language.en"), enableSorting: false, cell: ({ getValue }) => number(getValue()) }),
      col.accessor("ar", { header: t("admin.alerts.language.ar"), enableSorting: false, cell: ({ getValue }) => number(getValue()) }),
      col.display({
        id: "total",
        header: t("admin.alerts.subscribers.perList.col.total"),
        cell: ({ row }) => <strong className="tabular-nums text-navy-950">{f.count(row.original.en + row.original.ar)}</strong>,
      }),
    ];
  }, [t, f]);

  return (
    <div className="mb-6 space-y-4">
      <dl className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4" aria-label={t("admin.alerts.subscribers.countsLabel")}>
        {COUNTS.map((c) => (
          <div key={c.key} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
            <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{t(c.label)}</dt>
            <dd className={cn("mt-1 font-display text-2xl font-semibold tabular-nums", c.tone)}>{f.count(stats[c.key])}</dd>
          </div>
        ))}
      </dl>
      {/* Open at first; on a phone it can be folded away above the subscribers' table. */}
      <details open className="group rounded-xl border border-slate-200 bg-white shadow-sm open:pb-4">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-semibold text-navy-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 [&::-webkit-details-marker]:hidden">
          {t("admin.alerts.subscribers.perList.title")}
          <ChevronDown className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
        </summary>
        <div className="px-4">
          <DataTable
            label={t("admin.alerts.subscribers.perList.title")}
            data={stats.perList}
            columns={columns}
            getRowId={(r) => r.list}
            pageSize={0}
            columnClasses={{ en: "text-end", ar: "text-end", total: "text-end" }}
            empty={t("admin.alerts.subscribers.perList.empty")}
          />
        </div>
      </details>
    </div>
  );
}
