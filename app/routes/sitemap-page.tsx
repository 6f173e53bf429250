import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { pressPath } from "~/components/press/press-card";
import { brandName } from "~/components/press/seo";
import { AnchorLink } from "~/components/site/anchor-link";
import { formatCount, formatDate } from "~/lib/format";
import { LEGAL_META, LEGAL_PAGES } from "../../shared/legal";
import { displayCategory, websiteHref } from "../../shared/portfolio-display";
import type { Route } from "./+types/sitemap-page";
import { publicPageHeaders } from "../../shared/cache-policy";

/** The page lists this many of the newest releases; the press list (and sitemap.xml) has every one. */
const RELEASES_LISTED = 200;

export async function loader({ context }: Route.LoaderArgs) {
  const { press, portfolio } = context.services;
  const [releases, companies] = await Promise.all([press.newestTitles(RELEASES_LISTED), portfolio.list()]);
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
  return [
    { title: `Sitemap | ${brandName(matches)}` },
    { name: "description", content: "Every section of the website, our press releases and our portfolio companies on one page." },
    ...(loaderData ? [{ tagName: "link", rel: "canonical", href: `${loaderData.origin}/sitemap` }] : []),
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

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { releases, releaseTotal, companies } = loaderData;
  const byYear = new Map<string, typeof releases>();
  for (const r of releases) {
    const year = r.date.slice(0, 4);
    byYear.set(year, [...(byYear.get(year) ?? []), r]);
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <section className="bg-navy-950 pb-16 pt-32 text-white md:pt-40">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <p className="text-xs font-semibold uppercase tracking-[0.28em] text-gold-400">Sitemap</p>
          <h1 className="mt-3 font-display text-3xl font-semibold sm:text-4xl">Everything on this website</h1>
          <p className="mt-2 text-sm text-navy-200 sm:text-base">Every section, press release and portfolio company, on one page.</p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-6 px-4 py-12 sm:px-6 md:py-16">
        <div className="grid gap-6 md:grid-cols-3">
          <Group id="sitemap-site" title="Website">
            <ul className="space-y-2.5 text-sm">
              <li><Link to="/" className={linkClass}>Home</Link></li>
              <li><AnchorLink to="about" className={linkClass}>About Us</AnchorLink></li>
              <li><AnchorLink to="portfolio" className={linkClass}>Our Portfolio</AnchorLink></li>
              <li><AnchorLink to="leadership" className={linkClass}>Leadership</AnchorLink></li>
              <li><AnchorLink to="contact" className={linkClass}>Contact</AnchorLink></li>
              <li><Link to="/press-releases" className={linkClass}>Press Releases</Link></li>
              <li><Link to="/search" className={linkClass}>Search</Link></li>
            </ul>
          </Group>
          <Group id="sitemap-investors" title="Investors and legal">
            <ul className="space-y-2.5 text-sm">
              <li><Link to="/investor-portal" className={linkClass}>Investor Portal</Link></li>
              <li><Link to="/auth" className={linkClass}>Login / Register</Link></li>
              {LEGAL_PAGES.map((p) => (
                <li key={p}><Link to={LEGAL_META[p].path} className={linkClass}>{LEGAL_META[p].title}</Link></li>
              ))}
              <li><a href="/rss.xml" className={linkClass}>Press releases feed (RSS)</a></li>
              <li><a href="/sitemap.xml" className={linkClass}>XML sitemap for search engines</a></li>
            </ul>
          </Group>
          <Group id="sitemap-portfolio" title="Portfolio companies">
            {companies.length ? (
              <ul className="space-y-2.5 text-sm">
                {companies.map((c) => (
                  <li key={c.id}>
                    {c.website !== "#" ? (
                      <a href={c.website} target="_blank" rel="noopener noreferrer" className={`${linkClass} inline-flex items-center gap-1`}>
                        {c.name}
                        <ExternalLink className="h-3 w-3" aria-hidden="true" />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>
                    ) : (
                      <span className="text-navy-950">{c.name}</span>
                    )}
                    <span className="block text-xs text-slate-500">{c.category}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">No portfolio companies yet.</p>
            )}
          </Group>
        </div>

        <Group id="sitemap-press" title={`Press releases (${formatCount(releaseTotal)})`}>
          {releases.length ? (
            <div className="space-y-8">
              {[...byYear.entries()].map(([year, items]) => (
                <div key={year}>
                  <h3 className="text-xs font-semibold uppercase tracking-wider text-gold-700">{year}</h3>
                  <ul className="mt-3 grid gap-x-8 gap-y-2.5 text-sm md:grid-cols-2">
                    {items.map((r) => (
                      <li key={r.id} className="flex flex-col">
                        <Link to={pressPath(r.id)} className={linkClass}>{r.title}</Link>
                        <time dateTime={r.date} className="text-xs text-slate-500">{formatDate(r.date)}</time>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
              {releaseTotal > releases.length ? (
                <p className="text-sm text-slate-600">
                  The {releases.length} newest are listed here. <Link to="/press-releases" className={linkClass}>Browse all {formatCount(releaseTotal)} press releases</Link>.
                </p>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-slate-600">No press releases yet.</p>
          )}
        </Group>
      </div>
    </div>
  );
}

/** The same for every anonymous visitor: stored by the page cache and shared caches. */
export const headers = publicPageHeaders;
