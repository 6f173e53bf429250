import { Building2, CalendarDays, ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import * as React from "react";
import { toast } from "~/lib/toast";
import { PortfolioFormDialog } from "~/components/admin/portfolio-form-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { apiRequest } from "~/lib/api";
import { cn, sectorLabel } from "~/lib/utils";
import { SECTORS } from "../../../shared/schemas";
import { ConfirmDialog } from "./confirm-dialog";
import type { PortalPortfolioItem } from "./types";

export const DELETE_PORTFOLIO_TEXT = "Are you sure you want to delete this portfolio item?";

const SECTOR_LABELS = new Map<string, string>(SECTORS.map((s) => [s.value, s.label]));
export const portfolioSectorLabel = (sector: string) => SECTOR_LABELS.get(sector) ?? sectorLabel(sector);

/** 'Active', 'Partial Exit - 2023', 'Full Exit - 2024'. */
export function portfolioStatusLine(item: Pick<PortalPortfolioItem, "status" | "exitYear">) {
  return item.status !== "Active" && item.exitYear ? `${item.status} - ${item.exitYear}` : item.status;
}

const STATUS_BADGE: Record<string, "green" | "amber" | "slate"> = { Active: "green", "Partial Exit": "amber", "Full Exit": "slate" };

function PortfolioCard({ item, admin, onEdit, onDelete }: { item: PortalPortfolioItem; admin: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md" data-testid="portfolio-card">
      <div className="relative aspect-[16/9] overflow-hidden bg-navy-900">
        {item.image ? (
          <img src={item.image} alt="" loading="lazy" className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]" />
        ) : (
          <div className="flex h-full items-center justify-center text-navy-300">
            <Building2 className="h-10 w-10" aria-hidden="true" />
          </div>
        )}
        <Badge variant="default" className="absolute left-3 top-3 bg-navy-950/80 backdrop-blur">
          {portfolioSectorLabel(item.sector)}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center gap-3">
          {item.companyLogo ? (
            <img src={item.companyLogo} alt={`${item.name} logo`} className="h-10 w-10 rounded-md border border-slate-100 bg-white object-contain p-1" loading="lazy" />
          ) : (
            <span className="flex h-10 min-w-10 items-center justify-center rounded-md bg-navy-50 px-2 text-[10px] font-bold uppercase tracking-wider text-navy-700" aria-hidden="true">
              {item.name.slice(0, 3)}
            </span>
          )}
          <h4 className="min-w-0 flex-1 truncate text-lg font-semibold text-navy-950" title={item.name}>
            {item.name}
          </h4>
        </div>
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-slate-600">{item.description}</p>
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-slate-500">
          <Badge variant={STATUS_BADGE[item.status] ?? "slate"}>{portfolioStatusLine(item)}</Badge>
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="h-3.5 w-3.5" aria-hidden="true" /> Acquired {item.yearAcquired}
          </span>
        </div>
        <div className="mt-auto flex items-center justify-between gap-2 pt-5">
          {item.website ? (
            <a
              href={item.website}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-navy-800 hover:text-gold-700"
            >
              Visit website <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <span />
          )}
          {admin ? (
            <div className="flex items-center gap-1">
              <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${item.name}`}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button variant="ghost" size="icon" className="text-red-600 hover:bg-red-50 hover:text-red-700" onClick={onDelete} aria-label={`Delete ${item.name}`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** Portfolio Items tab: the real portfolio; admins add, edit and delete through the admin dialog and API. */
export function PortfolioPanel({ items, admin, onChanged }: { items: PortalPortfolioItem[]; admin: boolean; onChanged: () => Promise<void> | void }) {
  const [editing, setEditing] = React.useState<PortalPortfolioItem | undefined>();
  const [formOpen, setFormOpen] = React.useState(false);
  const [deleting, setDeleting] = React.useState<PortalPortfolioItem | null>(null);

  const active = items.filter((i) => i.status === "Active").length;

  async function remove(item: PortalPortfolioItem) {
    try {
      await apiRequest("DELETE", `/api/portfolio/${item.id}`);
      toast.success("Portfolio item deleted", { description: item.name });
      setDeleting(null);
      await onChanged();
    } catch (err) {
      toast.error("Failed to remove portfolio item", { description: err instanceof Error ? err.message : undefined });
    }
  }

  return (
    <section aria-labelledby="portfolio-heading">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h3 id="portfolio-heading" className="font-display text-xl font-semibold text-navy-950">
            Portfolio Items
          </h3>
          <p className="mt-1 text-sm text-slate-500">
            {items.length} {items.length === 1 ? "company" : "companies"} · {active} active
          </p>
        </div>
        {admin ? (
          <Button
            onClick={() => {
              setEditing(undefined);
              setFormOpen(true);
            }}
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Portfolio Item
          </Button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
          <Building2 className="mx-auto h-8 w-8 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-navy-950">No portfolio items yet</p>
          <p className="mt-1 text-sm text-slate-500">Portfolio companies will appear here once they are added.</p>
        </div>
      ) : (
        <div className={cn("grid gap-6 sm:grid-cols-2 xl:grid-cols-3")}>
          {items.map((item) => (
            <PortfolioCard
              key={item.id}
              item={item}
              admin={admin}
              onEdit={() => {
                setEditing(item);
                setFormOpen(true);
              }}
              onDelete={() => setDeleting(item)}
            />
          ))}
        </div>
      )}
      {admin ? (
        <>
          <PortfolioFormDialog item={editing} open={formOpen} onOpenChange={setFormOpen} onSaved={() => void onChanged()} />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={deleting ? `Delete ${deleting.name}?` : "Delete portfolio item?"}
            description={DELETE_PORTFOLIO_TEXT}
            onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
          />
        </>
      ) : null}
    </section>
  );
}
