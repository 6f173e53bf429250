import { Loader2, Search as SearchIcon, X } from "lucide-react";
import * as React from "react";
import { data, Form, Link } from "react-router";
import { brandName } from "~/components/press/seo";
import { NoResults, resultSummary, SearchResultsView } from "~/components/search/results";
import { SEARCH_MAX_LENGTH, siteSearchQuerySchema } from "../../shared/schemas";
import type { SiteSearchResults } from "../../server/services/search";
import type { Route } from "./+types/search";

const DEBOUNCE_MS = 250;
const UNAVAILABLE = "Search is not available right now. Please try again.";

type SearchData = { q: string; results: SiteSearchResults | null; error: string | null; signedIn: boolean; suggestions: string[] };

/** The empty page suggests companies that have press releases: each suggestion finds something. */
const SUGGESTION_COUNT = 6;

/** Reads ?q= with the API's schema: a repeated or over-long q is a 400 page with the schema's message. */
function readQuery(params: URLSearchParams): { q: string; error: string | null } {
  const all = params.getAll("q");
  const parsed = siteSearchQuerySchema.safeParse({ q: all.length > 1 ? all : all[0] });
  if (parsed.success) return { q: parsed.data.q, error: null };
  return { q: typeof all[0] === "string" ? all[0].slice(0, SEARCH_MAX_LENGTH) : "", error: parsed.error.issues[0]?.message ?? "Invalid search" };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { q, error } = readQuery(new URL(request.url).searchParams);
  const signedIn = Boolean(context.user);
  if (error) return data<SearchData>({ q, results: null, error, signedIn, suggestions: [] }, { status: 400 });
  const headers = { "Cache-Control": "private, no-store" };
  // Suggestions are a nicety: without them the page still works.
  const suggestions = context.services.press
    .companyNames()
    .then((names) => names.slice(0, SUGGESTION_COUNT))
    .catch(() => [] as string[]);
  try {
    const [results, names] = await Promise.all([q ? context.services.search.search(q, context.user ?? null) : null, suggestions]);
    return data<SearchData>({ q, results, error: null, signedIn, suggestions: names }, { headers });
  } catch (err) {
    console.error("search failed", err);
    return data<SearchData>({ q, results: null, error: UNAVAILABLE, signedIn, suggestions: await suggestions }, { status: 503, headers });
  }
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const name = brandName(matches);
  const q = loaderData?.q;
  return [
    { title: q ? `“${q}” – Search | ${name}` : `Search | ${name}` },
    { name: "description", content: "Search press releases, portfolio companies and documents." },
    // Result pages are for people; the search page itself may be indexed.
    ...(q ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

const searchHref = (q: string) => (q ? `/search?q=${encodeURIComponent(q)}` : "/search");

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { signedIn, suggestions } = loaderData;
  const [value, setValue] = React.useState(loaderData.q);
  const [state, setState] = React.useState<{ q: string; results: SiteSearchResults | null; error: string | null }>(loaderData);
  const [pending, setPending] = React.useState(false);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const timer = React.useRef<ReturnType<typeof setTimeout>>(undefined);
  const inflight = React.useRef<AbortController | null>(null);
  const lastSent = React.useRef(loaderData.q);

  // A navigation (back button, a suggestion link, the header's Search) brings new loader data: show it.
  React.useEffect(() => {
    inflight.current?.abort();
    clearTimeout(timer.current);
    lastSent.current = loaderData.q;
    setValue(loaderData.q);
    setState({ q: loaderData.q, results: loaderData.results, error: loaderData.error });
    setPending(false);
  }, [loaderData]);
  React.useEffect(
    () => () => {
      clearTimeout(timer.current);
      inflight.current?.abort();
    },
    [],
  );

  async function run(raw: string) {
    clearTimeout(timer.current);
    const q = raw.replace(/\s+/g, " ").trim();
    if (q === lastSent.current) return;
    lastSent.current = q;
    // Only the newest request may answer: an older one still on its way is cancelled.
    inflight.current?.abort();
    // The address follows what is shown, without a new history entry per keystroke.
    window.history.replaceState(window.history.state, "", searchHref(q));
    if (!q) {
      inflight.current = null;
      setPending(false);
      setState({ q, results: null, error: null });
      return;
    }
    const controller = new AbortController();
    inflight.current = controller;
    setPending(true);
    try {
      const res = await fetch(`/api/search?q=${encodeURIComponent(q)}`, { signal: controller.signal, headers: { Accept: "application/json" }, credentials: "same-origin" });
      const body = (await res.json().catch(() => null)) as (SiteSearchResults & { message?: string }) | null;
      if (controller.signal.aborted) return;
      if (!res.ok || !body) setState({ q, results: null, error: body?.message ?? UNAVAILABLE });
      else setState({ q, results: body, error: null });
    } catch (err) {
      if (controller.signal.aborted) return;
      console.error("search failed", err);
      setState({ q, results: null, error: UNAVAILABLE });
    } finally {
      if (inflight.current === controller) {
        inflight.current = null;
        setPending(false);
      }
    }
  }

  const summary = state.error ?? resultSummary(state.results, state.q);

  return (
    <div className="min-h-screen bg-slate-50">
      <section className="bg-navy-950 pb-24 pt-32 text-white md:pt-40">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <p className="text-xs font-semibold uppercase tracking-[0.28em] text-gold-400">Search</p>
          <h1 className="mt-3 font-display text-3xl font-semibold sm:text-4xl">Search the site</h1>
          <p className="mt-2 text-sm text-navy-200 sm:text-base">Press releases, portfolio companies and {signedIn ? "the documents you can open" : "public documents"}.</p>
          <Form
            method="get"
            action="/search"
            role="search"
            aria-label="Site"
            className="mt-8 flex flex-col gap-3 sm:flex-row"
            onSubmit={(e) => {
              e.preventDefault();
              void run(value);
            }}
          >
            <div className="relative flex-1">
              <label htmlFor="site-search" className="sr-only">
                Search the site
              </label>
              <SearchIcon className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" aria-hidden="true" />
              <input
                ref={inputRef}
                id="site-search"
                type="search"
                name="q"
                value={value}
                maxLength={SEARCH_MAX_LENGTH}
                // The visitor came here to search: the box is ready for typing.
                autoFocus
                autoComplete="off"
                spellCheck={false}
                placeholder="Search press releases, companies, documents..."
                aria-describedby="search-status"
                aria-invalid={state.error && state.q === value.trim() ? true : undefined}
                onChange={(e) => {
                  const next = e.target.value;
                  setValue(next);
                  clearTimeout(timer.current);
                  timer.current = setTimeout(() => void run(next), DEBOUNCE_MS);
                }}
                className="h-14 w-full rounded-xl border border-white/10 bg-white pl-12 pr-12 text-base text-navy-950 shadow-lg placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500 [&::-webkit-search-cancel-button]:appearance-none"
              />
              {pending ? (
                <Loader2 className="absolute right-4 top-1/2 h-5 w-5 -translate-y-1/2 animate-spin text-slate-400" aria-hidden="true" />
              ) : value ? (
                <button
                  type="button"
                  aria-label="Clear search"
                  onClick={() => {
                    setValue("");
                    void run("");
                    inputRef.current?.focus();
                  }}
                  className="absolute right-3 top-1/2 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-navy-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold-500"
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              ) : null}
            </div>
            <button
              type="submit"
              className="h-14 shrink-0 rounded-xl bg-gold-500 px-7 text-base font-semibold text-navy-950 shadow-lg transition-colors hover:bg-gold-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              Search
            </button>
          </Form>
        </div>
      </section>

      <div className="mx-auto -mt-10 max-w-4xl px-4 pb-20 sm:px-6">
        <div className="rounded-xl border border-slate-200 bg-white px-5 py-3 shadow-sm">
          {/* Announced to screen readers whenever the results change. */}
          <p id="search-status" role="status" aria-live="polite" aria-atomic="true" className={state.error ? "text-sm font-medium text-red-700" : "text-sm text-slate-700"}>
            {pending ? "Searching…" : summary}
          </p>
        </div>

        <div className="mt-8" aria-busy={pending || undefined}>
          {state.error ? null : !state.q ? (
            <EmptyState suggestions={suggestions} />
          ) : state.results && state.results.total > 0 ? (
            <SearchResultsView results={state.results} signedIn={signedIn} searchPath={searchHref(state.q)} />
          ) : state.results ? (
            <NoResults q={state.q} />
          ) : null}
        </div>
      </div>
    </div>
  );
}

function EmptyState({ suggestions }: { suggestions: string[] }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <SearchIcon className="mx-auto h-10 w-10 text-gold-500" aria-hidden="true" />
      <h2 className="mt-4 font-display text-2xl font-semibold text-navy-950">What are you looking for?</h2>
      <p className="mx-auto mt-2 max-w-lg text-sm leading-relaxed text-slate-600">
        Search by company name, sector or topic. Every word must match, and the beginning of a word is enough.
      </p>
      {suggestions.length ? (
        <>
          <p className="mt-6 text-xs font-semibold uppercase tracking-wider text-slate-500">Try a company</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {suggestions.map((s) => (
              <li key={s}>
                <Link to={searchHref(s)} className="inline-block rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium text-navy-900 hover:border-gold-500 hover:bg-gold-50">
                  {s}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
