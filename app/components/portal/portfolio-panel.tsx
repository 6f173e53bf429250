import { portfolioApi } from "~/lib/api/portfolio";
import { Building2, CalendarDays, ExternalLink } from "lucide-react";
import { PortfolioFormDialog } from "~/components/manage/portfolio-form-dialog";
import { Badge } from "~/components/ui/badge";
import { DELETE_PORTFOLIO_CONFIRM, usePortfolioActions } from "~/hooks/use-portfolio-actions";
import { useFormat, useT, type Translate } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";
import { sectorName } from "../../../shared/sectors";
import { ContentText, DeletePrompt, EmptyPanel, PanelHeader, RowActions, Thumbnail, TranslationMissingNote, usePanelEditing } from "./panel-parts";
import type { PortalPortfolioItem } from "./types";

/** The sector's name in the page's language (the portal loads the `manage` catalog); an unknown one from its value. */
export const portfolioSectorLabel = (sector: string, t: Translate) => sectorName(sector, "manage", t);

const STATUS_LABELS: Record<string, MessageId> = {
  Active: "portal.portfolio.statusActive",
  "Partial Exit": "portal.portfolio.statusPartialExit",
  "Full Exit": "portal.portfolio.statusFullExit",
};

/** 'Active', 'Partial Exit - 2023', 'Full Exit - 2024', in the page's language and digits. */
export function portfolioStatusLine(item: Pick<PortalPortfolioItem, "status" | "exitYear">, t: Translate, year: (n: number) => string = String) {
  const status = STATUS_LABELS[item.status] ? t(STATUS_LABELS[item.status]) : item.status;
  return item.status !== "Active" && item.exitYear ? t("portal.portfolio.statusLine", { status, year: year(item.exitYear) }) : status;
}

const STATUS_BADGE: Record<string, "green" | "amber" | "slate"> = { Active: "green", "Partial Exit": "amber", "Full Exit": "slate" };

function PortfolioCard({ item, admin, onEdit, onDelete }: { item: PortalPortfolioItem; admin: boolean; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  const f = useFormat();
  const year = (n: number) => f.fixed(n, 0, false);
  return (
    <article
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
      data-testid="portfolio-card"
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-navy-900">
        <Thumbnail
          src={item.image}
          icon={Building2}
          imageClassName="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          iconClassName="h-10 w-10"
        />
        <Badge variant="default" className="absolute start-3 top-3 bg-navy-950/80 backdrop-blur">
          {portfolioSectorLabel(item.sector, t)}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center gap-3">
          {item.companyLogo ? (
            <img
              src={item.companyLogo}
              alt={t("portal.portfolio.logo", { name: item.name })}
              className="h-10 w-10 rounded-md border border-slate-100 bg-white object-contain p-1"
              loading="lazy"
            />
          ) : (
            <span
              className="flex h-10 min-w-10 items-center justify-center rounded-md bg-navy-50 px-2 text-[10px] font-bold uppercase tracking-wider text-navy-700"
              aria-hidden="true"
            >
              {item.name.slice(0, 3)}
            </span>
          )}
          <h4 className="min-w-0 flex-1 truncate text-lg font-semibold text-navy-950" title={item.name}>
            <bdi>{item.name}</bdi>
          </h4>
        </div>
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-slate-600">
          <ContentText of={item}>{item.description}</ContentText>
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-slate-500">
          <Badge variant={STATUS_BADGE[item.status] ?? "slate"}>{portfolioStatusLine(item, t, year)}</Badge>
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="h-3.5 w-3.5" aria-hidden="true" /> {t("portal.portfolio.acquired", { year: year(item.yearAcquired) })}
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
              {t("portal.portfolio.visitWebsite")} <ExternalLink className="h-3.5 w-3.5 rtl:-scale-x-100" aria-hidden="true" />
              <span className="sr-only">{t("portal.portfolio.newTab")}</span>
            </a>
          ) : (
            <span />
          )}
          {admin ? <RowActions name={item.name} onEdit={onEdit} onDelete={onDelete} /> : null}
        </div>
      </div>
    </article>
  );
}

/** Portfolio Items tab: the real portfolio; admins add, edit and delete through the admin dialog and API. */
export function PortfolioPanel({ items, admin, onChanged }: { items: PortalPortfolioItem[]; admin: boolean; onChanged: () => Promise<void> | void }) {
  const t = useT();
  const f = useFormat();
  const panel = usePanelEditing<PortalPortfolioItem>((item) => portfolioApi.get({ params: { id: item.id } }));
  const actions = usePortfolioActions({ onChanged });

  const active = items.filter((i) => i.status === "Active").length;

  return (
    <section aria-labelledby="portfolio-heading">
      <PanelHeader
        id="portfolio-heading"
        title={t("portal.portfolio.title")}
        className="mb-6"
        summary={t("portal.portfolio.summary", { count: items.length, active: f.count(active) })}
        addLabel={admin ? t("portal.portfolio.add") : undefined}
        onAdd={panel.add}
      >
        <TranslationMissingNote items={items} className="mt-2" />
      </PanelHeader>
      {items.length === 0 ? (
        <EmptyPanel
          icon={Building2}
          className="rounded-xl border border-dashed border-slate-300 bg-white"
          title={t("portal.portfolio.emptyTitle")}
          text={t("portal.portfolio.emptyText")}
        />
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {items.map((item) => (
            <PortfolioCard key={item.id} item={item} admin={admin} onEdit={() => void panel.edit(item)} onDelete={() => panel.askDelete(item)} />
          ))}
        </div>
      )}
      {admin ? (
        <>
          <PortfolioFormDialog item={panel.editing} open={panel.formOpen} onOpenChange={panel.setFormOpen} onSaved={() => void onChanged()} />
          <DeletePrompt
            item={panel.deleting}
            onClose={panel.closeDelete}
            title={panel.deleting ? t("portal.portfolio.deleteTitle", { name: panel.deleting.name }) : t("portal.portfolio.deleteFallback")}
            description={t.maybe(DELETE_PORTFOLIO_CONFIRM)}
            onConfirm={(item) => actions.remove(item, { onDeleted: panel.closeDelete })}
          />
        </>
      ) : null}
    </section>
  );
}
