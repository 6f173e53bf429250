/**
 * Which step of a sign-in a refusal came from, as the security log records it (`detail.step`): none for the
 * password, 'two-factor' for a code from the authenticator app or a recovery code, 'passkey' for a passkey asked for
 * after the password. A failure at a later step means the password was right, so it is shown apart from a wrong one.
 */
export const SIGN_IN_STEPS = ["two-factor", "passkey"] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

/** The step an event's `detail` names, or null (the password step, or no step at all). */
export function signInStep(detail: Readonly<Record<string, unknown>> | null | undefined): SignInStep | null {
  const step = detail?.step;
  return SIGN_IN_STEPS.find((s) => s === step) ?? null;
}
