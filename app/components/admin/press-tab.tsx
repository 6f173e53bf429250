import { Building2, ImageIcon, Loader2, Newspaper, Pencil, Plus, Sparkles, Star, X } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { DELETE_PRESS_CONFIRM, usePressActions, type PressAction } from "~/hooks/use-press-actions";
import { Link } from "~/i18n/link";
import { useFormat, useT } from "~/i18n/provider";
import { ApiError, apiRequest } from "~/lib/api/client";
import { cn } from "~/lib/utils";
import type { PortfolioItemDto } from "../../../server/services/portfolio";
import type { PressReleaseDto } from "../../../server/services/press";
import { HOMEPAGE_LIMIT } from "../../../shared/rules";
import { ActionsHeader, DataTable, adminColumnHelper } from "./data-table";
import { failureText } from "./form-errors";
import { useLabels } from "./labels";
import { PressFormDialog } from "./press-form-dialog";
import { TabHeader, Thumb } from "./tab-header";
import { MissingArabicBadge, MissingArabicFilter, missingArabic } from "./translation-status";
import { DeleteIconButton } from "~/components/ui/icon-buttons";

/** A table row: the release without its article body. */
export type PressRow = Omit<PressReleaseDto, "content">;

const col = adminColumnHelper<PressRow>();

type Pending = { id: number; what: "spotlight" | "edit" } | null;

