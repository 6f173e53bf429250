import { UserMinus } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { Translate } from "~/i18n/provider";
import type { Formatters } from "../../../../shared/i18n/format";
import { ActionsHeader, adminColumnHelper } from "../data-table";
import { LANGUAGE, SUBSCRIBER_STATUS, sourceName } from "./labels";
import { ListChips } from "./list-chips";
import type { SubscriberRow } from "./types";

/** The day; the time on hover (the CSV export has both). */
const when = (f: Formatters, at: string | null, none: string) =>
  at ? (
    <time dateTime={at} title={f.when(at)} className="whitespace-nowrap text-slate-600">
      {f.day(at)}
    </time>
  ) : (
    <span className="text-slate-500">{none}</span>
  );

/** The subscribers' columns: address, status, lists, language, dates, source, and Remove. */
export function subscriberColumns({ t, f, onRemove }: { t: Translate; f: Formatters; onRemove: (s: SubscriberRow) => void }) {
  const col = adminColumnHelper<SubscriberRow>();
  const none = t("admin.alerts.subscribers.notYet");
  return [
    col.accessor("email", {
      header: t("admin.alerts.subscribers.col.email"),
      enableSorting: false,
      cell: ({ getValue }) => (
        <bdi dir="ltr" className="font-medium text-navy-950 [overflow-wrap:anywhere]">
          {getValue()}
        </bdi>
      ),
    }),
    col.accessor("status", {
      header: t("admin.alerts.subscribers.col.status"),
      enableSorting: false,
      cell: ({ getValue }) => (
        <Badge variant={SUBSCRIBER_STATUS[getValue()].variant} className="whitespace-nowrap">
          {t(SUBSCRIBER_STATUS[getValue()].label)}
        </Badge>
      ),
    }),
    col.accessor("lists", {
      header: t("admin.alerts.subscribers.col.lists"),
      enableSorting: false,
      cell: ({ getValue }) => <ListChips lists={getValue()} />,
    }),
    col.accessor("locale", { header: t("admin.alerts.subscribers.col.language"), enableSorting: false, cell: ({ getValue }) => t(LANGUAGE[getValue()]) }),
    col.accessor("createdAt", { header: t("admin.alerts.subscribers.col.created"), enableSorting: false, cell: ({ getValue }) => when(f, getValue(), none) }),
    col.accessor("confirmedAt", {
      header: t("admin.alerts.subscribers.col.confirmed"),
      enableSorting: false,
      cell: ({ getValue }) => when(f, getValue(), none),
    }),
    col.accessor("source", { header: t("admin.alerts.subscribers.col.source"), enableSorting: false, cell: ({ getValue }) => sourceName(t, getValue()) }),
    col.display({
      id: "actions",
      header: () => <ActionsHeader />,
      cell: ({ row }) => (
        <Button
          variant="outline"
          size="sm"
          className="whitespace-nowrap text-red-700 hover:bg-red-50"
          onClick={() => onRemove(row.original)}
          aria-label={t("admin.alerts.subscribers.removeNamed", { email: row.original.email })}
        >
          <UserMinus className="h-4 w-4" aria-hidden="true" />
          {t("admin.alerts.subscribers.remove")}
        </Button>
      ),
    }),
  ];
}
