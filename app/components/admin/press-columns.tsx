import { Building2, ImageIcon, Loader2, Pencil, Sparkles, Star } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DeleteIconButton } from "~/components/ui/icon-buttons";
import { Switch } from "~/components/ui/switch";
import type { PressAction } from "~/hooks/use-press-actions";
import { Link } from "~/i18n/link";
import type { Translate } from "~/i18n/provider";
import type { CallOutput } from "~/lib/api/client";
import type { Formatters } from "../../../shared/i18n/format";
import { cn } from "~/lib/utils";
import type { API } from "../../../shared/api";
import { ActionsHeader, adminColumnHelper, type AdminColumn } from "./data-table";
import type { useLabels } from "../manage/labels";
import { Thumb } from "./tab-header";
import { MissingArabicBadge } from "./translation-status";
import { HistoryMenuItems, PublicationCell, type PublicationAction } from "./publication";

/** A table row: the release without its article body. */
export type PressRow = Omit<CallOutput<typeof API.press.get>, "content">;

/** What the press table's cells read and do: texts, formats, the spotlight, and the row actions. */
export type PressColumnsContext = {
  t: Translate;
  f: Formatters;
  labels: ReturnType<typeof useLabels>;
  spotlightId: number | null;
  /** Whether `what` is running on release `id`. */
  busy: (id: number, what: PressAction | "spotlight" | "edit") => boolean;
  /** A spotlight choice is being saved (every spotlight button waits). */
  choosingSpotlight: boolean;
  toggleFeatured: (r: PressRow) => void;
  toggleHomepage: (r: PressRow) => void;
  setSpotlight: (r: PressRow) => void;
  edit: (r: PressRow) => void;
  remove: (r: PressRow) => void;
  /** The release whose publication action is running, if any. */
  publishing: number | null;
  publicationAction: (r: PressRow, action: PublicationAction) => void;
  schedule: (r: PressRow) => void;
  /** Opens the release's preview and links, or its revisions. */
  preview: (r: PressRow) => void;
  revisions: (r: PressRow) => void;
};

const col = adminColumnHelper<PressRow>();

/** Title, company, date and sector: what the release is. */
function contentColumns(ctx: PressColumnsContext): AdminColumn<PressRow>[] {
  const { t, f, labels } = ctx;
  return [
    col.accessor("title", {
      header: t("admin.press.col.title"),
      sortFn: "text",
      cell: ({ row }) => {
        const r = row.original;
        return (
          <div className="flex items-center gap-3">
            <Thumb src={r.image} className="h-11 w-16" fallback={<ImageIcon className="h-4 w-4 text-slate-400" aria-hidden="true" />} />
            <div className="min-w-0">
              <Link to={`/press-releases/${r.id}`} className="line-clamp-2 font-semibold leading-snug text-navy-950 hover:underline" title={r.title} dir="auto">
                {r.title}
              </Link>
              <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                <span>{labels.category(r.category)}</span>
                <MissingArabicBadge item={r} />
              </div>
              {/* Where the release stands in publication, and the actions from there. */}
              <div className="mt-1.5">
                <PublicationCell row={r} busy={ctx.publishing === r.id} onAct={(action) => ctx.publicationAction(r, action)} onSchedule={() => ctx.schedule(r)}>
                  <HistoryMenuItems onPreview={() => ctx.preview(r)} onRevisions={() => ctx.revisions(r)} />
                </PublicationCell>
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
  ];
}

/** Featured and homepage: the release's two flags. */
function flagColumns({ t, busy, toggleFeatured, toggleHomepage }: PressColumnsContext): AdminColumn<PressRow>[] {
  return [
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
  ];
}

/** The spotlight choice: one release at most is in the press list's spotlight card. */
function spotlightColumn({ t, busy, spotlightId, choosingSpotlight, setSpotlight }: PressColumnsContext): AdminColumn<PressRow> {
  return col.accessor((r) => r.id === spotlightId, {
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
          disabled={choosingSpotlight}
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
  });
}

/** Edit and delete. */
function actionsColumn({ t, busy, edit, remove }: PressColumnsContext): AdminColumn<PressRow> {
  return col.display({
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
  });
}

/** The columns of the admin's press table, in order. */
export function pressColumns(ctx: PressColumnsContext): AdminColumn<PressRow>[] {
  return [...contentColumns(ctx), ...flagColumns(ctx), spotlightColumn(ctx), actionsColumn(ctx)];
}
