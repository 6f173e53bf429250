import { zodResolver } from "@hookform/resolvers/zod";
import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { KeyRound, Loader2 } from "lucide-react";
import * as React from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { AuthField } from "~/components/auth/auth-field";
import { Button } from "~/components/ui/button";
import { useT } from "~/i18n/provider";
import { authApi } from "~/lib/api/auth";
import { ApiError, type CallInput, type CallOutput } from "~/lib/api/client";
import type { API } from "../../../shared/api";
import { twoFactorCodeSchema } from "../../../shared/schemas";

/** The sign-in answer: the user, and whether this was the account's first sign-in. */
export type SignedInUser = CallOutput<typeof API.auth.loginTwoFactor>;

/** What signing in with a password answers when the account has a second factor. */
export type SecondStepNeeded = Exclude<CallOutput<typeof API.auth.login>, SignedInUser>;

/** A passkey's answer as the contract takes it. */
type WebAuthnAnswer = CallInput<typeof API.auth.passkeySignIn>["body"]["response"];

export const needsSecondStep = (answer: SignedInUser | SecondStepNeeded): answer is SecondStepNeeded => "twoFactorRequired" in answer;

/** A cancelled or timed-out browser prompt is not an error worth more than a short note. */
const cancelled = (err: unknown) => err instanceof Error && (err.name === "NotAllowedError" || err.name === "AbortError");

/**
 * Signs in with a passkey: asks the server for a challenge (after a password, for that account's passkeys; else
 * for any passkey the browser holds for this site), lets the browser sign it, and sends the answer back.
 */
export function usePasskeySignIn(onSignedIn: (user: SignedInUser) => void, onError: (message: string) => void) {
  const t = useT();
  const [busy, setBusy] = React.useState(false);
  const signIn = async () => {
    setBusy(true);
    try {
      // The browser library's types are narrower (each transport, 'public-key') or closed (no index signature) where
      // the contract's are open; the server checks the answer itself.
      const optionsJSON = (await authApi.passkeyOptions()) as PublicKeyCredentialRequestOptionsJSON;
      const response = (await startAuthentication({ optionsJSON })) as unknown as WebAuthnAnswer;
      onSignedIn(await authApi.passkeySignIn({ body: { response } }));
    } catch (err) {
      onError(cancelled(err) ? t("auth.passkey.cancelled") : (t.maybe(err instanceof Error ? err.message : String(err)) ?? t("auth.login.failed")));
    } finally {
      setBusy(false);
    }
  };
  return { signIn, busy };
}

/** Passkeys work where the browser has WebAuthn; known only in the browser, so the button appears after hydration. */
export function useWebAuthnSupport() {
  const [supported, setSupported] = React.useState(false);
  React.useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  return supported;
}

/**
 * 'Sign in with a passkey', below the password form: a sign-in with no password at all. A refusal goes to
 * `onError` (the form shows it).
 */
export function PasskeySignInButton({ onSignedIn, onError }: { onSignedIn: (user: SignedInUser) => void; onError: (message: string) => void }) {
  const t = useT();
  const supported = useWebAuthnSupport();
  const { signIn, busy } = usePasskeySignIn(onSignedIn, onError);
  if (!supported) return null;
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t("auth.passkey.or")}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button type="button" variant="outline" size="lg" className="w-full" onClick={signIn} disabled={busy}>
        {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <KeyRound className="h-4 w-4" aria-hidden="true" />}
        {t("auth.passkey.signIn")}
      </Button>
    </div>
  );
}

/**
 * The second step of a sign-in: a code from the authenticator app (or a recovery code), or the account's passkey.
 * 'Start again' goes back to the password; so does a sign-in that must start over, with the reason (`onRestart(why)`).
 * A refused code or passkey is shown under the code's field.
 */
export function SecondStepForm({
  methods,
  onSignedIn,
  onRestart,
}: {
  methods: SecondStepNeeded["methods"];
  onSignedIn: (user: SignedInUser) => void;
  onRestart: (why?: string) => void;
}) {
  const t = useT();
  const supported = useWebAuthnSupport();
  const form = useForm<z.input<typeof twoFactorCodeSchema>>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: "" } });
  const passkey = usePasskeySignIn(onSignedIn, (message) => form.setError("code", { message }));
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      onSignedIn(await authApi.loginTwoFactor({ body: { code } }));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      form.setError("code", { message });
      form.setValue("code", "");
      // Too many wrong codes, or too long: the password is asked for again, and the form says why.
      if (err instanceof ApiError && err.status === 401) onRestart(t.maybe(message));
    }
  });
  const busy = form.formState.isSubmitting;
  return (
    <div className="space-y-5" data-testid="second-step">
      <div>
        <h2 className="font-display text-xl font-semibold text-navy-950">{t("auth.twoFactor.title")}</h2>
        <p className="mt-1 text-sm text-slate-600">{t(methods.authenticatorApp ? "auth.twoFactor.intro" : "auth.twoFactor.introPasskey")}</p>
      </div>
      {methods.passkey && supported ? (
        <Button
          type="button"
          size="lg"
          variant={methods.authenticatorApp ? "outline" : "default"}
          className="w-full"
          onClick={passkey.signIn}
          disabled={passkey.busy}
        >
          {passkey.busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <KeyRound className="h-4 w-4" aria-hidden="true" />}
          {t("auth.twoFactor.usePasskey")}
        </Button>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={t("auth.twoFactor.title")}>
        <AuthField form={form} name="code" id="login-code" labelId="auth.twoFactor.code" autoComplete="one-time-code" inputMode="numeric" autoFocus />
        <p className="-mt-2 text-sm text-slate-500">{t("auth.twoFactor.recoveryHint")}</p>
        <Button type="submit" className="w-full" size="lg" disabled={busy}>
          {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {t("auth.twoFactor.submit")}
        </Button>
      </form>
      <p className="text-center text-sm">
        <button type="button" className="font-semibold text-navy-800 underline-offset-4 hover:underline" onClick={() => onRestart()}>
          {t("auth.twoFactor.restart")}
        </button>
      </p>
    </div>
  );
}
