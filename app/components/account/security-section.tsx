import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { Copy, Download, KeyRound, Loader2, Pencil, ShieldAlert, ShieldCheck, Smartphone, Trash2 } from "lucide-react";
import * as React from "react";
import { useNavigate, useRevalidator, useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { AccountCard } from "~/components/account/account-card";
import { PasswordPrompt } from "~/components/account/password-prompt";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/input";
import { useFormat, useLocale, useT } from "~/i18n/provider";
import { ConfirmationCancelled, useConfirmIdentity } from "~/hooks/use-confirm-identity";
import { ApiError, apiRequest } from "~/lib/api/client";
import { localizePath } from "../../../shared/i18n/locales";
import { toast } from "~/lib/toast";
import type { MessageId } from "../../../shared/i18n/messages";
import type { PasskeySummary } from "../../../server/services/passkeys";
import type { TwoFactorStatus } from "../../../server/services/two-factor";

type Status = Omit<TwoFactorStatus, "passkeys"> & { passkeys: PasskeySummary[] };
type Setup = { secret: string; qrSvg: string };

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Runs a change that may first ask for the password again ('confirm it's you'). */
type WithConfirmation = ReturnType<typeof useConfirmIdentity>["withConfirmation"];

/**
 * Two-factor sign-in and passkeys on the account page: loads and changes its own data through the API. Admins who
 * have no second factor yet arrive here from the dashboard (?setup=two-factor) and are told why; an admin who has one
 * but signed in without it is asked to sign in again with it (`proveSecondFactor`). An address never confirmed
 * cannot add factors (`canAddFactors` false).
 */
export function SecuritySection({ canAddFactors, proveSecondFactor }: { canAddFactors: boolean; proveSecondFactor: boolean }) {
  const t = useT();
  const revalidator = useRevalidator();
  const { withConfirmation, dialog } = useConfirmIdentity();
  const [params] = useSearchParams();
  const [status, setStatus] = React.useState<Status | null>(null);
  const [failed, setFailed] = React.useState(false);
  const [codes, setCodes] = React.useState<string[] | null>(null);

  const load = React.useCallback(async () => {
    try {
      setStatus(await apiRequest<Status>("GET", "/api/account/two-factor"));
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
      {params.get("setup") === "two-factor" && status && !hasFactor ? (
        <div role="alert" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
          <p className="text-sm">{t("account.security.adminRequired")}</p>
        </div>
      ) : null}
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
          <AuthenticatorAppCard status={status} onChanged={changed} canAdd={canAddFactors} withConfirmation={withConfirmation} />
          <PasskeysCard passkeys={status.passkeys} onChanged={changed} canAdd={canAddFactors} withConfirmation={withConfirmation} />
        </>
      )}
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      {dialog}
    </div>
  );
}

/** An admin signed in with the password alone while the account has a second factor: sign out, sign in with it. */
function SignInAgainNotice() {
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
          await apiRequest("POST", "/api/logout").catch(() => undefined);
          void navigate(localizePath(`/auth?redirect=${encodeURIComponent("/admin")}`, locale));
        }}
      >
        {t("account.security.signInAgain")}
      </Button>
    </div>
  );
}

type CardProps = { onChanged: (codes?: string[]) => Promise<void>; canAdd: boolean; withConfirmation: WithConfirmation };

function AuthenticatorAppCard({ status, onChanged, canAdd, withConfirmation }: CardProps & { status: Status }) {
  const t = useT();
  const [setup, setSetup] = React.useState<Setup | null>(null);
  const [code, setCode] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  const [busy, setBusy] = React.useState(false);
  const [asking, setAsking] = React.useState<"disable" | "codes" | null>(null);

  const start = async () => {
    setBusy(true);
    try {
      setSetup(await withConfirmation((proof) => apiRequest<Setup>("POST", "/api/account/two-factor/app", proof)));
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
      const { recoveryCodes } = await withConfirmation((proof) =>
        apiRequest<{ recoveryCodes: string[] }>("POST", "/api/account/two-factor/app/confirm", { code, ...proof }),
      );
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
          <form onSubmit={confirm} className="grid gap-6 md:grid-cols-[auto_1fr]" aria-label={t("account.twoFactor.setupTitle")}>
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
                  onChange={(e) => setCode(e.target.value)}
                  aria-invalid={!!error}
                  className="max-w-48"
                />
              </Field>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={busy}>
                  {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
                  {t("account.twoFactor.turnOn")}
                </Button>
                <Button type="button" variant="ghost" onClick={() => setSetup(null)}>
                  {t("account.security.cancel")}
                </Button>
              </div>
            </div>
          </form>
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
          await apiRequest("POST", "/api/account/two-factor/app/disable", { password });
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
          const { recoveryCodes } = await apiRequest<{ recoveryCodes: string[] }>("POST", "/api/account/two-factor/recovery-codes", { password });
          await onChanged(recoveryCodes);
        }}
      />
    </AccountCard>
  );
}

