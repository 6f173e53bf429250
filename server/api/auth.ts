import { Router } from "express";
import { rateLimit } from "express-rate-limit";
import { loginSchema, registerSchema } from "../../shared/schemas";
import { requireUser } from "../http/guards";
import { parse } from "../http/validate";
import type { Services } from "../services";
import type { AppSession } from "../auth/sessions";
import { tooManyRequests } from "../http/limits";

export function authRoutes(services: Services) {
  const router = Router();
  const loginLimiter = rateLimit({
    windowMs: 15 * 60 * 1000,
    limit: 20,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    handler: tooManyRequests("Too many sign-in attempts. Please wait a few minutes and try again."),
  });

  router.get("/user", (_req, res) => {
    res.json(requireUser(res));
  });

  router.post("/login", loginLimiter, async (req, res) => {
    const input = parse(loginSchema, req.body);
    const user = await services.users.verifyLogin(input.email, input.password);
    const cookie = await services.sessions.startSession(res.locals.session as AppSession, user.id);
    res.setHeader("Set-Cookie", cookie);
    res.json(user);
  });

  router.post("/register", loginLimiter, async (req, res) => {
    // registerSchema has no role field: whatever role the body names is dropped here.
    const input = parse(registerSchema, req.body);
    const user = await services.users.create(input);
    const cookie = await services.sessions.startSession(res.locals.session as AppSession, user.id);
    res.setHeader("Set-Cookie", cookie);
    res.status(201).json(user);
  });

  router.post("/logout", async (_req, res) => {
    const cookie = await services.sessions.endSession(res.locals.session as AppSession);
    res.setHeader("Set-Cookie", cookie);
    res.json({ message: "Logged out" });
  });

  return router;
}
