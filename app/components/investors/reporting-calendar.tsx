import { BarChart3, BookOpenCheck, CalendarRange, Landmark } from "lucide-react";
import { useT } from "~/i18n/provider";
import type { MessageId } from "../../../shared/i18n/messages";

/**
 * What the company publishes and how soon after the period ends (periods, not dates: the calendar holds every year).
 * The numbers are arguments, so each language writes them with its own digits.
 */
const REPORTS: { icon: typeof BookOpenCheck; title: MessageId; text: MessageId; values: Record<string, number> }[] = [
  { icon: BookOpenCheck, title: "site.investors.reporting.annual.title", text: "site.investors.reporting.annual.text", values: { days: 90 } },
  { icon: CalendarRange, title: "site.investors.reporting.halfYear.title", text: "site.investors.reporting.halfYear.text", values: { days: 45 } },
  { icon: BarChart3, title: "site.investors.reporting.quarterly.title", text: "site.investors.reporting.quarterly.text", values: { days: 45 } },
  { icon: Landmark, title: "site.investors.reporting.assembly.title", text: "site.investors.reporting.assembly.text", values: { months: 4, days: 15 } },
];

/** 'What we report and when': the annual report, half-year and quarterly results, and the general assembly. */
export function ReportingCalendar() {
  const t = useT();
  return (
    <section aria-labelledby="investors-reporting" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="investors-reporting" className="font-display text-2xl font-semibold text-navy-950">
        {t("site.investors.reporting.title")}
      </h2>
      <p className="mt-2 text-slate-600">{t("site.investors.reporting.intro")}</p>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2">
        {REPORTS.map(({ icon: Icon, title, text, values }) => (
          <li key={title} className="flex gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-gold-100 text-gold-700" aria-hidden="true">
              <Icon className="h-5 w-5" />
            </span>
            <div>
              <h3 className="font-semibold text-navy-950">{t(title)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{t(text, values)}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-600">{t("site.investors.reporting.disclosure")}</p>
    </section>
  );
}
