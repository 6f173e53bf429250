import { ArrowDown, BellRing, Info, Loader2, Rss, SearchX } from "lucide-react";
import * as React from "react";
import { redirect, useNavigation } from "react-router";
import { AlertsSignup } from "~/components/alerts/alerts-signup";
import { ALERTS_ANCHOR } from "~/components/alerts/anchor";
import { CompanyTabs } from "~/components/press/company-tabs";
import { LOAD_MORE_STEP, NOT_FOUND_PARAM, listHref, readListParams } from "~/components/press/list-params";
import { PressCard, toPressListCard, type PressListCard } from "~/components/press/press-card";
import { PressSearch } from "~/components/press/press-search";
import { absoluteUrl, brandName } from "~/components/press/seo";
import { SpotlightCard } from "~/components/press/spotlight-card";
import { useIsolate } from "~/components/site/labels";
import { Button } from "~/components/ui/button";
import { Link, useLocalizePath } from "~/i18n/link";
import { metaT } from "~/i18n/meta";
import { useFormat, useT } from "~/i18n/provider";
import { localizePath, stripLocale } from "../../shared/i18n/locales";
import type { Route } from "./+types/press-list";
import { publicPageHeaders } from "../../shared/cache-policy";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = readListParams(url.searchParams);
  // The clear button of the no-JavaScript form.
  if (url.searchParams.has("clear")) throw redirect(localizePath(listHref({ company: params.company }), context.locale));

  const { press } = context.services;
  const base = { params, origin: context.origin, notFound: url.searchParams.get(NOT_FOUND_PARAM) === "1" };
  try {
    // The spotlight leads 'All' without a search, and is then not repeated in the grid below it.
    const spotlightId = !params.q && !params.company ? await context.services.settings.spotlightId() : null;
    const [spotlight, page, companies] = await Promise.all([
      spotlightId === null ? null : press.card(spotlightId, { locale: context.locale }),
      press.search({ q: params.q, company: params.company, excludeId: spotlightId ?? undefined, limit: params.count, locale: context.locale }),
      press.companyNames(),
    ]);
    // An id whose release was deleted shows no spotlight (and excludes nothing from the grid).
    return { ...base, items: page.items.map(toPressListCard), total: page.total, companies, spotlight: spotlight && toPressListCard(spotlight), failed: false };
  } catch (err) {
    // The page still renders; the list is empty with a friendly message.
    context.logger.error({ err }, "press list failed to load");
    return { ...base, items: [] as PressListCard[], total: 0, companies: [] as string[], spotlight: null, failed: true };
  }
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const name = brandName(matches);
  const title = t("site.pressList.metaTitle", { brand: name });
  const DESCRIPTION = t("site.pressList.metaDescription");
  const origin = data?.origin ?? "";
  const canonical = `${origin}${t.path(listHref({ company: data?.params.company }))}`;
  return [
    { title },
    { name: "description", content: DESCRIPTION },
    { tagName: "link", rel: "canonical", href: canonical },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: t("site.pressList.feedTitle", { brand: name }),
      href: absoluteUrl(origin, t.path("/rss.xml")),
    },
    // Search result pages are useful to people, not to search engines.
    ...(data?.params.q ? [{ name: "robots", content: "noindex, follow" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: name },
    { property: "og:title", content: title },
    { property: "og:description", content: DESCRIPTION },
    { property: "og:url", content: canonical },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: DESCRIPTION },
  ];
}

