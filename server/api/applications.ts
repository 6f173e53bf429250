import { Router } from "express";
import { applicationEndpoints as endpoints } from "../../shared/api/applications";
import { investorApplicationSchema } from "../../shared/schemas";
import type { Answer } from "../http/answer";
import { adminOnly, requireUser, signedIn } from "../http/guards";
import { parse, parseId } from "../http/validate";
import type { Services } from "../services";
import { requestMeta } from "../services/security-events";

/**
 * A member's application for investor access, mounted at /api/investor-applications:
 *   GET  /mine   the caller's latest application, or null
 *   POST /       the caller applies -> 201 application
 */
export function applicationRoutes({ applications }: Services) {
  const router = Router();

  router.get("/mine", signedIn, async (_req, res) => {
    res.json((await applications.latestFor(requireUser(res).id)) satisfies Answer<typeof endpoints.mine>);
  });

  router.post("/", signedIn, async (req, res) => {
    const input = parse(investorApplicationSchema, req.body);
    res.status(201).json((await applications.submit(requireUser(res), input)) satisfies Answer<typeof endpoints.submit>);
  });

  return router;
}

/**
 * The admin's review of applications, mounted at /api/admin/investor-applications:
 *   GET  /               every application
 *   POST /:id/approve    the applicant becomes an investor
 *   POST /:id/reject
 */
export function applicationAdminRoutes({ applications }: Services) {
  const router = Router();

  router.get("/", adminOnly, async (_req, res) => {
    res.json((await applications.list()) satisfies Answer<typeof endpoints.list>);
  });

  for (const [action, decision] of [
    ["approve", "approved"],
    ["reject", "rejected"],
  ] as const) {
    router.post(`/:id/${action}`, adminOnly, async (req, res) => {
      const reviewed = await applications.review(parseId(req.params.id, "errors.notFound.application"), requireUser(res), decision, requestMeta(req));
      res.json(reviewed satisfies Answer<typeof endpoints.approve>);
    });
  }

  return router;
}
