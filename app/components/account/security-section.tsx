import { Loader2 } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { useConfirmIdentity } from "~/hooks/use-confirm-identity";
import { useT } from "~/i18n/provider";
import { accountApi } from "~/lib/api/account";
import type { FactorStatus } from "./factors";
import { PasskeysCard } from "./passkeys-card";
import { RecoveryCodesDialog } from "./recovery-codes-dialog";
import { SignInAgainNotice } from "./sign-in-again-notice";
import { TwoFactorCard } from "./two-factor-card";

/**
 * Two-factor sign-in and passkeys on the account page: loads and changes its own data through the API. Admins who
 * have no second factor yet arrive here from the dashboard (?setup=two-factor): the page puts this section first,
 * under the reason (SetupReason). An admin who has one but signed in without it is asked to sign in again with it (`proveSecondFactor`). An address never confirmed
 * cannot add factors (`canAddFactors` false).
 */
export function SecuritySection({ canAddFactors, proveSecondFactor }: { canAddFactors: boolean; proveSecondFactor: boolean }) {
  const t = useT();
  const revalidator = useRevalidator();
  const { withConfirmation, dialog } = useConfirmIdentity();
  const [status, setStatus] = React.useState<FactorStatus | null>(null);
  const [failed, setFailed] = React.useState(false);
  const [codes, setCodes] = React.useState<string[] | null>(null);

  const load = React.useCallback(async () => {
    try {
      setStatus(await accountApi.twoFactorStatus());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  React.useEffect(() => {
    void load();
  }, [load]);

  /** After any change: the section and the page's user (whose `secondFactor` may have changed) are read again. */
  const changed = async (recoveryCodes?: string[]) => {
    if (recoveryCodes) setCodes(recoveryCodes);
    await load();
    await revalidator.revalidate();
  };

  const hasFactor = Boolean(status && (status.totp || status.passkeys.length > 0));
  return (
    <div id="security" className="scroll-mt-28 space-y-6">
      {proveSecondFactor && hasFactor ? <SignInAgainNotice /> : null}
      {!canAddFactors ? (
        <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          {t("account.security.confirmAddressFirst")}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-white p-4 text-sm text-red-600">
          {t("account.security.loadFailed")}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void load()}>
            {t("account.security.retry")}
          </button>
        </p>
      ) : !status ? (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> {t("account.security.loading")}
        </p>
      ) : (
        <>
          <TwoFactorCard status={status} onChanged={changed} canAdd={canAddFactors} withConfirmation={withConfirmation} />
          <PasskeysCard passkeys={status.passkeys} onChanged={changed} canAdd={canAddFactors} withConfirmation={withConfirmation} />
        </>
      )}
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      {dialog}
    </div>
  );
}
