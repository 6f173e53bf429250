import { Check, Eye, Loader2, UserCheck, X } from "lucide-react";
import * as React from "react";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useFormat, useT } from "~/i18n/provider";
import { applicationEndpoints } from "../../../shared/api/applications";
import { ApiError, type CallOutput } from "~/lib/api/client";
import { applicationsApi } from "~/lib/api/applications";
import { cn } from "~/lib/utils";
import type { MessageId } from "../../../shared/i18n/messages";
import { ActionsHeader, DayCell, adminColumnHelper } from "./data-table";
import { useAdminData } from "~/hooks/use-admin-data";
import { failureText } from "./form-errors";
import { RefreshButton, TabHeader } from "./tab-header";
import { TabTable } from "./tab-table";

/** An application in the admin's list, with its applicant and reviewer. */
export type ApplicationRow = CallOutput<typeof applicationEndpoints.list>[number];
type Status = ApplicationRow["status"];

const FILTERS = [
  { value: "pending", label: "admin.applications.pending" },
  { value: "approved", label: "admin.applications.approved" },
  { value: "rejected", label: "admin.applications.rejected" },
  { value: "all", label: "admin.applications.all" },
] as const satisfies ReadonlyArray<{ value: string; label: MessageId }>;
type Filter = (typeof FILTERS)[number]["value"];

const nameOf = (a: ApplicationRow) => a.fullName || a.email;

export function StatusBadge({ status }: { status: Status }) {
  const t = useT();
  if (status === "approved") return <Badge variant="green">{t("admin.applications.approved")}</Badge>;
  if (status === "rejected") return <Badge variant="red">{t("admin.applications.rejected")}</Badge>;
  return <Badge variant="amber">{t("admin.applications.pending")}</Badge>;
}

/** A label and its value in the application dialog. */
function Detail({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</dt>
      <dd className={cn("mt-1", className)}>{children}</dd>
    </div>
  );
}

const fetchApplications = () => applicationsApi.list();

/**
 * Admin 'Investor Applications' tab: pending, approved and rejected requests for investor access.
 * Approving makes the applicant an investor at once (on the server, in one transaction); both
 * decisions record when and by whom.
 */
