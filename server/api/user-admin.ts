import { Router } from "express";
import { userEndpoints as endpoints } from "../../shared/api/users";
import type { Answer } from "../http/answer";
import { confirmedNowOrRecently } from "../http/confirmation";
import { retryAfterHeader } from "../http/limits";
import { adminOnly, requireUser } from "../http/guards";
import { requestLocale } from "../http/locale";
import { parse, parseId } from "../http/validate";
import { message } from "../lib/messages";
import type { Services } from "../services";
import { requestMeta } from "../services/security-events";
import { USER_NOT_FOUND } from "../services/user-admin";

/**
 * Users (admin, mounted at /admin/users): every account, its role, and whether it may sign in.
 *   GET   /api/admin/users?q=&role=&before=          newest first, 50 at a time; `nextBefore` pages on
 *   GET   /api/admin/users/:id                       one account
 *   PATCH /api/admin/users/:id                       { role } -> the account
 *   POST  /api/admin/users/:id/disable               signed out everywhere, cannot sign in -> the account
 *   POST  /api/admin/users/:id/enable                may sign in again -> the account
 *   POST  /api/admin/users/:id/resend-verification   202: a new confirmation link, in the user's language
 *   DELETE /api/admin/users/:id/second-factors       app, passkeys and recovery codes removed, sessions ended, owner
 *                                                    e-mailed -> the account (needs the admin's recent confirmation)
 * 409 CONFLICT for one's own account (disable, second factors), the last active admin (demote, disable), a confirmed
 * address (resend).
 */
export function userAdminRoutes(services: Services) {
  const { userAdmin } = services;
  const router = Router();
  router.use(adminOnly);
  const id = (raw: unknown) => parseId(raw, USER_NOT_FOUND);

  router.get("/", async (req, res) => {
    res.json((await userAdmin.list(parse(endpoints.list.query, req.query))) satisfies Answer<typeof endpoints.list>);
  });

  router.get("/:id", async (req, res) => {
    res.json((await userAdmin.get(id(req.params.id))) satisfies Answer<typeof endpoints.get>);
  });

  router.patch("/:id", async (req, res) => {
    const userId = id(req.params.id);
    const { role } = parse(endpoints.setRole.body, req.body);
    res.json(await userAdmin.setRole(userId, role, requireUser(res), requestMeta(req)));
  });

  router.post("/:id/disable", async (req, res) => {
    res.json(await userAdmin.disable(id(req.params.id), requireUser(res), requestMeta(req)));
  });

  router.post("/:id/enable", async (req, res) => {
    res.json(await userAdmin.enable(id(req.params.id), requireUser(res), requestMeta(req)));
  });

  router.post("/:id/resend-verification", async (req, res) => {
    await userAdmin.resendVerification(id(req.params.id));
    res.status(202).json({ message: message(requestLocale(req), "errors.ok.userVerificationSent") });
  });

  router.delete("/:id/second-factors", async (req, res) => {
    const actor = requireUser(res);
    const userId = id(req.params.id);
    await confirmedNowOrRecently(services, res, actor, parse(endpoints.clearSecondFactors.body, req.body ?? {}));
    const user = await userAdmin.clearSecondFactors(userId, actor, requestMeta(req));
    res.json({ user, message: message(requestLocale(req), "errors.ok.userFactorsCleared") });
  });

  router.use(retryAfterHeader);
  return router;
}
