import { Check, Eye, Loader2, X } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { Translate } from "~/i18n/provider";
import type { Formatters } from "../../../../shared/i18n/format";
import { ActionsHeader, DayCell, adminColumnHelper } from "../data-table";
import { StatusBadge } from "./status-badge";
import { nameOf, type ApplicationRow, type ReviewAction } from "./types";

/** What the applications table's cells read and do. */
export type ApplicationColumnsContext = {
  t: Translate;
  f: Formatters;
  /** The application whose decision is being saved. */
  busy: number | null;
  view: (a: ApplicationRow) => void;
  review: (a: ApplicationRow, action: ReviewAction) => Promise<void>;
};

/** The status badge, and when and by whom the application was decided. */
function StatusCell({ a, f }: { a: ApplicationRow; f: Formatters }) {
  return (
    <div className="space-y-1">
      <StatusBadge status={a.status} />
      {a.reviewedAt ? (
        <p className="whitespace-nowrap text-xs text-slate-500">
          <time dateTime={a.reviewedAt}>{f.day(a.reviewedAt)}</time>
          {a.reviewedByName ? (
            <>
              {" "}
              · <bdi>{a.reviewedByName}</bdi>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** View, and for a pending application approve and reject. */
function RowActions({ a, t, busy, view, review }: { a: ApplicationRow } & Omit<ApplicationColumnsContext, "f">) {
  const pending = busy === a.id;
  return (
    <div className="flex items-center justify-end gap-1.5 max-md:w-full max-md:flex-wrap max-md:justify-start">
      <Button
        variant="ghost"
        size="icon"
        onClick={() => view(a)}
        aria-label={t("admin.applications.viewNamed", { name: nameOf(a) })}
        title={t("admin.applications.view")}
      >
        <Eye className="h-4 w-4" aria-hidden="true" />
      </Button>
      {a.status === "pending" ? (
        <>
          <Button
            size="sm"
            className="bg-emerald-600 hover:bg-emerald-700"
            onClick={() => void review(a, "approve")}
            disabled={pending}
            aria-label={t("admin.applications.approveNamed", { name: nameOf(a) })}
          >
            {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />}
            {t("admin.applications.approve")}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="border-red-200 text-red-700 hover:bg-red-50"
            onClick={() => void review(a, "reject")}
            disabled={pending}
            aria-label={t("admin.applications.rejectNamed", { name: nameOf(a) })}
          >
            <X className="h-4 w-4" aria-hidden="true" />
            {t("admin.applications.reject")}
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** The applications table's columns: applicant, company, motivation, submission day, status and the row's actions. */
export function applicationColumns({ t, f, ...actions }: ApplicationColumnsContext) {
  const col = adminColumnHelper<ApplicationRow>();
  return [
    col.accessor((a) => `${a.fullName ?? ""} ${a.email}`, {
      id: "applicant",
      header: t("admin.applications.col.applicant"),
      cell: ({ row }) => (
        <div className="min-w-0 md:min-w-[12rem]">
          <p className="font-medium text-navy-950" dir="auto">
            {row.original.fullName || "—"}
          </p>
          <a href={`mailto:${row.original.email}`} className="text-xs text-navy-700 hover:underline">
            <bdi>{row.original.email}</bdi>
          </a>
        </div>
      ),
    }),
    col.accessor((a) => `${a.company ?? ""} ${a.position ?? ""}`, {
      id: "company",
      header: t("admin.applications.col.company"),
      cell: ({ row }) => (
        <div className="min-w-0 md:min-w-[10rem]">
          <p className="text-slate-800" dir="auto">
            {row.original.company || "—"}
          </p>
          {row.original.position ? <p className="text-xs text-slate-500">{row.original.position}</p> : null}
        </div>
      ),
    }),
    col.accessor((a) => a.motivation ?? "", {
      id: "motivation",
      header: t("admin.applications.col.motivation"),
      enableSorting: false,
      cell: ({ row }) => (
        <p className="line-clamp-2 max-w-[22rem] text-slate-600" title={row.original.motivation ?? undefined} dir="auto">
          {row.original.motivation || "—"}
        </p>
      ),
    }),
    col.accessor("submittedAt", {
      header: t("admin.applications.col.submitted"),
      sortFn: "datetime",
      cell: ({ getValue }) => <DayCell value={getValue()} />,
    }),
    col.accessor("status", {
      header: t("admin.applications.col.status"),
      cell: ({ row }) => <StatusCell a={row.original} f={f} />,
    }),
    col.display({
      id: "actions",
      header: () => <ActionsHeader />,
      cell: ({ row }) => <RowActions a={row.original} t={t} {...actions} />,
    }),
  ];
}
