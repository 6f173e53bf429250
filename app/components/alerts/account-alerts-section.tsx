import { BellRing, Mail } from "lucide-react";
import * as React from "react";
import { AccountCard } from "~/components/account/account-card";
import { errorText } from "~/components/account/form-errors";
import { useT } from "~/i18n/provider";
import { alertsApi } from "~/lib/api/alerts";
import { ALERTS_ANCHOR } from "./anchor";
import { PreferencesFailed, PreferencesLoading } from "./parts";
import { PreferencesForm, type PreferencesTexts } from "./preferences-form";
import type { AlertPreferences } from "./types";

const TEXTS: PreferencesTexts = {
  save: "alerts.account.save",
  saving: "alerts.preferences.saving",
  saved: "alerts.account.saved",
  savedNone: "alerts.account.savedNone",
  noneHint: "alerts.account.noneHint",
  failed: "alerts.account.failed",
};

/**
 * The account's investor alerts: the lists and the language for the account's own address. That address is already
 * confirmed, so a change takes effect at once, with no confirmation e-mail. Read in the browser when the page shows
 * (the page's loader stays as it is).
 */
export function AccountAlertsSection() {
  const t = useT();
  const [state, setState] = React.useState<{ step: "loading" } | { step: "failed"; text: string } | { step: "ready"; prefs: AlertPreferences }>({
    step: "loading",
  });
  const [attempt, setAttempt] = React.useState(0);

  React.useEffect(() => {
    let live = true;
    setState({ step: "loading" });
    alertsApi.account().then(
      (prefs) => live && setState({ step: "ready", prefs }),
      (err: unknown) => live && setState({ step: "failed", text: errorText(err, t, "alerts.account.loadFailed") }),
    );
    return () => {
      live = false;
    };
    // Read again only when asked to (the translate function is stable for the page's language).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  return (
    <div id={ALERTS_ANCHOR} className="scroll-mt-28">
      <AccountCard id="alerts" icon={BellRing} title={t("alerts.account.title")} description={t("alerts.account.description")}>
        {state.step === "loading" ? (
          <div className="space-y-3" aria-busy="true">
            <PreferencesLoading bars={["h-5 w-1/2", "h-32 w-full"]} />
          </div>
        ) : state.step === "failed" ? (
          <div className="space-y-4">
            <PreferencesFailed text={state.text} onRetry={() => setAttempt((n) => n + 1)} small />
          </div>
        ) : (
          <div className="space-y-5">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <Mail className="h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
              {t("alerts.account.address")}{" "}
              <bdi dir="ltr" className="font-semibold text-navy-950 [overflow-wrap:anywhere]">
                {state.prefs.email}
              </bdi>
            </p>
            <PreferencesForm
              id="account-alerts"
              labelledBy="alerts-heading"
              initial={state.prefs}
              texts={TEXTS}
              save={(values) => alertsApi.setAccount({ body: values })}
            />
          </div>
        )}
      </AccountCard>
    </div>
  );
}
