import type { Request, Response, Router } from "express";
import { scheduleSchema, type ScheduleInput } from "../../shared/schemas";
import type { MessageId } from "../../shared/i18n/messages";
import type { AuditBy } from "../services/audit";
import { adminOnly } from "./guards";
import { parse, parseId } from "./validate";

type Publishable = {
  publish(id: number, by?: AuditBy): Promise<unknown>;
  schedule(id: number, input: ScheduleInput, by?: AuditBy): Promise<unknown>;
  unpublish(id: number, by?: AuditBy): Promise<unknown>;
  withdraw(id: number, by?: AuditBy): Promise<unknown>;
};

/**
 * POST /:id/publish, /:id/schedule, /:id/unpublish and /:id/withdraw on `router`: the publication actions of one
 * kind of item, admins only, each answering the item as it is afterwards (shared/api/publication.ts). `by` names
 * who acts, for the audit trail.
 */
export function addPublicationRoutes(router: Router, service: Publishable, notFound: MessageId, by: (req: Request, res: Response) => AuditBy) {
  const id = (raw: Parameters<typeof parseId>[0]) => parseId(raw, notFound);
  router.post("/:id/publish", adminOnly, async (req, res) => {
    res.json(await service.publish(id(req.params.id), by(req, res)));
  });
  router.post("/:id/schedule", adminOnly, async (req, res) => {
    const itemId = id(req.params.id);
    res.json(await service.schedule(itemId, parse(scheduleSchema, req.body), by(req, res)));
  });
  router.post("/:id/unpublish", adminOnly, async (req, res) => {
    res.json(await service.unpublish(id(req.params.id), by(req, res)));
  });
  router.post("/:id/withdraw", adminOnly, async (req, res) => {
    res.json(await service.withdraw(id(req.params.id), by(req, res)));
  });
  return router;
}
