/**
 * What the confirmation page hands to the page it moves on to (in the navigation's state, never in the URL): the
 * address was just confirmed, so the sign-in page says so above its form.
 */
export type ConfirmedState = { emailConfirmed: true };

export const wasJustConfirmed = (state: unknown): boolean =>
  typeof state === "object" && state !== null && (state as Partial<ConfirmedState>).emailConfirmed === true;

/**
 * Where a confirmation leads (`redirect` already judged safe): on to `redirect` (or the portal) for a signed-in
 * user; else to sign-in, which goes on to `redirect` afterwards.
 */
export function afterConfirmation(signedIn: boolean, redirect: string | null): string {
  if (signedIn) return redirect ?? "/investor-portal";
  return redirect ? `/auth?redirect=${encodeURIComponent(redirect)}` : "/auth";
}
