import { Building2, ImageIcon, Loader2, Newspaper, Pencil, Plus, Sparkles, Star, Trash2, X } from "lucide-react";
import * as React from "react";
import { Link, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { ApiError, apiRequest } from "~/lib/api";
import { formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { PortfolioItemDto } from "../../../server/services/portfolio";
import type { PressReleaseDto } from "../../../server/services/press";
import { DataTable, adminColumnHelper } from "./data-table";
import { HOMEPAGE_LIMIT_MESSAGE, PressFormDialog } from "./press-form-dialog";
import { TabHeader, Thumb } from "./tab-header";

/** A table row: the release without its article body. */
export type PressRow = Omit<PressReleaseDto, "content">;

export const DELETE_PRESS_CONFIRM = "Are you sure you want to delete this press release?";
const HOMEPAGE_LIMIT = 3;

const col = adminColumnHelper<PressRow>();

type Pending = { id: number; what: "featured" | "homepage" | "spotlight" | "edit" | "delete" } | null;

/** 'Press Releases': the table with featured, homepage and spotlight choices, and the release form. */
export function PressTab({ releases, companies, spotlightId }: { releases: PressRow[]; companies: PortfolioItemDto[]; spotlightId: number | null }) {
  const revalidator = useRevalidator();
  const [dialog, setDialog] = React.useState<{ open: boolean; release?: PressReleaseDto }>({ open: false });
  const [pending, setPending] = React.useState<Pending>(null);
  const busy = (id: number, what: NonNullable<Pending>["what"]) => pending?.id === id && pending.what === what;

  const run = React.useCallback(
    async (id: number, what: NonNullable<Pending>["what"], action: () => Promise<void>) => {
      setPending({ id, what });
      try {
        await action();
      } finally {
        setPending(null);
      }
    },
    [],
  );

  const toggleFeatured = React.useCallback(
    (r: PressRow) =>
      run(r.id, "featured", async () => {
        try {
          await apiRequest("PATCH", `/api/press-releases/${r.id}`, { featured: !r.featured });
          toast.success(r.featured ? "Removed from featured" : "Set as featured", { description: r.title });
          await revalidator.revalidate();
        } catch {
          toast.error("Update failed", { description: "Could not update featured status. Please try again." });
        }
      }),
    [run, revalidator],
  );

  const toggleHomepage = React.useCallback(
    (r: PressRow) =>
      run(r.id, "homepage", async () => {
        try {
          await apiRequest("PATCH", `/api/press-releases/${r.id}`, { showOnHomepage: !r.showOnHomepage });
          toast.success(r.showOnHomepage ? "Removed from homepage" : "Added to homepage", { description: r.title });
          await revalidator.revalidate();
        } catch (err) {
          if (err instanceof ApiError && err.status === 409 && err.message === HOMEPAGE_LIMIT_MESSAGE) {
            toast.error("Homepage limit reached", { description: "Only 3 press releases can be displayed on the homepage. Please remove one first." });
          } else {
            toast.error("Update failed", { description: "Could not update homepage status. Please try again." });
          }
        }
      }),
    [run, revalidator],
  );

  const setSpotlight = React.useCallback(
    (r: PressRow | null) =>
      run(r?.id ?? -1, "spotlight", async () => {
        const id = r && r.id !== spotlightId ? r.id : null;
        try {
          await apiRequest("PUT", "/api/settings/spotlight", { id });
          toast.success(id ? "Spotlight updated" : "Spotlight cleared", {
            description: id ? `“${r!.title}” now leads the press releases page.` : "The press releases page shows no spotlight card.",
          });
          await revalidator.revalidate();
        } catch {
          toast.error("Update failed", { description: "Could not update the spotlight. Please try again." });
        }
      }),
    [run, revalidator, spotlightId],
  );

  const edit = React.useCallback(
    (r: PressRow) =>
      run(r.id, "edit", async () => {
        try {
          // The list leaves out article bodies; the form needs the whole, current release.
          const release = await apiRequest<PressReleaseDto>("GET", `/api/press-releases/${r.id}`);
          setDialog({ open: true, release });
        } catch (err) {
          toast.error("Could not open the press release", { description: err instanceof ApiError ? err.message : "Please try again." });
          if (err instanceof ApiError && err.status === 404) void revalidator.revalidate();
        }
      }),
    [run, revalidator],
  );

  const remove = React.useCallback(
    (r: PressRow) => {
      if (!window.confirm(DELETE_PRESS_CONFIRM)) return;
      return run(r.id, "delete", async () => {
        try {
          await apiRequest("DELETE", `/api/press-releases/${r.id}`);
          toast.success("Press release deleted", { description: r.title });
          await revalidator.revalidate();
        } catch (err) {
          toast.error("Failed to remove press release", { description: err instanceof ApiError ? err.message : "Please try again." });
        }
      });
    },
    [run, revalidator],
  );

  const columns = React.useMemo(
    () => [
      col.accessor("title", {
        header: "Title",
        sortFn: "text",
        cell: ({ row }) => {
          const r = row.original;
          return (
            <div className="flex items-center gap-3">
              <Thumb src={r.image} className="h-11 w-16" fallback={<ImageIcon className="h-4 w-4 text-slate-400" aria-hidden="true" />} />
              <div className="min-w-0">
                <Link to={`/press-releases/${r.id}`} className="line-clamp-2 font-semibold leading-snug text-navy-950 hover:underline" title={r.title}>
                  {r.title}
                </Link>
                <div className="mt-0.5 text-xs text-slate-500">{r.category}</div>
              </div>
            </div>
          );
        },
      }),
      col.accessor((r) => r.company ?? "", {
        id: "company",
        header: "Company",
        sortFn: "text",
        cell: ({ row }) => (
          <div className="flex items-center gap-2">
            <Thumb src={row.original.companyLogo} contain className="h-8 w-14 bg-white" fallback={<Building2 className="h-3.5 w-3.5 text-slate-400" aria-hidden="true" />} />
            <span className="text-slate-700">{row.original.company || "—"}</span>
          </div>
        ),
      }),
      col.accessor("date", {
        header: "Date",
        sortFn: "alphanumeric",
        sortDescFirst: true,
        cell: ({ getValue }) => (
          <time dateTime={getValue()} className="whitespace-nowrap text-slate-700">
            {formatDate(getValue(), { short: true })}
          </time>
        ),
      }),
      col.accessor((r) => r.sector ?? "", {
        id: "sector",
        header: "Sector",
        sortFn: "text",
        cell: ({ getValue }) => (getValue() ? <Badge variant="slate" className="whitespace-nowrap">{getValue()}</Badge> : <span className="text-slate-400">—</span>),
      }),
      col.accessor("featured", {
        header: "Featured",
        sortDescFirst: true,
        cell: ({ row }) => {
          const r = row.original;
          return (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <button
                type="button"
                aria-pressed={r.featured}
                aria-label={r.featured ? `Remove “${r.title}” from featured` : `Set “${r.title}” as featured`}
                title={r.featured ? "Remove from featured" : "Set as featured"}
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
              {r.featured ? <Badge variant="gold">Featured</Badge> : null}
            </div>
          );
        },
      }),
      col.accessor("showOnHomepage", {
        header: "Homepage",
        sortDescFirst: true,
        cell: ({ row }) => {
          const r = row.original;
          return (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Switch
                checked={r.showOnHomepage}
                onCheckedChange={() => void toggleHomepage(r)}
                disabled={busy(r.id, "homepage")}
                aria-label={`Show “${r.title}” on homepage`}
              />
              {r.showOnHomepage ? (
                <Badge variant="green" className="whitespace-nowrap">
                  Added to Homepage
                </Badge>
              ) : null}
            </div>
          );
        },
      }),
      col.accessor((r) => r.id === spotlightId, {
        id: "spotlight",
        header: "Spotlight",
        sortDescFirst: true,
        cell: ({ row }) => {
          const r = row.original;
          const on = r.id === spotlightId;
          return (
            <button
              type="button"
              aria-pressed={on}
              aria-label={on ? `Remove “${r.title}” from the spotlight` : `Use “${r.title}” as the press page spotlight`}
              title={on ? "Shown in the spotlight of the press releases page" : "Show in the spotlight of the press releases page"}
              onClick={() => void setSpotlight(r)}
              disabled={pending?.what === "spotlight"}
              className={cn(
                "inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 disabled:opacity-50",
                on ? "bg-navy-900 text-white" : "text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50 hover:text-navy-900",
              )}
            >
              {busy(r.id, "spotlight") ? <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" /> : <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />}
              {on ? "Spotlight" : "Set"}
            </button>
          );
        },
      }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only sm:not-sr-only">Actions</span>,
        cell: ({ row }) => {
          const r = row.original;
          return (
            <div className="flex justify-end gap-1">
              <Button variant="ghost" size="icon" aria-label={`Edit “${r.title}”`} title="Edit" onClick={() => void edit(r)} disabled={busy(r.id, "edit")}>
                {busy(r.id, "edit") ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Pencil className="h-4 w-4" aria-hidden="true" />}
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete “${r.title}”`}
                title="Delete"
                className="text-red-600 hover:bg-red-50 hover:text-red-700"
                onClick={() => void remove(r)}
                disabled={busy(r.id, "delete")}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          );
        },
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [toggleFeatured, toggleHomepage, setSpotlight, edit, remove, spotlightId, pending],
  );

  const homepageCount = releases.filter((r) => r.showOnHomepage).length;
  const spotlight = releases.find((r) => r.id === spotlightId);

  return (
    <section aria-labelledby="press-heading">
      <TabHeader id="press-heading" title="Press Releases" description="Announcements on the press releases page, the home page and in the RSS feed.">
        <Button onClick={() => setDialog({ open: true })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Press Release
        </Button>
      </TabHeader>

      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <span
          className={cn(
            "inline-flex items-center gap-2 rounded-full px-3 py-1 ring-1",
            homepageCount >= HOMEPAGE_LIMIT ? "bg-amber-50 text-amber-800 ring-amber-200" : "bg-white text-slate-700 ring-slate-200",
          )}
        >
          <span className="font-semibold">
            {homepageCount}/{HOMEPAGE_LIMIT}
          </span>
          homepage slots used
        </span>
        <span className="inline-flex max-w-full items-center gap-2 rounded-full bg-white px-3 py-1 text-slate-700 ring-1 ring-slate-200">
          <Sparkles className="h-3.5 w-3.5 shrink-0 text-gold-600" aria-hidden="true" />
          <span className="truncate">
            Spotlight: <span className="font-semibold">{spotlight ? spotlight.title : "none"}</span>
          </span>
          {spotlight ? (
            <button
              type="button"
              onClick={() => void setSpotlight(null)}
              className="rounded-full p-0.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
              aria-label="Clear the spotlight"
              title="Clear the spotlight"
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          ) : null}
        </span>
      </div>

      <DataTable
        label="Press releases"
        data={releases}
        columns={columns}
        getRowId={(r) => String(r.id)}
        searchPlaceholder="Search press releases..."
        initialSorting={[{ id: "date", desc: true }]}
        pageSize={20}
        empty={
          <div className="space-y-2">
            <Newspaper className="mx-auto h-8 w-8 text-slate-300" aria-hidden="true" />
            <p className="font-medium text-slate-700">No press releases yet</p>
            <p className="text-sm">Publish the first announcement with “Add Press Release”.</p>
          </div>
        }
        columnClasses={{ title: "min-w-[15rem] max-w-[24rem]", company: "min-w-[9rem]", actions: "w-24 text-right" }}
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
