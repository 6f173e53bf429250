import type { Response } from "express";
import { recentlyConfirmed, type AppSession } from "../auth/sessions";
import { AppError } from "../lib/errors";
import type { Services } from "../features";
import { RATE_RULES } from "../../shared/rate-limits";
import type { PublicUser } from "../features/accounts/users";

/**
 * Changes to how an account signs in (adding or removing a factor, new recovery codes, turning the app off) need
 * more than the session cookie: the password or a code from the authenticator app, proved in this session within
 * the last few minutes (CONFIRM_IDENTITY_SECONDS, 10 minutes by default: 'confirm it's you'). Someone holding only a
 * stolen cookie cannot plant or remove a factor.
 */

/** 403 REAUTH_REQUIRED unless this session proved the password or a second factor recently. */
export function requireRecentConfirmation(services: Services, res: Response) {
  const session = res.locals.session as AppSession;
  if (!recentlyConfirmed(session.data, services.config.confirmIdentityMs)) throw new AppError("REAUTH_REQUIRED", "errors.code.REAUTH_REQUIRED");
}

/** 403 EMAIL_NOT_VERIFIED for an account whose address was never confirmed: it cannot add factors. */
export function requireConfirmedAddress(user: PublicUser) {
  if (!user.isVerified) throw new AppError("EMAIL_NOT_VERIFIED", "errors.twoFactor.confirmAddressFirst");
}

/**
 * Checks the password (or an authenticator code) of the signed-in user and records the proof in the session. Each
 * attempt counts against the account's budget for the current password (shared with changing the password or the
 * address), and is given back when it was right.
 */
export async function confirmIdentity(services: Services, res: Response, user: PublicUser, proof: { password?: string; code?: string }) {
  const subject = String(user.id);
  await services.limits.consume(RATE_RULES.currentPassword, subject);
  const proved = await services.twoFactor.confirmIdentity(user.id, proof);
  await services.limits.refund(RATE_RULES.currentPassword, subject);
  res.setHeader("Set-Cookie", await services.sessions.confirm(res.locals.session as AppSession, proved));
}

/** A request that may carry the proof itself: checked when it does, else the session must have proved one recently. */
export async function confirmedNowOrRecently(services: Services, res: Response, user: PublicUser, proof: { password?: string; code?: string }) {
  if (proof.password !== undefined || proof.code !== undefined) await confirmIdentity(services, res, user, proof);
  else requireRecentConfirmation(services, res);
}
