import { ArrowUpRight, Home, Newspaper, Pencil, Plus, Star, Trash2 } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import { PressFormDialog } from "~/components/admin/press-form-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { ApiError, apiRequest } from "~/lib/api";
import { formatDate } from "~/lib/format";
import { cn } from "~/lib/utils";
import type { PressReleaseDto } from "../../../server/services/press";
import { ConfirmDialog } from "./confirm-dialog";
import type { PortalPortfolioItem, PortalPressRelease } from "./types";

export const DELETE_PRESS_TEXT = "Are you sure you want to delete this press release?";
export const HOMEPAGE_LIMIT_TOAST = {
  title: "Homepage limit reached",
  description: "Only 3 press releases can be displayed on the homepage. Please remove one first.",
} as const;
const HOMEPAGE_SLOTS = 3;
const PAGE = 8;

type Pending = { id: number; field: "featured" | "showOnHomepage"; value: boolean } | null;

function PressRow({
  release,
  admin,
  pending,
  onToggleFeatured,
  onToggleHomepage,
  onEdit,
  onDelete,
}: {
  release: PortalPressRelease;
  admin: boolean;
  pending: Pending;
  onToggleFeatured: () => void;
  onToggleHomepage: (value: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const busy = pending?.id === release.id;
  const featured = busy && pending.field === "featured" ? pending.value : release.featured;
  const onHomepage = busy && pending.field === "showOnHomepage" ? pending.value : release.showOnHomepage;
  return (
    <li className="flex flex-col gap-4 px-5 py-5 sm:px-6 lg:flex-row lg:items-center" data-testid="press-row">
      <div className="flex min-w-0 flex-1 gap-4">
        <div className="h-16 w-24 shrink-0 overflow-hidden rounded-md bg-navy-900 sm:h-20 sm:w-32">
          {release.image ? (
            <img src={release.image} alt="" loading="lazy" className="h-full w-full object-cover" />
          ) : (
            <div className="flex h-full items-center justify-center text-navy-300">
              <Newspaper className="h-6 w-6" aria-hidden="true" />
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            {release.company ? <span className="font-semibold uppercase tracking-wide text-gold-700">{release.company}</span> : null}
            <time dateTime={release.date}>{formatDate(release.date)}</time>
            {release.category ? <Badge variant="slate">{release.category}</Badge> : null}
            {release.featured ? (
              <Badge variant="gold" className="gap-1">
                <Star className="h-3 w-3 fill-current" aria-hidden="true" /> Featured
              </Badge>
            ) : null}
            {admin && release.showOnHomepage ? (
              <Badge variant="green" className="gap-1">
                <Home className="h-3 w-3" aria-hidden="true" /> Added to Homepage
              </Badge>
            ) : null}
          </div>
          <h4 className="mt-1.5 font-semibold leading-snug text-navy-950">
            <Link to={`/press-releases/${release.id}`} className="hover:text-gold-700 hover:underline underline-offset-2">
              {release.title}
            </Link>
          </h4>
          <p className="mt-1 line-clamp-2 text-sm text-slate-600">{release.summary}</p>
        </div>
      </div>
      {admin ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-100 pt-3 lg:shrink-0 lg:border-0 lg:pt-0">
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={featured}
            aria-label={`Featured: ${release.title}`}
            disabled={busy}
            onClick={onToggleFeatured}
            className={cn(featured ? "text-gold-600" : "text-slate-400")}
          >
            <Star className={cn("h-4 w-4", featured && "fill-current")} aria-hidden="true" />
            <span className="text-xs font-medium text-slate-600">Featured</span>
          </Button>
          <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
            <Switch checked={onHomepage} disabled={busy} onCheckedChange={onToggleHomepage} aria-label={`Show on homepage: ${release.title}`} />
            Homepage
          </label>
          <div className="ml-auto flex items-center gap-1 lg:ml-2">
            <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${release.title}`}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="icon" className="text-red-600 hover:bg-red-50 hover:text-red-700" onClick={onDelete} aria-label={`Delete ${release.title}`}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
      ) : (
        <Link
          to={`/press-releases/${release.id}`}
          className="inline-flex items-center gap-1 self-start text-sm font-semibold text-navy-800 hover:text-gold-700 lg:self-center"
          aria-label={`Read more: ${release.title}`}
        >
          Read More <ArrowUpRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      )}
    </li>
  );
}

/** Press Releases tab: the real releases, newest first; admins manage them with the same API as the dashboard. */
export function PressPanel({
  releases,
  companies,
  admin,
  onChanged,
}: {
  releases: PortalPressRelease[];
  companies: PortalPortfolioItem[];
  admin: boolean;
  onChanged: () => Promise<void> | void;
}) {
  const [visible, setVisible] = React.useState(PAGE);
  const [pending, setPending] = React.useState<Pending>(null);
  const [editing, setEditing] = React.useState<PressReleaseDto | undefined>();
  const [formOpen, setFormOpen] = React.useState(false);
  const [deleting, setDeleting] = React.useState<PortalPressRelease | null>(null);
  const onHomepage = releases.filter((r) => r.showOnHomepage).length;

  async function setFlag(release: PortalPressRelease, field: "featured" | "showOnHomepage", value: boolean) {
    setPending({ id: release.id, field, value });
    try {
      await apiRequest("PATCH", `/api/press-releases/${release.id}`, { [field]: value });
      if (field === "featured") toast.success(value ? "Set as featured" : "Removed from featured", { description: release.title });
      else toast.success(value ? "Added to homepage" : "Removed from homepage", { description: release.title });
      await onChanged();
    } catch (err) {
      if (field === "showOnHomepage" && err instanceof ApiError && err.status === 409) {
        toast.error(HOMEPAGE_LIMIT_TOAST.title, { description: HOMEPAGE_LIMIT_TOAST.description });
      } else if (field === "showOnHomepage") {
        toast.error("Update failed", { description: "Could not update homepage status. Please try again." });
      } else {
        toast.error("Update failed", { description: "Could not update featured status. Please try again." });
      }
    } finally {
      setPending(null);
    }
  }

  async function remove(release: PortalPressRelease) {
    try {
      await apiRequest("DELETE", `/api/press-releases/${release.id}`);
      toast.success("Press release deleted", { description: release.title });
      setDeleting(null);
      await onChanged();
    } catch (err) {
      toast.error("Failed to remove press release", { description: err instanceof Error ? err.message : undefined });
    }
  }

  const shown = releases.slice(0, visible);
  return (
    <section aria-labelledby="press-heading" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-col gap-4 border-b border-slate-100 px-5 py-5 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div>
          <h3 id="press-heading" className="font-display text-xl font-semibold text-navy-950">
            Press Releases
          </h3>
          <p className="mt-1 text-sm text-slate-500">
            {releases.length} {releases.length === 1 ? "release" : "releases"}, newest first
            {admin ? ` · ${onHomepage} of ${HOMEPAGE_SLOTS} homepage slots used` : ""}
          </p>
        </div>
        {admin ? (
          <Button
            onClick={() => {
              setEditing(undefined);
              setFormOpen(true);
            }}
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Press Release
          </Button>
        ) : null}
      </div>
      {releases.length === 0 ? (
        <div className="px-6 py-16 text-center">
          <Newspaper className="mx-auto h-8 w-8 text-slate-400" aria-hidden="true" />
          <p className="mt-3 font-semibold text-navy-950">No press releases yet</p>
          <p className="mt-1 text-sm text-slate-500">Announcements will appear here as they are published.</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Press releases">
          {shown.map((release) => (
            <PressRow
              key={release.id}
              release={release}
              admin={admin}
              pending={pending}
              onToggleFeatured={() => void setFlag(release, "featured", !release.featured)}
              onToggleHomepage={(value) => void setFlag(release, "showOnHomepage", value)}
              onEdit={() => {
                // Admins receive the full release (with its content) in the page data.
                setEditing(release as PressReleaseDto);
                setFormOpen(true);
              }}
              onDelete={() => setDeleting(release)}
            />
          ))}
        </ul>
      )}
      {releases.length > visible ? (
        <div className="border-t border-slate-100 px-6 py-4 text-center">
          <Button variant="outline" onClick={() => setVisible((v) => v + PAGE)}>
            Show more ({releases.length - visible} more)
          </Button>
        </div>
      ) : null}
      {admin ? (
        <>
          <PressFormDialog release={editing} open={formOpen} onOpenChange={setFormOpen} onSaved={() => void onChanged()} companies={companies} />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Delete press release?"
            description={
              <>
                {DELETE_PRESS_TEXT}
                {deleting ? <span className="mt-2 block font-medium text-navy-950">{deleting.title}</span> : null}
              </>
            }
            onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
          />
        </>
      ) : null}
    </section>
  );
}
