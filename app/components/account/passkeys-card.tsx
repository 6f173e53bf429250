import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { KeyRound, Loader2, Pencil, Trash2 } from "lucide-react";
import * as React from "react";
import { AccountCard } from "~/components/account/account-card";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { ConfirmationCancelled } from "~/hooks/use-confirm-identity";
import { useFormat, useT } from "~/i18n/provider";
import { accountApi } from "~/lib/api/account";
import type { CallInput } from "~/lib/api/client";
import { toast } from "~/lib/toast";
import type { API } from "../../../shared/api";
import { errorText, type FactorCardProps, type Passkey } from "./factors";
import { RemovePasskeyDialog } from "./remove-passkey-dialog";
import { RenamePasskeyDialog } from "./rename-passkey-dialog";
import { ACCOUNT_LIMITS } from "../../../shared/limits";

/** A passkey's answer as the contract takes it. */
type WebAuthnAnswer = CallInput<typeof API.account.addPasskey>["body"]["response"];

/** The account's passkeys: each with rename and remove, and a form that adds one (where the browser has WebAuthn). */
export function PasskeysCard({ passkeys, onChanged, canAdd, withConfirmation }: FactorCardProps & { passkeys: Passkey[] }) {
  const t = useT();
  const format = useFormat();
  const [supported, setSupported] = React.useState(true);
  React.useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  const [name, setName] = React.useState("");
  const [busy, setBusy] = React.useState(false);
  const [renaming, setRenaming] = React.useState<Passkey | null>(null);
  const [removing, setRemoving] = React.useState<Passkey | null>(null);

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const options = await withConfirmation((proof) => accountApi.passkeyOptions({ body: { ...proof } }));
      // The browser library's types are narrower (each transport, 'public-key') or closed (no index signature) where
      // the contract's are open; the server checks the answer itself.
      const response = (await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON })) as unknown as WebAuthnAnswer;
      const added = await accountApi.addPasskey({ body: { name: name.trim() || t("account.passkeys.defaultName"), response } });
      setName("");
      toast.success(t("account.passkeys.added", { name: added.passkey.name }));
      await onChanged(added.recoveryCodes);
    } catch (err) {
      if (err instanceof ConfirmationCancelled) return;
      const closed = err instanceof Error && (err.name === "NotAllowedError" || err.name === "AbortError");
      toast.error(t(closed ? "auth.passkey.cancelled" : "account.passkeys.failed"), closed ? undefined : { description: t.maybe(errorText(err)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountCard id="passkeys" icon={KeyRound} title={t("account.passkeys.title")} description={t("account.passkeys.description")}>
      <div className="space-y-4">
        {passkeys.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t("account.passkeys.title")}>
            {passkeys.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-navy-950">{p.name}</p>
                  <p className="text-xs text-slate-500">
                    {t("account.passkeys.addedOn", { date: format.day(p.createdAt) })} ·{" "}
                    {p.lastUsedAt ? t("account.passkeys.lastUsed", { date: format.when(p.lastUsedAt) }) : t("account.passkeys.neverUsed")}
                  </p>
                </div>
                <div className="flex gap-1">
                  <Button variant="ghost" size="sm" onClick={() => setRenaming(p)} aria-label={t("account.passkeys.renameNamed", { name: p.name })}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    <span className="hidden sm:inline">{t("account.passkeys.rename")}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-700"
                    onClick={() => setRemoving(p)}
                    aria-label={t("account.passkeys.removeNamed", { name: p.name })}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    <span className="hidden sm:inline">{t("account.passkeys.remove")}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t("account.passkeys.none")}</p>
        )}
        {!canAdd ? (
          <p className="text-sm text-slate-500">{t("account.security.afterConfirmation")}</p>
        ) : supported ? (
          <form onSubmit={add} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={t("account.passkeys.add")}>
            <div className="flex-1">
              <Field id="passkey-name" label={t("account.passkeys.nameLabel")} hint={t("account.passkeys.nameHint")}>
                <Input
                  id="passkey-name"
                  value={name}
                  maxLength={ACCOUNT_LIMITS.passkeyName.max}
                  onChange={(e) => setName(e.target.value)}
                  placeholder={t("account.passkeys.defaultName")}
                />
              </Field>
            </div>
            <Button type="submit" disabled={busy} className="sm:mb-6">
              {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <KeyRound className="h-4 w-4" aria-hidden="true" />}
              {t("account.passkeys.add")}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-slate-500">{t("account.passkeys.unsupported")}</p>
        )}
      </div>
      <RenamePasskeyDialog
        passkey={renaming}
        onClose={() => setRenaming(null)}
        onSaved={async () => {
          setRenaming(null);
          await onChanged();
        }}
      />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} onRemoved={() => onChanged()} withConfirmation={withConfirmation} />
    </AccountCard>
  );
}
