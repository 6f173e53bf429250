import { Search as SearchIcon } from "lucide-react";
import * as React from "react";
import { data, Form } from "react-router";
import { brandName } from "~/components/press/seo";
import { NoResults, resultSummary, SearchResultsView } from "~/components/search/results";
import { SearchBox } from "~/components/search/search-box";
import { useIsolate } from "~/components/site/labels";
import { Link, useLocalizePath } from "~/i18n/link";
import { metaT } from "~/i18n/meta";
import { useLocale, useT } from "~/i18n/provider";
import { SEARCH_MAX_LENGTH, siteSearchQuerySchema } from "../../shared/schemas";
import { ApiError, type CallOutput } from "~/lib/api/client";
import { searchApi } from "~/lib/api/search";
import type { API } from "../../shared/api";
import type { Route } from "./+types/search";

const DEBOUNCE_MS = 250;
/** Shown when the search could not run (a message id; the API's own messages are ids or sentences). */
const UNAVAILABLE = "site.search.unavailable";

type SiteSearchResults = CallOutput<typeof API.search.search>;

type SearchData = { q: string; results: SiteSearchResults | null; error: string | null; signedIn: boolean; suggestions: string[] };

/** The empty page suggests companies that have press releases: each suggestion finds something. */
const SUGGESTION_COUNT = 6;

