import { BellOff, Loader2 } from "lucide-react";
import * as React from "react";
import { errorText } from "~/components/account/form-errors";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";
import type { AlertPreferences } from "./types";
import { FailureNote } from "./parts";

/**
 * 'Unsubscribe from all', in two steps: the button opens a confirmation that names the address and says what it
 * means (the address is suppressed: only a new, confirmed subscription sends it anything again); only its own button
 * unsubscribes. Cancelling puts the focus back on the first button. Opened from an alert's 'Unsubscribe' link
 * (`asking`), the confirmation shows at once and takes the focus: still one press, never the opening alone.
 */
export function UnsubscribePanel({
  email,
  unsubscribe,
  onDone,
  asking: askingFirst = false,
}: {
  email: string;
  asking?: boolean;
  unsubscribe: () => Promise<AlertPreferences>;
  onDone: (answer: AlertPreferences) => void;
}) {
  const t = useT();
  const [asking, setAsking] = React.useState(askingFirst);
  const [busy, setBusy] = React.useState(false);
  const [failure, setFailure] = React.useState<string | null>(null);
  const opener = React.useRef<HTMLButtonElement>(null);
  const question = React.useRef<HTMLHeadingElement>(null);
  const moved = React.useRef(askingFirst);

  React.useEffect(() => {
    if (!moved.current) return;
    if (asking) question.current?.focus();
    else opener.current?.focus();
  }, [asking]);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      onDone(await unsubscribe());
    } catch (err) {
      setFailure(errorText(err, t, "alerts.unsubscribe.failed"));
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="alerts-unsubscribe-title" className="rounded-xl border border-red-200 bg-red-50/40 p-5 sm:p-6">
      <h2 id="alerts-unsubscribe-title" className="font-display text-xl font-semibold text-navy-950">
        {t("alerts.unsubscribe.title")}
      </h2>
      {asking ? (
        <div className="mt-3 space-y-4" data-testid="alerts-unsubscribe-confirm">
          <h3 ref={question} tabIndex={-1} className="font-semibold text-red-800 focus:outline-none">
            {t("alerts.unsubscribe.confirmTitle", { email: `\u2068${email}\u2069` })}
          </h3>
          <p className="text-sm leading-relaxed text-slate-700">{t("alerts.unsubscribe.confirmText")}</p>
          <FailureNote text={failure} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" variant="destructive" disabled={busy} onClick={() => void confirm()} className="w-full sm:w-auto">
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <BellOff className="h-4 w-4" aria-hidden="true" />}
              {busy ? t("alerts.unsubscribe.working") : t("alerts.unsubscribe.confirm")}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              className="w-full sm:w-auto"
              onClick={() => {
                moved.current = true;
                setFailure(null);
                setAsking(false);
              }}
            >
              {t("alerts.unsubscribe.cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">{t("alerts.unsubscribe.text")}</p>
          <Button
            ref={opener}
            type="button"
            variant="outline"
            className="w-full border-red-300 text-red-700 hover:bg-red-50 sm:w-auto"
            onClick={() => {
              moved.current = true;
              setAsking(true);
            }}
          >
            <BellOff className="h-4 w-4" aria-hidden="true" />
            {t("alerts.unsubscribe.button")}
          </Button>
        </div>
      )}
    </section>
  );
}