export function ApplicationsTab() {
  const t = useT();
  const f = useFormat({ table: true });
  const { data: apps, setData: setApps, status, refreshing, load } = useAdminData(fetchApplications, [] as ApplicationRow[]);
  const [filter, setFilter] = React.useState<Filter>("pending");
  const [busy, setBusy] = React.useState<number | null>(null);
  const [viewing, setViewing] = React.useState<ApplicationRow | null>(null);

  const review = React.useCallback(
    async (app: ApplicationRow, action: "approve" | "reject") => {
      setBusy(app.id);
      try {
        const updated = await applicationsApi[action]({ params: { id: app.id } });
        setApps((list) =>
          list.map((a) =>
            a.id === app.id
              ? { ...a, ...updated, reviewedByName: t("admin.applications.you"), role: action === "approve" && a.role === "regular" ? "investor" : a.role }
              : a,
          ),
        );
        setViewing((v) => (v?.id === app.id ? null : v));
        if (action === "approve")
          toast.success(t("admin.applications.approvedToast"), { description: t("admin.applications.approvedText", { name: nameOf(app) }) });
        else toast.success(t("admin.applications.rejectedToast"), { description: t("admin.applications.rejectedText", { name: nameOf(app) }) });
      } catch (err) {
        toast.error(t(action === "approve" ? "admin.applications.approveFailed" : "admin.applications.rejectFailed"), { description: failureText(err, t) });
        // Another admin may have decided first: show the current state.
        if (err instanceof ApiError && (err.status === 409 || err.status === 404)) void load();
      } finally {
        setBusy(null);
      }
    },
    [load, setApps, t],
  );

  const counts = React.useMemo(() => {
    const c: Record<Filter, number> = { pending: 0, approved: 0, rejected: 0, all: apps.length };
    for (const a of apps) c[a.status]++;
    return c;
  }, [apps]);
  const rows = React.useMemo(() => (filter === "all" ? apps : apps.filter((a) => a.status === filter)), [apps, filter]);

  const columns = React.useMemo(() => {
    const col = adminColumnHelper<ApplicationRow>();
    return [
      col.accessor((a) => `${a.fullName ?? ""} ${a.email}`, {
        id: "applicant",
        header: t("admin.applications.col.applicant"),
        cell: ({ row }) => (
          <div className="min-w-[12rem]">
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
          <div className="min-w-[10rem]">
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
        cell: ({ row }) => {
          const a = row.original;
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
        },
      }),
      col.display({
        id: "actions",
        header: () => <ActionsHeader />,
        cell: ({ row }) => {
          const a = row.original;
          const pending = busy === a.id;
          return (
            <div className="flex items-center justify-end gap-1.5">
              <Button
                variant="ghost"
                size="icon"
                onClick={() => setViewing(a)}
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
        },
      }),
    ];
  }, [busy, review, t, f]);

  return (
    <section aria-labelledby="applications-heading" aria-busy={status === "loading"}>
      <TabHeader id="applications-heading" title={t("admin.applications.title")} description={t("admin.applications.description")}>
        <RefreshButton busy={refreshing} onClick={() => void load()} />
      </TabHeader>

      <div role="group" aria-label={t("admin.applications.filter")} className="mb-4 inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
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

      <TabTable
        label={t("admin.applications.tableLabel")}
        data={rows}
        columns={columns}
        getRowId={(a) => String(a.id)}
        searchPlaceholder={t("admin.applications.search")}
        initialSorting={[{ id: "submittedAt", desc: true }]}
        columnClasses={{ actions: "w-px text-end" }}
        status={status}
        loadingLabel={t("admin.applications.loading")}
        failedText={t("admin.applications.loadFailed")}
        onRetry={() => void load()}
        emptyIcon={UserCheck}
        emptyText={t(
          filter === "pending"
            ? "admin.applications.emptyPending"
            : filter === "all"
              ? "admin.applications.empty"
              : filter === "approved"
                ? "admin.applications.emptyApproved"
                : "admin.applications.emptyRejected",
        )}
        emptyHint={filter === "pending" ? t("admin.applications.emptyPendingHint") : undefined}
      />

      <Dialog open={Boolean(viewing)} onOpenChange={(open) => !open && setViewing(null)}>
        <DialogContent className="max-w-xl">
          {viewing ? (
            <>
              <DialogHeader>
                <DialogTitle>{t("admin.applications.dialogTitle", { name: nameOf(viewing) })}</DialogTitle>
                <DialogDescription>
                  {t("admin.applications.submittedOn", { when: f.when(viewing.submittedAt) })} ·{" "}
                  <a href={`mailto:${viewing.email}`} className="text-navy-700 hover:underline">
                    <bdi>{viewing.email}</bdi>
                  </a>
                </DialogDescription>
              </DialogHeader>
              <dl className="space-y-4 text-sm">
                <div className="grid grid-cols-2 gap-4">
                  <Detail label={t("admin.applications.col.company")} className="text-slate-900">
                    {viewing.company || "—"}
                  </Detail>
                  <Detail label={t("admin.applications.position")} className="text-slate-900">
                    {viewing.position || "—"}
                  </Detail>
                </div>
                <Detail label={t("admin.applications.col.motivation")} className="whitespace-pre-line leading-relaxed text-slate-800">
                  {viewing.motivation || "—"}
                </Detail>
                <Detail label={t("admin.applications.interests")} className="whitespace-pre-line text-slate-800">
                  {viewing.investmentInterests || "—"}
                </Detail>
                <Detail label={t("admin.applications.col.status")} className="flex items-center gap-2">
                  <StatusBadge status={viewing.status} />
                  {viewing.reviewedAt ? (
                    <span className="text-slate-600">
                      {viewing.reviewedByName
                        ? t("admin.applications.reviewedBy", { when: f.when(viewing.reviewedAt), name: viewing.reviewedByName })
                        : t("admin.applications.reviewed", { when: f.when(viewing.reviewedAt) })}
                    </span>
                  ) : null}
                </Detail>
              </dl>
              {viewing.status === "pending" ? (
                <DialogFooter>
                  <Button
                    variant="outline"
                    className="border-red-200 text-red-700 hover:bg-red-50"
                    onClick={() => void review(viewing, "reject")}
                    disabled={busy === viewing.id}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                    {t("admin.applications.reject")}
                  </Button>
                  <Button className="bg-emerald-600 hover:bg-emerald-700" onClick={() => void review(viewing, "approve")} disabled={busy === viewing.id}>
                    {busy === viewing.id ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />}
                    {t("admin.applications.approve")}
                  </Button>
                </DialogFooter>
              ) : null}
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