/** Reads ?q= with the API's schema: a repeated or over-long q is a 400 page with the schema's message. */
function readQuery(params: URLSearchParams): { q: string; error: string | null } {
  const all = params.getAll("q");
  const parsed = siteSearchQuerySchema.safeParse({ q: all.length > 1 ? all : all[0] });
  if (parsed.success) return { q: parsed.data.q, error: null };
  return { q: typeof all[0] === "string" ? all[0].slice(0, SEARCH_MAX_LENGTH) : "", error: parsed.error.issues[0]?.message ?? "site.search.invalid" };
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
    const [results, names] = await Promise.all([q ? context.services.search.search(q, context.user ?? null, { locale: context.locale }) : null, suggestions]);
    return data<SearchData>({ q, results, error: null, signedIn, suggestions: names }, { headers });
  } catch (err) {
    context.logger.error({ err }, "search failed");
    return data<SearchData>({ q, results: null, error: UNAVAILABLE, signedIn, suggestions: await suggestions }, { status: 503, headers });
  }
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const name = brandName(matches);
  const q = loaderData?.q;
  const origin = (matches.find((m) => m?.id === "root")?.data as { origin?: string } | undefined)?.origin ?? "";
  return [
    { title: q ? t("site.search.metaTitleQuery", { q, brand: name }) : t("site.search.metaTitle", { brand: name }) },
    { name: "description", content: t("site.search.metaDescription") },
    { tagName: "link", rel: "canonical", href: `${origin}${t.path("/search")}` },
    // Result pages are for people; the search page itself may be indexed.
    ...(q ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

const searchHref = (q: string) => (q ? `/search?q=${encodeURIComponent(q)}` : "/search");

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { signedIn, suggestions } = loaderData;
  const t = useT();
  const isolate = useIsolate();
  const localize = useLocalizePath();
  const locale = useLocale();
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
    window.history.replaceState(window.history.state, "", localize(searchHref(q)));
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
      // The answer is in the page's language, as the server-rendered results are.
      const results = await searchApi.search({ query: { q, lang: locale }, init: { signal: controller.signal } });
      if (controller.signal.aborted) return;
      setState({ q, results: results ?? null, error: results ? null : UNAVAILABLE });
    } catch (err) {
      if (controller.signal.aborted) return;
      // A refusal with the API's error body shows its message; anything else (no answer, a proxy's page) is 'unavailable'.
      if (err instanceof ApiError) setState({ q, results: null, error: (err.code && err.message) || UNAVAILABLE });
      else {
        console.error("search failed", err);
        setState({ q, results: null, error: UNAVAILABLE });
      }
    } finally {
      if (inflight.current === controller) {
        inflight.current = null;
        setPending(false);
      }
    }
  }

  const summary = state.error ? t.maybe(state.error) : resultSummary(state.results, isolate(state.q), t);

  return (
    <div className="min-h-screen bg-slate-50">
      <section className="bg-navy-950 pb-24 pt-32 text-white md:pt-40">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <p className="text-xs font-semibold uppercase tracking-[0.28em] text-gold-400">{t("site.search.eyebrow")}</p>
          <h1 className="mt-3 font-display text-3xl font-semibold sm:text-4xl">{t("site.search.title")}</h1>
          <p className="mt-2 text-sm text-navy-200 sm:text-base">{signedIn ? t("site.search.introSignedIn") : t("site.search.intro")}</p>
          <Form
            method="get"
            action={localize("/search")}
            role="search"
            aria-label={t("site.search.formLabel")}
            className="mt-8 flex flex-col gap-3 sm:flex-row"
            onSubmit={(e) => {
              e.preventDefault();
              void run(value);
            }}
          >
            <div className="relative flex-1">
              <label htmlFor="site-search" className="sr-only">
                {t("site.search.title")}
              </label>
              <SearchBox
                inputRef={inputRef}
                id="site-search"
                name="q"
                value={value}
                maxLength={SEARCH_MAX_LENGTH}
                // The visitor came here to search: the box is ready for typing.
                autoFocus
                spellCheck={false}
                placeholder={t("site.search.placeholder")}
                aria-describedby="search-status"
                aria-invalid={state.error && state.q === value.trim() ? true : undefined}
                pending={pending}
                onValue={(next) => {
                  setValue(next);
                  clearTimeout(timer.current);
                  timer.current = setTimeout(() => void run(next), DEBOUNCE_MS);
                }}
                onClear={() => {
                  setValue("");
                  void run("");
                }}
              />
            </div>
            <button
              type="submit"
              className="h-14 shrink-0 rounded-xl bg-gold-500 px-7 text-base font-semibold text-navy-950 shadow-lg transition-colors hover:bg-gold-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
            >
              {t("site.search.submit")}
            </button>
          </Form>
        </div>
      </section>

      <div className="mx-auto -mt-10 max-w-4xl px-4 pb-20 sm:px-6">
        {/* Announced to screen readers whenever the results change. With no results the heading below says it on
            screen, so the bar is kept for screen readers only: said once. */}
        <div className={!pending && !state.error && state.results?.total === 0 ? "sr-only" : "rounded-xl border border-slate-200 bg-white px-5 py-3 shadow-sm"}>
          <p
            id="search-status"
            role="status"
            aria-live="polite"
            aria-atomic="true"
            className={state.error ? "text-sm font-medium text-red-700" : "text-sm text-slate-700"}
          >
            {pending ? t("site.search.searching") : summary}
          </p>
        </div>

        <div className="mt-8" aria-busy={pending || undefined}>
          {state.error ? null : !state.q ? (
            <EmptyState suggestions={suggestions} />
          ) : state.results && state.results.total > 0 ? (
            <SearchResultsView results={state.results} signedIn={signedIn} searchPath={localize(searchHref(state.q))} />
          ) : state.results ? (
            <NoResults q={state.q} />
          ) : null}
        </div>
      </div>
    </div>
  );
}

function EmptyState({ suggestions }: { suggestions: string[] }) {
  const t = useT();
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm">
      <SearchIcon className="mx-auto h-10 w-10 text-gold-500" aria-hidden="true" />
      <h2 className="mt-4 font-display text-2xl font-semibold text-navy-950">{t("site.search.emptyTitle")}</h2>
      <p className="mx-auto mt-2 max-w-lg text-sm leading-relaxed text-slate-600">{t("site.search.emptyText")}</p>
      {suggestions.length ? (
        <>
          <p className="mt-6 text-xs font-semibold uppercase tracking-wider text-slate-500">{t("site.search.tryCompany")}</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            {suggestions.map((s) => (
              <li key={s}>
                <Link
                  to={searchHref(s)}
                  className="inline-block rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium text-navy-900 hover:border-gold-500 hover:bg-gold-50"
                >
                  <bdi>{s}</bdi>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
