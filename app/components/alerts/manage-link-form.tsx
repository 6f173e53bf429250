import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Send } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { showServerErrors } from "~/components/account/form-errors";
import { Button } from "~/components/ui/button";
import { useLocale, useT } from "~/i18n/provider";
import { alertsApi } from "~/lib/api/alerts";
import { alertManageRequestSchema } from "../../../shared/alerts-schemas";
import { EmailField, FailureNote, LiveNote } from "./parts";

type Input = z.input<typeof alertManageRequestSchema>;
type Output = z.output<typeof alertManageRequestSchema>;

/**
 * Asks for a new link to an address's preferences (the old one no longer works, or the e-mail is lost). The server
 * answers every address alike, whether it receives alerts or not; the answer is read out and the form cleared.
 */
export function ManageLinkForm() {
  const t = useT();
  const locale = useLocale();
  const id = `manage-link-${React.useId().replace(/:/g, "")}`;
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(alertManageRequestSchema), defaultValues: { email: "", locale } });
  const [sent, setSent] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const error = t.maybe(form.formState.errors.email?.message);

  const onSubmit = form.handleSubmit(async (values) => {
    setSent(null);
    setFailure(null);
    try {
      const res = await alertsApi.requestManageLink({ body: { ...values, locale } });
      setSent(t.maybe(res.message) ?? res.message);
      form.reset({ email: "", locale });
    } catch (err) {
      setFailure(showServerErrors(form, err, t, "alerts.manageLink.failed"));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("alerts.manageLink.formLabel")} data-testid="alerts-manage-link-form">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <EmailField id={id} error={error} registration={form.register("email")} />
        </div>
        <Button type="submit" disabled={form.formState.isSubmitting} className="w-full sm:mt-7 sm:w-auto">
          {form.formState.isSubmitting ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : (
            <Send className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
          )}
          {form.formState.isSubmitting ? t("alerts.manageLink.sending") : t("alerts.manageLink.submit")}
        </Button>
      </div>
      <FailureNote text={failure} />
      <LiveNote text={sent} testId="alerts-manage-link-sent" />
    </form>
  );
}
