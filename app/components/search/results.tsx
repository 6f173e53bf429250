import { ArrowRight, Building2, Calendar, Download, ExternalLink, FileText, LockKeyhole, Newspaper, SearchX } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { pressPath } from "~/components/press/press-card";
import { AnchorLink } from "~/components/site/anchor-link";
import { formatCount, formatDate } from "~/lib/format";
import { statusLine, websiteHref } from "../../../shared/portfolio-display";
import type { SiteSearchResults } from "../../../server/services/search";

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

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The sentence announced to screen readers and shown above the results. */
export function resultSummary(results: SiteSearchResults | null, q: string): string {
  if (!q) return "Type a few words to search press releases, portfolio companies and documents.";
  if (!results) return "";
  if (results.total === 0) return `No results for “${q}”.`;
  const parts = [
    results.press.total ? plural(results.press.total, "press release", "press releases") : null,
    results.portfolio.total ? plural(results.portfolio.total, "portfolio company", "portfolio companies") : null,
    results.documents.total ? plural(results.documents.total, "document", "documents") : null,
  ].filter(Boolean);
  return `${plural(results.total, "result", "results")} for “${q}”: ${parts.join(", ")}.`;
}

function SectionHeader({ id, icon: Icon, title, total, shown, more }: { id: string; icon: typeof Newspaper; title: string; total: number; shown: number; more?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-2 border-b border-slate-200 pb-3">
      <h2 id={id} className="flex items-center gap-2.5 font-display text-xl font-semibold text-navy-950">
        <Icon className="h-5 w-5 text-gold-600" aria-hidden="true" />
        {title}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-sans text-xs font-semibold text-slate-600">{formatCount(total)}</span>
      </h2>
      {total > shown ? more : null}
    </div>
  );
}

export function SearchResultsView({ results, signedIn, searchPath }: { results: SiteSearchResults; signedIn: boolean; searchPath: string }) {
  const { terms } = results;
  return (
    <div className="space-y-12">
      {results.press.total ? (
        <section aria-labelledby="results-press">
          <SectionHeader
            id="results-press"
            icon={Newspaper}
            title="Press releases"
            total={results.press.total}
            shown={results.press.items.length}
            more={
              <Link to={`/press-releases?q=${encodeURIComponent(results.q)}`} className="inline-flex items-center gap-1 text-sm font-semibold text-navy-700 hover:text-gold-700 hover:underline">
                See all {formatCount(results.press.total)} in Press Releases <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </Link>
            }
          />
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {results.press.items.map((r) => (
              <li key={r.id} className="group relative p-5 transition-colors focus-within:bg-slate-50 hover:bg-slate-50 sm:p-6">
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium text-slate-500">
                  {r.company ? <span className="font-semibold uppercase tracking-wider text-gold-700">{r.company}</span> : null}
                  <span className="inline-flex items-center gap-1.5">
                    <Calendar className="h-3.5 w-3.5" aria-hidden="true" />
                    <time dateTime={r.date}>{formatDate(r.date)}</time>
                  </span>
                </p>
                <h3 className="mt-2 text-lg font-semibold leading-snug text-navy-950">
                  <Link to={pressPath(r.id)} className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-hover:text-navy-700">
                    <Highlight text={r.title} terms={terms} />
                  </Link>
                </h3>
                {r.summary ? (
                  <p className="mt-1.5 line-clamp-2 text-sm leading-relaxed text-slate-600">
                    <Highlight text={r.summary} terms={terms} />
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {results.portfolio.total ? (
        <section aria-labelledby="results-portfolio">
          <SectionHeader id="results-portfolio" icon={Building2} title="Portfolio companies" total={results.portfolio.total} shown={results.portfolio.items.length} />
          <ul className="grid gap-4 sm:grid-cols-2">
            {results.portfolio.items.map((c) => {
              const href = websiteHref(c.website);
              return (
                <li key={c.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant="gold">{c.category}</Badge>
                    <span className="text-xs font-medium text-slate-500">{statusLine(c)}</span>
                  </div>
                  <h3 className="mt-3 text-lg font-semibold text-navy-950">
                    <Highlight text={c.name} terms={terms} />
                  </h3>
                  <p className="mt-1.5 line-clamp-3 flex-1 text-sm leading-relaxed text-slate-600">
                    <Highlight text={c.description} terms={terms} />
                  </p>
                  <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold">
                    <AnchorLink to="portfolio" className="inline-flex items-center gap-1 text-navy-700 hover:text-gold-700 hover:underline">
                      View in our portfolio <span className="sr-only">: {c.name}</span>
                      <ArrowRight className="h-4 w-4" aria-hidden="true" />
                    </AnchorLink>
                    {href !== "#" ? (
                      <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-navy-700 hover:text-gold-700 hover:underline">
                        Website <span className="sr-only">of {c.name} (opens in a new tab)</span>
                        <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                      </a>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {results.documents.total ? (
        <section aria-labelledby="results-documents">
          <SectionHeader
            id="results-documents"
            icon={FileText}
            title="Documents"
            total={results.documents.total}
            shown={results.documents.items.length}
            more={
              signedIn ? (
                <Link to="/investor-portal" className="inline-flex items-center gap-1 text-sm font-semibold text-navy-700 hover:text-gold-700 hover:underline">
                  Open the document library <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              ) : null
            }
          />
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {results.documents.items.map((d) => (
              <li key={d.id} className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="text-base font-semibold text-navy-950">
                      <Highlight text={d.title} terms={terms} />
                    </h3>
                    <Badge variant={d.isPublic ? "green" : "amber"}>{d.isPublic ? "Public" : "Investor Only"}</Badge>
                  </div>
                  <p className="mt-1 text-sm text-slate-600">{d.description ? <Highlight text={d.description} terms={terms} /> : "No description provided"}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    {[d.categoryName, d.fileName.split(".").pop()?.toUpperCase(), formatDate(d.uploadedAt)].filter(Boolean).join(" · ")}
                  </p>
                </div>
                {signedIn ? (
                  <a
                    href={`/api/documents/${d.id}/download`}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex shrink-0 items-center justify-center gap-2 rounded-md border border-slate-300 px-3.5 py-2 text-sm font-semibold text-navy-900 hover:bg-slate-50"
                  >
                    <Download className="h-4 w-4" aria-hidden="true" /> Download <span className="sr-only">{d.title}</span>
                  </a>
                ) : (
                  <Link
                    to={`/auth?redirect=${encodeURIComponent(searchPath)}`}
                    className="inline-flex shrink-0 items-center justify-center gap-2 rounded-md border border-slate-300 px-3.5 py-2 text-sm font-semibold text-navy-900 hover:bg-slate-50"
                  >
                    <LockKeyhole className="h-4 w-4" aria-hidden="true" /> Sign in to download <span className="sr-only">{d.title}</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function NoResults({ q }: { q: string }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-4 font-display text-2xl font-semibold text-navy-950">No results for “{q}”</h2>
      <p className="mx-auto mt-2 max-w-md text-sm leading-relaxed text-slate-600">
        Check the spelling, or use fewer or shorter words: the beginning of a word is enough (“log” finds “logistics”).
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3 text-sm font-semibold">
        <Link to="/press-releases" className="rounded-full border border-slate-300 px-4 py-2 text-navy-900 hover:bg-slate-50">
          Browse press releases
        </Link>
        <AnchorLink to="portfolio" className="rounded-full border border-slate-300 px-4 py-2 text-navy-900 hover:bg-slate-50">
          See our portfolio
        </AnchorLink>
      </div>
    </div>
  );
}
