import { z } from "zod";
import { SECURITY_EVENT_TYPES } from "../security-events";
import { endpoint } from "./contract";
import { beforeCursor, nextBefore } from "./paging";

const eventType = z.enum(SECURITY_EVENT_TYPES, { error: "validation.securityEvents.type" });

/** `?type=&userId=&before=`: one type of event, one account's events, and the page cursor. */
export const securityEventListQuery = z.object({
  type: eventType.optional(),
  userId: z.coerce
    .number<number | string>({ error: "validation.securityEvents.user" })
    .int("validation.securityEvents.user")
    .positive("validation.securityEvents.user")
    .optional(),
  before: beforeCursor,
});

/** One entry of the security log, with the account it is about and the admin who made the change. */
export const securityEventSchema = z
  .strictObject({
    id: z.number().int(),
    type: eventType,
    userId: z.number().int().nullable(),
    actorId: z.number().int().nullable().meta({ description: "The admin (or other user) who made the change, when not the account's owner." }),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    detail: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .nullable()
      .meta({ description: "What changed: a role's old and new value, the sign-in's method or step, a passkey's name." }),
    createdAt: z.iso.datetime(),
    email: z.string().nullable(),
    fullName: z.string().nullable(),
    actorEmail: z.string().nullable(),
  })
  .meta({ id: "SecurityEvent" });
export type SecurityEventRow = z.output<typeof securityEventSchema>;

/** The security log: sign-ins (successful, failed, held back), resets, confirmations, role and factor changes. */
export const securityEventEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/security-events",
    tag: "Security log (admin)",
    summary: "The security log, newest first, 50 at a time",
    access: "admin",
    query: securityEventListQuery,
    response: z.strictObject({
      events: z.array(securityEventSchema),
      nextBefore,
      keepDays: z.number().int().meta({ description: "How long an event stays in the log (SECURITY_LOG_KEEP_DAYS)." }),
    }),
  }),
};
