import * as React from "react";
import type { LoadStatus } from "~/hooks/use-admin-data";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { MessageId } from "../../../../shared/i18n/messages";
import type { ApplicationRow } from "./types";

const FILTERS = [
  { value: "pending", label: "admin.applications.pending" },
  { value: "approved", label: "admin.applications.approved" },
  { value: "rejected", label: "admin.applications.rejected" },
  { value: "all", label: "admin.applications.all" },
] as const satisfies ReadonlyArray<{ value: string; label: MessageId }>;
export type Filter = (typeof FILTERS)[number]["value"];

/** What the table says when the chosen filter has no application. */
export const EMPTY_TEXT: Record<Filter, MessageId> = {
  pending: "admin.applications.emptyPending",
  all: "admin.applications.empty",
  approved: "admin.applications.emptyApproved",
  rejected: "admin.applications.emptyRejected",
};

/** The status buttons above the table, each with how many applications it holds once the list is loaded. */
export function StatusFilter({
  apps,
  filter,
  onChange,
  status,
}: {
  apps: ApplicationRow[];
  filter: Filter;
  onChange: (filter: Filter) => void;
  status: LoadStatus;
}) {
  const t = useT();
  const f = useFormat();
  const counts = React.useMemo(() => {
    const c: Record<Filter, number> = { pending: 0, approved: 0, rejected: 0, all: apps.length };
    for (const a of apps) c[a.status]++;
    return c;
  }, [apps]);

  return (
    <div role="group" aria-label={t("admin.applications.filter")} className="mb-4 inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
      {FILTERS.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={filter === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            "inline-flex items-center gap-2 rounded-md px-3.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500",
            filter === option.value ? "bg-white text-navy-950 shadow-sm" : "text-slate-600 hover:text-navy-900",
          )}
        >
          {t(option.label)}
          {status === "ready" ? (
            <span
              className={cn(
                "rounded-full px-1.5 text-xs tabular-nums",
                option.value === "pending" && counts.pending > 0 ? "bg-amber-100 text-amber-800" : "bg-slate-200/80 text-slate-600",
              )}
            >
              {f.count(counts[option.value])}
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}
