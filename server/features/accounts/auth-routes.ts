import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { NextFunction, Request, Response } from "express";
import type { z } from "zod";
import { authEndpoints as endpoints, type OnTheWire, type publicUserSchema } from "../../../shared/api/auth";
import type { SameFields } from "../../../shared/api/contract";
import type { Answer } from "../../http/answer";
import { CHALLENGE_TTL_MS, keepChallenge, takeChallenge } from "../../http/challenge";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { retryAfterHeader } from "../../http/limits";
import { requestLocale } from "../../http/locale";
import { message } from "../../lib/messages";
import type { Services } from "../index";
import { PENDING_SIGN_IN_MS, type AppSession, type SignInMethod } from "../../auth/sessions";
import type { PublicUser } from "./users";
import { RATE_RULES, RateLimitedError, accountKey, visitorKey } from "../rate-limits/rate-limit";
import { requestMeta } from "../security-events/security-events";
import { AppError } from "../../lib/errors";
import { countSignIn, type SignInStep } from "../../metrics";

/**
 * Wrong second-factor codes in one sign-in before the password must be entered again. The account's throttle counts
 * the password and each code, so guessing codes soon meets its growing waits too.
 */
export const MAX_CODE_FAILURES = 3;

/** The server's user is the contract's, dates aside: a field added to one and not the other fails the type check. */
const userFitsContract: SameFields<OnTheWire<PublicUser>, z.output<typeof publicUserSchema>> = true;
void userFitsContract;

/** The user as an answer carries it: its dates are written as ISO strings when the answer is sent. */
const userOnTheWire = (user: PublicUser) => user as unknown as OnTheWire<PublicUser>;

/**
 * The sign-in routes sit at the root of /api, one router per prefix (server/api/index.ts mounts them):
 *   /user             the signed-in user and their recent sign-ins
 *   /login            password, second step, passkey
 *   /register         a new account
 *   /password-reset   'forgot password?' and the reset link
 *   /verify-email     the confirmation link, and a new one
 *   /logout
 */

export function userRoutes(services: Services) {
  return endpointRouter("/api/user", [
    endpoint(endpoints.user, ({ user }) => userOnTheWire(user)),
    /** The signed-in user's own recent sign-ins (successful, failed and held back), newest first. */
    endpoint(endpoints.signIns, async ({ user }) => {
      // The service reads the sign-in events only (successful, failed, held back): their types are the answer's.
      const signIns = await services.securityEvents.recentSignIns(user.id);
      return signIns as Answer<typeof endpoints.signIns>;
    }),
  ]);
}

/** The sign-in routes of the login router and the step each is (the metrics count attempts by step, never by account). */
const SIGN_IN_STEPS: Record<string, SignInStep> = { "/": "password", "/two-factor": "two-factor", "/passkey": "passkey" };
const signInStep = (req: Request): SignInStep | undefined => (req.method === "POST" ? SIGN_IN_STEPS[req.path] : undefined);

/** Who is between the password and the second factor in this session, if anyone (and not for too long). */
function pendingSignIn(session: AppSession) {
  const pending = session.get("pending");
  if (!pending || Date.now() - pending.since > PENDING_SIGN_IN_MS) return undefined;
  return pending;
}

/** What every way of signing in does at its end, or when it is refused. */
function signInOutcomes(services: Services) {
  const { limits } = services;
  return {
    /**
     * The end of every successful sign-in (password alone, password and second factor, or a passkey alone): the
     * visitor's attempt is given back, the account's failures forgotten (except from a known device: they are about
     * guesses from elsewhere), the sign-in recorded, and a new session issued. Answers the signed-in user.
     */
    async finishSignIn(
      req: Request,
      res: Response,
      user: PublicUser,
      method: SignInMethod,
      knownDevice: boolean,
    ): Promise<Answer<typeof endpoints.passkeySignIn>> {
      const account = accountKey(user.email);
      const meta = requestMeta(req);
      const [, , { firstSignIn }] = await Promise.all([
        limits.refund(RATE_RULES.loginIp, visitorKey(req.ip)),
        knownDevice ? undefined : services.loginThrottle.clear(account),
        services.users.recordSignIn(user.id, requestLocale(req)),
        services.securityEvents.record({ type: "sign-in", userId: user.id, detail: { method }, ...meta }),
      ]);
      const cookie = await services.sessions.startSession(res.locals.session as AppSession, user.id, method, meta);
      res.setHeader("Set-Cookie", [cookie, await services.loginThrottle.deviceCookie(user.email)]);
      const secondFactorProved = method !== "password";
      countSignIn(req, signInStep(req) ?? "password", "success");
      return { ...userOnTheWire(user), secondFactor: user.secondFactor || secondFactorProved, secondFactorProved, firstSignIn };
    },

    /** Records a refused attempt on an existing account in its security log (attempts on unknown addresses are not). */
    async recordRefusal(req: Request, err: unknown, userId: number | undefined, step?: "two-factor" | "passkey") {
      if (!userId || !(err instanceof AppError)) return;
      await services.securityEvents.record({
        type: err instanceof RateLimitedError ? "sign-in-throttled" : "sign-in-failed",
        userId,
        detail: step ? { step } : undefined,
        ...requestMeta(req),
      });
    },
  };
}

