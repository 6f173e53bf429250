import { Eye, Loader2, Mail, RotateCcw } from "lucide-react";
import * as React from "react";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useAdminData } from "~/hooks/use-admin-data";
import { useFormat, useT } from "~/i18n/provider";
import type { CallOutput } from "~/lib/api/client";
import { outboxApi } from "~/lib/api/outbox";
import type { API } from "../../../shared/api";
import type { MessageId } from "../../../shared/i18n/messages";
import { ActionsHeader, adminColumnHelper } from "./data-table";
import { failureText } from "./form-errors";
import { RefreshButton, TabHeader } from "./tab-header";
import { TabTable } from "./tab-table";

type OutboxPage = CallOutput<typeof API.outbox.list>;
type OutboxRow = OutboxPage["messages"][number];
type OutboxMessage = CallOutput<typeof API.outbox.get>;
type EmailStatus = OutboxRow["status"];

const STATUS: Record<EmailStatus, { label: MessageId; variant: "green" | "amber" | "red" | "slate" | "gold" }> = {
  sent: { label: "admin.outbox.status.sent", variant: "green" },
  queued: { label: "admin.outbox.status.queued", variant: "amber" },
  sending: { label: "admin.outbox.status.sending", variant: "amber" },
  held: { label: "admin.outbox.status.held", variant: "gold" },
  failed: { label: "admin.outbox.status.failed", variant: "red" },
};

const fetchOutbox = () => outboxApi.list();

/**
 * Admin 'Outbox': every e-mail the site has written (newest first), whether it was sent, is waiting for a retry, failed,
 * or is kept here because no SMTP server is configured; each one can be read, and a failed one sent again.
 */
export function OutboxTab() {
  const t = useT();
  const f = useFormat({ table: true });
  const { data, status, refreshing, load } = useAdminData<OutboxPage>(fetchOutbox, { sending: true, keepDays: 0, messages: [], nextBefore: null });
  const [viewing, setViewing] = React.useState<OutboxMessage | null>(null);
  const [busy, setBusy] = React.useState<number | null>(null);

  const open = React.useCallback(
    async (row: OutboxRow) => {
      try {
        setViewing(await outboxApi.get({ params: { id: row.id } }));
      } catch (err) {
        toast.error(t("admin.outbox.openFailed"), { description: failureText(err, t) });
      }
    },
    [t],
  );
  const retry = React.useCallback(
    async (row: OutboxRow) => {
      setBusy(row.id);
      try {
        await outboxApi.retry({ params: { id: row.id } });
        toast.success(t("admin.outbox.retried"));
        await load();
      } catch (err) {
        toast.error(t("admin.outbox.retryFailed"), { description: failureText(err, t) });
      } finally {
        setBusy(null);
      }
    },
    [load, t],
  );

  const columns = React.useMemo(() => {
    const col = adminColumnHelper<OutboxRow>();
    return [
      col.accessor((m) => `${m.subject} ${m.toAddress}`, {
        id: "message",
        header: t("admin.outbox.col.message"),
        cell: ({ row }) => (
          <div className="min-w-[14rem]">
            <p className="font-medium text-navy-950" dir="auto">
              {row.original.subject}
            </p>
            <p className="text-xs text-slate-500">
              <bdi>{row.original.toAddress}</bdi>
            </p>
          </div>
        ),
      }),
      col.accessor("createdAt", {
        header: t("admin.outbox.col.written"),
        sortFn: "datetime",
        cell: ({ getValue }) => (
          <time dateTime={getValue()} className="whitespace-nowrap text-slate-600">
            {f.when(getValue())}
          </time>
        ),
      }),
      col.accessor("status", {
        header: t("admin.outbox.col.status"),
        cell: ({ row }) => {
          const m = row.original;
          return (
            <div className="space-y-1">
              <Badge variant={STATUS[m.status].variant}>{t(STATUS[m.status].label)}</Badge>
              {m.attempts > 1 || m.lastError ? <p className="text-xs text-slate-500">{t("admin.outbox.attempts", { count: m.attempts })}</p> : null}
            </div>
          );
        },
      }),
      col.display({
        id: "actions",
        header: () => <ActionsHeader />,
        cell: ({ row }) => (
          <div className="flex items-center justify-end gap-1.5">
            <Button
              variant="ghost"
              size="icon"
              onClick={() => void open(row.original)}
              aria-label={t("admin.outbox.viewNamed", { subject: row.original.subject })}
            >
              <Eye className="h-4 w-4" aria-hidden="true" />
            </Button>
            {row.original.status === "failed" ? (
              <Button size="sm" variant="outline" onClick={() => void retry(row.original)} disabled={busy === row.original.id}>
                {busy === row.original.id ? (
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                ) : (
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                )}
                {t("admin.outbox.retry")}
              </Button>
            ) : null}
          </div>
        ),
      }),
    ];
  }, [busy, f, open, retry, t]);

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

      <Dialog open={Boolean(viewing)} onOpenChange={(next) => !next && setViewing(null)}>
        <DialogContent className="max-w-2xl">
          {viewing ? (
            <>
              <DialogHeader>
                <DialogTitle dir="auto">{viewing.subject}</DialogTitle>
                <DialogDescription>
                  {t("admin.outbox.to")} <bdi>{viewing.toAddress}</bdi> · {f.when(viewing.createdAt)} · {t(STATUS[viewing.status].label)}
                </DialogDescription>
              </DialogHeader>
              {viewing.lastError ? (
                <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" dir="ltr">
                  {viewing.lastError}
                </p>
              ) : null}
              {viewing.sensitive && viewing.textBody ? <p className="text-sm text-slate-600">{t("admin.outbox.linksMasked")}</p> : null}
              {viewing.textBody ? (
                <pre
                  className="max-h-[55vh] overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-4 font-sans text-sm leading-relaxed text-slate-800"
                  dir={viewing.locale === "ar" ? "rtl" : "ltr"}
                  lang={viewing.locale}
                >
                  {viewing.textBody}
                </pre>
              ) : (
                <p className="text-sm text-slate-600">{t("admin.outbox.bodyRemoved")}</p>
              )}
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
