import { BookOpen, Download, FileText, LogIn, Newspaper } from "lucide-react";
import { pressPath } from "~/components/press/press-card";
import { useContentProps } from "~/components/site/labels";
import { Link } from "~/i18n/link";
import { useFormat, useT } from "~/i18n/provider";
import type { InvestorAccessState, InvestorRelease, InvestorReport } from "./types";

const cardClass = "flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8";
const moreLink = "mt-6 inline-flex self-start text-sm font-semibold text-navy-800 underline-offset-4 hover:text-gold-700 hover:underline";
const actionLink =
  "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-medium text-navy-900 transition-colors hover:border-gold-500 hover:bg-gold-50";

/** Files are read only when signed in: anyone else is offered sign-in, which brings them back to this page. */
const SIGN_IN_BACK = `/auth?redirect=${encodeURIComponent("/investors")}`;

/** A document read in the portal's viewer only: its address is the viewer's page, not a file. */
const readOnline = (r: InvestorReport) => r.fileUrl.startsWith("/investor-portal/");

/**
 * The newest Public documents: title, category and date in the page's language, and the download (through the
 * checked download route), the viewer for a document read online only, or, for a visitor who is not signed in, the
 * way to sign in first.
 */
export function LatestReports({ reports, access }: { reports: InvestorReport[]; access: InvestorAccessState }) {
  const t = useT();
  const f = useFormat();
  const content = useContentProps();
  return (
    <section aria-labelledby="investors-reports" className={cardClass}>
      <h2 id="investors-reports" className="font-display text-2xl font-semibold text-navy-950">
        {t("site.investors.reports.title")}
      </h2>
      {reports.length ? (
        <ul className="mt-6 divide-y divide-slate-200" data-testid="investor-reports">
          {reports.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4 first:pt-0 last:pb-0">
              <FileText className="h-5 w-5 shrink-0 text-gold-700" aria-hidden="true" />
              <div className="min-w-0 flex-1 basis-48">
                <p className="font-semibold text-navy-950" {...content(r)}>
                  {r.title}
                </p>
                <p className="mt-0.5 text-sm text-slate-500">
                  {r.categoryName ? <span>{r.categoryName} · </span> : null}
                  <time dateTime={r.date}>{f.date(r.date)}</time>
                </p>
              </div>
              {access === "anonymous" ? (
                <Link to={SIGN_IN_BACK} className={actionLink}>
                  <LogIn className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
                  {t(readOnline(r) ? "site.investors.reports.signInRead" : "site.investors.reports.signIn")}
                </Link>
              ) : readOnline(r) ? (
                // A page of the portal (the viewer), in the page's language.
                <Link to={r.fileUrl} className={actionLink} aria-label={t("site.investors.reports.readTitle", { title: r.title })}>
                  <BookOpen className="h-4 w-4" aria-hidden="true" />
                  {t("site.investors.reports.read")}
                </Link>
              ) : (
                <a href={r.fileUrl} className={actionLink} aria-label={t("site.investors.reports.downloadTitle", { title: r.title })}>
                  <Download className="h-4 w-4" aria-hidden="true" />
                  {t("site.investors.reports.download")}
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-600">{t("site.investors.reports.empty")}</p>
      )}
      <Link to="/investor-portal" className={moreLink}>
        {t("site.investors.reports.all")}
      </Link>
    </section>
  );
}

/** The newest press releases: title (to the release), company and date. */
export function LatestReleases({ releases }: { releases: InvestorRelease[] }) {
  const t = useT();
  const f = useFormat();
  const content = useContentProps();
  return (
    <section aria-labelledby="investors-press" className={cardClass}>
      <h2 id="investors-press" className="font-display text-2xl font-semibold text-navy-950">
        {t("site.investors.press.title")}
      </h2>
      {releases.length ? (
        <ul className="mt-6 divide-y divide-slate-200" data-testid="investor-releases">
          {releases.map((r) => (
            <li key={r.id} className="flex gap-4 py-4 first:pt-0 last:pb-0">
              <Newspaper className="mt-0.5 h-5 w-5 shrink-0 text-gold-700" aria-hidden="true" />
              <div className="min-w-0">
                <Link to={pressPath(r.id)} className="font-semibold text-navy-950 underline-offset-4 hover:text-gold-700 hover:underline" {...content(r)}>
                  {r.title}
                </Link>
                <p className="mt-0.5 text-sm text-slate-500">
                  {r.company ? (
                    <>
                      <bdi>{r.company}</bdi> ·{" "}
                    </>
                  ) : null}
                  <time dateTime={r.date}>{f.date(r.date)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-slate-600">{t("site.investors.press.empty")}</p>
      )}
      <Link to="/press-releases" className={moreLink}>
        {t("site.investors.press.all")}
      </Link>
    </section>
  );
}
