import type { Router } from "express";
import { scheduleSchema } from "../../shared/schemas";
import type { MessageId } from "../../shared/i18n/messages";
import { adminOnly, requireUser } from "./guards";
import { parse, parseId } from "./validate";
import { requestBy, type AuditBy } from "../services/audit";
import { resolveSchedule, type Schedule } from "../services/schedule-input";

type Publishable = {
  publish(id: number, by?: AuditBy): Promise<unknown>;
  schedule(id: number, schedule: Schedule, by?: AuditBy): Promise<unknown>;
  unpublish(id: number, by?: AuditBy): Promise<unknown>;
  withdraw(id: number, by?: AuditBy): Promise<unknown>;
};

/**
 * POST /:id/publish, /:id/schedule, /:id/unpublish and /:id/withdraw on `router`: the publication actions of one
 * kind of item, admins only, each answering the item as it is afterwards (shared/api/publication.ts).
 */
export function addPublicationRoutes(router: Router, service: Publishable, notFound: MessageId) {
  const id = (raw: Parameters<typeof parseId>[0]) => parseId(raw, notFound);
  router.post("/:id/publish", adminOnly, async (req, res) => {
    res.json(await service.publish(id(req.params.id), requestBy(req, requireUser(res))));
  });
  router.post("/:id/schedule", adminOnly, async (req, res) => {
    const itemId = id(req.params.id);
    res.json(await service.schedule(itemId, resolveSchedule(parse(scheduleSchema, req.body), new Date()), requestBy(req, requireUser(res))));
  });
  router.post("/:id/unpublish", adminOnly, async (req, res) => {
    res.json(await service.unpublish(id(req.params.id), requestBy(req, requireUser(res))));
  });
  router.post("/:id/withdraw", adminOnly, async (req, res) => {
    res.json(await service.withdraw(id(req.params.id), requestBy(req, requireUser(res))));
  });
  return router;
}
