import type { Response } from "express";
import type { z } from "zod";
import { accountEndpoints as endpoints } from "../../../shared/api/account";
import type { OnTheWire, publicUserSchema } from "../../../shared/api/auth";
import type { SameFields } from "../../../shared/api/contract";
import type { AppSession, SessionSummary } from "../../auth/sessions";
import type { Answer } from "../../http/answer";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { retryAfterHeader } from "../../http/limits";
import { requestLocale } from "../../http/locale";
import { singleFile } from "../../http/multipart";
import { AppError } from "../../lib/errors";
import { message } from "../../lib/messages";
import type { Services } from "../index";
import { RATE_RULES, accountKey, visitorKey } from "../rate-limits/rate-limit";
import { requestMeta } from "../security-events/security-events";
import { uploadLimitBytes } from "../uploads/uploads";
import type { PublicUser } from "./users";

/** A session and the user in an answer are the contract's, dates aside: a field added to one side only fails the type check. */
const sessionFitsContract: SameFields<SessionSummary, Answer<typeof endpoints.sessions>[number]> = true;
const userFitsContract: SameFields<OnTheWire<PublicUser>, z.output<typeof publicUserSchema>> = true;
void [sessionFitsContract, userFitsContract];

/** The user as an answer carries it: its dates are written as ISO strings when the answer is sent. */
const userOnTheWire = (user: PublicUser) => user as unknown as OnTheWire<PublicUser>;

/** This browser's session id. */
const sessionIdOf = (res: Response) => (res.locals.session as AppSession).id;

/**
 * /api/account/* (mounted at /account): the signed-in user's own account (the account page). Every route needs a session, checked before a
 * byte of an upload is read. Changing the password or the address needs the current password too; wrong ones are
 * limited per account.
 */
export function accountRoutes(services: Services) {
  const { accountSettings, limits } = services;

  /** Checks the current password through `run`; the attempt counts against the account unless the password was right. */
  async function withCurrentPassword<T>(userId: number, run: () => Promise<T>): Promise<T> {
    const subject = String(userId);
    await limits.consume(RATE_RULES.currentPassword, subject);
    const result = await run();
    await limits.refund(RATE_RULES.currentPassword, subject);
    return result;
  }

  /** Multipart field "file": the same limit (5 MB) and content checks as any uploaded image; stored as small WebP. */
  const avatarUpload = singleFile({ maxBytes: uploadLimitBytes("avatar") });

  const router = endpointRouter("/api/account", [
    endpoint(endpoints.updateProfile, async ({ user, body, req }) => {
      const updated = await accountSettings.updateProfile(user.id, body);
      return { user: userOnTheWire(updated), message: message(requestLocale(req), "errors.ok.profileSaved") };
    }),

    endpoint(
      endpoints.setAvatar,
      async ({ user, file, req }) => {
        const avatar = await accountSettings.setAvatar(user.id, file!.buffer);
        return { avatar, message: message(requestLocale(req), "errors.ok.avatarSaved") };
      },
      { readBody: () => avatarUpload },
    ),

    endpoint(endpoints.removeAvatar, async ({ user, req }) => {
      await accountSettings.removeAvatar(user.id);
      return { avatar: null, message: message(requestLocale(req), "errors.ok.avatarRemoved") };
    }),

    /** A new password; every other session of the account ends, this one stays, and the account's failed sign-ins are forgotten. */
    endpoint(endpoints.changePassword, async ({ user, body, req, res }) => {
      const sessionId = sessionIdOf(res);
      const { sessionsEnded } = await withCurrentPassword(user.id, () => accountSettings.changePassword(user.id, sessionId, body, requestMeta(req)));
      await services.loginThrottle.clear(accountKey(user.email));
      return { sessionsEnded, message: message(requestLocale(req), "errors.ok.passwordChanged") };
    }),

    /** Asks for a new address: 202 with the same answer whether or not the address already has an account. */
    endpoint(endpoints.requestEmailChange, async ({ user, body, req }) => {
      // An address never proved may belong to someone else: it is confirmed (or the account given up) before it changes.
      if (!user.isVerified) throw new AppError("EMAIL_NOT_VERIFIED", "errors.account.confirmAddressFirst");
      await limits.consume(RATE_RULES.emailChange, String(user.id));
      const pending = await withCurrentPassword(user.id, () => accountSettings.requestEmailChange(user.id, body, requestMeta(req)));
      return { pending, message: message(requestLocale(req), "errors.ok.emailChangeRequested", { email: pending.newEmail }) };
    }),

    /** Cancels the change of address waiting for its link; 404 when none is waiting. */
    endpoint(endpoints.cancelEmailChange, async ({ user, req }) => {
      const { newEmail } = await accountSettings.cancelEmailChange(user.id, requestMeta(req));
      return { message: message(requestLocale(req), "errors.ok.emailChangeCancelled", { email: newEmail }) };
    }),

    /** Uses the link sent to the new address (signed in to the account that asked). */
    endpoint(endpoints.confirmEmailChange, async ({ user, body, req }) => {
      await limits.consume(RATE_RULES.tokenIp, visitorKey(req.ip));
      const { email } = await accountSettings.confirmEmailChange(user.id, body.token, requestMeta(req));
      return { email, message: message(requestLocale(req), "errors.ok.emailChanged", { email }) };
    }),

    endpoint(endpoints.sessions, ({ user, res }) => accountSettings.listSessions(user.id, sessionIdOf(res))),

    endpoint(
      endpoints.revokeSession,
      async ({ user, params, req, res }) => {
        await accountSettings.revokeSession(user.id, sessionIdOf(res), params.handle, requestMeta(req));
        return { message: message(requestLocale(req), "errors.ok.sessionEnded") };
      },
      { notFound: "errors.notFound.session" },
    ),

    endpoint(endpoints.signOutOthers, async ({ user, req, res }) => {
      const ended = await accountSettings.signOutOthers(user.id, sessionIdOf(res), requestMeta(req));
      return { ended, message: message(requestLocale(req), "errors.ok.otherSessionsEnded", { count: ended }) };
    }),
  ]);
  router.use(retryAfterHeader);
  return router;
}