/** 'Press Releases': the table with featured, homepage and spotlight choices, and the release form. */
export function PressTab({ releases, companies, spotlightId }: { releases: PressRow[]; companies: PortfolioItemDto[]; spotlightId: number | null }) {
  const t = useT();
  const f = useFormat({ table: true });
  const labels = useLabels();
  const revalidator = useRevalidator();
  const reload = React.useCallback(() => revalidator.revalidate(), [revalidator]);
  const actions = usePressActions({ onChanged: reload });
  const [dialog, setDialog] = React.useState<{ open: boolean; release?: PressReleaseDto }>({ open: false });
  const [pending, setPending] = React.useState<Pending>(null);
  const busy = (id: number, what: PressAction | NonNullable<Pending>["what"]) =>
    what === "spotlight" || what === "edit" ? pending?.id === id && pending.what === what : actions.isBusy(id, what);

  const run = React.useCallback(async (id: number, what: NonNullable<Pending>["what"], action: () => Promise<void>) => {
    setPending({ id, what });
    try {
      await action();
    } finally {
      setPending(null);
    }
  }, []);

  const { setFeatured, setHomepage, remove: removeRelease } = actions;
  const toggleFeatured = React.useCallback((r: PressRow) => setFeatured(r, !r.featured), [setFeatured]);
  const toggleHomepage = React.useCallback((r: PressRow) => setHomepage(r, !r.showOnHomepage), [setHomepage]);

  const setSpotlight = React.useCallback(
    (r: PressRow | null) =>
      run(r?.id ?? -1, "spotlight", async () => {
        const id = r && r.id !== spotlightId ? r.id : null;
        try {
          await apiRequest("PUT", "/api/settings/spotlight", { id });
          toast.success(t(id ? "admin.press.spotlightSet" : "admin.press.spotlightCleared"), {
            description: id ? t("admin.press.spotlightSetText", { title: r!.title }) : t("admin.press.spotlightClearedText"),
          });
          await revalidator.revalidate();
        } catch {
          toast.error(t("manage.press.updateFailedTitle"), { description: t("admin.press.spotlightFailed") });
        }
      }),
    [run, revalidator, spotlightId, t],
  );

  const edit = React.useCallback(
    (r: PressRow) =>
      run(r.id, "edit", async () => {
        try {
          // The list leaves out article bodies; the form needs the whole, current release.
          const release = await apiRequest<PressReleaseDto>("GET", `/api/press-releases/${r.id}`);
          setDialog({ open: true, release });
        } catch (err) {
          toast.error(t("admin.press.openFailed"), { description: failureText(err, t) });
          if (err instanceof ApiError && err.status === 404) void revalidator.revalidate();
        }
      }),
    [run, revalidator, t],
  );

  const remove = React.useCallback(
    (r: PressRow) => {
      if (!window.confirm(t(DELETE_PRESS_CONFIRM))) return;
      return removeRelease(r);
    },
    [removeRelease, t],
  );

  const columns = React.useMemo(
    () => [
      col.accessor("title", {
        header: t("admin.press.col.title"),
        sortFn: "text",
        cell: ({ row }) => {
          const r = row.original;
          return (
            <div className="flex items-center gap-3">
              <Thumb src={r.image} className="h-11 w-16" fallback={<ImageIcon className="h-4 w-4 text-slate-400" aria-hidden="true" />} />
              <div className="min-w-0">
                <Link
                  to={`/press-releases/${r.id}`}
                  className="line-clamp-2 font-semibold leading-snug text-navy-950 hover:underline"
                  title={r.title}
                  dir="auto"
                >
                  {r.title}
                </Link>
                <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                  <span>{labels.category(r.category)}</span>
                  <MissingArabicBadge item={r} />
                </div>
              </div>
            </div>
          );
        },
      }),
      col.accessor((r) => r.company ?? "", {
        id: "company",
        header: t("admin.press.col.company"),
        sortFn: "text",
        cell: ({ row }) => (
          <div className="flex items-center gap-2">
            <Thumb
              src={row.original.companyLogo}
              contain
              className="h-8 w-14 bg-white"
              fallback={<Building2 className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />}
            />
            <span className="text-slate-700" dir="auto">
              {row.original.company || "—"}
            </span>
          </div>
        ),
      }),
      col.accessor("date", {
        header: t("admin.press.col.date"),
        sortFn: "alphanumeric",
        sortDescFirst: true,
        cell: ({ getValue }) => (
          <time dateTime={getValue()} className="whitespace-nowrap text-slate-700">
            {f.date(getValue(), { short: true })}
          </time>
        ),
      }),
      col.accessor((r) => r.sector ?? "", {
        id: "sector",
        header: t("manage.field.sector"),
        sortFn: "text",
        cell: ({ getValue }) =>
          getValue() ? (
            <Badge variant="slate" className="whitespace-nowrap">
              {labels.sector(getValue())}
            </Badge>
          ) : (
            <span className="text-slate-400">—</span>
          ),
      }),
      col.accessor("featured", {
        header: t("admin.press.col.featured"),
        sortDescFirst: true,
        cell: ({ row }) => {
          const r = row.original;
          return (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <button
                type="button"
                aria-pressed={r.featured}
                aria-label={t(r.featured ? "admin.press.unfeatureLabel" : "admin.press.featureLabel", { title: r.title })}
                title={t(r.featured ? "admin.press.unfeature" : "admin.press.feature")}
                onClick={() => void toggleFeatured(r)}
                disabled={busy(r.id, "featured")}
                className="rounded-md p-1.5 text-slate-400 transition-colors hover:bg-gold-50 hover:text-gold-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 disabled:opacity-50"
              >
                {busy(r.id, "featured") ? (
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                ) : (
                  <Star className={cn("h-4 w-4", r.featured && "fill-gold-500 text-gold-500")} aria-hidden="true" />
                )}
              </button>
              {r.featured ? <Badge variant="gold">{t("admin.press.featuredBadge")}</Badge> : null}
            </div>
          );
        },
      }),
      col.accessor("showOnHomepage", {
        header: t("admin.press.col.homepage"),
        sortDescFirst: true,
        cell: ({ row }) => {
          const r = row.original;
          return (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Switch
                checked={r.showOnHomepage}
                onCheckedChange={() => void toggleHomepage(r)}
                disabled={busy(r.id, "homepage")}
                aria-label={t("admin.press.homepageLabel", { title: r.title })}
              />
              {r.showOnHomepage ? (
                <Badge variant="green" className="whitespace-nowrap">
                  {t("admin.press.homepageBadge")}
                </Badge>
              ) : null}
            </div>
          );
        },
      }),
      col.accessor((r) => r.id === spotlightId, {
        id: "spotlight",
        header: t("admin.press.col.spotlight"),
        sortDescFirst: true,
        cell: ({ row }) => {
          const r = row.original;
          const on = r.id === spotlightId;
          return (
            <button
              type="button"
              aria-pressed={on}
              aria-label={t(on ? "admin.press.unspotlightLabel" : "admin.press.spotlightLabel", { title: r.title })}
              title={t(on ? "admin.press.spotlightOnTitle" : "admin.press.spotlightOffTitle")}
              onClick={() => void setSpotlight(r)}
              disabled={pending?.what === "spotlight"}
              className={cn(
                "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 disabled:opacity-50",
                on ? "bg-navy-900 text-white" : "text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50 hover:text-navy-900",
              )}
            >
              {busy(r.id, "spotlight") ? (
                <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              ) : (
                <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
              )}
              {t(on ? "admin.press.spotlightOn" : "admin.press.spotlightOff")}
            </button>
          );
        },
      }),
      col.display({
        id: "actions",
        header: () => <ActionsHeader visibleFromSm />,
        cell: ({ row }) => {
          const r = row.original;
          return (
            <div className="flex justify-end gap-1">
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("admin.press.editNamed", { title: r.title })}
                title={t("admin.action.edit")}
                onClick={() => void edit(r)}
                disabled={busy(r.id, "edit")}
              >
                {busy(r.id, "edit") ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Pencil className="h-4 w-4" aria-hidden="true" />}
              </Button>
              <DeleteIconButton
                aria-label={t("admin.press.deleteNamed", { title: r.title })}
                title={t("admin.action.delete")}
                onClick={() => void remove(r)}
                disabled={busy(r.id, "delete")}
              />
            </div>
          );
        },
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `busy` reads only `pending` and `actions.pending`, which are listed
    [toggleFeatured, toggleHomepage, setSpotlight, edit, remove, spotlightId, pending, actions.pending, t, f, labels],
  );

  const homepageCount = releases.filter((r) => r.showOnHomepage).length;
  const untranslated = releases.filter(missingArabic).length;
  const [onlyMissing, setOnlyMissing] = React.useState(false);
  const spotlight = releases.find((r) => r.id === spotlightId);

  return (
    <section aria-labelledby="press-heading">
      <TabHeader id="press-heading" title={t("admin.press.title")} description={t("admin.press.description")}>
        <MissingArabicFilter count={untranslated} only={onlyMissing} onChange={setOnlyMissing} />
        <Button onClick={() => setDialog({ open: true })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t("admin.press.add")}
        </Button>
      </TabHeader>

      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <span
          className={cn(
            "inline-flex items-center gap-2 rounded-full px-3 py-1 ring-1",
            homepageCount >= HOMEPAGE_LIMIT ? "bg-amber-50 text-amber-800 ring-amber-200" : "bg-white text-slate-700 ring-slate-200",
          )}
        >
          {t.rich("admin.press.slotsUsed", {
            used: f.count(homepageCount),
            limit: f.count(HOMEPAGE_LIMIT),
            b: (chunks) => <span className="font-semibold">{chunks}</span>,
          })}
        </span>
        <span className="inline-flex max-w-full items-center gap-2 rounded-full bg-white px-3 py-1 text-slate-700 ring-1 ring-slate-200">
          <Sparkles className="h-3.5 w-3.5 shrink-0 text-gold-600" aria-hidden="true" />
          <span className="truncate">
            {t.rich("admin.press.spotlightNow", {
              title: spotlight ? spotlight.title : t("admin.press.spotlightNone"),
              b: (chunks) => <bdi className="font-semibold">{chunks}</bdi>,
            })}
          </span>
          {spotlight ? (
            <button
              type="button"
              onClick={() => void setSpotlight(null)}
              className="rounded-full p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
              aria-label={t("admin.press.clearSpotlight")}
              title={t("admin.press.clearSpotlight")}
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          ) : null}
        </span>
      </div>

      <DataTable
        label={t("admin.press.tableLabel")}
        data={onlyMissing ? releases.filter(missingArabic) : releases}
        columns={columns}
        getRowId={(r) => String(r.id)}
        searchPlaceholder={t("admin.press.search")}
        initialSorting={[{ id: "date", desc: true }]}
        pageSize={20}
        empty={
          <div className="space-y-2">
            <Newspaper className="mx-auto h-8 w-8 text-slate-300" aria-hidden="true" />
            <p className="font-medium text-slate-700">{t("admin.press.empty")}</p>
            <p className="text-sm">{t("admin.press.emptyHint")}</p>
          </div>
        }
        columnClasses={{ title: "min-w-[15rem] max-w-[24rem]", company: "min-w-[9rem]", actions: "w-24 text-end" }}
        pinnedColumn="actions"
        phoneCards
        cardCellClasses={{ actions: "max-md:justify-end max-md:border-t max-md:border-slate-100 max-md:pt-2" }}
      />

      <PressFormDialog
        open={dialog.open}
        release={dialog.release}
        companies={companies}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSaved={() => void revalidator.revalidate()}
      />
    </section>
  );
}
