import { Download, History } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { Translate } from "~/i18n/provider";
import type { Formatters } from "../../../../shared/i18n/format";
import { ActionsHeader, adminColumnHelper } from "../data-table";
import { MissingArabicBadge } from "../translation-status";
import { FileIcon } from "./file-icon";
import { docCategoryLabel, extensionOf, type DocRow } from "./types";
import { periodLabel } from "~/lib/document-files";
import { periodOrder } from "../../../../shared/document-period";
import type { Locale } from "../../../../shared/i18n/locales";
import { DeleteIconButton, EditIconButton } from "~/components/ui/icon-buttons";

export type DocumentRowActions = { onShowLog: (d: DocRow) => void; onEdit: (d: DocRow) => void; onDelete: (d: DocRow) => void };

/** The documents table's columns: title, category, period and publication day, visibility, size, downloads and the row's actions. */
export function documentColumns(actions: DocumentRowActions, t: Translate, f: Formatters, locale: Locale) {
  const col = adminColumnHelper<DocRow>();
  return [
    col.accessor("title", {
      header: t("admin.documents.col.title"),
      cell: ({ row }) => {
        const d = row.original;
        return (
          <div className="flex min-w-[13rem] items-center gap-3">
            <FileIcon fileName={d.fileName} />
            <div className="min-w-0">
              <p className="font-medium text-navy-950" dir="auto">
                {d.title}
              </p>
              <p className="max-w-[20rem] truncate text-xs text-slate-500" title={d.description ?? undefined} dir="auto">
                {d.description || <bdi>{d.fileName}</bdi>}
              </p>
              <MissingArabicBadge item={d} className="mt-1 whitespace-nowrap font-medium text-slate-500" />
            </div>
          </div>
        );
      },
    }),
    col.accessor((d) => docCategoryLabel(d, locale) ?? "", {
      id: "category",
      header: t("admin.documents.col.category"),
      cell: ({ getValue }) =>
        getValue() ? <bdi className="text-slate-700">{getValue()}</bdi> : <span className="text-slate-400">{t("admin.documents.uncategorised")}</span>,
    }),
    // Sorted as the library sorts: the period's end, then the publication day.
    col.accessor((d) => periodOrder(d) * 100_000_000 + Number(d.publishedAt.replaceAll("-", "")), {
      id: "period",
      header: t("admin.documents.col.period"),
      sortFn: "basic",
      cell: ({ row }) => {
        const d = row.original;
        return (
          <div className="whitespace-nowrap">
            <p className={periodLabel(d, t, f) ? "font-medium text-slate-700" : "text-slate-400"}>{periodLabel(d, t, f) ?? t("admin.documents.noPeriod")}</p>
            <p className="text-xs text-slate-500">
              <time dateTime={d.publishedAt}>{t("admin.documents.publishedOn", { date: f.date(d.publishedAt, { short: true }) })}</time>
            </p>
          </div>
        );
      },
    }),
    col.accessor((d) => t(d.isPublic ? "admin.documents.public" : "admin.documents.investorOnly"), {
      id: "visibility",
      header: t("admin.documents.col.visibility"),
      cell: ({ row }) => (
        <Badge variant={row.original.isPublic ? "green" : "gold"} className="whitespace-nowrap">
          {t(row.original.isPublic ? "admin.documents.public" : "admin.documents.investorOnly")}
        </Badge>
      ),
    }),
    col.accessor((d) => d.fileSize ?? 0, {
      id: "size",
      header: t("admin.documents.col.size"),
      cell: ({ row }) => (
        // Two boxes, so the file type and the size keep their order and gap in either direction.
        <span className="inline-flex items-baseline gap-1.5 whitespace-nowrap text-slate-600">
          <span className="text-[11px] font-semibold uppercase text-slate-500">{extensionOf(row.original.fileName).toUpperCase()}</span>
          <span>{f.fileSize(row.original.fileSize) ?? "—"}</span>
        </span>
      ),
    }),
    col.accessor("downloads", {
      header: t("admin.documents.col.downloads"),
      cell: ({ row }) => (
        <button
          type="button"
          onClick={() => actions.onShowLog(row.original)}
          className="inline-flex items-center gap-1.5 rounded px-1 font-semibold tabular-nums text-navy-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
          aria-label={t("admin.documents.downloadsLabel", { count: row.original.downloads, shown: f.count(row.original.downloads), title: row.original.title })}
        >
          <Download className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />
          {f.count(row.original.downloads)}
        </button>
      ),
    }),
    col.display({
      id: "actions",
      header: () => <ActionsHeader />,
      cell: ({ row }) => {
        const d = row.original;
        return (
          <div className="flex items-center justify-end gap-1">
            <Button
              variant="ghost"
              size="icon"
              onClick={() => actions.onShowLog(d)}
              aria-label={t("admin.documents.logNamed", { title: d.title })}
              title={t("admin.accessLog.title")}
            >
              <History className="h-4 w-4" aria-hidden="true" />
            </Button>
            <EditIconButton onClick={() => actions.onEdit(d)} aria-label={t("admin.action.editNamed", { name: d.title })} title={t("admin.action.edit")} />
            <DeleteIconButton
              onClick={() => actions.onDelete(d)}
              aria-label={t("admin.action.deleteNamed", { name: d.title })}
              title={t("admin.action.delete")}
            />
          </div>
        );
      },
    }),
  ];
}
