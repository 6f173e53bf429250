import { ArrowRight, BellRing } from "lucide-react";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import { ALERTS_ANCHOR } from "./anchor";

/** A release page's pointer to the alerts sign-up on the press list (the form itself stays off release pages). */
export function PressAlertsLink() {
  const t = useT();
  return (
    <div className="rounded-xl border border-gold-300 bg-gold-50 p-5" data-testid="press-alerts-link">
      <p className="flex items-center gap-2 font-semibold text-navy-950">
        <BellRing className="h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
        {t("alerts.pressLink")}
      </p>
      <p className="mt-1 text-sm text-slate-700">{t("alerts.pressLinkText")}</p>
      <Link
        to={`/press-releases#${ALERTS_ANCHOR}`}
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-navy-800 underline-offset-4 hover:text-gold-700 hover:underline"
      >
        {t("alerts.subscribe.submit")} <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
      </Link>
    </div>
  );
}
