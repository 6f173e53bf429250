import { BellRing, EyeOff, LogOut, MailCheck } from "lucide-react";
import { useRootData } from "~/hooks/use-root-data";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { ALERTS_ANCHOR } from "./anchor";
import { SubscribeForm } from "./subscribe-form";

/**
 * The investor alerts sign-up: what the alerts are and how they are sent (double opt-in, no tracking, unsubscribe any
 * time) beside the form. `compact` is the press page's shorter form (categories behind a disclosure, one line of
 * promise). A signed-in member is pointed to the account page, where alerts need no confirmation e-mail.
 */
export function AlertsSignup({ compact = false, className }: { compact?: boolean; className?: string }) {
  const t = useT();
  const user = useRootData()?.user ?? null;
  const points = [
    { icon: MailCheck, text: t("alerts.subscribe.points.doubleOptIn") },
    { icon: EyeOff, text: t("alerts.subscribe.points.noTracking") },
    { icon: LogOut, text: t("alerts.subscribe.points.unsubscribe") },
  ];
  return (
    <section
      id={ALERTS_ANCHOR}
      aria-labelledby="alerts-signup-title"
      className={cn("scroll-mt-28 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8", className)}
    >
      <div className={cn("grid gap-8", compact ? "lg:grid-cols-[2fr_3fr]" : "lg:grid-cols-[1fr_2fr]")}>
        <div className="min-w-0">
          <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-gold-100 text-gold-700" aria-hidden="true">
            <BellRing className="h-5 w-5" />
          </span>
          <h2 id="alerts-signup-title" className="mt-4 font-display text-2xl font-semibold text-navy-950">
            {t(compact ? "alerts.subscribe.compactTitle" : "alerts.subscribe.title")}
          </h2>
          <p className="mt-2 text-slate-600">{t(compact ? "alerts.subscribe.compactIntro" : "alerts.subscribe.intro")}</p>
          <ul className="mt-6 space-y-3">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-3 text-sm leading-relaxed text-slate-700">
                <Icon className="mt-0.5 h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
          {user ? (
            <p className="mt-6 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
              {t.rich("alerts.subscribe.signedIn", {
                link: (chunks) => (
                  <Link to={`/account#${ALERTS_ANCHOR}`} className="font-semibold text-navy-800 underline underline-offset-4 hover:text-gold-700">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          ) : null}
        </div>
        <div className="min-w-0">
          <SubscribeForm compact={compact} />
        </div>
      </div>
    </section>
  );
}
