import { Download, UserMinus, Users } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { useAdminData } from "~/hooks/use-admin-data";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { alertsAdminApi, alertsAdminRoutes, listSubscribers } from "~/lib/api/alerts-admin";
import { ApiError, href } from "~/lib/api/client";
import { toast } from "~/lib/toast";
import { ALERT_LISTS, SUBSCRIBER_STATUSES, type AlertList, type SubscriberStatus } from "../../../../shared/alerts";
import { failureText } from "../../manage/form-errors";
import { RefreshButton } from "../tab-header";
import { ActionDialog } from "./action-dialog";
import { listName, SUBSCRIBER_STATUS } from "./labels";
import { PagedTable, SearchBox } from "./paged-table";
import { SectionHeader } from "./section-header";
import { subscriberColumns } from "./subscriber-columns";
import { SubscriberStatsView } from "./subscriber-stats";
import type { SubscriberRow, SubscriberStats } from "./types";
import { usePagedList } from "./use-paged-list";
import { useSearchText } from "./use-search-text";

type Filters = { q: string; list: AlertList | ""; status: SubscriberStatus | "" };

const fetchSubscribers = (f: Filters, page: { limit: number; offset: number }, signal: AbortSignal) =>
  listSubscribers({ q: f.q || undefined, list: f.list || undefined, status: f.status || undefined, ...page }, signal);
const fetchStats = () => alertsAdminApi.subscriberStats();
const NO_STATS: SubscriberStats | null = null;

/**
 * 'Subscribers': the counts per status and per list and language, then the subscribers matching a search (address),
 * a list and a status, newest first, 25 at a time. Removing one (after a confirmation) also puts the address on the
 * suppression list. The CSV export holds every subscriber with the consent record's dates, headed in the
 * dashboard's language.
 */
export function Subscribers() {
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  const search = useSearchText();
  const [list, setList] = React.useState<AlertList | "">("");
  const [status, setStatus] = React.useState<SubscriberStatus | "">("");
  const filters = React.useMemo<Filters>(() => ({ q: search.query, list, status }), [search.query, list, status]);
  const paged = usePagedList(fetchSubscribers, filters);
  const stats = useAdminData(fetchStats, NO_STATS);
  const [removing, setRemoving] = React.useState<SubscriberRow | null>(null);
  const columns = React.useMemo(() => subscriberColumns({ t, f, onRemove: setRemoving }), [t, f]);
  const { state, refresh } = paged;
  const filtered = Boolean(filters.q || list || status);

  const reloadAll = () => {
    refresh();
    void stats.load();
  };

  async function remove() {
    if (!removing) return;
    try {
      await alertsAdminApi.removeSubscriber({ params: { id: removing.id } });
      toast.success(t("admin.alerts.subscribers.removed"), { description: removing.email });
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) {
        toast.error(t("admin.alerts.subscribers.removeFailed"), { description: failureText(err, t) });
        return;
      }
    }
    setRemoving(null);
    reloadAll();
  }

  return (
    <section aria-labelledby="alerts-subscribers-heading" aria-busy={state.loading}>
      <SectionHeader id="alerts-subscribers-heading" title={t("admin.alerts.subscribers.title")} description={t("admin.alerts.subscribers.description")}>
        <Button asChild variant="outline">
          <a href={href(alertsAdminRoutes.exportSubscribers, { query: { lang: locale } })} download>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t("admin.alerts.subscribers.export")}
          </a>
        </Button>
        <RefreshButton busy={state.loading || stats.refreshing} onClick={reloadAll} />
      </SectionHeader>

      {stats.data ? (
        <SubscriberStatsView stats={stats.data} />
      ) : stats.status === "failed" ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t("admin.alerts.subscribers.statsFailed")}
        </p>
      ) : null}

      <div className="mb-4 grid gap-3 sm:grid-cols-3 lg:max-w-4xl">
        <SearchBox search={search} label={t("admin.alerts.subscribers.search")} />
        <NativeSelect value={list} onChange={(e) => setList(e.target.value as AlertList | "")} aria-label={t("admin.alerts.subscribers.listFilter")}>
          <option value="">{t("admin.alerts.subscribers.allLists")}</option>
          {ALERT_LISTS.map((l) => (
            <option key={l} value={l}>
              {listName(t, l)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          value={status}
          onChange={(e) => setStatus(e.target.value as SubscriberStatus | "")}
          aria-label={t("admin.alerts.subscribers.statusFilter")}
        >
          <option value="">{t("admin.alerts.subscribers.allStatuses")}</option>
          {SUBSCRIBER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(SUBSCRIBER_STATUS[s].label)}
            </option>
          ))}
        </NativeSelect>
      </div>

      <PagedTable
        paged={paged}
        label={t("admin.alerts.subscribers.tableLabel")}
        columns={columns}
        getRowId={(s) => String(s.id)}
        columnClasses={{ email: "md:min-w-[16rem]", lists: "min-w-[10rem]", actions: "w-px text-end" }}
        cardCellClasses={{ lists: "max-md:col-span-2" }}
        phoneCards
        pinnedColumn="actions"
        loadingLabel={t("admin.alerts.subscribers.loading")}
        failedText={t("admin.alerts.subscribers.loadFailed")}
        emptyIcon={Users}
        emptyText={t(filtered ? "admin.alerts.subscribers.noMatch" : "admin.alerts.subscribers.empty")}
      />

      <ActionDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t("admin.alerts.subscribers.removeTitle")}
        subject={<bdi dir="ltr">{removing?.email}</bdi>}
        text={t("admin.alerts.subscribers.removeText")}
        confirmLabel={t("admin.alerts.subscribers.remove")}
        cancelLabel={t("manage.form.cancel")}
        icon={UserMinus}
        destructive
        onConfirm={remove}
      />
    </section>
  );
}
