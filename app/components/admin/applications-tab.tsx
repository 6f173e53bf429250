import { Check, Eye, Loader2, RefreshCw, UserCheck, X } from "lucide-react";
import * as React from "react";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { ApiError, apiRequest } from "~/lib/api";
import { cn } from "~/lib/utils";
import { DataTable, adminColumnHelper } from "./data-table";
import { showDataLoadingError } from "./load-error";
import { TabHeader } from "./tab-header";
import { formatDay, formatWhen } from "~/lib/format";

type Status = "pending" | "approved" | "rejected";
export type ApplicationRow = {
  id: number;
  userId: number;
  company: string | null;
  position: string | null;
  motivation: string | null;
  investmentInterests: string | null;
  status: Status;
  submittedAt: string;
  reviewedAt: string | null;
  reviewedById: number | null;
  reviewedByName?: string | null;
  email: string;
  fullName: string | null;
  role?: string;
};

const FILTERS = [
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];


const nameOf = (a: ApplicationRow) => a.fullName || a.email;

export function StatusBadge({ status }: { status: Status }) {
  if (status === "approved") return <Badge variant="green">Approved</Badge>;
  if (status === "rejected") return <Badge variant="red">Rejected</Badge>;
  return <Badge variant="amber">Pending</Badge>;
}

/**
 * Admin 'Investor Applications' tab: pending, approved and rejected requests for investor access.
 * Approving makes the applicant an investor at once (on the server, in one transaction); both
 * decisions record when and by whom.
 */