export default function PressList({ loaderData }: Route.ComponentProps) {
  const { params, items, total, companies, spotlight, failed, notFound } = loaderData;
  const navigation = useNavigation();
  const t = useT();
  const f = useFormat();
  const localize = useLocalizePath();
  const isolate = useIsolate();
  const loadingMore =
    navigation.state === "loading" &&
    stripLocale(navigation.location.pathname) === "/press-releases" &&
    readListParams(new URLSearchParams(navigation.location.search)).count > params.count;

  // After 'Load More', move focus to the first new card so keyboard users continue where the new cards begin.
  const cardLinks = React.useRef<(HTMLAnchorElement | null)[]>([]);
  const focusFrom = React.useRef<number | null>(null);
  React.useEffect(() => {
    const from = focusFrom.current;
    if (from !== null && items.length > from) {
      focusFrom.current = null;
      cardLinks.current[from]?.focus({ preventScroll: false });
    }
  }, [items]);

  const hasMore = items.length < total;
  // The spotlight is one of the releases on the page, though not repeated in the grid.
  const shown = items.length + (spotlight ? 1 : 0);
  const shownTotal = total + (spotlight ? 1 : 0);
  const moreCount = Math.min(params.count + LOAD_MORE_STEP, total);

  return (
    <>
      <section className="relative overflow-hidden bg-navy-950 pb-14 pt-32 text-white md:pb-20 md:pt-44">
        <div
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(199,155,75,0.18),transparent_55%)] rtl:bg-[radial-gradient(ellipse_at_top_left,rgba(199,155,75,0.18),transparent_55%)]"
          aria-hidden="true"
        />
        <div className="relative mx-auto max-w-7xl px-6">
          <p className="text-xs font-semibold uppercase tracking-[0.3em] text-gold-400">{t("site.press.eyebrow")}</p>
          <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight sm:text-5xl md:text-6xl">{t("site.press.title")}</h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-white/75">{t("site.pressList.subtitle")}</p>
          <div className="mt-10 flex max-w-3xl flex-col gap-4 sm:flex-row sm:items-center">
            <PressSearch q={params.q} company={params.company} />
            <a
              href={localize("/rss.xml")}
              className="inline-flex shrink-0 items-center gap-2 self-start rounded-md px-2 py-2 text-sm font-medium text-white/70 transition-colors hover:text-gold-400 sm:self-center"
            >
              <Rss className="h-4 w-4" aria-hidden="true" /> {t("site.pressList.rss")}
            </a>
            <a
              href={`#${ALERTS_ANCHOR}`}
              className="inline-flex shrink-0 items-center gap-2 self-start rounded-md px-2 py-2 text-sm font-medium text-white/70 transition-colors hover:text-gold-400 sm:self-center"
            >
              <BellRing className="h-4 w-4" aria-hidden="true" /> {t("alerts.pressLink")}
            </a>
          </div>
        </div>
      </section>

      <section className="bg-slate-50 pb-24 pt-10">
        <div className="mx-auto max-w-7xl px-6">
          {notFound ? (
            <p role="status" className="mb-8 flex items-start gap-3 rounded-xl border border-gold-300 bg-gold-50 px-5 py-4 text-navy-900">
              <Info className="mt-0.5 h-5 w-5 shrink-0 text-gold-700" aria-hidden="true" />
              {t("site.pressList.releaseNotFound")}
            </p>
          ) : null}
          {companies.length ? (
            <div className="mb-10">
              <CompanyTabs companies={companies} active={params.company} q={params.q} />
            </div>
          ) : null}

          {spotlight ? <SpotlightCard release={spotlight} /> : null}

          <div className="mb-6 flex items-end justify-between gap-4">
            <h2 className="font-display text-2xl font-semibold text-navy-950">
              {params.company ? <bdi>{params.company}</bdi> : params.q ? t("site.pressList.results") : t("site.pressList.latest")}
            </h2>
            <p className="text-sm text-slate-600" role="status" aria-live="polite">
              {total > 0
                ? params.q
                  ? t("site.pressList.showingFor", { shown: f.count(shown), total: shownTotal, q: isolate(params.q) })
                  : t("site.pressList.showing", { shown: f.count(shown), total: shownTotal })
                : null}
            </p>
          </div>

          {items.length ? (
            <ul aria-label={t("site.press.title")} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
              {items.map((r, i) => (
                <li key={r.id} id={`item-${i + 1}`} className="scroll-mt-32">
                  <PressCard
                    release={r}
                    priority={i < 3 && !spotlight}
                    linkRef={(el) => {
                      cardLinks.current[i] = el;
                    }}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState failed={failed} q={params.q} company={params.company} />
          )}

          {hasMore ? (
            <div className="mt-12 flex justify-center">
              <Button asChild size="lg" variant="outline" className="min-w-48 border-navy-900 text-navy-950 hover:bg-navy-900 hover:text-white">
                <Link
                  to={listHref({ q: params.q, company: params.company, count: moreCount }, `#item-${items.length + 1}`)}
                  replace
                  preventScrollReset
                  aria-disabled={loadingMore || undefined}
                  onClick={(e) => {
                    if (loadingMore) e.preventDefault();
                    else focusFrom.current = items.length;
                  }}
                >
                  {loadingMore ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <ArrowDown className="h-4 w-4" aria-hidden="true" />}
                  {t("site.pressList.loadMore")}
                </Link>
              </Button>
            </div>
          ) : null}

          <AlertsSignup compact className="mt-16" />
        </div>
      </section>
    </>
  );
}

function EmptyState({ failed, q: typed, company: name }: { failed: boolean; q: string; company: string }) {
  const t = useT();
  const isolate = useIsolate();
  const q = isolate(typed);
  const company = isolate(name);
  let title = t("site.pressList.emptyTitle");
  let text = t("site.press.emptyText");
  if (failed) {
    title = t("site.pressList.failedTitle");
    text = t("site.pressList.failedText");
  } else if (typed) {
    title = t("site.pressList.noMatchTitle");
    text = name ? t("site.pressList.noMatchCompany", { q, company }) : t("site.pressList.noMatch", { q });
  } else if (name) {
    text = t("site.pressList.noneForCompany", { company });
  }
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
      <h3 className="mt-4 font-display text-xl font-semibold text-navy-950">{title}</h3>
      <p className="mx-auto mt-2 max-w-md text-slate-600">{text}</p>
      <div className="mt-6 flex justify-center gap-3">
        {failed ? (
          <Button asChild variant="outline">
            <Link to={listHref({ q: typed, company: name })} reloadDocument>
              {t("site.pressList.tryAgain")}
            </Link>
          </Button>
        ) : typed || name ? (
          <Button asChild variant="outline">
            <Link to={listHref({})}>{t("site.pressList.viewAll")}</Link>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The same for every anonymous visitor: stored by the page cache and shared caches. */
export const headers = publicPageHeaders;
