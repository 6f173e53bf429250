import { BellRing, Loader2, Settings2 } from "lucide-react";
import * as React from "react";
import { useLocation } from "react-router";
import { DoneOutcome, FailureNote, InvalidLinkNote, ListSummary } from "~/components/alerts/parts";
import { SubscribeForm } from "~/components/alerts/subscribe-form";
import { tokenOf, tokenPageHeaders, tokenPageMeta } from "~/components/alerts/token-pages";
import { PageHero } from "~/components/site/page-hero";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Link } from "~/i18n/link";
import { useT } from "~/i18n/provider";
import { alertsApi } from "~/lib/api/alerts";
import { hasErrorCode } from "~/lib/api/client";
import { errorText } from "~/components/account/form-errors";
import type { Route } from "./+types/alerts-confirm";

export function meta({ matches }: Route.MetaArgs) {
  return tokenPageMeta(matches, "alerts.confirm.metaTitle");
}
export const headers = tokenPageHeaders;

type Confirmed = Awaited<ReturnType<typeof alertsApi.confirm>>;
type State = { step: "ready" | "confirming" } | { step: "failed"; text: string } | { step: "invalid"; text: string } | { step: "done"; answer: Confirmed };

/**
 * The confirmation link of an alert sign-up. Opening it changes nothing (a mail scanner that follows links confirms
 * no one): the reader presses the button, which sends the token in a POST. Confirmed, the page says what the address
 * now receives and links to its preferences; a link that does not work says so and offers the form again.
 */
export default function AlertsConfirmPage() {
  const t = useT();
  const { search } = useLocation();
  const token = tokenOf(search);
  const [state, setState] = React.useState<State>(() => (token ? { step: "ready" } : { step: "invalid", text: t("alerts.confirm.missing") }));
  const heading = React.useRef<HTMLHeadingElement>(null);
  const pressed = React.useRef(false);

  // After the button, the outcome that replaces it takes the focus, so it is read out and the keyboard goes on from there.
  React.useEffect(() => {
    if (pressed.current && (state.step === "done" || state.step === "invalid")) heading.current?.focus();
  }, [state.step]);

  const confirm = async () => {
    if (!token) return;
    pressed.current = true;
    setState({ step: "confirming" });
    try {
      setState({ step: "done", answer: await alertsApi.confirm({ body: { token } }) });
    } catch (err) {
      if (hasErrorCode(err, "INVALID_TOKEN")) setState({ step: "invalid", text: errorText(err, t, "alerts.confirm.missing") });
      else setState({ step: "failed", text: errorText(err, t, "alerts.confirm.failed") });
    }
  };

  return (
    <PageHero title={t("alerts.confirm.title")} intro={t(state.step === "done" ? "alerts.confirm.doneIntro" : "alerts.confirm.intro")} width="4xl">
      <Card className="p-6 sm:p-8">
        {state.step === "done" ? (
          <div className="space-y-6" data-testid="alerts-confirmed">
            {/* The server's sentence ('Your subscription is confirmed.') is the outcome's heading, said once. */}
            <DoneOutcome headingRef={heading} title={t.maybe(state.answer.message)} />
            <div className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
              <h3 className="mb-3 text-sm font-semibold uppercase tracking-wider text-gold-700">{t("alerts.confirm.receive")}</h3>
              <ListSummary lists={state.answer.lists} />
              <p className="mt-4 text-sm text-slate-600">
                {t("alerts.confirm.language", { language: t(state.answer.locale === "ar" ? "alerts.locale.ar" : "alerts.locale.en") })}
              </p>
            </div>
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <Link to={`/alerts/preferences?token=${encodeURIComponent(state.answer.manageToken)}`}>
                <Settings2 className="h-4 w-4" aria-hidden="true" />
                {t("alerts.confirm.manage")}
              </Link>
            </Button>
          </div>
        ) : state.step === "invalid" ? (
          <div className="space-y-8">
            <InvalidLinkNote headingRef={heading} title={t("alerts.confirm.invalidTitle")} text={state.text} />
            <div>
              <h2 className="mb-5 font-display text-2xl font-semibold text-navy-950">{t("alerts.confirm.subscribeAgain")}</h2>
              <SubscribeForm />
            </div>
          </div>
        ) : (
          <div className="space-y-6">
            <div className="flex gap-3">
              <BellRing className="mt-1 h-6 w-6 shrink-0 text-gold-700" aria-hidden="true" />
              <p className="text-slate-700">{t("alerts.confirm.text")}</p>
            </div>
            <FailureNote text={state.step === "failed" ? state.text : null} />
            <Button type="button" size="lg" className="w-full sm:w-auto" disabled={state.step === "confirming"} onClick={() => void confirm()}>
              {state.step === "confirming" ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {state.step === "confirming" ? t("alerts.confirm.confirming") : t("alerts.confirm.button")}
            </Button>
          </div>
        )}
      </Card>
    </PageHero>
  );
}