function PasskeysCard({ passkeys, onChanged, canAdd, withConfirmation }: CardProps & { passkeys: PasskeySummary[] }) {
  const t = useT();
  const format = useFormat();
  const [supported, setSupported] = React.useState(true);
  React.useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  const [name, setName] = React.useState("");
  const [busy, setBusy] = React.useState(false);
  const [renaming, setRenaming] = React.useState<PasskeySummary | null>(null);
  const [removing, setRemoving] = React.useState<PasskeySummary | null>(null);

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const optionsJSON = await withConfirmation((proof) => apiRequest<PublicKeyCredentialCreationOptionsJSON>("POST", "/api/account/passkeys/options", proof));
      const response = await startRegistration({ optionsJSON });
      const added = await apiRequest<{ passkey: PasskeySummary; recoveryCodes?: string[] }>("POST", "/api/account/passkeys", {
        name: name.trim() || t("account.passkeys.defaultName"),
        response,
      });
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
                  maxLength={60}
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
      <RenameDialog
        passkey={renaming}
        onClose={() => setRenaming(null)}
        onSaved={async () => {
          setRenaming(null);
          await onChanged();
        }}
      />
      <Dialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("account.passkeys.removeTitle")}</DialogTitle>
            <DialogDescription>{t("account.passkeys.removeText", { name: removing?.name ?? "" })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              {t("account.security.cancel")}
            </Button>
            <Button
              variant="destructive"
              onClick={async () => {
                const passkey = removing!;
                try {
                  await withConfirmation((proof) => apiRequest("DELETE", `/api/account/passkeys/${encodeURIComponent(passkey.id)}`, proof));
                  toast.success(t("account.passkeys.removed", { name: passkey.name }));
                  setRemoving(null);
                  await onChanged();
                } catch (err) {
                  if (err instanceof ConfirmationCancelled) return;
                  toast.error(t("account.passkeys.failed"), { description: t.maybe(errorText(err)) });
                }
              }}
            >
              {t("account.passkeys.remove")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </AccountCard>
  );
}

function RenameDialog({ passkey, onClose, onSaved }: { passkey: PasskeySummary | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const t = useT();
  const [name, setName] = React.useState("");
  const [error, setError] = React.useState<string | undefined>();
  React.useEffect(() => {
    setName(passkey?.name ?? "");
    setError(undefined);
  }, [passkey]);
  return (
    <Dialog open={passkey !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            try {
              await apiRequest("PATCH", `/api/account/passkeys/${encodeURIComponent(passkey!.id)}`, { name });
              await onSaved();
            } catch (err) {
              setError(err instanceof ApiError ? (err.errors?.name ?? err.message) : errorText(err));
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("account.passkeys.renameTitle")}</DialogTitle>
          </DialogHeader>
          <Field id="passkey-rename" label={t("account.passkeys.nameLabel")} error={t.maybe(error)}>
            <Input id="passkey-rename" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} aria-invalid={!!error} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("account.security.cancel")}
            </Button>
            <Button type="submit">{t("account.security.save")}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Asks for the password again before a change that weakens or replaces a second factor. */
function PasswordDialog({
  open,
  titleId,
  descriptionId,
  confirmId,
  destructive,
  onClose,
  onConfirm,
}: {
  open: boolean;
  titleId: MessageId;
  descriptionId: MessageId;
  confirmId: MessageId;
  destructive?: boolean;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
}) {
  const t = useT();
  return (
    <PasswordPrompt
      open={open}
      title={t(titleId)}
      description={t(descriptionId)}
      passwordLabel={t("account.security.password")}
      confirmLabel={t(confirmId)}
      cancelLabel={t("account.security.cancel")}
      destructive={destructive}
      onClose={onClose}
      onSubmit={async (password) => {
        await onConfirm(password);
        onClose();
      }}
    />
  );
}

/** The recovery codes, shown once: copy or download them before closing. */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const t = useT();
  const text = codes?.join("\n") ?? "";
  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("account.twoFactor.codesTitle")}</DialogTitle>
          <DialogDescription>{t("account.twoFactor.codesText")}</DialogDescription>
        </DialogHeader>
        <ol
          dir="ltr"
          className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm text-navy-950"
          aria-label={t("account.twoFactor.codesTitle")}
        >
          {codes?.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <DialogFooter className="sm:justify-between">
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={async () => {
                await navigator.clipboard?.writeText(text).catch(() => undefined);
                toast.success(t("account.twoFactor.copied"));
              }}
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
              {t("account.twoFactor.copy")}
            </Button>
            <Button variant="outline" asChild>
              <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text + "\n")}`} download="recovery-codes.txt">
                <Download className="h-4 w-4" aria-hidden="true" />
                {t("account.twoFactor.download")}
              </a>
            </Button>
          </div>
          <Button type="button" onClick={onClose}>
            {t("account.twoFactor.saved")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
