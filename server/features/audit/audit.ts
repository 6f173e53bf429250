/**
 * The audit trail: who changed what (content, settings, accounts), when, from where, and which fields changed.
 * Append-only and tamper-evident: every event is a link of an HMAC chain (./audit-chain.ts) whose two ends (the
 * anchor left by pruning and the head) are kept, sealed, in the one row of `audit_chain`. Nothing here updates or
 * deletes an event, except `prune`, which removes the oldest ones past their keeping time and moves the anchor.
 */
import { and, asc, desc, eq, gt, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { auditChain, auditEvents } from "../../db/schema";
import { auditSummary, type AuditAction, type AuditEntityType, type AuditSummary } from "../../../shared/audit";
import { auditKeys, chainMac, contentOf, eventHash, hashMatches, sealMatches, type AuditContent, type ChainEnds } from "./audit-chain";
import type { Request } from "express";
import { requestMeta, type EventMeta } from "../security-events/security-events";

/** The transaction-level advisory lock every append takes: one linear chain, whatever the number of instances. */
const AUDIT_LOCK = 7_340_023;
/** Events read at a time while verifying, exporting or pruning, so memory stays bounded. */
const PAGE = 1_000;
/** One page of the dashboard's list. */
export const AUDIT_PAGE = 50;
/** An export holds at most this many events (the newest matching ones). */
export const AUDIT_EXPORT_MAX = 10_000;
/** The dashboard's days (the date filters) are days in this time zone. */
export const AUDIT_TIME_ZONE = "Africa/Cairo";

/** Who made a change: the signed-in admin (a PublicUser fits), or null for the system (retention, a scheduled job). */
export type AuditActor = { id: number; email: string } | null;

/** Who made a change and from where, as a write method takes it to record the change. */
export type AuditBy = { actor: AuditActor; meta?: EventMeta };

/** The signed-in admin of a request and where it came from (the address and the browser, as the security log keeps them). */
export const requestBy = (req: Pick<Request, "ip" | "get">, actor: AuditActor): AuditBy => ({ actor, meta: requestMeta(req) });

/**
 * One change to record. `before` and `after` are the item as it was and as it is (plain objects: a row, a DTO, a
 * setting's value; null for a creation or a deletion); the service computes the summary of the changed fields
 * itself (`auditSummary` in shared/audit.ts: secrets dropped, long texts as lengths), so callers pass whole objects.
 */
export type AuditEntry = {
  actor: AuditActor;
  /** Where the request came from: `requestMeta(req)` (server/features/security-events/security-events.ts). */
  meta?: EventMeta;
  action: AuditAction;
  entity: { type: AuditEntityType; id?: string | number | null };
  before?: object | null;
  after?: object | null;
};

/** A change without its author: what a write method records once it knows who made it (`AuditBy`). */
export type AuditChange = Omit<AuditEntry, keyof AuditBy>;

/**
 * Records `change` as made by `by`, in `tx`, when there is an audit service and an author: write methods take `by`
 * optionally, and the seed and the tests of their rules pass none, so nothing is recorded for them.
 */
export const recordBy = (audit: AuditService | undefined, by: AuditBy | undefined, change: AuditChange, tx?: Tx) =>
  audit && by ? audit.record({ ...by, ...change }, tx) : Promise.resolve(null);

/** The dashboard's and the export's filters. `actor` is an account id or an e-mail address; days are Cairo days. */
export type AuditFilters = {
  actor?: string;
  entityType?: AuditEntityType;
  entityId?: string;
  /** First day shown (YYYY-MM-DD), inclusive. */
  from?: string;
  /** Last day shown (YYYY-MM-DD), inclusive. */
  to?: string;
};

/** What can be wrong with the chain, at the first event where it is. */
export type AuditProblem =
  /** The event's content is not what was hashed: it was edited. */
  | "hash-mismatch"
  /** The event does not follow the one before it: something was inserted or replaced. */
  | "prev-link"
  /** The event with this id is missing: removed. */
  | "gap"
  /** An event the chain does not hold: before the anchor or after the head. */
  | "outside-chain"
  /** The newest event is not the head the chain recorded. */
  | "head-mismatch"
  /** The row holding the chain's ends is gone. */
  | "state-missing"
  /** The chain's ends were changed without the key. */
  | "state-seal";

export type AuditVerification = {
  ok: boolean;
  /** Events checked and found sound (all of them when ok; those before the break otherwise). */
  count: number;
  /** The newest event pruned (0 before any pruning) and the chain's newest event. */
  anchorId: number;
  headId: number;
  headHash: string;
  /** The first problem: the event it is at (null for the chain's own row) and what is wrong. */
  broken: { id: number | null; problem: AuditProblem } | null;
};

/** Raised when the chain's own row is gone or its seal broken: nothing is appended to a chain that does not verify. */
export class AuditChainError extends Error {
  name = "AuditChainError";
}

type EventRow = typeof auditEvents.$inferSelect;

/** An event as the API answers it (the hashes only in the export). */
export const toAuditDto = (r: EventRow) => ({
  id: r.id,
  occurredAt: r.occurredAt.toISOString(),
  actorId: r.actorId,
  actorEmail: r.actorEmail,
  ip: r.ip,
  userAgent: r.userAgent,
  action: r.action,
  entityType: r.entityType,
  entityId: r.entityId,
  summary: r.summary as AuditSummary,
});
export type AuditEventDto = ReturnType<typeof toAuditDto>;
export const toAuditExportDto = (r: EventRow) => ({ ...toAuditDto(r), prevHash: r.prevHash, hash: r.hash });
export type AuditExportDto = ReturnType<typeof toAuditExportDto>;

/** Text a text column can hold (no NUL). */
const column = (s: string | null | undefined, max: number) => (s ? s.replace(/\u0000/g, "").slice(0, max) : null);

export function createAuditService({
  db,
  secretKeys,
  clock = () => new Date(),
}: {
  db: Db;
  secretKeys: { current: string; older: string[] };
  /** The time events are stamped with (tests record events in the past to prune them). */
  clock?: () => Date;
}) {
  const keys = auditKeys(secretKeys);
  const [key] = keys;

  async function readEnds(tx: Db | Tx) {
    const [state] = await tx.select().from(auditChain).where(eq(auditChain.id, 1));
    return state;
  }

  const seal = (ends: ChainEnds) => ({ ...ends, mac: chainMac(key, ends), updatedAt: new Date() });

  /** Appends one event after the head, under the lock, in `tx`; returns it. */
  async function append(tx: Tx, entry: Omit<AuditEntry, "before" | "after">, summary: AuditSummary) {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
    const ends = await readEnds(tx);
    if (!ends) throw new AuditChainError("the audit trail's chain row is missing; nothing can be recorded until it is restored");
    if (!sealMatches(keys, ends)) throw new AuditChainError("the audit trail's chain row does not carry a valid seal; nothing is recorded on a broken chain");
    const content: AuditContent = {
      id: ends.headId + 1,
      occurredAt: clock().toISOString(),
      actorId: entry.actor?.id ?? null,
      actorEmail: column(entry.actor?.email, 320),
      ip: column(entry.meta?.ip, 100),
      userAgent: column(entry.meta?.userAgent, 300),
      action: entry.action,
      entityType: entry.entity.type,
      entityId: entry.entity.id === undefined || entry.entity.id === null ? null : String(entry.entity.id),
      summary,
    };
    const hash = eventHash(key, ends.headHash, content);
    await tx.insert(auditEvents).values({ ...content, occurredAt: new Date(content.occurredAt), summary, prevHash: ends.headHash, hash });
    await tx
      .update(auditChain)
      .set(seal({ anchorId: ends.anchorId, anchorHash: ends.anchorHash, headId: content.id, headHash: hash }))
      .where(eq(auditChain.id, 1));
    return { id: content.id, hash };
  }

  function filtersWhere(f: AuditFilters): SQL | undefined {
    const actor = f.actor?.trim();
    return and(
      actor ? (/^\d+$/.test(actor) ? eq(auditEvents.actorId, Number(actor)) : sql`lower(${auditEvents.actorEmail}) = ${actor.toLowerCase()}`) : undefined,
      f.entityType ? eq(auditEvents.entityType, f.entityType) : undefined,
      f.entityId ? eq(auditEvents.entityId, f.entityId) : undefined,
      // A day is a day in Cairo: from its midnight there to the next one.
      f.from ? sql`${auditEvents.occurredAt} >= (${f.from}::date)::timestamp at time zone ${AUDIT_TIME_ZONE}` : undefined,
      f.to ? sql`${auditEvents.occurredAt} < ((${f.to}::date) + 1)::timestamp at time zone ${AUDIT_TIME_ZONE}` : undefined,
    );
  }

  /** Checks the chain from the anchor to the head; the first problem found, or none. */
  async function walk(): Promise<AuditVerification> {
    const ends = await readEnds(db);
    if (!ends) return { ok: false, count: 0, anchorId: 0, headId: 0, headHash: "", broken: { id: null, problem: "state-missing" } };
    const base = { anchorId: ends.anchorId, headId: ends.headId, headHash: ends.headHash };
    const broken = (count: number, id: number | null, problem: AuditProblem): AuditVerification => ({ ok: false, count, ...base, broken: { id, problem } });
    if (!sealMatches(keys, ends)) return broken(0, null, "state-seal");

    let expected = ends.anchorId + 1;
    let prev = ends.anchorHash;
    let count = 0;
    let cursor = 0;
    // Events appended while this runs are past the head read above; they are the next verification's.
    for (;;) {
      const rows = await db
        .select()
        .from(auditEvents)
        .where(and(gt(auditEvents.id, cursor), lte(auditEvents.id, ends.headId)))
        .orderBy(asc(auditEvents.id))
        .limit(PAGE);
      for (const row of rows) {
        if (row.id < expected) return broken(count, row.id, "outside-chain");
        if (row.id > expected) return broken(count, expected, "gap");
        if (row.prevHash !== prev) return broken(count, row.id, "prev-link");
        if (!hashMatches(keys, prev, contentOf(row), row.hash)) return broken(count, row.id, "hash-mismatch");
        prev = row.hash;
        expected++;
        count++;
      }
      if (rows.length < PAGE) break;
      cursor = rows[rows.length - 1].id;
    }
    if (expected - 1 < ends.headId) return broken(count, expected, "gap");
    if (prev !== ends.headHash) return broken(count, ends.headId, "head-mismatch");
    // An event past the head that no append recorded: re-read the head first, as one may have been appended since.
    const [after] = await db.select({ id: auditEvents.id }).from(auditEvents).where(gt(auditEvents.id, ends.headId)).orderBy(asc(auditEvents.id)).limit(1);
    if (after) {
      const now = await readEnds(db);
      const [beyond] = await db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(gt(auditEvents.id, now?.headId ?? ends.headId))
        .orderBy(asc(auditEvents.id))
        .limit(1);
      if (beyond) return broken(count, beyond.id, "outside-chain");
    }
    return { ok: true, count, ...base, broken: null };
  }

  return {
    /**
     * Records one change, inside `tx` when given (the caller's transaction: the event exists exactly when the change
     * committed), else in a transaction of its own. Returns the event's id, or null when an update changed nothing.
     * Record as the last step of a transaction: the chain's lock is held until it commits.
     *
     * Example, a press release's update (in the press service's transaction, `before` and `after` the rows):
     *   await audit.record(
     *     { actor: requireUser(res), meta: requestMeta(req), action: "press.update", entity: { type: "press", id }, before, after },
     *     tx,
     *   );
     */
    async record(entry: AuditEntry, tx?: Tx): Promise<{ id: number } | null> {
      const summary = auditSummary(entry.before ?? null, entry.after ?? null);
      if (entry.before && entry.after && Object.keys(summary).length === 0) return null;
      const { before: _b, after: _a, ...event } = entry;
      const run = (t: Tx) => append(t, event, summary).then(({ id }) => ({ id }));
      return tx ? run(tx) : db.transaction(run);
    },

    /** Newest first, AUDIT_PAGE at a time (keyset on the id), filtered. */
    async list(opts: AuditFilters & { before?: number; limit?: number } = {}) {
      const limit = Math.min(opts.limit ?? AUDIT_PAGE, 200);
      const rows = await db
        .select()
        .from(auditEvents)
        .where(and(filtersWhere(opts), opts.before ? lt(auditEvents.id, opts.before) : undefined))
        .orderBy(desc(auditEvents.id))
        .limit(limit + 1);
      return { events: rows.slice(0, limit).map(toAuditDto), nextBefore: rows.length > limit ? rows[limit - 1].id : null };
    },

    /** The events an export holds, newest first, in batches of PAGE: at most `max` (AUDIT_EXPORT_MAX). */
    async *exportBatches(filters: AuditFilters, max = AUDIT_EXPORT_MAX): AsyncGenerator<AuditExportDto[]> {
      let before: number | undefined;
      let left = max;
      while (left > 0) {
        const rows = await db
          .select()
          .from(auditEvents)
          .where(and(filtersWhere(filters), before ? lt(auditEvents.id, before) : undefined))
          .orderBy(desc(auditEvents.id))
          .limit(Math.min(PAGE, left));
        if (!rows.length) return;
        yield rows.map(toAuditExportDto);
        left -= rows.length;
        before = rows[rows.length - 1].id;
      }
    },

    /** True when more than `max` events match: an export of them leaves the oldest out. */
    async exceedsExport(filters: AuditFilters, max = AUDIT_EXPORT_MAX): Promise<boolean> {
      const [beyond] = await db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(filtersWhere(filters))
        .orderBy(desc(auditEvents.id))
        .offset(max)
        .limit(1);
      return Boolean(beyond);
    },

    /**
     * Walks the chain from the anchor to the head, PAGE events at a time: ok, or the first broken event. A prune that
     * moves the anchor while it runs makes it start again from the new anchor.
     */
    async verify(): Promise<AuditVerification> {
      let result = await walk();
      for (let attempt = 0; attempt < 3 && !result.ok; attempt++) {
        const ends = await readEnds(db);
        if (!ends || ends.anchorId === result.anchorId) break;
        result = await walk();
      }
      return result;
    },

    /**
     * Removes the events older than `keepDays` days, oldest first, `batch` at a time, each batch in a transaction
     * that checks the events it removes (a chain that does not verify is never pruned: that would hide the
     * tampering), moves the anchor to the last one removed and records the prune as an event of the system.
     * Returns how many were removed; `stopped()` ends it after the current batch.
     */
    async prune(opts: { keepDays: number; batch?: number; stopped?: () => boolean }): Promise<number> {
      const batch = opts.batch ?? 2_000;
      let total = 0;
      for (;;) {
        const removed = await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
          const ends = await readEnds(tx);
          if (!ends) throw new AuditChainError("the audit trail's chain row is missing; nothing is pruned");
          if (!sealMatches(keys, ends)) throw new AuditChainError("the audit trail's chain row does not carry a valid seal; nothing is pruned");
          const rows = await tx
            .select()
            .from(auditEvents)
            .where(and(gt(auditEvents.id, ends.anchorId), sql`${auditEvents.occurredAt} < now() - make_interval(days => ${opts.keepDays})`))
            .orderBy(asc(auditEvents.id))
            .limit(batch);
          // Only the chain's start can go: the events from the anchor on, up to the first one still kept.
          let prev = ends.anchorHash;
          let last: EventRow | undefined;
          for (const row of rows) {
            if (row.id !== (last?.id ?? ends.anchorId) + 1) break;
            if (row.prevHash !== prev || !hashMatches(keys, prev, contentOf(row), row.hash))
              throw new AuditChainError(`audit event #${row.id} does not verify; nothing is pruned from a broken chain`);
            prev = row.hash;
            last = row;
          }
          if (!last) return 0;
          await tx.delete(auditEvents).where(and(gt(auditEvents.id, ends.anchorId), lte(auditEvents.id, last.id)));
          await tx
            .update(auditChain)
            .set(seal({ anchorId: last.id, anchorHash: last.hash, headId: ends.headId, headHash: ends.headHash }))
            .where(eq(auditChain.id, 1));
          const count = last.id - ends.anchorId;
          await append(
            tx,
            { actor: null, action: "audit.prune", entity: { type: "audit", id: null } },
            auditSummary(null, { removed: count, firstId: ends.anchorId + 1, lastId: last.id, keepDays: opts.keepDays }),
          );
          return count;
        });
        total += removed;
        if (removed < batch || opts.stopped?.()) return total;
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
