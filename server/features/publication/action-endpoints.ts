import type { Request } from "express";
import type { z } from "zod";
import type { EndpointDef, idParams } from "../../../shared/api/contract";
import type { MessageId } from "../../../shared/i18n/messages";
import type { ScheduleInput, scheduleSchema } from "../../../shared/schemas";
import type { AuditBy } from "../audit/audit";
import type { PublicUser } from "../accounts/users";
import { endpoint, type Served } from "../../http/endpoint";

/** A kind of item's publication actions (server/features/publication/publication-actions.ts), each answering the item as `T`. */
export type Publishable<T> = {
  publish(id: number, by?: AuditBy): Promise<T>;
  schedule(id: number, input: ScheduleInput, by?: AuditBy): Promise<T>;
  unpublish(id: number, by?: AuditBy): Promise<T>;
  withdraw(id: number, by?: AuditBy): Promise<T>;
};

/** One publication action's contract entry (shared/api/publication.ts): an admin's POST on an item's id. */
type Action<R extends z.ZodType> = EndpointDef & { method: "POST"; access: "admin"; params: typeof idParams; response: R };
type Actions<R extends z.ZodType> = {
  publish: Action<R>;
  schedule: Action<R> & { body: typeof scheduleSchema };
  unpublish: Action<R>;
  withdraw: Action<R>;
};

/**
 * POST /:id/publish, /:id/schedule, /:id/unpublish and /:id/withdraw of one kind of item (its admin router's
 * `publicationEndpoints` entries), admins only, each answering the item as it is afterwards. `by` names the admin who
 * acts, for the audit trail; an id that does not parse is `notFound`.
 */
export function publicationRoutes<R extends z.ZodType>(
  actions: Actions<R>,
  service: Publishable<z.output<R>>,
  notFound: MessageId,
  by: (req: Request, user: PublicUser) => AuditBy,
): Served[] {
  const { publish, schedule, unpublish, withdraw }: Actions<z.ZodType> = actions;
  const items: Publishable<unknown> = service;
  return [
    endpoint(publish, ({ params, user, req }) => items.publish(params.id, by(req, user)), { notFound }),
    endpoint(schedule, ({ params, body, user, req }) => items.schedule(params.id, body, by(req, user)), { notFound }),
    endpoint(unpublish, ({ params, user, req }) => items.unpublish(params.id, by(req, user)), { notFound }),
    endpoint(withdraw, ({ params, user, req }) => items.withdraw(params.id, by(req, user)), { notFound }),
  ];
}
