/**
 * Revisions of press releases and portfolio companies: every create and edit keeps the item as saved (all its fields,
 * both languages) under the next number, in the save's own transaction, with who saved it. A revision is never changed
 * or removed; a restore copies one revision's texts back into the item as a new draft and is itself kept as the next
 * revision ('restore:<n>').
 *
 * Items saved before revisions existed have none until their next save, which first keeps the item as it was
 * (revision 1, reason 'baseline', author unknown) and then the save (revision 2), so the text before the first edit
 * can still be restored. Numbers are max + 1 while the save holds the item's row lock (an update and a restore lock
 * the row; a creation's row is not visible to anyone else yet), so two saves never take one number; the unique index
 * (entity, id, number) refuses one that somehow did.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { contentRevisions, portfolioItems, pressColumns, pressReleases } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { MessageId } from "../../../shared/i18n/messages";
import { BASELINE_REASON, RESTORED_FIELDS, REVISION_UNCOMPARED, restoreReason, revisionTexts, type RevisionEntity } from "../../../shared/revisions";
import { recordBy, type AuditBy, type AuditService } from "../audit/audit";

/** At most this many revisions are listed (the newest); older ones can still be read and restored by number. */
export const REVISIONS_LISTED = 200;

const NOT_FOUND: Record<RevisionEntity, MessageId> = { press: "errors.notFound.press", portfolio: "errors.notFound.portfolio" };
const NO_SCHEDULE = { publishAt: null, unpublishAt: null, scheduleZone: null } as const;

/** A stored row as a revision keeps it: JSON (dates as ISO strings), the search document never included. */
const asData = (row: object): Record<string, unknown> => {
  const { searchDocument: _searchDocument, ...rest } = row as Record<string, unknown>;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
};

const where = (entity: RevisionEntity, id: number) => and(eq(contentRevisions.entityType, entity), eq(contentRevisions.entityId, id));

/**
 * Keeps `row` (the item as just saved) as the next revision of item `id`, in `tx`, as saved by `by` (none: the system
 * or the seed) for `reason` (none: an edit). `before` is the item as it was before this save: kept first, as the
 * baseline, when the item has no revision yet. The caller holds the item's row lock (or has just created it).
 * Returns the number kept.
 */
