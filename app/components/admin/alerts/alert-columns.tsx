import { Send } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { Translate } from "~/i18n/provider";
import type { Formatters } from "../../../../shared/i18n/format";
import { ActionsHeader, adminColumnHelper } from "../data-table";
import { ALERT_STATUS, KIND } from "./labels";
import { ListChips } from "./list-chips";
import type { AlertRow } from "./types";

/** The e-mails of an alert: written, sent, failed and waiting, each with its word (failures stand out). */
function Deliveries({ a, t, f }: { a: AlertRow; t: Translate; f: Formatters }) {
  const items = [
    { label: t("admin.alerts.sent.recipients"), value: a.recipients, tone: "text-navy-950" },
    { label: t("admin.alerts.sent.sentCount"), value: a.sent, tone: "text-emerald-700" },
    { label: t("admin.alerts.sent.failed"), value: a.failed, tone: a.failed ? "text-red-700" : "text-slate-600" },
    { label: t("admin.alerts.sent.waiting"), value: a.waiting, tone: a.waiting ? "text-amber-800" : "text-slate-600" },
  ];
  return (
    <dl className="grid grid-cols-[repeat(2,max-content)] gap-x-4 gap-y-0.5 whitespace-nowrap text-xs">
      {items.map((i) => (
        <div key={i.label} className="flex items-baseline gap-1.5">
          <dt className="text-slate-500">{i.label}</dt>
          <dd className={`font-semibold tabular-nums ${i.tone}`}>{f.count(i.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The sent alerts' columns: the item and edition, its lists, status, e-mails, when; a correction for a release. */
export function alertColumns({ t, f, onCorrect }: { t: Translate; f: Formatters; onCorrect: (a: AlertRow) => void }) {
  const col = adminColumnHelper<AlertRow>();
  return [
    col.accessor("title", {
      header: t("admin.alerts.sent.col.alert"),
      enableSorting: false,
      cell: ({ row }) => {
        const a = row.original;
        return (
          <div className="space-y-1 md:min-w-[12rem]">
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{t(KIND[a.kind])}</p>
            <p className="font-medium text-navy-950">
              <bdi>{a.title}</bdi>
            </p>
            {a.edition > 0 ? <Badge variant="gold">{t("admin.alerts.sent.correctionN", { n: f.count(a.edition) })}</Badge> : null}
          </div>
        );
      },
    }),
    col.accessor("lists", {
      header: t("admin.alerts.sent.col.lists"),
      enableSorting: false,
      cell: ({ getValue }) => <ListChips lists={getValue()} />,
    }),
    col.accessor("status", {
      header: t("admin.alerts.sent.col.status"),
      enableSorting: false,
      cell: ({ getValue }) => (
        <Badge variant={ALERT_STATUS[getValue()].variant} className="whitespace-nowrap">
          {t(ALERT_STATUS[getValue()].label)}
        </Badge>
      ),
    }),
    col.display({
      id: "emails",
      header: t("admin.alerts.sent.col.emails"),
      cell: ({ row }) => <Deliveries a={row.original} t={t} f={f} />,
    }),
    col.accessor("createdAt", {
      header: t("admin.alerts.sent.col.created"),
      enableSorting: false,
      cell: ({ getValue }) => (
        <time dateTime={getValue()} className="whitespace-nowrap text-slate-600">
          {f.when(getValue())}
        </time>
      ),
    }),
    col.accessor("finishedAt", {
      header: t("admin.alerts.sent.col.finished"),
      enableSorting: false,
      cell: ({ getValue }) => {
        const at = getValue();
        return at ? (
          <time dateTime={at} className="whitespace-nowrap text-slate-600">
            {f.when(at)}
          </time>
        ) : (
          <span className="text-slate-500">{t("admin.alerts.sent.notFinished")}</span>
        );
      },
    }),
    col.display({
      id: "actions",
      header: () => <ActionsHeader />,
      cell: ({ row }) =>
        row.original.kind === "press" ? (
          <Button
            variant="outline"
            size="sm"
            className="whitespace-nowrap"
            onClick={() => onCorrect(row.original)}
            aria-label={t("admin.alerts.sent.correctionNamed", { title: row.original.title })}
          >
            <Send className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
            {t("admin.alerts.sent.correction")}
          </Button>
        ) : null,
    }),
  ];
}