export function loginRoutes(services: Services) {
  const { limits } = services;
  const { finishSignIn, recordRefusal } = signInOutcomes(services);

  const router = endpointRouter("/api/login", [
    endpoint(endpoints.login, async ({ body: input, req, res }) => {
      // Failed sign-ins are limited per visitor address and throttled per account (growing waits), on every
      // instance together. Each attempt is counted before the password is checked (so parallel guesses cannot
      // slip past); a successful sign-in gives the visitor's attempt back and clears the account's count. A
      // browser that signed in to the account since its password was last set is not held back by the account's
      // waits, but its wrong passwords count like anyone's; its sign-in does not clear the count.
      const ip = visitorKey(req.ip);
      const account = accountKey(input.email);
      await limits.consume(RATE_RULES.loginIp, ip);
      const knownDevice = await services.loginThrottle.isKnownDevice(req.headers.cookie, input.email);
      const user = await (async () => {
        try {
          if (!knownDevice) await services.loginThrottle.attempt(account);
          return await services.users.verifyLogin(input.email, input.password);
        } catch (err) {
          if (knownDevice && err instanceof AppError) await services.loginThrottle.failed(account);
          await recordRefusal(req, err, (await services.users.byEmail(input.email))?.id);
          throw err;
        }
      })();
      if (await services.twoFactor.required(user.id)) {
        // The password was right; the account's count stays until the second step succeeds.
        await limits.refund(RATE_RULES.loginIp, ip);
        res.setHeader("Set-Cookie", await services.sessions.startPending(res.locals.session as AppSession, user.id));
        const status = await services.twoFactor.status(user.id);
        countSignIn(req, "password", "second-step");
        return { twoFactorRequired: true as const, methods: { authenticatorApp: status.totp, passkey: status.passkeys > 0 } };
      }
      return finishSignIn(req, res, user, "password", knownDevice);
    }),

    /**
     * The second step: a code from the authenticator app or a recovery code. Wrong codes count against the account
     * like wrong passwords; after MAX_CODE_FAILURES in one sign-in the password must be entered again.
     */
    endpoint(endpoints.loginTwoFactor, async ({ body: input, req, res }) => {
      const session = res.locals.session as AppSession;
      const pending = pendingSignIn(session);
      if (!pending) throw new AppError("UNAUTHORIZED", "errors.twoFactor.signInAgain");
      await limits.consume(RATE_RULES.loginIp, visitorKey(req.ip));
      const user = await services.users.getById(pending.userId);
      if (!user || user.disabledAt) throw new AppError("UNAUTHORIZED", "errors.twoFactor.signInAgain");
      const account = accountKey(user.email);
      const knownDevice = await services.loginThrottle.isKnownDevice(req.headers.cookie, user.email);
      let method: SignInMethod;
      try {
        if (!knownDevice) await services.loginThrottle.attempt(account);
        method = await services.twoFactor.verifySecondStep(user.id, input.code, requestMeta(req));
      } catch (err) {
        // A known device skips the wait, not the count.
        if (knownDevice && err instanceof AppError) await services.loginThrottle.failed(account);
        await recordRefusal(req, err, user.id, "two-factor");
        if (err instanceof AppError && err.code === "INVALID_CODE") {
          const failures = pending.failures + 1;
          if (failures >= MAX_CODE_FAILURES) {
            res.setHeader("Set-Cookie", await services.sessions.endSession(session));
            throw new AppError("UNAUTHORIZED", "errors.twoFactor.tooManyCodes");
          }
          session.set("pending", { ...pending, failures });
          res.setHeader("Set-Cookie", await services.sessions.commit(session));
        }
        throw err;
      }
      return finishSignIn(req, res, user, method, knownDevice);
    }),

    /**
     * Starts a passkey sign-in: after a password, with the pending user's passkeys; otherwise with any passkey the
     * browser holds for this site. The challenge is kept in the session until it is answered.
     */
    endpoint(endpoints.passkeyOptions, async ({ req, res }) => {
      await limits.consume(RATE_RULES.passkeyIp, visitorKey(req.ip));
      const session = res.locals.session as AppSession;
      const pending = pendingSignIn(session);
      const options = await services.passkeys.authenticationOptions(pending?.userId);
      keepChallenge(session, options.challenge, "sign-in");
      // A session that is not signed in keeps its row only as long as its sign-in can still finish.
      const signedIn = typeof session.get("userId") === "number";
      res.setHeader(
        "Set-Cookie",
        await (signedIn ? services.sessions.commit(session) : services.sessions.commitBriefly(session, pending ? PENDING_SIGN_IN_MS : CHALLENGE_TTL_MS)),
      );
      return options;
    }),

    endpoint(endpoints.passkeySignIn, async ({ body: input, req, res }) => {
      await limits.consume(RATE_RULES.loginIp, visitorKey(req.ip));
      const session = res.locals.session as AppSession;
      const challenge = await takeChallenge(services, session, res, "sign-in");
      const pending = pendingSignIn(session);
      const userId = await services.passkeys
        .authenticate(input.response as unknown as AuthenticationResponseJSON, challenge, pending?.userId)
        .catch(async (err) => {
          await recordRefusal(req, err, pending?.userId, "passkey");
          throw err;
        });
      const user = await services.users.getById(userId);
      if (!user) throw new AppError("UNAUTHORIZED", "errors.twoFactor.signInAgain");
      if (user.disabledAt) throw new AppError("ACCOUNT_DISABLED", "errors.account.disabled");
      return finishSignIn(req, res, user, "passkey", await services.loginThrottle.isKnownDevice(req.headers.cookie, user.email));
    }),
  ]);

  // A refused attempt: by the visitor's limit or the account's wait before anything was checked, or after checking
  // (a body that does not parse included).
  router.use((err: unknown, req: Request, _res: Response, next: NextFunction) => {
    const step = signInStep(req);
    if (step && err instanceof AppError) countSignIn(req, step, err instanceof RateLimitedError ? "throttled" : "failed");
    next(err);
  });
  router.use(retryAfterHeader);
  return router;
}

