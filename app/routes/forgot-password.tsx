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
import { passwordResetRequestSchema } from "../../shared/schemas";
import type { Route } from "./+types/forgot-password";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [{ title: t("auth.forgot.metaTitle", { brand: brand?.name ?? DEFAULT_BRAND.name }) }, { name: "robots", content: "noindex" }];
}

/** 'Forgot password?': asks for the address and shows the server's answer, which is the same for every address. */
export default function ForgotPasswordPage() {
  const t = useT();
  const [answer, setAnswer] = React.useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<z.input<typeof passwordResetRequestSchema>>({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: "" } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await authApi.requestPasswordReset({ body: values });
      setAnswer({ ok: true, text: res.message });
    } catch (err) {
      setAnswer({ ok: false, text: t.maybe(err instanceof Error ? err.message : String(err)) ?? t("auth.forgot.failed") });
    }
  });
  return (
    <AuthPanel title={t("auth.forgot.title")} intro={t("auth.forgot.intro")}>
      {answer?.ok ? (
        <Outcome ok text={answer.text} next={{ to: "/auth", label: "auth.link.backToSignIn" }} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t("auth.forgot.title")}>
          <AuthField form={form} name="email" id="forgot-email" labelId="auth.field.email" type="email" autoComplete="email" />
          {answer ? <Outcome ok={false} text={answer.text} /> : null}
          <Button type="submit" className="w-full" size="lg" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {t("auth.forgot.submit")}
          </Button>
        </form>
      )}
    </AuthPanel>
  );
}
