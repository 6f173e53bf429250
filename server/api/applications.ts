import { Router } from "express";
import { investorApplicationSchema } from "../../shared/schemas";
import { adminOnly, requireUser, signedIn } from "../http/guards";
import { parse, parseId } from "../http/validate";
import type { Services } from "../services";
import { requestMeta } from "../services/security-events";

/**
 * Applications for investor access:
 *   GET  /api/investor-applications/mine          the caller's latest application, or null
 *   POST /api/investor-applications               the caller applies -> 201 application
 *   GET  /api/investor-applications               every application (admin)
 *   POST /api/investor-applications/:id/approve   (admin) the applicant becomes an investor
 *   POST /api/investor-applications/:id/reject    (admin)
 */
export function applicationRoutes({ applications }: Services) {
  const router = Router();

  router.get("/investor-applications/mine", signedIn, async (_req, res) => {
    res.json(await applications.latestFor(requireUser(res).id));
  });

  router.post("/investor-applications", signedIn, async (req, res) => {
    const input = parse(investorApplicationSchema, req.body);
    res.status(201).json(await applications.submit(requireUser(res), input));
  });

  router.get("/investor-applications", adminOnly, async (_req, res) => {
    res.json(await applications.list());
  });

  for (const [action, decision] of [
    ["approve", "approved"],
    ["reject", "rejected"],
  ] as const) {
    router.post(`/investor-applications/:id/${action}`, adminOnly, async (req, res) => {
      res.json(await applications.review(parseId(req.params.id, "Application not found"), requireUser(res), decision, requestMeta(req)));
    });
  }

  return router;
}
