import { ArrowLeft, ArrowRight, Building2, Calendar, ExternalLink, Tag } from "lucide-react";
import { redirect } from "react-router";
import { NOT_FOUND_PARAM } from "~/components/press/list-params";
import { pressPath } from "~/components/press/press-card";
import { PressImage } from "~/components/press/press-image";
import { absoluteUrl, brandName, clip } from "~/components/press/seo";
import { ShareButtons } from "~/components/press/share-buttons";
import { SocialDialog } from "~/components/press/social-dialog";
import { contentProps, untranslated, useCategoryLabel, useSectorLabel } from "~/components/site/labels";
import { Card } from "~/components/ui/card";
import { Link } from "~/i18n/link";
import { metaT } from "~/i18n/meta";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { isAppError } from "~/lib/errors.server";
import { cn } from "~/lib/utils";
import { localizePath } from "../../shared/i18n/locales";
import { companyBlurb, hasFixedBlurb } from "../../shared/company-blurbs";
import { sectorLabel as englishSector } from "../../shared/sectors";
import type { Locale } from "../../shared/i18n/locales";
import type { Route } from "./+types/press-detail";
import { publicPageHeaders } from "../../shared/cache-policy";

export async function loader({ context, params }: Route.LoaderArgs) {
  // Only plain positive integers are ids; anything else, and an id with no release, goes back to the list,
  // which then says the release was not found.
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : NaN;
  const list = `${localizePath("/press-releases", context.locale)}?${NOT_FOUND_PARAM}=1`;
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw redirect(list);
  const { press } = context.services;
  let release;
  try {
    release = await press.get(id, { locale: context.locale });
  } catch (err) {
    if (isAppError(err, "NOT_FOUND")) throw redirect(list);
    throw err;
  }
  // The sidebar is secondary: if it fails, the release still shows.
  const company = release.company?.trim() ?? "";
  const [related, about] = await Promise.all([
    press.related(release, undefined, { locale: context.locale }).catch(() => []),
    aboutCompany(company, context.services, context.locale).catch(() => ""),
  ]);
  const { id: releaseId, title, displayTitle, summary, content, date, sector, category, image, originalUrl, updatedAt } = release;
  // The language the release is written in (missing: English), for `lang` on Arabic pages.
  const contentLocale = release.contentLocale ?? null;
  return {
    // What the page and its meta tags show; the flags and the logo stay on the server.
    release: {
      id: releaseId,
      title,
      displayTitle,
      summary,
      content,
      date,
      company: release.company,
      sector,
      category,
      image,
      originalUrl,
      updatedAt,
      contentLocale,
    },
    related: related.map((r) => ({
      id: r.id,
      title: r.title,
      date: r.date,
      image: r.image,
      contentLocale: r.contentLocale ?? null,
    })),
    about,
    origin: context.origin,
    url: `${context.origin}${localizePath(pressPath(release.id), context.locale)}`,
  };
}

/**
 * The 'About' card's text: the company's fixed blurb, or the brand's own description for a release of the
 * holding itself, or the company's portfolio description (read only when needed).
 */
async function aboutCompany(company: string, { settings, portfolio }: Route.LoaderArgs["context"]["services"], locale: Locale): Promise<string> {
  if (!company || hasFixedBlurb(company)) return companyBlurb(company, undefined, locale);
  const brand = await settings.brand({ locale });
  if (company.toLowerCase() === brand.name.toLowerCase()) return companyBlurb(company, brand.description, locale);
  return companyBlurb(company, await portfolio.descriptionOf(company, { locale }), locale);
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = brandName(matches);
  if (!data) return [{ title: t("site.pressDetail.metaTitle", { brand: site }) }];
  const { release, url, origin } = data;
  const headline = release.displayTitle ?? release.title;
  const description = clip(release.summary);
  const image = release.image ? absoluteUrl(origin, release.image) : null;
  return [
    { title: t("site.pressDetail.metaTitleRelease", { headline, brand: site }) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: site },
    { property: "og:title", content: headline },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:alt", content: headline },
        ]
      : []),
    { property: "article:published_time", content: release.date },
    { property: "article:modified_time", content: release.updatedAt },
    ...(release.category ? [{ property: "article:section", content: release.category }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: headline },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        inLanguage: t.locale,
        headline: headline.slice(0, 110),
        description,
        datePublished: release.date,
        dateModified: release.updatedAt,
        mainEntityOfPage: { "@type": "WebPage", "@id": url },
        url,
        ...(image ? { image: [image] } : {}),
        ...(release.category ? { articleSection: release.category } : {}),
        ...(release.company ? { about: { "@type": "Organization", name: release.company } } : {}),
        author: { "@type": "Organization", name: site, url: origin },
        publisher: { "@type": "Organization", name: site, url: origin, logo: { "@type": "ImageObject", url: absoluteUrl(origin, "/favicon.svg") } },
      },
    },
  ];
}

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

export default function PressDetail({ loaderData }: Route.ComponentProps) {
  const { release, related, about, url } = loaderData;
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

/** The same for every anonymous visitor: stored by the page cache and shared caches. */
export const headers = publicPageHeaders;
