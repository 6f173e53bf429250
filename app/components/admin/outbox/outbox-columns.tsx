import { Eye, Loader2, RotateCcw } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { Translate } from "~/i18n/provider";
import type { Formatters } from "../../../../shared/i18n/format";
import { ActionsHeader, adminColumnHelper } from "../data-table";
import { STATUS, type OutboxRow } from "./types";

/** What the outbox table's cells read and do. */
export type OutboxColumnsContext = {
  t: Translate;
  f: Formatters;
  /** The message being sent again. */
  busy: number | null;
  open: (row: OutboxRow) => Promise<void>;
  retry: (row: OutboxRow) => Promise<void>;
};

/** The outbox table's columns: subject and recipient, when it was written, its status, and read / send again. */
export function outboxColumns({ t, f, busy, open, retry }: OutboxColumnsContext) {
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
}
