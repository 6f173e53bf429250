import { BellRing, Loader2 } from "lucide-react";
import * as React from "react";
import { Controller, useForm } from "react-hook-form";
import { showServerErrors } from "~/components/account/form-errors";
import { Button } from "~/components/ui/button";
import { useLocale, useT } from "~/i18n/provider";
import { alertsApi } from "~/lib/api/alerts";
import { AlertListsField } from "./alert-lists-field";
import { LocaleField } from "./locale-field";
import { EmailField, FailureNote, LiveNote } from "./parts";
import { preloadSubscribeResolver, subscribeResolver, type SubscribeInput, type SubscribeOutput } from "./subscribe-resolver";

/**
 * Asks for investor alerts: an address, the lists and the language of the e-mails (the page's by default). The
 * server answers every address with the same sentence (it tells no one whether an address is known), shown in a
 * polite live region, and the form starts over. Field errors (the shared schema's, in the browser, or the server's)
 * stand under their fields; a refusal as a whole (too many requests) above the button. The schema loads when the
 * visitor first reaches for the form (subscribe-resolver.ts).
 */
export function SubscribeForm({ compact = false, defaultEmail = "" }: { compact?: boolean; defaultEmail?: string }) {
  const t = useT();
  const locale = useLocale();
  const id = `alerts-${React.useId().replace(/:/g, "")}`;
  const empty: SubscribeInput = { email: defaultEmail, lists: [], locale };
  const form = useForm<SubscribeInput, unknown, SubscribeOutput>({ resolver: subscribeResolver, defaultValues: empty });
  const [sent, setSent] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const message = (m: unknown) => t.maybe(typeof m === "string" ? m : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    setSent(null);
    setFailure(null);
    try {
      const res = await alertsApi.subscribe({ body: values });
      setSent(t.maybe(res.message) ?? res.message);
      form.reset({ ...empty, email: "" });
    } catch (err) {
      setFailure(showServerErrors(form, err, t, "alerts.subscribe.failed"));
    }
  });

  const emailError = message(errors.email?.message);
  return (
    <form
      onSubmit={onSubmit}
      onFocus={preloadSubscribeResolver}
      onPointerEnter={preloadSubscribeResolver}
      noValidate
      className="space-y-5"
      aria-label={t("alerts.subscribe.formLabel")}
      data-testid="alerts-subscribe-form"
    >
      <EmailField id={id} error={emailError} registration={form.register("email")} />
      <Controller
        control={form.control}
        name="lists"
        render={({ field, fieldState }) => (
          <AlertListsField
            id={`${id}-lists`}
            value={field.value}
            onChange={field.onChange}
            error={message(fieldState.error?.message ?? (fieldState.error as { root?: { message?: string } } | undefined)?.root?.message)}
            compact={compact}
          />
        )}
      />
      <LocaleField id={`${id}-locale`} field={form.register("locale")} error={message(errors.locale?.message)} />
      <FailureNote text={failure} />
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <BellRing className="h-4 w-4" aria-hidden="true" />}
        {isSubmitting ? t("alerts.subscribe.sending") : t("alerts.subscribe.submit")}
      </Button>
      <LiveNote text={sent} testId="alerts-subscribe-sent" />
    </form>
  );
}
