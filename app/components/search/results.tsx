import { ArrowRight, Building2, Download, ExternalLink, FileText, LockKeyhole, Newspaper, SearchX } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { pressPath, ReleaseMeta } from "~/components/press/press-card";
import { AnchorLink } from "~/components/site/anchor-link";
import { useContentProps, useIsolate, useSectorLabel, useStatusLine } from "~/components/site/labels";
import { Link } from "~/i18n/link";
import { useFormat, useT, type Translate } from "~/i18n/provider";
import { href } from "~/lib/api/client";
import { documentsRoutes } from "~/lib/api/routes/documents";
import { statusLine, websiteHref } from "../../../shared/portfolio-display";
import type { SiteSearchResults } from "../../../server/features/search/search";

/** Wraps each occurrence of a searched word in <mark>; the text itself is never treated as markup. */
export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  if (!terms.length || !text) return <>{text}</>;
  const pattern = new RegExp(`(${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "giu");
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-gold-100 px-0.5 text-inherit">
            {part}
          </mark>
        ) : (
          <React.Fragment key={i}>{part}</React.Fragment>
        ),
      )}
    </>
  );
}

/** The sentence announced to screen readers and shown above the results, in the page's language. */
export function resultSummary(results: SiteSearchResults | null, q: string, t: Translate): string {
  if (!q) return t("site.search.prompt");
  if (!results) return "";
  if (results.total === 0) return t("site.search.noResults", { q });
  const parts = [
    results.press.total ? t("site.search.count.press", { count: results.press.total }) : null,
    results.portfolio.total ? t("site.search.count.portfolio", { count: results.portfolio.total }) : null,
    results.documents.total ? t("site.search.count.documents", { count: results.documents.total }) : null,
  ].filter(Boolean);
  return t("site.search.summary", { count: results.total, q, parts: parts.join(t("site.search.separator")) });
}

const MORE_LINK = "inline-flex items-center gap-1 text-sm font-semibold text-navy-700 hover:text-gold-700 hover:underline";

/** The 'see more' link beside a section's title. */
function MoreLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={MORE_LINK}>
      {children} <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
    </Link>
  );
}

/** One kind of result: its heading (icon, title, count, and a link to more when only some are shown) and its list. */
function ResultSection({
  id,
  icon: Icon,
  title,
  total,
  shown,
  more,
  children,
}: {
  id: string;
  icon: typeof Newspaper;
  title: string;
  total: number;
  shown: number;
  more?: React.ReactNode;
  children: React.ReactNode;
}) {
  const f = useFormat();
  if (!total) return null;
  return (
    <section aria-labelledby={id}>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2 border-b border-slate-200 pb-3">
        <h2 id={id} className="flex items-center gap-2.5 font-display text-xl font-semibold text-navy-950">
          <Icon className="h-5 w-5 text-gold-600" aria-hidden="true" />
          {title}
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-sans text-xs font-semibold text-slate-600">{f.count(total)}</span>
        </h2>
        {total > shown ? more : null}
      </div>
      {children}
    </section>
  );
}

const LIST = "divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm";
const ROW_BUTTON =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md border border-slate-300 px-3.5 py-2 text-sm font-semibold text-navy-900 hover:bg-slate-50";

export function SearchResultsView({ results, signedIn, searchPath }: { results: SiteSearchResults; signedIn: boolean; searchPath: string }) {
  const t = useT();
  const f = useFormat();
  const sectorLabel = useSectorLabel();
  const status = useStatusLine();
  const content = useContentProps();
  const { terms } = results;
  return (
    <div className="space-y-12">
      <ResultSection
        id="results-press"
        icon={Newspaper}
        title={t("site.search.section.press")}
        total={results.press.total}
        shown={results.press.items.length}
        more={<MoreLink to={`/press-releases?q=${encodeURIComponent(results.q)}`}>{t("site.search.seeAllPress", { count: results.press.total })}</MoreLink>}
      >
        <ul className={LIST}>
          {results.press.items.map((r) => (
            <li key={r.id} className="group relative p-5 transition-colors focus-within:bg-slate-50 hover:bg-slate-50 sm:p-6">
              <ReleaseMeta as="p" company={r.company} date={r.date} className="text-slate-500" />
              <h3 {...content(r)} className="mt-2 text-lg font-semibold leading-snug text-navy-950">
                <Link to={pressPath(r.id)} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-hover:text-navy-700">
                  <Highlight text={r.title} terms={terms} />
                </Link>
              </h3>
              {r.summary ? (
                <p {...content(r)} className="mt-1.5 line-clamp-2 text-sm leading-relaxed text-slate-600">
                  <Highlight text={r.summary} terms={terms} />
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      </ResultSection>

      <ResultSection
        id="results-portfolio"
        icon={Building2}
        title={t("site.search.section.portfolio")}
        total={results.portfolio.total}
        shown={results.portfolio.items.length}
      >
        <ul className="grid gap-4 sm:grid-cols-2">
          {results.portfolio.items.map((c) => {
            const href = websiteHref(c.website);
            return (
              <li key={c.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant="gold">{sectorLabel(c.category)}</Badge>
                  <span className="text-xs font-medium text-slate-500">{status(c, statusLine(c))}</span>
                </div>
                <h3 dir="auto" className="mt-3 text-lg font-semibold text-navy-950">
                  <Highlight text={c.name} terms={terms} />
                </h3>
                <p {...content(c)} className="mt-1.5 line-clamp-3 flex-1 text-sm leading-relaxed text-slate-600">
                  <Highlight text={c.description} terms={terms} />
                </p>
                <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold">
                  <AnchorLink to="portfolio" className="inline-flex items-center gap-1 text-navy-700 hover:text-gold-700 hover:underline">
                    {t("site.search.viewInPortfolio")} <span className="sr-only">{t("site.search.nameSuffix", { name: c.name })}</span>
                    <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
                  </AnchorLink>
                  {href !== "#" ? (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 text-navy-700 hover:text-gold-700 hover:underline"
                    >
                      {t("site.search.website")} <span className="sr-only">{t("site.search.websiteOf", { name: c.name })}</span>
                      <ExternalLink className="h-3.5 w-3.5 rtl:-scale-x-100" aria-hidden="true" />
                    </a>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </ResultSection>

      <ResultSection
        id="results-documents"
        icon={FileText}
        title={t("site.search.section.documents")}
        total={results.documents.total}
        shown={results.documents.items.length}
        more={signedIn ? <MoreLink to="/investor-portal">{t("site.search.openLibrary")}</MoreLink> : null}
      >
        <ul className={LIST}>
          {results.documents.items.map((d) => (
            <li key={d.id} className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 dir="auto" className="text-base font-semibold text-navy-950">
                    <Highlight text={d.title} terms={terms} />
                  </h3>
                  <Badge variant={d.isPublic ? "green" : "amber"}>{d.isPublic ? t("site.search.public") : t("site.search.investorOnly")}</Badge>
                </div>
                <p dir={d.description ? "auto" : undefined} className="mt-1 text-sm text-slate-600">
                  {d.description ? <Highlight text={d.description} terms={terms} /> : t("site.search.noDescription")}
                </p>
                <p className="mt-1 text-xs text-slate-500">
                  {[d.categoryName, d.fileName.split(".").pop()?.toUpperCase(), f.date(d.uploadedAt)].filter(Boolean).join(" · ")}
                </p>
              </div>
              {signedIn ? (
                <a href={href(documentsRoutes.download, { params: { id: d.id } })} target="_blank" rel="noopener" className={ROW_BUTTON}>
                  <Download className="h-4 w-4" aria-hidden="true" /> {t("site.search.download")} <span className="sr-only">{d.title}</span>
                </a>
              ) : (
                <Link to={`/auth?redirect=${encodeURIComponent(searchPath)}`} className={ROW_BUTTON}>
                  <LockKeyhole className="h-4 w-4" aria-hidden="true" /> {t("site.search.signInToDownload")} <span className="sr-only">{d.title}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      </ResultSection>
    </div>
  );
}

export function NoResults({ q }: { q: string }) {
  const t = useT();
  const isolate = useIsolate();
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-4 font-display text-2xl font-semibold text-navy-950">{t("site.search.noResultsTitle", { q: isolate(q) })}</h2>
      <p className="mx-auto mt-2 max-w-md text-sm leading-relaxed text-slate-600">{t("site.search.noResultsHint")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3 text-sm font-semibold">
        <Link to="/press-releases" className="rounded-full border border-slate-300 px-4 py-2 text-navy-900 hover:bg-slate-50">
          {t("site.search.browsePress")}
        </Link>
        <AnchorLink to="portfolio" className="rounded-full border border-slate-300 px-4 py-2 text-navy-900 hover:bg-slate-50">
          {t("site.search.seePortfolio")}
        </AnchorLink>
      </div>
    </div>
  );
}
