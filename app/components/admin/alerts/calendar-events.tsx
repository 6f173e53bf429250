import { Ban, CalendarDays, CalendarPlus } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { useAdminData } from "~/hooks/use-admin-data";
import { useFormat, useT } from "~/i18n/provider";
import { calendarAdminApi } from "~/lib/api/alerts-admin";
import { hasErrorCode } from "~/lib/api/client";
import { toast } from "~/lib/toast";
import { failureText } from "../../manage/form-errors";
import type { PressRow } from "../press-columns";
import { RefreshButton } from "../tab-header";
import { TabTable } from "../tab-table";
import { ActionDialog } from "./action-dialog";
import { calendarColumns } from "./calendar-columns";
import { EventDialog, type EventEditing } from "./event-dialog";
import { SectionHeader } from "./section-header";
import type { CalendarEventRow } from "./types";

const fetchEvents = () => calendarAdminApi.adminList();
const NO_EVENTS: CalendarEventRow[] = [];

/**
 * 'Financial calendar': every event, latest first, cancelled ones included; adding and changing one in a dialog, and
 * cancelling one after a confirmation (it stays in the calendar feeds, marked cancelled, so subscribed calendars
 * update it).
 */
export function CalendarEvents({ releases }: { releases: PressRow[] }) {
  const t = useT();
  const f = useFormat();
  const { data, setData, status, refreshing, load } = useAdminData(fetchEvents, NO_EVENTS);
  const [editing, setEditing] = React.useState<EventEditing | null>(null);
  const [cancelling, setCancelling] = React.useState<CalendarEventRow | null>(null);
  const columns = React.useMemo(() => calendarColumns({ t, f, onEdit: (event) => setEditing({ mode: "edit", event }), onCancel: setCancelling }), [t, f]);

  const upsert = React.useCallback(
    (event: CalendarEventRow) => setData((list) => (list.some((e) => e.id === event.id) ? list.map((e) => (e.id === event.id ? event : e)) : [event, ...list])),
    [setData],
  );

  async function cancel() {
    if (!cancelling) return;
    try {
      const event = await calendarAdminApi.cancel({ params: { id: cancelling.id } });
      upsert(event);
      toast.success(t("admin.alerts.calendar.cancelled"), { description: event.title });
      setCancelling(null);
    } catch (err) {
      toast.error(t("admin.alerts.calendar.cancelFailed"), { description: failureText(err, t) });
      if (hasErrorCode(err, "NOT_FOUND")) {
        setCancelling(null);
        void load();
      }
    }
  }

  return (
    <section aria-labelledby="alerts-calendar-heading" aria-busy={refreshing}>
      <SectionHeader id="alerts-calendar-heading" title={t("admin.alerts.calendar.title")} description={t("admin.alerts.calendar.description")}>
        <Button onClick={() => setEditing({ mode: "create" })}>
          <CalendarPlus className="h-4 w-4" aria-hidden="true" />
          {t("admin.alerts.calendar.add")}
        </Button>
        <RefreshButton busy={refreshing} onClick={() => void load()} />
      </SectionHeader>

      <TabTable
        label={t("admin.alerts.calendar.tableLabel")}
        data={data}
        columns={columns}
        getRowId={(e) => String(e.id)}
        initialSorting={[{ id: "date", desc: true }]}
        pageSize={20}
        rowClassName={(e) => (e.status === "cancelled" ? "bg-slate-50/60" : undefined)}
        columnClasses={{ actions: "w-px text-end" }}
        cardCellClasses={{ title: "max-md:col-span-2", actions: "max-md:justify-start" }}
        phoneCards
        pinnedColumn="actions"
        status={status}
        busy={refreshing && status === "ready"}
        loadingLabel={t("admin.alerts.calendar.loading")}
        failedText={t("admin.alerts.calendar.loadFailed")}
        onRetry={() => void load()}
        emptyIcon={CalendarDays}
        emptyText={t("admin.alerts.calendar.empty")}
      />

      <EventDialog editing={editing} onOpenChange={(open) => !open && setEditing(null)} releases={releases} onSaved={upsert} onGone={() => void load()} />
      <ActionDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={t("admin.alerts.calendar.cancelTitle")}
        subject={<bdi>{cancelling?.title}</bdi>}
        text={t("admin.alerts.calendar.cancelText")}
        confirmLabel={t("admin.alerts.calendar.cancel")}
        cancelLabel={t("admin.alerts.calendar.keep")}
        icon={Ban}
        destructive
        onConfirm={cancel}
      />
    </section>
  );
}
