import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { AuthField } from "~/components/auth/auth-field";
import { AuthPanel, Outcome } from "~/components/auth/auth-panel";
import { Button } from "~/components/ui/button";
import { metaT } from "~/i18n/meta";
import { useT } from "~/i18n/provider";
import { authApi } from "~/lib/api/auth";
import { DEFAULT_BRAND } from "~/root";
import { emailTokenSchema, passwordResetFormSchema } from "../../shared/schemas";
import type { Route } from "./+types/reset-password";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [{ title: t("auth.reset.metaTitle", { brand: brand?.name ?? DEFAULT_BRAND.name }) }, { name: "robots", content: "noindex" }];
}

/** Opening the link only checks the token (a mail scanner following it does not use it up); the form's POST uses it. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = emailTokenSchema.safeParse({ token }).success && (await context.services.accounts.tokenIsValid(token, "password-reset"));
  return { token: valid ? token : null };
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [answer, setAnswer] = React.useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<z.input<typeof passwordResetFormSchema>>({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await authApi.resetPassword({ body: { token: loaderData.token ?? "", password: values.password } });
      setAnswer({ ok: true, text: res.message });
    } catch (err) {
      setAnswer({ ok: false, text: t.maybe(err instanceof Error ? err.message : String(err)) ?? t("auth.reset.failed") });
    }
  });
  if (!loaderData.token) {
    return (
      <AuthPanel title={t("auth.reset.title")}>
        <Outcome ok={false} text={t("auth.link.expired")} next={{ to: "/forgot-password", label: "auth.link.askAgain" }} />
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title={t("auth.reset.title")} intro={answer?.ok ? undefined : t("auth.reset.intro")}>
      {answer?.ok ? (
        <Outcome ok text={answer.text} next={{ to: "/auth", label: "auth.link.signIn" }} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t("auth.reset.title")}>
          <AuthField form={form} name="password" id="reset-password" labelId="auth.field.newPassword" type="password" autoComplete="new-password" />
          <AuthField form={form} name="confirmPassword" id="reset-confirm" labelId="auth.field.confirmPassword" type="password" autoComplete="new-password" />
          {answer ? <Outcome ok={false} text={answer.text} next={{ to: "/forgot-password", label: "auth.link.askAgain" }} /> : null}
          <Button type="submit" className="w-full" size="lg" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {t("auth.reset.submit")}
          </Button>
        </form>
      )}
    </AuthPanel>
  );
}
