import { Mail } from "lucide-react";
import * as React from "react";
import { useLocation } from "react-router";
import { errorText } from "~/components/account/form-errors";
import { ManageLinkForm } from "~/components/alerts/manage-link-form";
import { DoneOutcome, InvalidLinkNote, PreferencesFailed, PreferencesLoading } from "~/components/alerts/parts";
import { PreferencesForm, type PreferencesTexts } from "~/components/alerts/preferences-form";
import { SubscribeForm } from "~/components/alerts/subscribe-form";
import { tokenOf, tokenPageHeaders, tokenPageMeta } from "~/components/alerts/token-pages";
import type { AlertPreferences } from "~/components/alerts/types";
import { UnsubscribePanel } from "~/components/alerts/unsubscribe-panel";
import { PageHero } from "~/components/site/page-hero";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { useT } from "~/i18n/provider";
import { alertsApi } from "~/lib/api/alerts";
import { hasErrorCode } from "~/lib/api/client";
import type { Route } from "./+types/alerts-preferences";

export function meta({ matches }: Route.MetaArgs) {
  return tokenPageMeta(matches, "alerts.preferences.metaTitle");
}
export const headers = tokenPageHeaders;

const TEXTS: PreferencesTexts = {
  save: "alerts.preferences.save",
  saving: "alerts.preferences.saving",
  saved: "alerts.preferences.saved",
  savedNone: "alerts.preferences.savedNone",
  noneHint: "alerts.preferences.noneHint",
  failed: "alerts.preferences.failed",
};

type State =
  | { step: "loading" }
  | { step: "failed"; text: string }
  | { step: "invalid"; text: string }
  | { step: "ready"; prefs: AlertPreferences }
  | { step: "unsubscribed"; prefs: AlertPreferences; justNow: boolean };

const STATUS_BADGE = { pending: "amber", confirmed: "green", unsubscribed: "slate" } as const;

/**
 * A subscriber's preferences, opened from the link in every alert. The token is read from the address but sent only
 * in POST and PUT bodies, by the browser after the page has loaded (no loader asks the server with it). The page
 * shows the address, its lists and language to change and save (no list at all unsubscribes), and 'Unsubscribe from
 * all'; a link that no longer works offers to e-mail a new one.
 */
export default function AlertsPreferencesPage() {
  const t = useT();
  const { search } = useLocation();
  const token = tokenOf(search);
  const [state, setState] = React.useState<State>(() => (token ? { step: "loading" } : { step: "invalid", text: t("alerts.preferences.missing") }));
  const [attempt, setAttempt] = React.useState(0);
  const outcome = React.useRef<HTMLHeadingElement>(null);

  React.useEffect(() => {
    if (!token) return;
    let live = true;
    setState({ step: "loading" });
    alertsApi.preferences({ body: { token } }).then(
      (prefs) => live && setState(prefs.status === "unsubscribed" ? { step: "unsubscribed", prefs, justNow: false } : { step: "ready", prefs }),
      (err: unknown) => {
        if (!live) return;
        if (hasErrorCode(err, "INVALID_TOKEN")) setState({ step: "invalid", text: errorText(err, t, "alerts.preferences.missing") });
        else setState({ step: "failed", text: errorText(err, t, "alerts.preferences.loadFailed") });
      },
    );
    return () => {
      live = false;
    };
    // The translate function is stable for the page's language; the request is made again only for a new token or a retry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, attempt]);

  // Once the address is unsubscribed, the outcome takes the focus (the button pressed is gone).
  React.useEffect(() => {
    if (state.step === "unsubscribed" && state.justNow) outcome.current?.focus();
  }, [state]);

  return (
    <PageHero title={t("alerts.preferences.title")} intro={t("alerts.preferences.intro")} width="4xl" className="space-y-6">
      {state.step === "loading" ? (
        <Card className="space-y-4 p-6 sm:p-8" aria-busy="true">
          <PreferencesLoading bars={["h-6 w-2/3", "h-40 w-full", "h-10 w-40"]} />
        </Card>
      ) : state.step === "failed" ? (
        <Card className="space-y-4 p-6 sm:p-8">
          <PreferencesFailed text={state.text} onRetry={() => setAttempt((n) => n + 1)} />
        </Card>
      ) : state.step === "invalid" ? (
        <Card className="space-y-8 p-6 sm:p-8">
          <InvalidLinkNote title={t("alerts.preferences.invalidTitle")} text={state.text} />
          <div>
            <h2 className="font-display text-2xl font-semibold text-navy-950">{t("alerts.manageLink.title")}</h2>
            <p className="mb-5 mt-2 text-slate-600">{t("alerts.manageLink.intro")}</p>
            <ManageLinkForm />
          </div>
        </Card>
      ) : state.step === "unsubscribed" ? (
        <Card className="space-y-8 p-6 sm:p-8" data-testid="alerts-unsubscribed">
          <DoneOutcome
            headingRef={outcome}
            title={t("alerts.unsubscribe.doneTitle")}
            text={t("alerts.unsubscribe.doneText", { email: `\u2068${state.prefs.email}\u2069` })}
          />
          <div className="border-t border-slate-200 pt-8">
            <p className="mb-5 text-slate-600">{t("alerts.unsubscribe.again")}</p>
            <SubscribeForm defaultEmail={state.prefs.email} />
          </div>
        </Card>
      ) : (
        <>
          <Card className="p-6 sm:p-8">
            <div className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2">
              <Mail className="h-5 w-5 shrink-0 text-gold-700" aria-hidden="true" />
              <h2 id="alerts-preferences-heading" className="text-sm text-slate-600">
                {t("alerts.preferences.address")}{" "}
                <bdi dir="ltr" className="font-semibold text-navy-950 [overflow-wrap:anywhere]" data-testid="alerts-email">
                  {state.prefs.email}
                </bdi>
              </h2>
              <Badge variant={STATUS_BADGE[state.prefs.status]}>{t(`alerts.preferences.status.${state.prefs.status}`)}</Badge>
            </div>
            {state.prefs.status === "pending" ? <p className="mb-6 text-sm text-slate-600">{t("alerts.preferences.pendingText")}</p> : null}
            <PreferencesForm
              id="alerts-preferences"
              labelledBy="alerts-preferences-heading"
              initial={state.prefs}
              texts={TEXTS}
              save={(values) => alertsApi.updatePreferences({ body: { token: token ?? "", ...values } })}
              onSaved={(prefs) => setState({ step: "ready", prefs })}
            />
          </Card>
          <UnsubscribePanel
            asking={new URLSearchParams(search).get("unsubscribe") === "1"}
            email={state.prefs.email}
            unsubscribe={() => alertsApi.unsubscribe({ body: { token: token ?? "" } })}
            onDone={(prefs) => setState({ step: "unsubscribed", prefs, justNow: true })}
          />
        </>
      )}
    </PageHero>
  );
}
