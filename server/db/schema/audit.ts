import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";

/**
 * The audit trail: who changed what in the site's content, settings and accounts, when and from where, and a summary
 * of the fields that changed (never a secret). Append-only, and tamper-evident: each row's `hash` is an HMAC, under a
 * key only the server holds, of the previous row's hash and the row's own content, so an edited, removed or inserted
 * row breaks the chain (server/features/audit/audit.ts). Ids are given by the service under the chain's lock (the head's
 * id + 1), never by a sequence, so they have no gaps and a missing id means a removed row.
 * `actor_id` has no foreign key on purpose: deleting an account must not rewrite a hashed row; `actor_email` keeps
 * who it was.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: integer("id").primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The signed-in admin; null for the system (the retention job, a scheduled publication). */
    actorId: integer("actor_id"),
    actorEmail: text("actor_email"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** What happened, as 'entity.verb': 'press.update', 'user.role', 'settings.update', ... */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** The changed fields: { field: { from, to } }, long texts as { fromLength, toLength } (shared/audit.ts). */
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    index("audit_events_occurred_idx").on(t.occurredAt),
    index("audit_events_actor_idx").on(t.actorId, t.id),
    index("audit_events_entity_idx").on(t.entityType, t.entityId, t.id),
  ],
);

/**
 * The audit chain's two ends, in one row (id 1), updated in the transaction of every audit event: the anchor (the
 * last pruned event's id and hash, 0 and the genesis hash before any pruning) and the head (the newest event's id and
 * hash), so removing the oldest or the newest events is noticed too. `mac` seals the four values under the same key
 * as the events; the migration writes the genesis row with an empty `mac`, valid only while both ends are 0.
 */
export const auditChain = pgTable(
  "audit_chain",
  {
    id: integer("id").primaryKey(),
    anchorId: integer("anchor_id").notNull(),
    anchorHash: text("anchor_hash").notNull(),
    headId: integer("head_id").notNull(),
    headHash: text("head_hash").notNull(),
    mac: text("mac").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("audit_chain_one_row", sql`${t.id} = 1`)],
);
