/**
 * The publication actions every publishable kind of item has (publish now, schedule, back to a draft, withdraw)
 * and the scheduler's step, written once for any table with the publication columns. Each action locks the row,
 * checks its state, writes the change and records it in the audit trail, in one transaction; a kind with rules of
 * its own (the press star) adds them through `beforePublish` and `onWithdraw`.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { PgColumn, PgTableWithColumns } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import type { MessageId } from "../../../shared/i18n/messages";
import type { PublicationState } from "../../../shared/publication";
import type { AuditAction } from "../../../shared/audit";
import { recordBy, type AuditBy, type AuditService } from "../audit/audit";
import type { ScheduleInput } from "../../../shared/schemas";
import { resolveSchedule } from "./schedule-input";

/** The columns an item needs to be published, scheduled and taken down. */
type PublicationTableColumns = {
  id: PgColumn;
  publication: PgColumn;
  publishedAt: PgColumn;
  publishAt: PgColumn;
  unpublishAt: PgColumn;
  scheduleZone: PgColumn;
  publishLagMs: PgColumn;
  updatedAt: PgColumn;
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table whose columns include the publication ones
type PublishableTable = PgTableWithColumns<any> & PublicationTableColumns;

/** The part of a row the actions read. */
export type PublishableRow = { id: number; publication: PublicationState; featured?: boolean };

export const NO_SCHEDULE = { publishAt: null, unpublishAt: null, scheduleZone: null } as const;

/** The system's own changes (the scheduler): recorded in the audit trail without a person. */
const SYSTEM: AuditBy = { actor: null };

const stateError = (message: "errors.publication.alreadyPublished" | "errors.publication.notPublished") => new AppError("PUBLICATION_STATE", message);

/** What a scheduler step did for one kind: the items it published (with how late) and those it took down. */
export type DueResult = { published: { id: number; lagMs: number }[]; unpublished: number[] };

export function publicationActions<Row extends PublishableRow, Dto>(opts: {
  db: Db;
  audit?: AuditService;
  table: PublishableTable;
  /** The audit trail's item type; actions are recorded as `<entity>.publish`, `<entity>.schedule`, ... */
  entity: "press" | "portfolio";
  notFoundMessage: MessageId;
  /** The columns an action reads and returns (all the readable ones). */
  columns: Record<string, PgColumn>;
  serialize: (row: Row) => Dto;
  /** Runs in the transaction before `row` is published (now or by the scheduler). */
  beforePublish?: (tx: Tx, row: Row) => Promise<void>;
  /** What else a withdrawal clears (the press flags). */
  onWithdraw?: Record<string, unknown>;
}) {
  const { db, table, entity, columns } = opts;
  const action = (verb: "publish" | "schedule" | "unpublish" | "withdraw") => `${entity}.${verb}` as AuditAction;
  const record = (tx: Tx, by: AuditBy | undefined, verb: Parameters<typeof action>[0], id: number, before: object, after: object) =>
    recordBy(opts.audit, by, { action: action(verb), entity: { type: entity, id }, before, after }, tx);

  async function lockRow(tx: Tx, id: number): Promise<Row> {
    const [current] = await tx.select(columns).from(table).where(eq(table.id, id)).for("update");
    if (!current) throw notFound(opts.notFoundMessage);
    return current as unknown as Row;
  }

  async function setRow(tx: Tx, id: number, changes: Record<string, unknown>): Promise<Row> {
    const [row] = await tx
      .update(table)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(table.id, id))
      .returning(columns);
    return row as unknown as Row;
  }

  /** Moves item `id` to another state: `next` gives the changes from the locked row (null: nothing to do). */
  function transition(
    id: number,
    verb: Parameters<typeof action>[0],
    by: AuditBy | undefined,
    next: (current: Row, tx: Tx) => Promise<Record<string, unknown> | null>,
  ): Promise<Dto> {
    return db.transaction(async (tx) => {
      const current = await lockRow(tx, id);
      const changes = await next(current, tx);
      if (!changes) return opts.serialize(current);
      const row = await setRow(tx, id, changes);
      await record(tx, by, verb, id, current, row);
      return opts.serialize(row);
    });
  }

  const dueToPublish = and(eq(table.publication, "scheduled"), lte(table.publishAt, sql`now()`));
  const dueToTakeDown = and(eq(table.publication, "published"), lte(table.unpublishAt, sql`now()`));

  return {
    /** Publishes now, both languages together (from any state); the schedule, if any, is dropped. */
    publish(id: number, by?: AuditBy) {
      return transition(id, "publish", by, async (current, tx) => {
        if (current.publication === "published") return null;
        await opts.beforePublish?.(tx, current);
        return { publication: "published", publishedAt: sql`now()`, publishLagMs: null, ...NO_SCHEDULE };
      });
    },

    /**
     * Publishes at the editor's wall-clock time in their zone (and takes down at `unpublishAt`): an item not
     * published now. A time in the past, one the clocks skip or an ambiguous one without its offset is a 400.
     */
    schedule(id: number, input: ScheduleInput, by?: AuditBy) {
      const schedule = resolveSchedule(input, new Date());
      return transition(id, "schedule", by, async (current) => {
        if (current.publication === "published") throw stateError("errors.publication.alreadyPublished");
        return { publication: "scheduled", publishAt: schedule.publishAt, unpublishAt: schedule.unpublishAt, scheduleZone: schedule.zone, publishLagMs: null };
      });
    },

    /** Back to a draft: no longer shown, no longer scheduled. */
    unpublish(id: number, by?: AuditBy) {
      return transition(id, "unpublish", by, async (current) => (current.publication === "draft" ? null : { publication: "draft", ...NO_SCHEDULE }));
    },

    /** Takes a published item down for good (kept for the record). */
    withdraw(id: number, by?: AuditBy) {
      return transition(id, "withdraw", by, async (current) => {
        if (current.publication !== "published") throw stateError("errors.publication.notPublished");
        return { publication: "withdrawn", ...opts.onWithdraw, ...NO_SCHEDULE };
      });
    },

    /**
     * The scheduler's step: publishes every scheduled item whose time has come and takes down every published
     * one whose take-down time has come, each exactly once however many instances run it at the same moment
     * (rows another instance holds are skipped, not waited for). Times are the database's clock. `lock` runs
     * first in the transaction when the kind's rules need it (the press flags).
     */
    async publishDue(batch = 50, lock?: (tx: Tx) => Promise<unknown>): Promise<DueResult> {
      // Most steps find nothing due: one indexed look, no lock, no transaction.
      const [{ due }] = await db
        .select({ due: sql<boolean>`exists (select 1 from ${table} where ${dueToPublish}) or exists (select 1 from ${table} where ${dueToTakeDown})` })
        .from(sql`(select 1) as one`);
      if (!due) return { published: [], unpublished: [] };
      return db.transaction(async (tx) => {
        await lock?.(tx);
        const toPublish = await tx
          .select(columns)
          .from(table)
          .where(dueToPublish)
          .orderBy(asc(table.publishAt))
          .limit(batch)
          .for("update", { skipLocked: true });
        const published: DueResult["published"] = [];
        for (const row of toPublish as unknown as Row[]) {
          await opts.beforePublish?.(tx, row);
          const done = await setRow(tx, row.id, {
            publication: "published",
            publishedAt: sql`now()`,
            publishLagMs: sql`greatest(0, round(extract(epoch from (now() - ${table.publishAt})) * 1000))::int`,
          });
          await record(tx, SYSTEM, "publish", row.id, row, done);
          published.push({ id: row.id, lagMs: (done as unknown as { publishLagMs: number | null }).publishLagMs ?? 0 });
        }
        const toTakeDown = await tx.select(columns).from(table).where(dueToTakeDown).limit(batch).for("update", { skipLocked: true });
        for (const row of toTakeDown as unknown as Row[]) {
          const done = await setRow(tx, row.id, { publication: "draft", ...NO_SCHEDULE });
          await record(tx, SYSTEM, "unpublish", row.id, row, done);
        }
        return { published, unpublished: (toTakeDown as unknown as Row[]).map((r) => r.id) };
      });
    },
  };
}
