import { Router } from "express";
import { passwordAgainSchema, userListQuerySchema, userRoleSchema } from "../../shared/schemas";
import { confirmedNowOrRecently } from "../http/confirmation";
import { retryAfterHeader } from "../http/limits";
import { adminOnly, requireUser } from "../http/guards";
import { requestLocale } from "../http/locale";
import { beforeCursor, parse, parseId } from "../http/validate";
import { message } from "../lib/messages";
import type { Services } from "../services";
import { requestMeta } from "../services/security-events";
import { USER_NOT_FOUND } from "../services/user-admin";

const listQuery = userListQuerySchema.extend({ before: beforeCursor });

/**
 * Users (admin): every account, its role, and whether it may sign in.
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
  router.use("/admin/users", adminOnly);
  const id = (raw: unknown) => parseId(raw, USER_NOT_FOUND);

  router.get("/admin/users", async (req, res) => {
    res.json(await userAdmin.list(parse(listQuery, req.query)));
  });

  router.get("/admin/users/:id", async (req, res) => {
    res.json(await userAdmin.get(id(req.params.id)));
  });

  router.patch("/admin/users/:id", async (req, res) => {
    const userId = id(req.params.id);
    const { role } = parse(userRoleSchema, req.body);
    res.json(await userAdmin.setRole(userId, role, requireUser(res), requestMeta(req)));
  });

  router.post("/admin/users/:id/disable", async (req, res) => {
    res.json(await userAdmin.disable(id(req.params.id), requireUser(res), requestMeta(req)));
  });

  router.post("/admin/users/:id/enable", async (req, res) => {
    res.json(await userAdmin.enable(id(req.params.id), requireUser(res), requestMeta(req)));
  });

  router.post("/admin/users/:id/resend-verification", async (req, res) => {
    await userAdmin.resendVerification(id(req.params.id));
    res.status(202).json({ message: message(requestLocale(req), "errors.ok.userVerificationSent") });
  });

  router.delete("/admin/users/:id/second-factors", async (req, res) => {
    const actor = requireUser(res);
    const userId = id(req.params.id);
    await confirmedNowOrRecently(services, res, actor, parse(passwordAgainSchema, req.body ?? {}));
    const user = await userAdmin.clearSecondFactors(userId, actor, requestMeta(req));
    res.json({ user, message: message(requestLocale(req), "errors.ok.userFactorsCleared") });
  });

  router.use(retryAfterHeader);
  return router;
}
