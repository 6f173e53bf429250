import { UserCheck } from "lucide-react";
import * as React from "react";
import { useFormat, useT } from "~/i18n/provider";
import { applicationColumns } from "./applications/application-columns";
import { ApplicationDialog } from "./applications/application-dialog";
import { EMPTY_TEXT, StatusFilter, type Filter } from "./applications/status-filter";
import type { ApplicationRow } from "./applications/types";
import { useApplications } from "./applications/use-applications";
import { RefreshButton, TabHeader } from "./tab-header";
import { TabTable } from "./tab-table";

export { StatusBadge } from "./applications/status-badge";
export type { ApplicationRow } from "./applications/types";

/**
 * Admin 'Investor Applications' tab: pending, approved and rejected requests for investor access.
 * Approving makes the applicant an investor at once (on the server, in one transaction); both
 * decisions record when and by whom.
 */
export function ApplicationsTab({ loaded }: { loaded?: ApplicationRow[] | null }) {
  const t = useT();
  const f = useFormat();
  const { apps, status, refreshing, load, busy, viewing, setViewing, review } = useApplications(loaded);
  const [filter, setFilter] = React.useState<Filter>("pending");

  const rows = React.useMemo(() => (filter === "all" ? apps : apps.filter((a) => a.status === filter)), [apps, filter]);
  const columns = React.useMemo(() => applicationColumns({ t, f, busy, view: setViewing, review }), [busy, review, t, f, setViewing]);

  return (
    <section aria-labelledby="applications-heading" aria-busy={status === "loading"}>
      <TabHeader id="applications-heading" title={t("admin.applications.title")} description={t("admin.applications.description")}>
        <RefreshButton busy={refreshing} onClick={() => void load()} />
      </TabHeader>

      <StatusFilter apps={apps} filter={filter} onChange={setFilter} status={status} />

      <TabTable
        label={t("admin.applications.tableLabel")}
        data={rows}
        columns={columns}
        getRowId={(a) => String(a.id)}
        searchPlaceholder={t("admin.applications.search")}
        initialSorting={[{ id: "submittedAt", desc: true }]}
        columnClasses={{ actions: "w-px text-end" }}
        phoneCards
        cardCellClasses={{
          applicant: "max-md:col-span-2",
          company: "max-md:col-span-2",
          motivation: "max-md:col-span-2",
          actions: "max-md:border-t max-md:border-slate-100 max-md:pt-3",
        }}
        status={status}
        loadingLabel={t("admin.applications.loading")}
        failedText={t("admin.applications.loadFailed")}
        onRetry={() => void load()}
        emptyIcon={UserCheck}
        emptyText={t(EMPTY_TEXT[filter])}
        emptyHint={filter === "pending" ? t("admin.applications.emptyPendingHint") : undefined}
      />

      <ApplicationDialog viewing={viewing} busy={busy} onClose={() => setViewing(null)} onReview={review} />
    </section>
  );
}
