import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Mail, MailCheck } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { AuthField } from "~/components/auth/auth-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useFormat, useT } from "~/i18n/provider";
import { accountApi } from "~/lib/api/account";
import { emailChangeSchema } from "../../../shared/schemas";
import { AccountCard, FormNote } from "./account-card";
import { errorText, failureNote, showServerErrors } from "./form-errors";
import type { AccountUser, PendingEmail } from "./types";

const EMPTY = { newEmail: "", currentPassword: "" };

/** An address inside a sentence of either direction: kept left to right, and wrapped only where it must be. */
const Address = ({ children }: { children: string }) => (
  <bdi dir="ltr" className="font-semibold text-navy-950 [overflow-wrap:anywhere]">
    {children}
  </bdi>
);

/** The account's address, a change waiting for its link, and the form that asks for a new one. */
export function EmailSection({ user, pending, onChanged }: { user: AccountUser; pending: PendingEmail; onChanged: () => Promise<void> }) {
  const t = useT();
  const f = useFormat();
  const [note, setNote] = React.useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<z.input<typeof emailChangeSchema>, unknown, z.output<typeof emailChangeSchema>>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: EMPTY,
  });
  const [cancelling, setCancelling] = React.useState(false);
  const cancel = async () => {
    setNote(null);
    setCancelling(true);
    try {
      const res = await accountApi.cancelEmailChange();
      setNote({ ok: true, text: res.message });
      await onChanged();
    } catch (err) {
      setNote({ ok: false, text: errorText(err, t, "account.email.cancelFailed") });
    } finally {
      setCancelling(false);
    }
  };
  const onSubmit = form.handleSubmit(async (values) => {
    setNote(null);
    try {
      await accountApi.requestEmailChange({ body: values });
      form.reset(EMPTY);
      // The pending change's notice above the form says where the link went: no second note.
      await onChanged();
    } catch (err) {
      setNote(failureNote(showServerErrors(form, err, t, "account.email.failed")));
    }
  });
  return (
    <AccountCard id="email" icon={Mail} title={t("account.email.title")} description={t("account.email.description")}>
      <div className="space-y-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <span className="text-sm text-slate-500">{t("account.email.current")}</span>
          <Address>{user.email}</Address>
          <Badge variant={user.isVerified ? "green" : "amber"}>{t(user.isVerified ? "account.email.verified" : "account.email.unverified")}</Badge>
        </div>
        {pending ? (
          <div role="status" className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50/70 p-4" data-testid="pending-email">
            <MailCheck className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
            <div className="min-w-0 space-y-1 text-sm leading-relaxed text-slate-800">
              <p>{t.rich("account.email.pending", { email: pending.newEmail, b: (chunks) => <Address>{chunks.join("")}</Address> })}</p>
              <p className="text-slate-600">{t("account.email.pendingUntil", { time: f.when(pending.expiresAt) })}</p>
              <Button type="button" variant="outline" size="sm" className="mt-2" onClick={cancel} disabled={cancelling}>
                {cancelling ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                {t("account.email.cancel")}
              </Button>
            </div>
          </div>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t("account.email.title")}>
          <div className="grid gap-5 sm:grid-cols-2">
            <AuthField form={form} name="newEmail" id="email-new" labelId="account.email.new" type="email" autoComplete="email" />
            <AuthField
              form={form}
              name="currentPassword"
              id="email-password"
              labelId="account.email.password"
              type="password"
              autoComplete="current-password"
            />
          </div>
          {note ? <FormNote {...note} /> : null}
          <Button type="submit" disabled={form.formState.isSubmitting} className="w-full sm:w-auto">
            {form.formState.isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {t("account.email.submit")}
          </Button>
        </form>
      </div>
    </AccountCard>
  );
}