export function ApplicationsTab() {
  const [apps, setApps] = React.useState<ApplicationRow[]>([]);
  const [status, setStatus] = React.useState<"loading" | "ready" | "failed">("loading");
  const [refreshing, setRefreshing] = React.useState(false);
  const [filter, setFilter] = React.useState<Filter>("pending");
  const [busy, setBusy] = React.useState<number | null>(null);
  const [viewing, setViewing] = React.useState<ApplicationRow | null>(null);

  const load = React.useCallback(async () => {
    setRefreshing(true);
    try {
      setApps(await apiRequest<ApplicationRow[]>("GET", "/api/investor-applications"));
      setStatus("ready");
    } catch {
      setStatus((s) => (s === "ready" ? s : "failed"));
      showDataLoadingError();
    } finally {
      setRefreshing(false);
    }
  }, []);

  React.useEffect(() => {
    void load();
  }, [load]);

  const review = React.useCallback(
    async (app: ApplicationRow, action: "approve" | "reject") => {
      setBusy(app.id);
      try {
        const updated = await apiRequest<ApplicationRow>("POST", `/api/investor-applications/${app.id}/${action}`);
        setApps((list) =>
          list.map((a) =>
            a.id === app.id ? { ...a, ...updated, reviewedByName: "You", role: action === "approve" && a.role === "regular" ? "investor" : a.role } : a,
          ),
        );
        setViewing((v) => (v?.id === app.id ? null : v));
        if (action === "approve") toast.success("Application approved", { description: `${nameOf(app)} now has investor access.` });
        else toast.success("Application rejected", { description: `${nameOf(app)} keeps their current access.` });
      } catch (err) {
        toast.error(action === "approve" ? "Failed to approve application" : "Failed to reject application", {
          description: err instanceof ApiError ? err.message : "Please try again.",
        });
        // Another admin may have decided first: show the current state.
        if (err instanceof ApiError && (err.status === 409 || err.status === 404)) void load();
      } finally {
        setBusy(null);
      }
    },
    [load],
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
        header: "Applicant",
        cell: ({ row }) => (
          <div className="min-w-[12rem]">
            <p className="font-medium text-navy-950">{row.original.fullName || "—"}</p>
            <a href={`mailto:${row.original.email}`} className="text-xs text-navy-700 hover:underline">
              {row.original.email}
            </a>
          </div>
        ),
      }),
      col.accessor((a) => `${a.company ?? ""} ${a.position ?? ""}`, {
        id: "company",
        header: "Company",
        cell: ({ row }) => (
          <div className="min-w-[10rem]">
            <p className="text-slate-800">{row.original.company || "—"}</p>
            {row.original.position ? <p className="text-xs text-slate-500">{row.original.position}</p> : null}
          </div>
        ),
      }),
      col.accessor((a) => a.motivation ?? "", {
        id: "motivation",
        header: "Motivation",
        enableSorting: false,
        cell: ({ row }) => (
          <p className="line-clamp-2 max-w-[22rem] text-slate-600" title={row.original.motivation ?? undefined}>
            {row.original.motivation || "—"}
          </p>
        ),
      }),
      col.accessor("submittedAt", {
        header: "Submitted",
        sortFn: "datetime",
        cell: ({ getValue }) => (
          <time dateTime={getValue()} className="whitespace-nowrap text-slate-600">
            {formatDay(getValue())}
          </time>
        ),
      }),
      col.accessor("status", {
        header: "Status",
        cell: ({ row }) => {
          const a = row.original;
          return (
            <div className="space-y-1">
              <StatusBadge status={a.status} />
              {a.reviewedAt ? (
                <p className="whitespace-nowrap text-xs text-slate-500">
                  <time dateTime={a.reviewedAt}>{formatDay(a.reviewedAt)}</time>
                  {a.reviewedByName ? ` · ${a.reviewedByName}` : ""}
                </p>
              ) : null}
            </div>
          );
        },
      }),
      col.display({
        id: "actions",
        // relative: keeps the visually hidden text inside the table's scroll box on narrow screens.
        header: () => (
          <span className="relative">
            <span className="sr-only">Actions</span>
          </span>
        ),
        cell: ({ row }) => {
          const a = row.original;
          const pending = busy === a.id;
          return (
            <div className="flex items-center justify-end gap-1.5">
              <Button variant="ghost" size="icon" onClick={() => setViewing(a)} aria-label={`View application from ${nameOf(a)}`} title="View">
                <Eye className="h-4 w-4" aria-hidden="true" />
              </Button>
              {a.status === "pending" ? (
                <>
                  <Button size="sm" className="bg-emerald-600 hover:bg-emerald-700" onClick={() => void review(a, "approve")} disabled={pending} aria-label={`Approve ${nameOf(a)}`}>
                    {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />}
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    className="border-red-200 text-red-700 hover:bg-red-50"
                    onClick={() => void review(a, "reject")}
                    disabled={pending}
                    aria-label={`Reject ${nameOf(a)}`}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                    Reject
                  </Button>
                </>
              ) : null}
            </div>
          );
        },
      }),
    ];
  }, [busy, review]);

  return (
    <section aria-labelledby="applications-heading" aria-busy={status === "loading"}>
      <TabHeader
        id="applications-heading"
        title="Investor Applications"
        description="Requests for investor access. Approving one gives the applicant the Document Library and portal at once."
      >
        <Button variant="outline" onClick={() => void load()} disabled={refreshing}>
          {refreshing ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
          Refresh
        </Button>
      </TabHeader>

      <div role="group" aria-label="Filter applications by status" className="mb-4 inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
            className={cn(
              "inline-flex items-center gap-2 rounded-md px-3.5 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500",
              filter === f.value ? "bg-white text-navy-950 shadow-sm" : "text-slate-600 hover:text-navy-900",
            )}
          >
            {f.label}
            {status === "ready" ? (
              <span
                className={cn(
                  "rounded-full px-1.5 text-xs tabular-nums",
                  f.value === "pending" && counts.pending > 0 ? "bg-amber-100 text-amber-800" : "bg-slate-200/80 text-slate-600",
                )}
              >
                {counts[f.value]}
              </span>
            ) : null}
          </button>
        ))}
      </div>

      {status === "loading" ? (
        <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label="Loading applications">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : status === "failed" ? (
        <div className="rounded-xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
          <p className="font-medium text-slate-700">The applications could not be loaded.</p>
          <Button variant="outline" className="mt-4" onClick={() => void load()}>
            Try again
          </Button>
        </div>
      ) : (
        <DataTable
          label="Investor applications"
          data={rows}
          columns={columns}
          getRowId={(a) => String(a.id)}
          searchPlaceholder="Search applicants..."
          initialSorting={[{ id: "submittedAt", desc: true }]}
          columnClasses={{ actions: "w-px text-right" }}
          empty={
            <div className="space-y-2">
              <UserCheck className="mx-auto h-8 w-8 text-slate-300" aria-hidden="true" />
              <p className="font-medium text-slate-700">
                {filter === "pending" ? "No pending applications" : filter === "all" ? "No applications yet" : `No ${filter} applications`}
              </p>
              {filter === "pending" ? <p className="text-sm">New requests from the investor portal appear here.</p> : null}
            </div>
          }
        />
      )}

      <Dialog open={Boolean(viewing)} onOpenChange={(open) => !open && setViewing(null)}>
        <DialogContent className="max-w-xl">
          {viewing ? (
            <>
              <DialogHeader>
                <DialogTitle>Application from {nameOf(viewing)}</DialogTitle>
                <DialogDescription>
                  Submitted {formatWhen(viewing.submittedAt)} · <a href={`mailto:${viewing.email}`} className="text-navy-700 hover:underline">{viewing.email}</a>
                </DialogDescription>
              </DialogHeader>
              <dl className="space-y-4 text-sm">
                <div className="grid grid-cols-2 gap-4">
                  <div>
                    <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">Company</dt>
                    <dd className="mt-1 text-slate-900">{viewing.company || "—"}</dd>
                  </div>
                  <div>
                    <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">Position</dt>
                    <dd className="mt-1 text-slate-900">{viewing.position || "—"}</dd>
                  </div>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">Motivation</dt>
                  <dd className="mt-1 whitespace-pre-line leading-relaxed text-slate-800">{viewing.motivation || "—"}</dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">Investment interests</dt>
                  <dd className="mt-1 whitespace-pre-line text-slate-800">{viewing.investmentInterests || "—"}</dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wider text-slate-500">Status</dt>
                  <dd className="mt-1 flex items-center gap-2">
                    <StatusBadge status={viewing.status} />
                    {viewing.reviewedAt ? (
                      <span className="text-slate-600">
                        Reviewed {formatWhen(viewing.reviewedAt)}
                        {viewing.reviewedByName ? ` by ${viewing.reviewedByName}` : ""}
                      </span>
                    ) : null}
                  </dd>
                </div>
              </dl>
              {viewing.status === "pending" ? (
                <DialogFooter>
                  <Button variant="outline" className="border-red-200 text-red-700 hover:bg-red-50" onClick={() => void review(viewing, "reject")} disabled={busy === viewing.id}>
                    <X className="h-4 w-4" aria-hidden="true" />
                    Reject
                  </Button>
                  <Button className="bg-emerald-600 hover:bg-emerald-700" onClick={() => void review(viewing, "approve")} disabled={busy === viewing.id}>
                    {busy === viewing.id ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Check className="h-4 w-4" aria-hidden="true" />}
                    Approve
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
