import { Loader2 } from "lucide-react";
import { AuthPanel, Outcome } from "~/components/auth/auth-panel";
import { useLinkAction } from "~/components/auth/use-link-action";
import { accountApi } from "~/lib/api/account";
import { Button } from "~/components/ui/button";
import { metaT } from "~/i18n/meta";
import { useT } from "~/i18n/provider";
import { requirePageUser } from "~/lib/guards.server";
import { DEFAULT_BRAND } from "~/root";
import { emailTokenSchema } from "../../shared/schemas";
import type { Route } from "./+types/confirm-email";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const brand = (matches[0]?.data as { brand?: { name: string } } | undefined)?.brand;
  return [{ title: t("account.confirm.metaTitle", { brand: brand?.name ?? DEFAULT_BRAND.name }) }, { name: "robots", content: "noindex" }];
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

/**
 * The link from the e-mail sent to a new address. It works only for the account that asked, so a visitor signs in
 * first (and comes back here). Opening it only reads the token (a mail scanner following it does not use it up); the
 * button's POST uses it.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePageUser(context, request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const change = emailTokenSchema.safeParse({ token }).success ? await context.services.accountSettings.emailChangeFor(token, user.id) : null;
  return change ? { token, newEmail: change.newEmail } : { token: null, newEmail: null };
}

const BACK = { to: "/account", label: "account.confirm.back" } as const;

export default function ConfirmEmailPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { busy, answer, confirm } = useLinkAction((token) => accountApi.confirmEmailChange({ body: { token } }), loaderData.token, "account.confirm.failed");
  if (answer?.ok) {
    return (
      <AuthPanel title={t("account.confirm.doneTitle")}>
        <Outcome ok text={answer.text} next={BACK} />
      </AuthPanel>
    );
  }
  if (!loaderData.token) {
    return (
      <AuthPanel title={t("account.confirm.title")}>
        <Outcome ok={false} text={t("account.confirm.expired")} next={BACK} />
      </AuthPanel>
    );
  }
  const email = loaderData.newEmail;
  return (
    <AuthPanel title={t("account.confirm.title")}>
      <p className="-mt-6 mb-8 text-slate-600">
        {t.rich("account.confirm.intro", {
          email,
          b: (chunks) => (
            <bdi dir="ltr" className="font-semibold text-navy-950 [overflow-wrap:anywhere]">
              {chunks}
            </bdi>
          ),
        })}
      </p>
      {answer ? (
        <div className="mb-5">
          <Outcome ok={false} text={answer.text} next={BACK} />
        </div>
      ) : null}
      <Button className="w-full" size="lg" onClick={confirm} disabled={busy}>
        {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        {t("account.confirm.submit")}
      </Button>
    </AuthPanel>
  );
}
