import { Building2, ExternalLink, ImageIcon, Plus } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DELETE_PORTFOLIO_CONFIRM, usePortfolioActions } from "~/hooks/use-portfolio-actions";
import { useT } from "~/i18n/provider";
import type { PortfolioItemDto } from "../../../server/features/portfolio/portfolio";
import { ActionsHeader, DataTable, adminColumnHelper } from "./data-table";
import { useLabels } from "../manage/labels";
import { PortfolioFormDialog } from "../manage/portfolio-form-dialog";
import { TabHeader, Thumb } from "./tab-header";
import { MissingArabicBadge, MissingArabicFilter, missingArabic } from "./translation-status";
import { DeleteIconButton, EditIconButton } from "~/components/ui/icon-buttons";
import { HistoryMenuItems, PublicationCell, ScheduleDialog, usePublicationActions } from "./publication";
import { RevisionsDialog } from "./revisions";

const col = adminColumnHelper<PortfolioItemDto>();

/** 'Active', 'Partial Exit - 2023', 'Full Exit - 2021' (in the page's language). */
function useStatusText() {
  const t = useT();
  const labels = useLabels();
  return React.useCallback(
    (item: Pick<PortfolioItemDto, "status" | "exitYear">) =>
      item.exitYear ? t("admin.portfolio.statusWithYear", { status: labels.status(item.status), year: String(item.exitYear) }) : labels.status(item.status),
    [t, labels],
  );
}

function StatusBadge({ item }: { item: Pick<PortfolioItemDto, "status" | "exitYear"> }) {
  const statusText = useStatusText();
  const variant = item.status === "Active" ? "green" : item.status === "Partial Exit" ? "amber" : "slate";
  return (
    <Badge variant={variant} className="whitespace-nowrap">
      {statusText(item)}
    </Badge>
  );
}

