import { Router } from "express";
import { emailTokenSchema, loginSchema, passwordResetRequestSchema, passwordResetSchema, registerSchema } from "../../shared/schemas";
import { requireUser } from "../http/guards";
import { retryAfterHeader } from "../http/limits";
import { requestLocale } from "../http/locale";
import { parse } from "../http/validate";
import { message } from "../lib/messages";
import type { Services } from "../services";
import type { AppSession } from "../auth/sessions";
import { RATE_RULES, RateLimitedError, accountKey, visitorKey } from "../services/rate-limit";
import { requestMeta } from "../services/security-events";
import { AppError } from "../lib/errors";

export function authRoutes(services: Services) {
  const router = Router();
  const { limits } = services;

  router.get("/user", (_req, res) => {
    res.json(requireUser(res));
  });

  /** The signed-in user's own recent sign-ins (successful, failed and held back), newest first. */
  router.get("/user/sign-ins", async (_req, res) => {
    res.json(await services.securityEvents.recentSignIns(requireUser(res).id));
  });

  router.post("/login", async (req, res) => {
    const input = parse(loginSchema, req.body);
    // Failed sign-ins are limited per visitor address and throttled per account (growing waits), on every
    // instance together. Each attempt is counted before the password is checked (so parallel guesses cannot
    // slip past); a successful sign-in gives the visitor's attempt back and clears the account's count. A
    // browser that signed in to the account before is neither held back by the account's throttle nor clears it.
    const ip = visitorKey(req.ip);
    const account = accountKey(input.email);
    const meta = requestMeta(req);
    await limits.consume(RATE_RULES.loginIp, ip);
    const knownDevice = services.loginThrottle.isKnownDevice(req.headers.cookie, account);
    const user = await (async () => {
      try {
        if (!knownDevice) await services.loginThrottle.attempt(account);
        return await services.users.verifyLogin(input.email, input.password);
      } catch (err) {
        // A refused attempt on an existing account goes to its security log (attempts on unknown addresses do not).
        const owner = err instanceof AppError ? await services.users.byEmail(input.email) : undefined;
        if (owner)
          await services.securityEvents.record({ type: err instanceof RateLimitedError ? "sign-in-throttled" : "sign-in-failed", userId: owner.id, ...meta });
        throw err;
      }
    })();
    const [, , { firstSignIn }] = await Promise.all([
      limits.refund(RATE_RULES.loginIp, ip),
      // From a known device the count stays: it is about guesses from elsewhere.
      knownDevice ? undefined : services.loginThrottle.clear(account),
      services.users.recordSignIn(user.id, requestLocale(req)),
      services.securityEvents.record({ type: "sign-in", userId: user.id, ...meta }),
    ]);
    const cookie = await services.sessions.startSession(res.locals.session as AppSession, user.id);
    res.setHeader("Set-Cookie", [cookie, services.loginThrottle.deviceCookie(account)]);
    res.json({ ...user, firstSignIn });
  });

  /**
   * Registration answers the same whether or not the address already has an account (its owner is e-mailed
   * instead), so the answer cannot tell anyone which addresses have accounts; the new user confirms the address
   * from the e-mail, then signs in.
   */
  router.post("/register", async (req, res) => {
    // registerSchema has no role field: whatever role the body names is dropped here.
    const input = parse(registerSchema, req.body);
    await limits.consume(RATE_RULES.register, visitorKey(req.ip));
    const locale = requestLocale(req);
    await services.accounts.register(input, locale);
    res.status(202).json({ message: message(locale, "errors.ok.registered") });
  });

  /** 'Forgot password?': the same answer whether or not the address has an account. */
  router.post("/password-reset", async (req, res) => {
    const input = parse(passwordResetRequestSchema, req.body);
    await limits.consume(RATE_RULES.resetIp, visitorKey(req.ip));
    await limits.consume(RATE_RULES.resetAccount, accountKey(input.email));
    const locale = requestLocale(req);
    await services.accounts.requestPasswordReset(input.email, locale, requestMeta(req));
    res.status(202).json({ message: message(locale, "errors.ok.resetRequested") });
  });

  /** A new password through a reset link; every session of the account ends, this browser's too. */
  router.post("/password-reset/confirm", async (req, res) => {
    const input = parse(passwordResetSchema, req.body);
    await limits.consume(RATE_RULES.tokenIp, visitorKey(req.ip));
    const userId = await services.accounts.resetPassword(input.token, input.password, requestMeta(req));
    const user = await services.users.getById(userId);
    // The owner proved the address: the account's failed sign-ins are forgotten.
    if (user) await services.loginThrottle.clear(accountKey(user.email));
    res.setHeader("Set-Cookie", await services.sessions.endSession(res.locals.session as AppSession));
    res.json({ message: message(requestLocale(req), "errors.ok.passwordReset") });
  });

  router.post("/verify-email", async (req, res) => {
    const input = parse(emailTokenSchema, req.body);
    await limits.consume(RATE_RULES.tokenIp, visitorKey(req.ip));
    await services.accounts.verifyEmail(input.token, requestMeta(req));
    res.json({ message: message(requestLocale(req), "errors.ok.emailVerified") });
  });

  router.post("/verify-email/resend", async (req, res) => {
    const user = requireUser(res);
    await limits.consume(RATE_RULES.verification, String(user.id));
    const locale = requestLocale(req);
    await services.accounts.resendVerification(user.id, locale);
    res.status(202).json({ message: message(locale, "errors.ok.verificationSent") });
  });

  router.post("/logout", async (req, res) => {
    const cookie = await services.sessions.endSession(res.locals.session as AppSession);
    res.setHeader("Set-Cookie", cookie);
    res.json({ message: message(requestLocale(req), "errors.ok.loggedOut") });
  });

  router.use(retryAfterHeader);
  return router;
}