/**
 * Registration answers the same whether or not the address already has an account (its owner is e-mailed
 * instead), so the answer cannot tell anyone which addresses have accounts; the new user confirms the address
 * from the e-mail, then signs in.
 */
export function registerRoutes(services: Services) {
  const router = endpointRouter("/api/register", [
    // The body's schema has no role field: whatever role the body names is dropped when it is parsed.
    endpoint(endpoints.register, async ({ body: input, req }) => {
      await services.limits.consume(RATE_RULES.register, visitorKey(req.ip));
      const locale = requestLocale(req);
      await services.accounts.register(input, locale);
      return { message: message(locale, "errors.ok.registered") };
    }),
  ]);
  router.use(retryAfterHeader);
  return router;
}

export function passwordResetRoutes(services: Services) {
  const { limits } = services;
  const router = endpointRouter("/api/password-reset", [
    /** 'Forgot password?': the same answer whether or not the address has an account. */
    endpoint(endpoints.requestPasswordReset, async ({ body: input, req }) => {
      await limits.consume(RATE_RULES.resetIp, visitorKey(req.ip));
      await limits.consume(RATE_RULES.resetAccount, accountKey(input.email));
      const locale = requestLocale(req);
      await services.accounts.requestPasswordReset(input.email, locale, requestMeta(req));
      return { message: message(locale, "errors.ok.resetRequested") };
    }),

    /** A new password through a reset link; every session of the account ends, this browser's too. */
    endpoint(endpoints.resetPassword, async ({ body: input, req, res }) => {
      await limits.consume(RATE_RULES.tokenIp, visitorKey(req.ip));
      const userId = await services.accounts.resetPassword(input.token, input.password, requestMeta(req));
      const user = await services.users.getById(userId);
      // The owner proved the address: the account's failed sign-ins are forgotten.
      if (user) await services.loginThrottle.clear(accountKey(user.email));
      res.setHeader("Set-Cookie", await services.sessions.endSession(res.locals.session as AppSession));
      return { message: message(requestLocale(req), "errors.ok.passwordReset") };
    }),
  ]);
  router.use(retryAfterHeader);
  return router;
}

export function verifyEmailRoutes(services: Services) {
  const { limits } = services;
  const router = endpointRouter("/api/verify-email", [
    endpoint(endpoints.verifyEmail, async ({ body: input, req, res }) => {
      await limits.consume(RATE_RULES.tokenIp, visitorKey(req.ip));
      // The first proof of an address ends the account's other sessions; this browser stays as it is.
      await services.accounts.verifyEmail(input.token, requestMeta(req), (res.locals.session as AppSession).id || undefined);
      return { message: message(requestLocale(req), "errors.ok.emailVerified") };
    }),

    endpoint(endpoints.resendVerification, async ({ user, req }) => {
      await limits.consume(RATE_RULES.verification, String(user.id));
      const locale = requestLocale(req);
      await services.accounts.resendVerification(user.id, locale);
      return { message: message(locale, "errors.ok.verificationSent") };
    }),
  ]);
  router.use(retryAfterHeader);
  return router;
}

export function logoutRoutes(services: Services) {
  return endpointRouter("/api/logout", [
    endpoint(endpoints.logout, async ({ req, res }) => {
      const cookie = await services.sessions.endSession(res.locals.session as AppSession);
      res.setHeader("Set-Cookie", cookie);
      return { message: message(requestLocale(req), "errors.ok.loggedOut") };
    }),
  ]);
}
