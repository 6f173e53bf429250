import { AlertsSignup } from "~/components/alerts/alerts-signup";
import { FinancialCalendar } from "~/components/alerts/financial-calendar";
import { AccessButton, AccessSteps } from "~/components/investors/access-steps";
import { IrContact } from "~/components/investors/ir-contact";
import { LatestReleases, LatestReports } from "~/components/investors/latest";
import { ReportingCalendar } from "~/components/investors/reporting-calendar";
import type { InvestorAccessState, InvestorRelease, InvestorReport } from "~/components/investors/types";
import { brandName } from "~/components/press/seo";
import { metaT } from "~/i18n/meta";
import { useT } from "~/i18n/provider";
import { publicPageHeaders } from "../../shared/cache-policy";
import { hasInvestorAccess } from "../../shared/rules";
import type { Route } from "./+types/investors";

/** The page lists this many of the newest Public documents and press releases. */
export const LATEST_REPORTS = 4;
export const LATEST_RELEASES = 3;

/**
 * The public investors page: what the company reports and when, the financial calendar, its newest Public documents
 * and press releases, the alerts sign-up, how investor access works and whom to contact. Only the call to action
 * depends on the reader (signed-in pages are never shared by the page cache).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { documents, press } = context.services;
  const locale = context.locale;
  const [docs, news, calendar] = await Promise.all([
    documents.latestPublic(LATEST_REPORTS, { locale }),
    press.search({ limit: LATEST_RELEASES, locale }),
    context.services.calendar.page(context.locale),
  ]);
  const user = context.user;
  const access: InvestorAccessState = !user ? "anonymous" : hasInvestorAccess(user) ? "investor" : "member";
  return {
    access,
    reports: docs.map((d): InvestorReport => ({
      id: d.id,
      title: d.title,
      categoryName: d.categoryName,
      date: d.publishedAt,
      // A document read in the viewer only opens in the portal's viewer.
      fileUrl: d.fileUrl ?? `/investor-portal/documents/${d.id}`,
      contentLocale: d.contentLocale,
    })),
    releases: news.items.map((r): InvestorRelease => ({ id: r.id, title: r.title, company: r.company, date: r.date, contentLocale: r.contentLocale })),
    calendar,
    origin: context.origin,
  };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = brandName(matches);
  return [
    { title: t("site.investors.metaTitle", { brand }) },
    { name: "description", content: t("site.investors.metaDescription", { brand }) },
    ...(loaderData ? [{ tagName: "link", rel: "canonical", href: `${loaderData.origin}${t.path("/investors")}` }] : []),
  ];
}

export default function InvestorsPage({ loaderData }: Route.ComponentProps) {
  const { access, reports, releases, calendar } = loaderData;
  const t = useT();
  return (
    <div className="min-h-screen bg-slate-50">
      <section className="relative overflow-hidden bg-navy-950 pb-16 pt-32 text-white md:pt-40">
        <div
          className="pointer-events-none absolute inset-0 opacity-40"
          style={{ background: "radial-gradient(ellipse at 80% 0%, rgba(199,155,75,0.25), transparent 55%)" }}
          aria-hidden="true"
        />
        <div className="relative mx-auto max-w-7xl px-4 sm:px-6">
          <p className="text-xs font-semibold uppercase tracking-[0.28em] text-gold-400">{t("site.investors.eyebrow")}</p>
          <h1 className="mt-3 font-display text-4xl font-semibold sm:text-5xl">{t("site.investors.title")}</h1>
          <p className="mt-3 max-w-2xl text-base text-navy-100 sm:text-lg">{t("site.investors.intro")}</p>
          <div className="mt-8">
            <AccessButton access={access} tone="dark" />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-6 px-4 py-12 sm:px-6 md:py-16">
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <ReportingCalendar />
          </div>
          <IrContact />
        </div>
        <FinancialCalendar calendar={calendar} />
        <div className="grid gap-6 lg:grid-cols-2">
          <LatestReports reports={reports} access={access} />
          <LatestReleases releases={releases} />
        </div>
        <AlertsSignup />
        <AccessSteps access={access} />
      </div>
    </div>
  );
}

/** The same for every anonymous visitor: stored by the page cache and shared caches. */
export const headers = publicPageHeaders;
