import { Loader2, ShieldCheck, Smartphone } from "lucide-react";
import * as React from "react";
import { AccountCard } from "~/components/account/account-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { ConfirmationCancelled } from "~/hooks/use-confirm-identity";
import { useT } from "~/i18n/provider";
import { accountApi } from "~/lib/api/account";
import type { CallOutput } from "~/lib/api/client";
import { toast } from "~/lib/toast";
import type { API } from "../../../shared/api";
import { errorText, type FactorCardProps, type FactorStatus } from "./factors";
import { PasswordDialog } from "./password-dialog";

type Setup = CallOutput<typeof API.account.startApp>;

/** The authenticator app: set it up (scan, confirm with a code), or, once on, new recovery codes and turning it off. */
export function TwoFactorCard({ status, onChanged, canAdd, withConfirmation }: FactorCardProps & { status: FactorStatus }) {
  const t = useT();
  const [setup, setSetup] = React.useState<Setup | null>(null);
  const [code, setCode] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  const [busy, setBusy] = React.useState(false);
  const [asking, setAsking] = React.useState<"disable" | "codes" | null>(null);

  const start = async () => {
    setBusy(true);
    try {
      setSetup(await withConfirmation((proof) => accountApi.startApp({ body: { ...proof } })));
      setCode("");
      setError(undefined);
    } catch (err) {
      if (err instanceof ConfirmationCancelled) return;
      toast.error(t("account.twoFactor.failed"), { description: t.maybe(errorText(err)) });
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { recoveryCodes } = await withConfirmation((proof) => accountApi.confirmApp({ body: { code, ...proof } }));
      setSetup(null);
      toast.success(t("account.twoFactor.turnedOn"));
      await onChanged(recoveryCodes);
    } catch (err) {
      if (err instanceof ConfirmationCancelled) return;
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountCard
      id="two-factor"
      icon={Smartphone}
      title={t("account.twoFactor.title")}
      description={t("account.twoFactor.description")}
      action={<Badge variant={status.totp ? "green" : "slate"}>{t(status.totp ? "account.twoFactor.on" : "account.twoFactor.off")}</Badge>}
    >
      <div className="space-y-4">
        {status.totp ? (
          <>
            <p className="text-sm text-slate-600">{t("account.twoFactor.codesLeft", { count: status.recoveryCodesLeft })}</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setAsking("codes")}>
                {t("account.twoFactor.newCodes")}
              </Button>
              <Button variant="outline" className="text-red-700" onClick={() => setAsking("disable")}>
                {t("account.twoFactor.turnOff")}
              </Button>
            </div>
          </>
        ) : setup ? (
          <AppSetupForm setup={setup} code={code} onCode={setCode} error={error} busy={busy} onSubmit={confirm} onCancel={() => setSetup(null)} />
        ) : canAdd ? (
          <Button onClick={start} disabled={busy}>
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <ShieldCheck className="h-4 w-4" aria-hidden="true" />}
            {t("account.twoFactor.setUp")}
          </Button>
        ) : (
          <p className="text-sm text-slate-500">{t("account.security.afterConfirmation")}</p>
        )}
      </div>
      <PasswordDialog
        open={asking === "disable"}
        titleId="account.twoFactor.turnOffTitle"
        descriptionId="account.twoFactor.turnOffText"
        confirmId="account.twoFactor.turnOff"
        destructive
        onClose={() => setAsking(null)}
        onConfirm={async (password) => {
          await accountApi.disableApp({ body: { password } });
          toast.success(t("account.twoFactor.turnedOff"));
          await onChanged();
        }}
      />
      <PasswordDialog
        open={asking === "codes"}
        titleId="account.twoFactor.newCodesTitle"
        descriptionId="account.twoFactor.newCodesText"
        confirmId="account.twoFactor.newCodes"
        onClose={() => setAsking(null)}
        onConfirm={async (password) => {
          const { recoveryCodes } = await accountApi.regenerateRecoveryCodes({ body: { password } });
          await onChanged(recoveryCodes);
        }}
      />
    </AccountCard>
  );
}

/** Setting the app up: its QR code and secret, and the first code from it, which turns two-factor sign-in on. */
function AppSetupForm({
  setup,
  code,
  onCode,
  error,
  busy,
  onSubmit,
  onCancel,
}: {
  setup: Setup;
  code: string;
  onCode: (code: string) => void;
  error: string | undefined;
  busy: boolean;
  onSubmit: (e: React.FormEvent) => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <form onSubmit={onSubmit} className="grid gap-6 md:grid-cols-[auto_1fr]" aria-label={t("account.twoFactor.setupTitle")}>
      <div className="space-y-2">
        <p className="text-sm font-medium text-slate-800">{t("account.twoFactor.scan")}</p>
        {/* The QR code is an SVG the server drew from the otpauth URI; it holds no user input. */}
        <div
          className="h-44 w-44 rounded-lg border border-slate-200 bg-white p-2 [&>svg]:h-full [&>svg]:w-full"
          role="img"
          aria-label={t("account.twoFactor.qrLabel")}
          dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
        />
      </div>
      <div className="min-w-0 space-y-4">
        <div className="space-y-1">
          <p className="text-sm text-slate-600">{t("account.twoFactor.manual")}</p>
          <code
            dir="ltr"
            className="block break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider text-navy-950"
            data-testid="totp-secret"
          >
            {setup.secret.replace(/(.{4})/g, "$1 ").trim()}
          </code>
        </div>
        <Field id="totp-code" label={t("account.twoFactor.codeLabel")} error={t.maybe(error)}>
          <Input
            id="totp-code"
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => onCode(e.target.value)}
            aria-invalid={!!error}
            className="max-w-48"
          />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {t("account.twoFactor.turnOn")}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t("account.security.cancel")}
          </Button>
        </div>
      </div>
    </form>
  );
}
