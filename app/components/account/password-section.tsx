import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Loader2 } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { AuthField } from "~/components/auth/auth-field";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";
import { accountApi } from "~/lib/api/account";
import { passwordChangeFormSchema } from "../../../shared/schemas";
import { AccountCard, FormNote } from "./account-card";
import { failureNote, showServerErrors } from "./form-errors";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Change the password: the current one, then the new one twice. Every other session of the account ends. */
export function PasswordSection({ onChanged }: { onChanged: () => Promise<void> }) {
  const t = useT();
  const [note, setNote] = React.useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<z.input<typeof passwordChangeFormSchema>>({ resolver: zodResolver(passwordChangeFormSchema), defaultValues: EMPTY });
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setNote(null);
    try {
      const res = await accountApi.changePassword({ body: { currentPassword, newPassword } });
      form.reset(EMPTY);
      setNote({ ok: true, text: res.message });
      await onChanged();
    } catch (err) {
      setNote(failureNote(showServerErrors(form, err, t, "account.password.failed")));
    }
  });
  return (
    <AccountCard id="password" icon={KeyRound} title={t("account.password.title")} description={t("account.password.description")}>
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t("account.password.title")}>
        <AuthField
          form={form}
          name="currentPassword"
          id="password-current"
          labelId="account.password.current"
          type="password"
          autoComplete="current-password"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <AuthField form={form} name="newPassword" id="password-new" labelId="account.password.new" type="password" autoComplete="new-password" />
          <AuthField form={form} name="confirmPassword" id="password-confirm" labelId="account.password.confirm" type="password" autoComplete="new-password" />
        </div>
        {note ? <FormNote {...note} /> : null}
        <Button type="submit" disabled={form.formState.isSubmitting} className="w-full sm:w-auto">
          {form.formState.isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {t("account.password.submit")}
        </Button>
      </form>
    </AccountCard>
  );
}
