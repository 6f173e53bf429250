import { ExternalLink } from "lucide-react";
import { pressPath } from "~/components/press/press-card";
import { brandName } from "~/components/press/seo";
import { NavEntryLink } from "~/components/site/nav-entry-link";
import { useContentProps, useSectorLabel } from "~/components/site/labels";
import { Link, useLocalizePath } from "~/i18n/link";
import { metaT } from "~/i18n/meta";
import { SITEMAP_INVESTORS, SITEMAP_WEBSITE, type NavEntry } from "~/lib/navigation";
import { useFormat, useT } from "~/i18n/provider";
import type { MessageId } from "../../shared/i18n/messages";
import { LEGAL_META, LEGAL_PAGES } from "../../shared/legal";
import { displayCategory, websiteHref } from "../../shared/portfolio-display";
import type { Route } from "./+types/sitemap-page";
import { publicPageHeaders } from "../../shared/cache-policy";

/** The page lists this many of the newest releases; the press list (and sitemap.xml) has every one. */
const RELEASES_LISTED = 200;

export async function loader({ context }: Route.LoaderArgs) {
  const { press, portfolio } = context.services;
  const [releases, companies] = await Promise.all([
    press.newestTitles(RELEASES_LISTED, { locale: context.locale }),
    portfolio.list({ locale: context.locale }),
  ]);
  return {
    releases: releases.items,
    releaseTotal: releases.total,
    companies: companies
      .map((c) => ({ id: c.id, name: c.name, category: displayCategory(c), website: websiteHref(c.website) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    origin: context.origin,
  };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [
    { title: t("site.sitemap.metaTitle", { brand: brandName(matches) }) },
    { name: "description", content: t("site.sitemap.metaDescription") },
    ...(loaderData ? [{ tagName: "link", rel: "canonical", href: `${loaderData.origin}${t.path("/sitemap")}` }] : []),
  ];
}

const linkClass = "text-navy-800 underline-offset-2 hover:text-gold-700 hover:underline";

function Group({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id={id} className="font-display text-xl font-semibold text-navy-950">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A link of the site map: an entry of the site's navigation, or a file (`file`, in the page's language). */
type SiteLink = NavEntry | { label: MessageId; file: string };

const INVESTORS: SiteLink[] = [
  ...SITEMAP_INVESTORS,
  ...LEGAL_PAGES.map((p) => ({ label: LEGAL_META[p].titleId, to: LEGAL_META[p].path })),
  { label: "site.sitemap.feed", file: "/rss.xml" },
  { label: "site.sitemap.xml", file: "/sitemap.xml" },
];

/** One list of site links. */
function LinkList({ links }: { links: readonly SiteLink[] }) {
  const t = useT();
  const localize = useLocalizePath();
  return (
    <ul className="space-y-2.5 text-sm">
      {links.map((l) => (
        <li key={l.label}>
          {!("file" in l) ? (
            <NavEntryLink entry={l} className={linkClass} />
          ) : (
            // Files: the feed has one address per language; sitemap.xml has one address.
            <a href={localize(l.file)} className={linkClass}>
              {t(l.label)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { releases, releaseTotal, companies } = loaderData;
  const t = useT();
  const f = useFormat();
  const sectorLabel = useSectorLabel();
  const content = useContentProps();
  const byYear = new Map<string, typeof releases>();
  for (const r of releases) {
    const year = r.date.slice(0, 4);
    byYear.set(year, [...(byYear.get(year) ?? []), r]);
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <section className="bg-navy-950 pb-16 pt-32 text-white md:pt-40">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <p className="text-xs font-semibold uppercase tracking-[0.28em] text-gold-400">{t("site.sitemap.eyebrow")}</p>
          <h1 className="mt-3 font-display text-3xl font-semibold sm:text-4xl">{t("site.sitemap.title")}</h1>
          <p className="mt-2 text-sm text-navy-200 sm:text-base">{t("site.sitemap.intro")}</p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-6 px-4 py-12 sm:px-6 md:py-16">
        <div className="grid gap-6 md:grid-cols-3">
          <Group id="sitemap-site" title={t("site.sitemap.website")}>
            <LinkList links={SITEMAP_WEBSITE} />
          </Group>
          <Group id="sitemap-investors" title={t("site.sitemap.investors")}>
            <LinkList links={INVESTORS} />
          </Group>
          <Group id="sitemap-portfolio" title={t("site.search.section.portfolio")}>
            {companies.length ? (
              <ul className="space-y-2.5 text-sm">
                {companies.map((c) => (
                  <li key={c.id}>
                    {c.website !== "#" ? (
                      <a href={c.website} target="_blank" rel="noopener noreferrer" className={`${linkClass} inline-flex items-center gap-1`}>
                        <bdi>{c.name}</bdi>
                        <ExternalLink className="h-3 w-3 rtl:-scale-x-100" aria-hidden="true" />
                        <span className="sr-only">{t("site.sitemap.newTab")}</span>
                      </a>
                    ) : (
                      <bdi className="text-navy-950">{c.name}</bdi>
                    )}
                    <span className="block text-xs text-slate-500">{sectorLabel(c.category)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">{t("site.sitemap.noCompanies")}</p>
            )}
          </Group>
        </div>

        <Group id="sitemap-press" title={t("site.sitemap.press", { count: f.count(releaseTotal) })}>
          {releases.length ? (
            <div className="space-y-8">
              {[...byYear.entries()].map(([year, items]) => (
                <div key={year}>
                  <h3 className="text-xs font-semibold uppercase tracking-wider text-gold-700">{t("site.sitemap.year", { year: Number(year) })}</h3>
                  <ul className="mt-3 grid gap-x-8 gap-y-2.5 text-sm md:grid-cols-2">
                    {items.map((r) => (
                      <li key={r.id} className="flex flex-col">
                        <Link to={pressPath(r.id)} {...content(r as { contentLocale?: string | null })} className={linkClass}>
                          {r.title}
                        </Link>
                        <time dateTime={r.date} className="text-xs text-slate-500">
                          {f.date(r.date)}
                        </time>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
              {releaseTotal > releases.length ? (
                <p className="text-sm text-slate-600">
                  {t.rich("site.sitemap.newest", {
                    shown: f.count(releases.length),
                    total: f.count(releaseTotal),
                    link: (chunks) => (
                      <Link to="/press-releases" className={linkClass}>
                        {chunks}
                      </Link>
                    ),
                  })}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-slate-600">{t("site.sitemap.noPress")}</p>
          )}
        </Group>
      </div>
    </div>
  );
}

/** The same for every anonymous visitor: stored by the page cache and shared caches. */
export const headers = publicPageHeaders;
