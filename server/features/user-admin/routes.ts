import { userEndpoints as endpoints } from "../../../shared/api/users";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { confirmedNowOrRecently } from "../../http/confirmation";
import { retryAfterHeader } from "../../http/limits";
import { requestLocale } from "../../http/locale";
import { message } from "../../lib/messages";
import type { Services } from "../index";
import { requestMeta } from "../security-events/security-events";
import { USER_NOT_FOUND } from "./user-admin";

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
  const notFound = USER_NOT_FOUND;
  const router = endpointRouter("/api/admin/users", [
    endpoint(endpoints.list, ({ query }) => userAdmin.list(query)),
    endpoint(endpoints.get, ({ params }) => userAdmin.get(params.id), { notFound }),
    endpoint(endpoints.setRole, ({ params, body, user, req }) => userAdmin.setRole(params.id, body.role, user, requestMeta(req)), { notFound }),
    endpoint(endpoints.disable, ({ params, user, req }) => userAdmin.disable(params.id, user, requestMeta(req)), { notFound }),
    endpoint(endpoints.enable, ({ params, user, req }) => userAdmin.enable(params.id, user, requestMeta(req)), { notFound }),
    endpoint(
      endpoints.resendVerification,
      async ({ params, req }) => {
        await userAdmin.resendVerification(params.id);
        return { message: message(requestLocale(req), "errors.ok.userVerificationSent") };
      },
      { notFound },
    ),
    endpoint(
      endpoints.clearSecondFactors,
      async ({ params, body, user, req, res }) => {
        await confirmedNowOrRecently(services, res, user, body);
        const cleared = await userAdmin.clearSecondFactors(params.id, user, requestMeta(req));
        return { user: cleared, message: message(requestLocale(req), "errors.ok.userFactorsCleared") };
      },
      { notFound },
    ),
  ]);
  router.use(retryAfterHeader);
  return router;
}
