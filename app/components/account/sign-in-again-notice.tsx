import { ShieldAlert } from "lucide-react";
import * as React from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { useLocale, useT } from "~/i18n/provider";
import { authApi } from "~/lib/api/auth";
import { localizePath } from "../../../shared/i18n/locales";

/** An admin signed in with the password alone while the account has a second factor: sign out, sign in with it. */
export function SignInAgainNotice() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [busy, setBusy] = React.useState(false);
  return (
    <div role="alert" className="flex flex-wrap items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm">{t("account.security.proveSecondFactor")}</p>
      <Button
        size="sm"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await authApi.logout().catch(() => undefined);
          void navigate(localizePath(`/auth?redirect=${encodeURIComponent("/admin")}`, locale));
        }}
      >
        {t("account.security.signInAgain")}
      </Button>
    </div>
  );
}
