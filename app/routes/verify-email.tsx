import { Loader2 } from "lucide-react";
import { AuthPanel, Outcome } from "~/components/auth/auth-panel";
import { useLinkAction } from "~/components/auth/use-link-action";
import { authApi } from "~/lib/api/auth";
import { Button } from "~/components/ui/button";
import { metaT } from "~/i18n/meta";
import { useT } from "~/i18n/provider";
import { DEFAULT_BRAND } from "~/root";
import { emailTokenSchema } from "../../shared/schemas";
import type { Route } from "./+types/verify-email";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [{ title: t("auth.verify.metaTitle", { brand: brand?.name ?? DEFAULT_BRAND.name }) }, { name: "robots", content: "noindex" }];
}

/** Opening the link only checks the token (a mail scanner following it does not use it up); the button's POST uses it. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = emailTokenSchema.safeParse({ token }).success && (await context.services.accounts.tokenIsValid(token, "verify-email"));
  return { token: valid ? token : null, signedIn: Boolean(context.user) };
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { busy, answer, confirm } = useLinkAction((token) => authApi.verifyEmail({ body: { token } }), loaderData.token, "auth.link.expired");
  const next = loaderData.signedIn ? ({ to: "/investor-portal", label: "auth.link.portal" } as const) : ({ to: "/auth", label: "auth.link.signIn" } as const);
  if (answer?.ok) {
    return (
      <AuthPanel title={t("auth.verify.doneTitle")}>
        <Outcome ok text={answer.text} next={next} />
      </AuthPanel>
    );
  }
  if (!loaderData.token) {
    return (
      <AuthPanel title={t("auth.verify.title")}>
        <Outcome ok={false} text={t("auth.verify.expired")} next={next} />
      </AuthPanel>
    );
  }
  return (
    <AuthPanel title={t("auth.verify.title")} intro={t("auth.verify.intro")}>
      {answer ? (
        <div className="mb-5">
          <Outcome ok={false} text={answer.text} />
        </div>
      ) : null}
      <Button className="w-full" size="lg" onClick={confirm} disabled={busy}>
        {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        {t("auth.verify.submit")}
      </Button>
    </AuthPanel>
  );
}
