import { ArrowUpRight, Home, Newspaper, Star } from "lucide-react";
import * as React from "react";
import { pressApi } from "~/lib/api/press";
import { PressFormDialog } from "~/components/manage/press-form-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { DELETE_PRESS_CONFIRM, usePressActions } from "~/hooks/use-press-actions";
import { Link } from "~/i18n/link";
import { useFormat, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import type { PressReleaseDto } from "../../../server/features/press/press";
import type { MessageId } from "../../../shared/i18n/messages";
import { HOMEPAGE_LIMIT } from "../../../shared/rules";
import { ContentText, DeletePrompt, EmptyPanel, PanelHeader, RowActions, Thumbnail, TranslationMissingNote, usePanelEditing } from "./panel-parts";
import type { PortalPortfolioItem, PortalPressRelease } from "./types";

const PAGE = 8;

const CATEGORY_LABELS: Record<string, MessageId> = {
  Acquisition: "portal.press.category.Acquisition",
  Partnership: "portal.press.category.Partnership",
  Investment: "portal.press.category.Investment",
  Funding: "portal.press.category.Funding",
  Expansion: "portal.press.category.Expansion",
  Award: "portal.press.category.Award",
  Sustainability: "portal.press.category.Sustainability",
  Technology: "portal.press.category.Technology",
  "Financial Results": "portal.press.category.FinancialResults",
  News: "portal.press.category.News",
};

function PressRow({
  release,
  admin,
  busy,
  featured,
  onHomepage,
  onToggleFeatured,
  onToggleHomepage,
  onEdit,
  onDelete,
}: {
  release: PortalPressRelease;
  admin: boolean;
  /** An action on this release is running. */
  busy: boolean;
  /** The flags as shown: the new value while its change is saved. */
  featured: boolean;
  onHomepage: boolean;
  onToggleFeatured: () => void;
  onToggleHomepage: (value: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const f = useFormat();
  const category = release.category ? (CATEGORY_LABELS[release.category] ? t(CATEGORY_LABELS[release.category]) : release.category) : null;
  return (
    <li className="flex flex-col gap-4 px-5 py-5 sm:px-6 lg:flex-row lg:items-center" data-testid="press-row">
      <div className="flex min-w-0 flex-1 gap-4">
        <div className="h-16 w-24 shrink-0 overflow-hidden rounded-md bg-navy-900 sm:h-20 sm:w-32">
          <Thumbnail src={release.image} icon={Newspaper} imageClassName="h-full w-full object-cover" iconClassName="h-6 w-6" />
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            {release.company ? (
              <span className="font-semibold uppercase tracking-wide text-gold-700">
                <bdi>{release.company}</bdi>
              </span>
            ) : null}
            <time dateTime={release.date}>{f.date(release.date)}</time>
            {category ? <Badge variant="slate">{category}</Badge> : null}
            {release.featured ? (
              <Badge variant="gold" className="gap-1">
                <Star className="h-3 w-3 fill-current" aria-hidden="true" /> {t("portal.press.featured")}
              </Badge>
            ) : null}
            {admin && release.showOnHomepage ? (
              <Badge variant="green" className="gap-1">
                <Home className="h-3 w-3" aria-hidden="true" /> {t("portal.press.onHomepage")}
              </Badge>
            ) : null}
          </div>
          <h4 className="mt-1.5 font-semibold leading-snug text-navy-950">
            <Link to={`/press-releases/${release.id}`} className="underline-offset-2 hover:text-gold-700 hover:underline">
              <ContentText of={release}>{release.title}</ContentText>
            </Link>
          </h4>
          <p className="mt-1 line-clamp-2 text-sm text-slate-600">
            <ContentText of={release}>{release.summary}</ContentText>
          </p>
        </div>
      </div>
      {admin ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-100 pt-3 lg:shrink-0 lg:border-0 lg:pt-0">
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={featured}
            aria-label={t("portal.press.featuredLabel", { title: release.title })}
            disabled={busy}
            onClick={onToggleFeatured}
            className={cn(featured ? "text-gold-600" : "text-slate-400")}
          >
            <Star className={cn("h-4 w-4", featured && "fill-current")} aria-hidden="true" />
            <span className="text-xs font-medium text-slate-600">{t("portal.press.featured")}</span>
          </Button>
          <label className="flex items-center gap-2 text-xs font-medium text-slate-600">
            <Switch
              checked={onHomepage}
              disabled={busy}
              onCheckedChange={onToggleHomepage}
              aria-label={t("portal.press.homepageLabel", { title: release.title })}
            />
            {t("portal.press.homepage")}
          </label>
          <RowActions name={release.title} onEdit={onEdit} onDelete={onDelete} className="ms-auto lg:ms-2" />
        </div>
      ) : (
        <Link
          to={`/press-releases/${release.id}`}
          className="inline-flex items-center gap-1 self-start text-sm font-semibold text-navy-800 hover:text-gold-700 lg:self-center"
          aria-label={t("portal.press.readMoreLabel", { title: release.title })}
        >
          {t("portal.press.readMore")} <ArrowUpRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
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
  const t = useT();
  const f = useFormat();
  const [visible, setVisible] = React.useState(PAGE);
  const actions = usePressActions({ onChanged });
  const panel = usePanelEditing<PortalPressRelease>((release) => pressApi.adminGet({ params: { id: release.id } }));
  const onHomepage = releases.filter((r) => r.showOnHomepage).length;
  const summary = admin
    ? t("portal.press.summaryAdmin", { count: releases.length, used: f.count(onHomepage), limit: f.count(HOMEPAGE_LIMIT) })
    : t("portal.press.summary", { count: releases.length });

  const shown = releases.slice(0, visible);
  return (
    <section aria-labelledby="press-heading" className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <PanelHeader
        id="press-heading"
        title={t("portal.press.title")}
        className="border-b border-slate-100 px-5 py-5 sm:px-6"
        summary={summary}
        addLabel={admin ? t("portal.press.add") : undefined}
        onAdd={panel.add}
      >
        <TranslationMissingNote items={releases} className="mt-2" />
      </PanelHeader>
      {releases.length === 0 ? (
        <EmptyPanel icon={Newspaper} title={t("portal.press.emptyTitle")} text={t("portal.press.emptyText")} />
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t("portal.press.listLabel")}>
          {shown.map((release) => (
            <PressRow
              key={release.id}
              release={release}
              admin={admin}
              busy={actions.isBusy(release.id)}
              featured={actions.shown(release, "featured")}
              onHomepage={actions.shown(release, "homepage")}
              onToggleFeatured={() => void actions.setFeatured(release, !release.featured)}
              onToggleHomepage={(value) => void actions.setHomepage(release, value)}
              onEdit={() => void panel.edit(release)}
              onDelete={() => panel.askDelete(release)}
            />
          ))}
        </ul>
      )}
      {releases.length > visible ? (
        <div className="border-t border-slate-100 px-6 py-4 text-center">
          <Button variant="outline" onClick={() => setVisible((v) => v + PAGE)}>
            {t("portal.press.showMore", { count: f.count(releases.length - visible) })}
          </Button>
        </div>
      ) : null}
      {admin ? (
        <>
          <PressFormDialog
            release={panel.editing as PressReleaseDto | undefined}
            open={panel.formOpen}
            onOpenChange={panel.setFormOpen}
            onSaved={() => void onChanged()}
            companies={companies}
          />
          <DeletePrompt
            item={panel.deleting}
            onClose={panel.closeDelete}
            title={t("portal.press.deleteTitle")}
            description={
              <>
                {t.maybe(DELETE_PRESS_CONFIRM)}
                {panel.deleting ? <span className="mt-2 block font-medium text-navy-950">{panel.deleting.title}</span> : null}
              </>
            }
            onConfirm={(release) => actions.remove(release, { onDeleted: panel.closeDelete })}
          />
        </>
      ) : null}
    </section>
  );
}
