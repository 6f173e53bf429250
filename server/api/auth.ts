import { Router } from "express";
import { emailTokenSchema, loginSchema, passwordResetRequestSchema, passwordResetSchema, registerSchema } from "../../shared/schemas";
import { requireUser } from "../http/guards";
import { retryAfterHeader } from "../http/limits";
import { requestLocale } from "../http/locale";
import { parse } from "../http/validate";
import { message } from "../lib/messages";
import type { Services } from "../services";
import type { AppSession } from "../auth/sessions";
import { RATE_RULES, accountKey, visitorKey } from "../services/rate-limit";

export function authRoutes(services: Services) {
  const router = Router();
  const { limits } = services;

  router.get("/user", (_req, res) => {
    res.json(requireUser(res));
  });

  router.post("/login", async (req, res) => {
    const input = parse(loginSchema, req.body);
    // Failed sign-ins are limited per address and per account, on every instance together. Each attempt
    // takes its slot before the password is checked (so parallel guesses cannot slip past the limit);
    // a successful sign-in gives both back.
    const ip = visitorKey(req.ip);
    const account = accountKey(input.email);
    await limits.consume(RATE_RULES.loginIp, ip);
    await limits.consume(RATE_RULES.loginAccount, account);
    const user = await services.users.verifyLogin(input.email, input.password);
    const [, , { firstSignIn }] = await Promise.all([
      limits.refund(RATE_RULES.loginIp, ip),
      limits.refund(RATE_RULES.loginAccount, account),
      services.users.recordSignIn(user.id, requestLocale(req)),
    ]);
    const cookie = await services.sessions.startSession(res.locals.session as AppSession, user.id);
    res.setHeader("Set-Cookie", cookie);
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
    await services.accounts.requestPasswordReset(input.email, locale);
    res.status(202).json({ message: message(locale, "errors.ok.resetRequested") });
  });

  /** A new password through a reset link; every session of the account ends, this browser's too. */
  router.post("/password-reset/confirm", async (req, res) => {
    const input = parse(passwordResetSchema, req.body);
    await limits.consume(RATE_RULES.tokenIp, visitorKey(req.ip));
    await services.accounts.resetPassword(input.token, input.password);
    res.setHeader("Set-Cookie", await services.sessions.endSession(res.locals.session as AppSession));
    res.json({ message: message(requestLocale(req), "errors.ok.passwordReset") });
  });

  router.post("/verify-email", async (req, res) => {
    const input = parse(emailTokenSchema, req.body);
    await limits.consume(RATE_RULES.tokenIp, visitorKey(req.ip));
    await services.accounts.verifyEmail(input.token);
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