export async function keep(tx: Tx, entity: RevisionEntity, id: number, row: object, by?: AuditBy, reason?: string, before?: object | null): Promise<number> {
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${contentRevisions.number}), 0)::int` })
    .from(contentRevisions)
    .where(where(entity, id));
  let number = last;
  const rows: (typeof contentRevisions.$inferInsert)[] = [];
  if (number === 0 && before) rows.push({ entityType: entity, entityId: id, number: ++number, data: asData(before), reason: BASELINE_REASON });
  const actor = by?.actor ?? null;
  rows.push({
    entityType: entity,
    entityId: id,
    number: ++number,
    data: asData(row),
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    reason: reason ?? null,
  });
  await tx.insert(contentRevisions).values(rows);
  return number;
}

/** One entry of an item's list of revisions. `changed`: the fields that differ from the revision before (null for the first). */
export type RevisionEntryDto = {
  number: number;
  actorId: number | null;
  actorEmail: string | null;
  reason: string | null;
  createdAt: string;
  changed: string[] | null;
};

/** One revision's texts (both languages), as the dashboard compares them. */
export type RevisionDto = Omit<RevisionEntryDto, "changed"> & { entity: RevisionEntity; entityId: number; texts: Record<string, string | null> };

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function createRevisionService({ db, audit }: { db: Db; audit?: AuditService }) {
  /** Throws a 404 unless item `id` exists (in any state). */
  async function assertItem(tx: Db | Tx, entity: RevisionEntity, id: number) {
    const table = entity === "press" ? pressReleases : portfolioItems;
    const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!found) throw notFound(NOT_FOUND[entity]);
  }

  async function readRevision(tx: Db | Tx, entity: RevisionEntity, id: number, number: number) {
    const [rev] = await tx
      .select()
      .from(contentRevisions)
      .where(and(where(entity, id), eq(contentRevisions.number, number)));
    if (!rev) throw notFound("errors.notFound.revision");
    return rev;
  }

  /** The item's current row, locked for the rest of `tx`; a missing item is a 404. */
  async function lockItem(tx: Tx, entity: RevisionEntity, id: number) {
    if (entity === "press") {
      const [row] = await tx.select(pressColumns).from(pressReleases).where(eq(pressReleases.id, id)).for("update");
      if (!row) throw notFound(NOT_FOUND.press);
      return row;
    }
    const [row] = await tx.select().from(portfolioItems).where(eq(portfolioItems.id, id)).for("update");
    if (!row) throw notFound(NOT_FOUND.portfolio);
    return row;
  }

  return {
    keep,

    /**
     * Item `id`'s revisions, newest first (at most REVISIONS_LISTED), each with the fields it changed from the one
     * before, compared in the database so the texts themselves are not read. An item without revisions (not saved
     * since revisions exist) has an empty list; an unknown item is a 404.
     */
    async list(entity: RevisionEntity, id: number): Promise<RevisionEntryDto[]> {
      await assertItem(db, entity, id);
      const skipped = sql.join(
        REVISION_UNCOMPARED.map((k) => sql`${k}`),
        sql`, `,
      );
      const result = (await db.execute(sql`
        select r.number, r.actor_id, r.actor_email, r.reason, r.created_at,
          case when p.data is null then null else array(
            select k from jsonb_object_keys(r.data || p.data) as k
            where (r.data -> k) is distinct from (p.data -> k) and k not in (${skipped})
            order by k
          ) end as changed
        from content_revisions r
        left join content_revisions p
          on p.entity_type = r.entity_type and p.entity_id = r.entity_id and p.number = r.number - 1
        where r.entity_type = ${entity} and r.entity_id = ${id}
        order by r.number desc
        limit ${REVISIONS_LISTED}`)) as unknown as {
        rows: {
          number: number;
          actor_id: number | null;
          actor_email: string | null;
          reason: string | null;
          created_at: Date | string;
          changed: string[] | null;
        }[];
      };
      return result.rows.map((r) => ({
        number: Number(r.number),
        actorId: r.actor_id === null ? null : Number(r.actor_id),
        actorEmail: r.actor_email,
        reason: r.reason,
        createdAt: iso(r.created_at),
        changed: r.changed,
      }));
    },

    /** Revision `number` of item `id`: who, when, why, and its texts in both languages. Unknown item or number: 404. */
    async get(entity: RevisionEntity, id: number, number: number): Promise<RevisionDto> {
      await assertItem(db, entity, id);
      const rev = await readRevision(db, entity, id, number);
      return {
        entity,
        entityId: id,
        number: rev.number,
        actorId: rev.actorId,
        actorEmail: rev.actorEmail,
        reason: rev.reason,
        createdAt: rev.createdAt.toISOString(),
        texts: revisionTexts(entity, rev.data),
      };
    },

    /**
     * Copies revision `number`'s texts (RESTORED_FIELDS: never the flags, the company or the publication fields) back
     * into item `id` and makes it a draft, its schedule dropped: a published item leaves the public site until it is
     * published again, so restored text is never public unreviewed. Keeps the result as a new revision
     * ('restore:<number>') and records `<entity>.restore` in the audit trail, all in one transaction. Returns the
     * new revision's number.
     */
    async restore(entity: RevisionEntity, id: number, number: number, by?: AuditBy): Promise<{ number: number; restored: number }> {
      return db.transaction(async (tx) => {
        const current = await lockItem(tx, entity, id);
        const rev = await readRevision(tx, entity, id, number);
        const texts: Record<string, unknown> = {};
        for (const key of RESTORED_FIELDS[entity]) texts[key] = rev.data[key] ?? null;
        const changes = { ...texts, publication: "draft" as const, ...NO_SCHEDULE, updatedAt: new Date() };
        let row: object;
        if (entity === "press") {
          [row] = await tx
            .update(pressReleases)
            .set(changes as Partial<typeof pressReleases.$inferInsert>)
            .where(eq(pressReleases.id, id))
            .returning(pressColumns);
        } else {
          [row] = await tx
            .update(portfolioItems)
            .set(changes as Partial<typeof portfolioItems.$inferInsert>)
            .where(eq(portfolioItems.id, id))
            .returning();
        }
        const kept = await keep(tx, entity, id, row, by, restoreReason(number), current);
        await recordBy(audit, by, { action: `${entity}.restore`, entity: { type: entity, id }, before: current, after: row }, tx);
        return { number: kept, restored: number };
      });
    },
  };
}

export type RevisionService = ReturnType<typeof createRevisionService>;
