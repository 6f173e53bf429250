import { ArrowLeft, ArrowRight, Building2, Calendar, ExternalLink, Tag } from "lucide-react";
import { pressPath } from "~/components/press/press-card";
import { CorrectionNotice } from "~/components/press/correction-notice";
import { PressImage } from "~/components/press/press-image";
import { ShareButtons } from "~/components/press/share-buttons";
import { SocialDialog } from "~/components/press/social-dialog";
import { contentProps, untranslated, useCategoryLabel, useSectorLabel } from "~/components/site/labels";
import { Card } from "~/components/ui/card";
import { Link } from "~/i18n/link";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { sectorLabel as englishSector } from "../../../shared/sectors";
import type { PressArticleData } from "./press-article-data.server";

export type { PressArticleData };

/** One fact of the release's header line (company, category, sector, date, source): a hidden term and its value. */
function Fact({ term, className, children }: { term: string; className?: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <dt className="sr-only">{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** A link to the release's original publication (opens in a new tab, never passes on this page's rank). */
function SourceLink({ href, className, iconClassName, children }: { href: string; className: string; iconClassName: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={className}>
      {children} <ExternalLink className={cn(iconClassName, "rtl:-scale-x-100")} aria-hidden="true" />
    </a>
  );
}

/**
 * A release's page body (header, text, sidebar): the public page and the admin preview render the same markup.
 * `asideEnd` goes at the end of the sidebar (the public page's pointer to the alerts sign-up).
 */
export function PressArticle({ data, asideEnd }: { data: PressArticleData; asideEnd?: React.ReactNode }) {
  const { release, related, about, url } = data;
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  const sectorLabel = useSectorLabel();
  const categoryLabel = useCategoryLabel();
  const headline = release.displayTitle ?? release.title;
  // Text stored only in English is marked as such on Arabic pages, with a quiet note.
  const content = contentProps(release, locale);
  // The image overlaps the header's foot; a release without one has a header of its own height and no empty box.
  const hasImage = Boolean(release.image);
  return (
    <article>
      <header className={cn("relative overflow-hidden bg-navy-950 pt-28 text-white md:pt-40", hasImage ? "pb-40 md:pb-48" : "pb-14 md:pb-20")}>
        <div
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(199,155,75,0.16),transparent_55%)] rtl:bg-[radial-gradient(ellipse_at_top_left,rgba(199,155,75,0.16),transparent_55%)]"
          aria-hidden="true"
        />
        <div className="relative mx-auto max-w-7xl px-6">
          <Link
            to="/press-releases"
            className="inline-flex items-center gap-2 rounded-md py-1 text-sm font-medium text-white/75 transition-colors hover:text-gold-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
          >
            <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" /> {t("site.pressDetail.back")}
          </Link>
          <dl className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm text-white/75">
            {release.company ? (
              <Fact term={t("site.pressDetail.company")} className="flex items-center gap-2 font-semibold text-white">
                <Building2 className="h-4 w-4 text-gold-400" aria-hidden="true" />
                <bdi>{release.company}</bdi>
              </Fact>
            ) : null}
            {release.category ? (
              <Fact
                term={t("site.pressDetail.category")}
                className="rounded-full bg-gold-500 px-3 py-0.5 text-xs font-semibold uppercase tracking-wider text-navy-950"
              >
                {categoryLabel(release.category)}
              </Fact>
            ) : null}
            {release.sector ? (
              <Fact term={t("site.pressDetail.sector")} className="flex items-center gap-2">
                <Tag className="h-4 w-4 text-gold-400" aria-hidden="true" />
                {sectorLabel(release.sector)}
              </Fact>
            ) : null}
            <Fact term={t("site.pressDetail.date")} className="flex items-center gap-2">
              <Calendar className="h-4 w-4 text-gold-400" aria-hidden="true" />
              <time dateTime={release.date}>{f.date(release.date)}</time>
            </Fact>
            {release.originalUrl ? (
              <Fact term={t("site.pressDetail.source")}>
                <SourceLink
                  href={release.originalUrl}
                  className="inline-flex items-center gap-1.5 font-medium text-gold-400 underline-offset-4 hover:underline"
                  iconClassName="h-3.5 w-3.5"
                >
                  {t("site.pressDetail.viewSource")}
                </SourceLink>
              </Fact>
            ) : null}
          </dl>
          <h1 {...content} className="mt-6 max-w-4xl font-display text-3xl font-semibold leading-tight tracking-tight sm:text-4xl md:text-5xl">
            {headline}
          </h1>
          <p {...content} className="mt-5 max-w-3xl text-lg leading-relaxed text-white/75">
            {release.summary}
          </p>
          {untranslated(release, locale) ? <p className="mt-4 text-sm text-white/60">{t("common.translationMissing")}</p> : null}
          <CorrectionNotice correctedAt={release.correctedAt} correctedOn={release.correctedOn} note={release.correctionNote} {...content} />
        </div>
      </header>

      <div className="bg-slate-50 pb-24">
        <div className={cn("relative z-10 mx-auto max-w-7xl px-6", hasImage ? "-mt-28 md:-mt-36" : "pt-10 md:pt-14")}>
          <div className="grid gap-10 lg:grid-cols-3 lg:gap-12">
            <div className="lg:col-span-2">
              {hasImage ? (
                <PressImage
                  src={release.image}
                  alt={headline}
                  priority
                  className="mb-10 rounded-2xl shadow-2xl ring-1 ring-black/5"
                  sizes="(min-width: 1024px) 66vw, 100vw"
                />
              ) : null}
              <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
                <div {...content} className="prose-press text-lg" dangerouslySetInnerHTML={{ __html: release.content }} />
              </div>
            </div>

            <aside className={cn("space-y-6", hasImage && "lg:pt-4")} aria-label={t("site.pressDetail.aside")}>
              {release.originalUrl ? (
                <SidebarCard title={t("site.pressDetail.originalSource")}>
                  <p className="text-sm text-slate-600">
                    {release.company ? t("site.pressDetail.firstPublishedBy", { company: release.company }) : t("site.pressDetail.firstPublishedByUnknown")}
                  </p>
                  <SourceLink
                    href={release.originalUrl}
                    className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-navy-800 hover:text-gold-700"
                    iconClassName="h-4 w-4"
                  >
                    {t("site.pressDetail.readFull")}
                  </SourceLink>
                </SidebarCard>
              ) : null}

              {release.company && about ? (
                <SidebarCard title={t("site.pressDetail.about", { company: release.company })}>
                  <p {...contentProps(null, locale)} className="text-sm leading-relaxed text-slate-600">
                    {about}
                  </p>
                </SidebarCard>
              ) : null}

              <SidebarCard title={t("site.pressDetail.share")}>
                <p className="mb-4 text-sm text-slate-600">{t("site.pressDetail.shareText")}</p>
                <ShareButtons url={url} title={headline} />
                <div className="mt-3">
                  <SocialDialog
                    source={{
                      title: headline,
                      summary: release.summary,
                      company: release.company,
                      category: release.category,
                      // Hashtags are made from the sector's English name ('Food Security'), not its slug.
                      sector: englishSector(release.sector) || null,
                      url,
                    }}
                  />
                </div>
              </SidebarCard>

              {related.length ? (
                <SidebarCard title={t("site.pressDetail.related")}>
                  <ul className="-my-2 divide-y divide-slate-100">
                    {related.map((r) => (
                      <li key={r.id} className="group relative flex gap-4 py-3">
                        <PressImage src={r.image} alt="" className="w-24 shrink-0 rounded-md" sizes="96px" />
                        <div className="min-w-0">
                          <Link
                            to={pressPath(r.id)}
                            {...contentProps(r, locale)}
                            className="line-clamp-3 text-sm font-semibold leading-snug text-navy-950 after:absolute after:inset-0 after:content-[''] group-hover:text-navy-700"
                          >
                            {r.title}
                          </Link>
                          <p className="mt-1 text-xs text-slate-500">
                            <time dateTime={r.date}>{f.date(r.date, { short: true })}</time>
                          </p>
                        </div>
                      </li>
                    ))}
                  </ul>
                  <Link to="/press-releases" className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-navy-800 hover:text-gold-700">
                    {t("site.pressDetail.all")} <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
                  </Link>
                </SidebarCard>
              ) : null}
              {asideEnd}
            </aside>
          </div>
        </div>
      </div>
    </article>
  );
}

function SidebarCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="p-6">
      <h2 className="mb-3 font-display text-lg font-semibold text-navy-950">{title}</h2>
      {children}
    </Card>
  );
}
