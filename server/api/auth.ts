import { Router } from "express";
import { loginSchema, registerSchema } from "../../shared/schemas";
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
    await Promise.all([limits.refund(RATE_RULES.loginIp, ip), limits.refund(RATE_RULES.loginAccount, account)]);
    const cookie = await services.sessions.startSession(res.locals.session as AppSession, user.id);
    res.setHeader("Set-Cookie", cookie);
    res.json(user);
  });

  router.post("/register", async (req, res) => {
    // registerSchema has no role field: whatever role the body names is dropped here.
    const input = parse(registerSchema, req.body);
    await limits.consume(RATE_RULES.register, visitorKey(req.ip));
    const user = await services.users.create(input);
    const cookie = await services.sessions.startSession(res.locals.session as AppSession, user.id);
    res.setHeader("Set-Cookie", cookie);
    res.status(201).json(user);
  });

  router.post("/logout", async (req, res) => {
    const cookie = await services.sessions.endSession(res.locals.session as AppSession);
    res.setHeader("Set-Cookie", cookie);
    res.json({ message: message(requestLocale(req), "errors.ok.loggedOut") });
  });

  router.use(retryAfterHeader);
  return router;
}
