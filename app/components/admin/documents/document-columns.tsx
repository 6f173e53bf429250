import { Archive, ArchiveRestore, Ban, BarChart3, Download, Files, History, MoreHorizontal, ShieldCheck } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
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
import { AccessBadges, VersionBadge } from "../data-room/access-badges";
import { archiveAction, revokeAction, type StateAction } from "../data-room/state-change-dialog";

export type DocumentRowActions = {
  onShowLog: (d: DocRow) => void;
  onEdit: (d: DocRow) => void;
  onDelete: (d: DocRow) => void;
  onAccess: (d: DocRow) => void;
  onVersions: (d: DocRow) => void;
  onReading: (d: DocRow) => void;
  onState: (d: DocRow, action: StateAction) => void;
};

const STATE_ICON = { revoke: Ban, reinstate: ShieldCheck, archive: Archive, unarchive: ArchiveRestore } as const;

/**
 * The documents table's columns: title (with its version once replaced), category, period and publication day,
 * visibility with any access rule beyond it, size, downloads and the row's actions (the data room's in a menu).
 */
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
              <p className="font-medium text-navy-950">
                <bdi>{d.title}</bdi> <VersionBadge version={d.version} />
              </p>
              <p className="max-w-[14rem] truncate text-xs text-slate-500" title={d.description ?? undefined} dir="auto">
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
        <div className="flex flex-col items-start gap-1">
          <Badge variant={row.original.isPublic ? "green" : "gold"} className="whitespace-nowrap">
            {t(row.original.isPublic ? "admin.documents.public" : "admin.documents.investorOnly")}
          </Badge>
          <AccessBadges doc={row.original} grantCount={row.original.grantCount} />
        </div>
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
            <DataRoomMenu d={d} actions={actions} t={t} />
          </div>
        );
      },
    }),
  ];
}

/** The row's data room actions: access and sharing, versions, reading analytics, revoke or give back, archive or put back. */
function DataRoomMenu({ d, actions, t }: { d: DocRow; actions: DocumentRowActions; t: Translate }) {
  const revoke = revokeAction(d);
  const archive = archiveAction(d);
  const RevokeIcon = STATE_ICON[revoke];
  const ArchiveIcon = STATE_ICON[archive];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("admin.dataRoom.menu.label", { title: d.title })} title={t("admin.dataRoom.menu.title")}>
          <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => actions.onAccess(d)}>
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          {t("admin.dataRoom.menu.access")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onVersions(d)}>
          <Files className="h-4 w-4" aria-hidden="true" />
          {t("admin.dataRoom.menu.versions")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onReading(d)}>
          <BarChart3 className="h-4 w-4" aria-hidden="true" />
          {t("admin.dataRoom.menu.reading")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => actions.onState(d, revoke)} className={revoke === "revoke" ? "text-red-700" : undefined}>
          <RevokeIcon className="h-4 w-4" aria-hidden="true" />
          {t(`admin.dataRoom.state.${revoke}.menu`)}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onState(d, archive)}>
          <ArchiveIcon className="h-4 w-4" aria-hidden="true" />
          {t(`admin.dataRoom.state.${archive}.menu`)}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
