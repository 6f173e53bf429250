import { Mail } from "lucide-react";
import * as React from "react";
import { useFormat, useT } from "~/i18n/provider";
import { outboxColumns } from "./outbox/outbox-columns";
import { OutboxMessageDialog } from "./outbox/outbox-message-dialog";
import type { OutboxPage } from "./outbox/types";
import { useOutbox } from "./outbox/use-outbox";
import { RefreshButton, TabHeader } from "./tab-header";
import { TabTable } from "./tab-table";

/**
 * Admin 'Outbox': every e-mail the site has written (newest first), whether it was sent, is waiting for a retry, failed,
 * or is kept here because no SMTP server is configured; each one can be read, and a failed one sent again.
 */
export function OutboxTab({ loaded }: { loaded?: OutboxPage | null }) {
  const t = useT();
  const f = useFormat();
  const { data, status, refreshing, load, viewing, setViewing, busy, open, retry } = useOutbox(loaded);
  const columns = React.useMemo(() => outboxColumns({ t, f, busy, open, retry }), [busy, f, open, retry, t]);

  return (
    <section aria-labelledby="outbox-heading" aria-busy={status === "loading"}>
      <TabHeader
        id="outbox-heading"
        title={t("admin.outbox.title")}
        description={data.keepDays ? `${t("admin.outbox.description")} ${t("admin.outbox.kept", { count: data.keepDays })}` : t("admin.outbox.description")}
      >
        <RefreshButton busy={refreshing} onClick={() => void load()} />
      </TabHeader>
      {status === "ready" && !data.sending ? (
        <p role="note" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          {t("admin.outbox.notSending")}
        </p>
      ) : null}
      <TabTable
        label={t("admin.outbox.tableLabel")}
        data={data.messages}
        columns={columns}
        getRowId={(m) => String(m.id)}
        searchPlaceholder={t("admin.outbox.search")}
        initialSorting={[{ id: "createdAt", desc: true }]}
        columnClasses={{ actions: "w-px text-end" }}
        phoneCards
        status={status}
        loadingLabel={t("admin.outbox.loading")}
        failedText={t("admin.outbox.loadFailed")}
        onRetry={() => void load()}
        emptyIcon={Mail}
        emptyText={t("admin.outbox.empty")}
      />

      <OutboxMessageDialog viewing={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
