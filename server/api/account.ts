import { Router, type Response } from "express";
import type { z } from "zod";
import { accountEndpoints as endpoints } from "../../shared/api/account";
import type { OnTheWire, publicUserSchema } from "../../shared/api/auth";
import type { SameFields } from "../../shared/api/contract";
import type { AppSession, SessionSummary } from "../auth/sessions";
import type { Answer } from "../http/answer";
import { requireUser, signedIn } from "../http/guards";
import { retryAfterHeader } from "../http/limits";
import { requestLocale } from "../http/locale";
import { singleFile } from "../http/multipart";
import { parse } from "../http/validate";
import { AppError, notFound } from "../lib/errors";
import { message } from "../lib/messages";
import type { Services } from "../services";
import { RATE_RULES, accountKey, visitorKey } from "../services/rate-limit";
import { requestMeta } from "../services/security-events";
import { uploadLimitBytes } from "../services/uploads";
import type { PublicUser } from "../services/users";

/** A session and the user in an answer are the contract's, dates aside: a field added to one side only fails the type check. */
const sessionFitsContract: SameFields<SessionSummary, Answer<typeof endpoints.sessions>[number]> = true;
const userFitsContract: SameFields<OnTheWire<PublicUser>, z.output<typeof publicUserSchema>> = true;
void [sessionFitsContract, userFitsContract];

/** The signed-in user and this browser's session id. */
const current = (res: Response) => ({ user: requireUser(res), sessionId: (res.locals.session as AppSession).id });

/**
 * /api/account/* (mounted at /account): the signed-in user's own account (the account page). Every route needs a session, checked before a
 * byte of an upload is read. Changing the password or the address needs the current password too; wrong ones are
 * limited per account.
 */
export function accountRoutes(services: Services) {
  const router = Router();
  const { accountSettings, limits } = services;

  /** Checks the current password through `run`; the attempt counts against the account unless the password was right. */
  async function withCurrentPassword<T>(userId: number, run: () => Promise<T>): Promise<T> {
    const subject = String(userId);
    await limits.consume(RATE_RULES.currentPassword, subject);
    const result = await run();
    await limits.refund(RATE_RULES.currentPassword, subject);
    return result;
  }

  router.patch("/profile", signedIn, async (req, res) => {
    const { user } = current(res);
    const input = parse(endpoints.updateProfile.body, req.body);
    const updated = await accountSettings.updateProfile(user.id, input);
    res.json({ user: updated, message: message(requestLocale(req), "errors.ok.profileSaved") });
  });

  /** Multipart field "file": the same limit (5 MB) and content checks as any uploaded image; stored as small WebP. */
  router.post("/avatar", signedIn, singleFile({ maxBytes: uploadLimitBytes("avatar") }), async (req, res) => {
    const { user } = current(res);
    const avatar = await accountSettings.setAvatar(user.id, req.file!.buffer);
    res.status(201).json({ avatar, message: message(requestLocale(req), "errors.ok.avatarSaved") });
  });

  router.delete("/avatar", signedIn, async (req, res) => {
    const { user } = current(res);
    await accountSettings.removeAvatar(user.id);
    res.json({ avatar: null, message: message(requestLocale(req), "errors.ok.avatarRemoved") });
  });

  /** A new password; every other session of the account ends, this one stays, and the account's failed sign-ins are forgotten. */
  router.post("/password", signedIn, async (req, res) => {
    const { user, sessionId } = current(res);
    const input = parse(endpoints.changePassword.body, req.body);
    const { sessionsEnded } = await withCurrentPassword(user.id, () => accountSettings.changePassword(user.id, sessionId, input, requestMeta(req)));
    await services.loginThrottle.clear(accountKey(user.email));
    res.json({ sessionsEnded, message: message(requestLocale(req), "errors.ok.passwordChanged") });
  });

  /** Asks for a new address: 202 with the same answer whether or not the address already has an account. */
  router.post("/email", signedIn, async (req, res) => {
    const { user } = current(res);
    const input = parse(endpoints.requestEmailChange.body, req.body);
    // An address never proved may belong to someone else: it is confirmed (or the account given up) before it changes.
    if (!user.isVerified) throw new AppError("EMAIL_NOT_VERIFIED", "errors.account.confirmAddressFirst");
    await limits.consume(RATE_RULES.emailChange, String(user.id));
    const pending = await withCurrentPassword(user.id, () => accountSettings.requestEmailChange(user.id, input, requestMeta(req)));
    res.status(202).json({ pending, message: message(requestLocale(req), "errors.ok.emailChangeRequested", { email: pending.newEmail }) });
  });

  /** Cancels the change of address waiting for its link; 404 when none is waiting. */
  router.delete("/email", signedIn, async (req, res) => {
    const { user } = current(res);
    const { newEmail } = await accountSettings.cancelEmailChange(user.id, requestMeta(req));
    res.json({ message: message(requestLocale(req), "errors.ok.emailChangeCancelled", { email: newEmail }) });
  });

  /** Uses the link sent to the new address (signed in to the account that asked). */
  router.post("/email/confirm", signedIn, async (req, res) => {
    const { user } = current(res);
    const input = parse(endpoints.confirmEmailChange.body, req.body);
    await limits.consume(RATE_RULES.tokenIp, visitorKey(req.ip));
    const { email } = await accountSettings.confirmEmailChange(user.id, input.token, requestMeta(req));
    res.json({ email, message: message(requestLocale(req), "errors.ok.emailChanged", { email }) });
  });

  router.get("/sessions", signedIn, async (_req, res) => {
    const { user, sessionId } = current(res);
    res.json((await accountSettings.listSessions(user.id, sessionId)) satisfies Answer<typeof endpoints.sessions>);
  });

  router.delete("/sessions/:handle", signedIn, async (req, res) => {
    const { user, sessionId } = current(res);
    const params = endpoints.revokeSession.params.safeParse(req.params);
    if (!params.success) throw notFound("errors.notFound.session");
    await accountSettings.revokeSession(user.id, sessionId, params.data.handle, requestMeta(req));
    res.json({ message: message(requestLocale(req), "errors.ok.sessionEnded") });
  });

  router.post("/sessions/sign-out-others", signedIn, async (req, res) => {
    const { user, sessionId } = current(res);
    const ended = await accountSettings.signOutOthers(user.id, sessionId, requestMeta(req));
    res.json({ ended, message: message(requestLocale(req), "errors.ok.otherSessionsEnded", { count: ended }) });
  });

  router.use(retryAfterHeader);
  return router;
}