function websiteHost(url: string | null) {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** 'Portfolio Management': the companies on the website, with add, edit and delete. */
export function PortfolioTab({ companies }: { companies: PortfolioItemDto[] }) {
  const t = useT();
  const labels = useLabels();
  const statusText = useStatusText();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = React.useState<{ open: boolean; item?: PortfolioItemDto }>({ open: false });
  const [onlyMissing, setOnlyMissing] = React.useState(false);
  const untranslated = companies.filter(missingArabic).length;
  const reload = React.useCallback(() => revalidator.revalidate(), [revalidator]);
  const { deleting, remove: removeItem } = usePortfolioActions({ onChanged: reload });
  const publication = usePublicationActions("portfolio", reload);
  const { act: publicationAct, busyId: publishing } = publication;
  const [scheduling, setScheduling] = React.useState<PortfolioItemDto | null>(null);
  const [history, setHistory] = React.useState<PortfolioItemDto | null>(null);

  const remove = React.useCallback(
    (item: PortfolioItemDto) => {
      if (!window.confirm(t(DELETE_PORTFOLIO_CONFIRM))) return;
      return removeItem(item);
    },
    [removeItem, t],
  );

  const columns = React.useMemo(
    () => [
      col.accessor("name", {
        header: t("admin.portfolio.col.name"),
        sortFn: "text",
        cell: ({ row }) => {
          const item = row.original;
          const host = websiteHost(item.website);
          return (
            <div className="flex items-center gap-3">
              <Thumb src={item.image} className="h-11 w-16" fallback={<ImageIcon className="h-4 w-4 text-slate-400" aria-hidden="true" />} />
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold text-navy-950" dir="auto">
                    {item.name}
                  </span>
                  <MissingArabicBadge item={item} />
                </div>
                {/* Where the company stands in publication, and the actions from there. */}
                <div className="my-1">
                  <PublicationCell
                    row={{ ...item, title: item.name }}
                    busy={publishing === item.id}
                    onAct={(action) => void publicationAct({ ...item, title: item.name }, action)}
                    onSchedule={() => setScheduling(item)}
                  >
                    <HistoryMenuItems onRevisions={() => setHistory(item)} />
                  </PublicationCell>
                </div>
                <div className="flex items-center gap-1 text-xs text-slate-500">
                  <span>{t("admin.portfolio.since", { year: String(item.yearAcquired) })}</span>
                  {host ? (
                    <>
                      <span aria-hidden="true">·</span>
                      <a
                        href={item.website!}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-0.5 hover:text-navy-800 hover:underline"
                        dir="ltr"
                      >
                        {host}
                        <ExternalLink className="h-3 w-3" aria-hidden="true" />
                      </a>
                    </>
                  ) : null}
                </div>
              </div>
            </div>
          );
        },
      }),
      col.accessor("companyLogo", {
        header: t("admin.portfolio.col.logo"),
        enableSorting: false,
        cell: ({ row }) => (
          <Thumb
            src={row.original.companyLogo}
            contain
            className="h-10 w-20 bg-white"
            fallback={<Building2 className="h-4 w-4 text-slate-400" aria-label={t("admin.portfolio.noLogo")} role="img" />}
          />
        ),
      }),
      col.accessor("sector", {
        header: t("manage.field.sector"),
        sortFn: "text",
        cell: ({ getValue }) => <span className="whitespace-nowrap text-slate-700">{labels.sector(getValue())}</span>,
      }),
      col.accessor((row) => statusText(row), {
        id: "status",
        header: t("admin.portfolio.col.status"),
        sortFn: "text",
        cell: ({ row }) => <StatusBadge item={row.original} />,
      }),
      col.display({
        id: "actions",
        header: () => <ActionsHeader visibleFromSm />,
        cell: ({ row }) => {
          const item = row.original;
          return (
            <div className="flex justify-end gap-1">
              <EditIconButton
                aria-label={t("admin.action.editNamed", { name: item.name })}
                title={t("admin.action.edit")}
                onClick={() => setDialog({ open: true, item })}
              />
              <DeleteIconButton
                aria-label={t("admin.action.deleteNamed", { name: item.name })}
                title={t("admin.action.delete")}
                disabled={deleting === item.id}
                onClick={() => void remove(item)}
              />
            </div>
          );
        },
      }),
    ],
    [remove, deleting, t, labels, statusText, publishing, publicationAct],
  );

  return (
    <section aria-labelledby="portfolio-heading">
      <TabHeader id="portfolio-heading" title={t("admin.portfolio.title")} description={t("admin.portfolio.description")}>
        <MissingArabicFilter count={untranslated} only={onlyMissing} onChange={setOnlyMissing} />
        <Button onClick={() => setDialog({ open: true })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t("admin.portfolio.add")}
        </Button>
      </TabHeader>
      <DataTable
        label={t("admin.portfolio.tableLabel")}
        data={onlyMissing ? companies.filter(missingArabic) : companies}
        columns={columns}
        getRowId={(r) => String(r.id)}
        searchPlaceholder={t("admin.portfolio.search")}
        initialSorting={[{ id: "name", desc: false }]}
        empty={
          <div className="space-y-2">
            <Building2 className="mx-auto h-8 w-8 text-slate-300" aria-hidden="true" />
            <p className="font-medium text-slate-700">{t("admin.portfolio.empty")}</p>
            <p className="text-sm">{t("admin.portfolio.emptyHint")}</p>
          </div>
        }
        columnClasses={{ name: "min-w-[16rem]", actions: "w-24 text-end" }}
        phoneCards
        cardCellClasses={{ name: "max-md:col-span-2", actions: "max-md:justify-end max-md:border-t max-md:border-slate-100 max-md:pt-2" }}
      />
      <RevisionsDialog
        entity="portfolio"
        id={history?.id ?? 0}
        title={history?.name ?? ""}
        open={history !== null}
        onOpenChange={(open) => !open && setHistory(null)}
        onRestored={reload}
      />
      <ScheduleDialog
        kind="portfolio"
        row={scheduling ? { ...scheduling, title: scheduling.name } : null}
        onOpenChange={(open) => !open && setScheduling(null)}
        onScheduled={reload}
      />
      <PortfolioFormDialog
        open={dialog.open}
        item={dialog.item}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSaved={() => void revalidator.revalidate()}
      />
    </section>
  );
}
