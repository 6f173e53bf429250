import { z } from "zod";
import { AUDIT_ACTOR_MAX, AUDIT_ENTITY_ID_MAX, AUDIT_ENTITY_TYPES } from "../audit";
import { withValues } from "../i18n/messages";
import { endpoint, fileAnswer } from "./contract";
import { beforeCursor, nextBefore } from "./paging";

const tag = "Audit trail (admin)";

const day = (message: string) => z.iso.date({ error: message }).optional();

/**
 * The filters of the list and the export: who (an account id or an e-mail address, any case), the item (its type and
 * id), and a range of days in Cairo time (both inclusive).
 */
export const auditFiltersQuery = z
  .object({
    actor: z
      .string()
      .trim()
      .max(AUDIT_ACTOR_MAX, withValues("validation.audit.actor", { max: AUDIT_ACTOR_MAX }))
      .optional()
      .meta({ description: "An account id, or an e-mail address (any case): the admin who made the changes." }),
    entityType: z.enum(AUDIT_ENTITY_TYPES, { error: "validation.audit.entityType" }).optional(),
    entityId: z
      .string()
      .trim()
      .max(AUDIT_ENTITY_ID_MAX, withValues("validation.audit.entityId", { max: AUDIT_ENTITY_ID_MAX }))
      .optional()
      .meta({ description: "The item's id (with entityType)." }),
    from: day("validation.audit.date").meta({ description: "First day (YYYY-MM-DD, Cairo time), inclusive." }),
    to: day("validation.audit.date").meta({ description: "Last day (YYYY-MM-DD, Cairo time), inclusive." }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "validation.audit.range", path: ["to"] });

/** `?actor=&entityType=&entityId=&from=&to=&before=`: the filters and the page cursor. */
export const auditListQuery = auditFiltersQuery.safeExtend({ before: beforeCursor });

/** The export's query: the filters, the file's format, and the language of the CSV's column names and words. */
export const auditExportQuery = auditFiltersQuery.safeExtend({
  format: z.enum(["csv", "json"], { error: "validation.audit.format" }).default("csv"),
  lang: z.enum(["en", "ar"]).optional(),
});

const auditValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))]);

/** One field's change: its value before and after, or, for a long text, only the lengths. */
export const auditFieldChangeSchema = z
  .union([
    z.strictObject({ from: auditValue, to: auditValue }),
    z.strictObject({ fromLength: z.number().int().nullable(), toLength: z.number().int().nullable() }),
  ])
  .meta({ id: "AuditFieldChange" });

/** One event of the audit trail. */
export const auditEventSchema = z
  .strictObject({
    id: z.number().int(),
    occurredAt: z.iso.datetime(),
    actorId: z.number().int().nullable().meta({ description: "The admin who made the change; null for the system (retention, a scheduled job)." }),
    actorEmail: z.string().nullable().meta({ description: "The admin's address when the change was made." }),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    action: z.string().meta({ description: "'<item type>.<verb>': press.update, user.role, settings.update, ..." }),
    entityType: z.string(),
    entityId: z.string().nullable(),
    summary: z
      .record(z.string(), auditFieldChangeSchema)
      .meta({ description: "The changed fields, by name or path; never a secret; HTML and long texts by their lengths only." }),
  })
  .meta({ id: "AuditEvent" });
export type AuditEventRow = z.output<typeof auditEventSchema>;

/** What verification found. */
export const auditVerificationSchema = z
  .strictObject({
    ok: z.boolean(),
    count: z.number().int().meta({ description: "Events checked and found sound (all of them when ok; those before the break otherwise)." }),
    anchorId: z.number().int().meta({ description: "The newest event removed by pruning (0 before any)." }),
    headId: z.number().int().meta({ description: "The chain's newest event." }),
    headHash: z.string().meta({ description: "The newest event's hash: note it elsewhere to prove later that no newer event was removed." }),
    broken: z
      .strictObject({
        id: z.number().int().nullable().meta({ description: "The event where the chain breaks; null for the chain's own record of its ends." }),
        problem: z.enum(["hash-mismatch", "prev-link", "gap", "outside-chain", "head-mismatch", "state-missing", "state-seal"]),
      })
      .nullable(),
  })
  .meta({ id: "AuditVerification" });
export type AuditVerificationRow = z.output<typeof auditVerificationSchema>;

/** The audit trail: who changed what in the content, settings and accounts, when and from where. */
export const auditEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/audit",
    tag,
    summary: "The audit trail, newest first, 50 at a time",
    access: "admin",
    query: auditListQuery,
    response: z.strictObject({
      events: z.array(auditEventSchema),
      nextBefore,
      keepDays: z.number().int().meta({ description: "How long an event stays in the trail (AUDIT_KEEP_DAYS)." }),
    }),
  }),
  verify: endpoint({
    method: "GET",
    path: "/api/admin/audit/verify",
    tag,
    summary: "Checks the audit trail's hash chain from its start to its newest event",
    description: "Answers 200 whether or not the chain is intact: `ok` says which, `broken` where it breaks first.",
    access: "admin",
    response: auditVerificationSchema,
  }),
  export: endpoint({
    method: "GET",
    path: "/api/admin/audit/export",
    tag,
    summary: "The matching events as a CSV or JSON file",
    description:
      "At most 10,000 events, the newest (X-Export-Truncated: true when more matched). CSV: UTF-8 with a byte-order mark, column names and words in `lang` (else the request's language), times in ISO 8601 (UTC), cells a spreadsheet would run as a formula prefixed with an apostrophe. JSON: an array of events with their hashes.",
    access: "admin",
    query: auditExportQuery,
    response: fileAnswer(["text/csv; charset=utf-8", "application/json"], "The events (Content-Disposition: attachment)."),
  }),
};
