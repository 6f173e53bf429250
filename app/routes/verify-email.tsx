import { Loader2 } from "lucide-react";
import * as React from "react";
import { AuthPanel, Outcome } from "~/components/auth/auth-panel";
import { useLinkAction } from "~/components/auth/use-link-action";
import { authApi } from "~/lib/api/auth";
import { Button } from "~/components/ui/button";
import { metaT } from "~/i18n/meta";
import { useT } from "~/i18n/provider";
import { DEFAULT_BRAND } from "~/root";
import { useLocalizedNavigate } from "~/i18n/link";
import { afterConfirmation, type ConfirmedState } from "~/lib/email-confirmed";
import { linkRedirect } from "../../shared/redirect";
import { emailTokenSchema } from "../../shared/schemas";
import type { Route } from "./+types/verify-email";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [{ title: t("auth.verify.metaTitle", { brand: brand?.name ?? DEFAULT_BRAND.name }) }, { name: "robots", content: "noindex" }];
}

/**
 * Opening the link only checks the token (a mail scanner following it does not use it up); the button's POST uses it.
 * The link may carry where the registrant was going (`redirect`), judged again here: a path on this site, or nothing.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token") ?? "";
  const valid = emailTokenSchema.safeParse({ token }).success && (await context.services.accounts.tokenIsValid(token, "verify-email"));
  return { token: valid ? token : null, signedIn: Boolean(context.user), redirect: linkRedirect(params.get("redirect")) };
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useLocalizedNavigate();
  const { busy, answer, confirm } = useLinkAction((token) => authApi.verifyEmail({ body: { token } }), loaderData.token, "auth.link.expired");
  const onward = afterConfirmation(loaderData.signedIn, loaderData.redirect);
  // The one press confirms and moves on: to sign-in (which says the address is confirmed), or on to the page.
  const confirmed = answer?.ok === true;
  const moved = React.useRef(false);
  React.useEffect(() => {
    if (!confirmed || moved.current) return;
    moved.current = true;
    void navigate(onward, { replace: true, state: { emailConfirmed: true } satisfies ConfirmedState });
  }, [confirmed, onward, navigate]);
  const next = loaderData.signedIn ? ({ to: onward, label: "auth.link.portal" } as const) : ({ to: onward, label: "auth.link.signIn" } as const);
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
