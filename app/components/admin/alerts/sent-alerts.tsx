import { BellRing, Send } from "lucide-react";
import * as React from "react";
import { useFormat, useT } from "~/i18n/provider";
import { hasErrorCode } from "~/lib/api/client";
import { alertsAdminApi, listAlerts } from "~/lib/api/alerts-admin";
import { toast } from "~/lib/toast";
import { failureText } from "../../manage/form-errors";
import { RefreshButton } from "../tab-header";
import { ActionDialog } from "./action-dialog";
import { alertColumns } from "./alert-columns";
import { ListChips } from "./list-chips";
import { PagedTable } from "./paged-table";
import { SectionHeader } from "./section-header";
import type { AlertRow } from "./types";
import { usePagedList } from "./use-paged-list";

const NO_FILTERS = {};
const fetchAlerts = (_filters: object, page: { limit: number; offset: number }, signal: AbortSignal) => listAlerts(page, signal);

/**
 * 'Sent alerts': every alert, newest first, 25 at a time, with how many of its e-mails were written, sent, failed or
 * are waiting (opens are not tracked, and the note says so). A release's alert can be sent again as a correction
 * after a confirmation that says every subscriber of its list gets it.
 */
export function SentAlerts() {
  const t = useT();
  const f = useFormat();
  const paged = usePagedList(fetchAlerts, NO_FILTERS);
  const { state, page, setPage, refresh } = paged;
  const [correcting, setCorrecting] = React.useState<AlertRow | null>(null);
  const columns = React.useMemo(() => alertColumns({ t, f, onCorrect: setCorrecting }), [t, f]);

  async function sendCorrection() {
    if (!correcting) return;
    try {
      await alertsAdminApi.sendCorrection({ body: { kind: "press", id: correcting.itemId } });
      toast.success(t("admin.alerts.sent.correctionQueued"), { description: correcting.title });
      setCorrecting(null);
      if (page === 0) refresh();
      else setPage(0);
    } catch (err) {
      toast.error(t("admin.alerts.sent.correctionFailed"), { description: failureText(err, t) });
      if (hasErrorCode(err, "NOT_FOUND")) setCorrecting(null);
    }
  }

  return (
    <section aria-labelledby="alerts-sent-heading" aria-busy={state.loading}>
      <SectionHeader id="alerts-sent-heading" title={t("admin.alerts.sent.title")} description={t("admin.alerts.sent.description")}>
        <RefreshButton busy={state.loading} onClick={refresh} />
      </SectionHeader>
      <p role="note" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
        {t("admin.alerts.sent.noOpens")}
      </p>
      <PagedTable
        paged={paged}
        label={t("admin.alerts.sent.tableLabel")}
        columns={columns}
        getRowId={(a) => String(a.id)}
        columnClasses={{ lists: "md:min-w-[10rem]", actions: "w-px text-end" }}
        cardCellClasses={{ lists: "max-md:col-span-2", emails: "max-md:col-span-2" }}
        phoneCards
        pinnedColumn="actions"
        loadingLabel={t("admin.alerts.sent.loading")}
        failedText={t("admin.alerts.sent.loadFailed")}
        emptyIcon={BellRing}
        emptyText={t("admin.alerts.sent.empty")}
        emptyHint={t("admin.alerts.sent.emptyHint")}
      />

      <ActionDialog
        open={correcting !== null}
        onOpenChange={(open) => !open && setCorrecting(null)}
        title={t("admin.alerts.sent.correctionTitle")}
        subject={<bdi>{correcting?.title}</bdi>}
        text={t("admin.alerts.sent.correctionText")}
        confirmLabel={t("admin.alerts.sent.correction")}
        cancelLabel={t("manage.form.cancel")}
        icon={Send}
        onConfirm={sendCorrection}
      >
        {correcting ? (
          <div className="space-y-1.5">
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{t("admin.alerts.sent.correctionLists")}</p>
            <ListChips lists={correcting.lists} />
          </div>
        ) : null}
      </ActionDialog>
    </section>
  );
}
