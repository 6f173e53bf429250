import * as React from "react";
import { Outlet, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { AttentionProvider, AttentionStrip, type Attention } from "~/components/admin/attention";
import { DashboardProvider } from "~/components/admin/dashboard-data";
import type { PressRow } from "~/components/admin/press-tab";
import { ScreenNav } from "~/components/admin/screen-nav";
import { useDataLoadingError } from "~/hooks/use-admin-data";
import { metaT } from "~/i18n/meta";
import { useFormat, useT } from "~/i18n/provider";
import { requirePageRole } from "~/lib/guards.server";
import type { PortfolioItemDto } from "../../server/features/portfolio/portfolio";
import { adminScreenPath, isAdminScreen } from "../../shared/admin-screens";
import { localizePath } from "../../shared/i18n/locales";
import { HOMEPAGE_LIMIT } from "../../shared/rules";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin.meta.title") }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageRole(context, request, "admin");
  // An address from before each screen had its own ('/admin/press') goes to the screen's address for good.
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab");
  if (tab !== null) {
    url.searchParams.delete("tab");
    throw redirect(localizePath(adminScreenPath(isAdminScreen(tab) ? tab : "portfolio"), context.locale) + url.search, 301);
  }
  const { portfolio, press, settings, attention: waiting } = context.services;
  const failed: string[] = [];
  // One failing list must not take the whole dashboard down: it is reported and shown empty.
  const attempt = async <T,>(what: string, load: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await load();
    } catch {
      failed.push(what);
      return fallback;
    }
  };
  // The figures at the top need the companies and the releases; the portfolio, press and alerts screens show them.
  const [companies, releases, spotlightId, attention] = await Promise.all([
    attempt("portfolio", () => portfolio.list({ all: true }), [] as PortfolioItemDto[]),
    // The table does not need the article bodies; the edit dialog loads the full release.
    attempt("press", (): Promise<PressRow[]> => press.listWithoutContent({ all: true }), [] as PressRow[]),
    attempt("spotlight", () => settings.spotlightId(), null),
    attempt("attention", () => waiting.counts(), null as Attention | null),
  ]);
  // The page shows the admin's name only; the rest of the account stays on the server.
  const { id, fullName, username, email } = user;
  return { user: { id, fullName, username, email }, companies, releases, spotlightId, attention, failed };
}

/**
 * Going from one screen to another loads only the new screen's data: the layout's lists stay as they are until a
 * screen asks for them again (after a save) or a form is sent.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const moved = currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;
  if (!formMethod && moved) return false;
  return defaultShouldRevalidate;
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { user, companies, releases, spotlightId, attention, failed } = loaderData;
  const t = useT();
  const f = useFormat();
  const showDataLoadingError = useDataLoadingError();

  React.useEffect(() => {
    if (failed.length) showDataLoadingError();
  }, [failed, showDataLoadingError]);

  const homepageCount = releases.filter((r) => r.showOnHomepage).length;
  const featured = releases.find((r) => r.featured);
  const active = companies.filter((c) => c.status === "Active").length;
  const free = HOMEPAGE_LIMIT - homepageCount;
  const stats = [
    { label: t("admin.stats.companies"), value: f.count(companies.length), note: t("admin.stats.active", { count: active, shown: f.count(active) }) },
    {
      label: t("admin.stats.releases"),
      value: f.count(releases.length),
      note: featured ? t("admin.stats.featured", { name: featured.company ?? featured.title }) : t("admin.stats.noneFeatured"),
    },
    {
      label: t("admin.stats.slots"),
      value: t("admin.stats.slotsValue", { used: f.count(homepageCount), limit: f.count(HOMEPAGE_LIMIT) }),
      note: free <= 0 ? t("admin.stats.slotsFull") : t("admin.stats.slotsFree", { count: free, shown: f.count(free) }),
    },
  ];

  return (
    <AttentionProvider initial={attention}>
      <div className="min-h-screen bg-slate-50">
        <section className="bg-navy-950 pb-20 pt-28 text-white sm:pb-24 sm:pt-36">
          <div className="mx-auto max-w-7xl px-4 sm:px-6">
            <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{t("admin.hero.eyebrow")}</p>
            <h1 className="mt-2 font-display text-3xl font-semibold sm:text-4xl">{t("admin.hero.title")}</h1>
            <p className="mt-2 max-w-2xl text-sm text-navy-200 sm:text-base">
              {t.rich("admin.hero.welcome", { name: user.fullName || user.username || user.email, bdi: (chunks) => <bdi>{chunks}</bdi> })}
            </p>
            <AttentionStrip />
          </div>
        </section>

        <div className="mx-auto -mt-12 max-w-7xl px-4 pb-20 sm:-mt-16 sm:px-6">
          <dl className="grid grid-cols-3 gap-2 sm:gap-3">
            {stats.map((s) => (
              <div key={s.label} className="rounded-xl border border-slate-200 bg-white px-3 py-3 shadow-sm sm:px-5 sm:py-4">
                <dt className="text-[0.65rem] font-semibold uppercase leading-tight tracking-wider text-slate-500 sm:text-xs">{s.label}</dt>
                <dd className="mt-1 flex items-baseline justify-between gap-3">
                  <span className="font-display text-2xl font-semibold text-navy-950 sm:text-3xl">{s.value}</span>
                  <span className="hidden truncate text-xs text-slate-500 sm:inline">{s.note}</span>
                </dd>
              </div>
            ))}
          </dl>

          <ScreenNav />
          <div className="mt-6">
            <DashboardProvider value={{ userId: user.id, companies, releases, spotlightId }}>
              <Outlet />
            </DashboardProvider>
          </div>
        </div>
      </div>
    </AttentionProvider>
  );
}
