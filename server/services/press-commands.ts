// Writes to press releases. The featured and homepage rules (one featured release among the published ones, at
// most HOMEPAGE_LIMIT flagged for the homepage) and the publication states are kept here, inside each write's
// transaction.
import { and, asc, eq, lte, ne, sql } from "drizzle-orm";
import type { PressReleaseInput } from "../../shared/schemas";
import type { PressArabicInput } from "../../shared/content-schemas";
import { HOMEPAGE_LIMIT, HOMEPAGE_LIMIT_MESSAGE } from "../../shared/rules";
import type { Db, Tx } from "../db/client";
import { pressColumns, pressReleases } from "../db/schema";
import { AppError, notFound } from "../lib/errors";
import { assertUnchanged } from "../lib/optimistic-concurrency";
import { storedContent } from "../lib/press-content";
import { serializePress } from "./press-dto";
import type { Schedule } from "./schedule-input";
import type { PublicationState } from "../../shared/publication";
import { recordBy, type AuditBy, type AuditService } from "./audit";
import type { AuditAction } from "../../shared/audit";
import { keep } from "./revisions";

export type PressFlags = { featured?: boolean; showOnHomepage?: boolean };
type PressWrite = PressReleaseInput & Partial<PressArabicInput>;

// Every change to the featured or homepage flags takes this transaction lock, so two requests
// racing for the last homepage slot are decided one after the other.
const FLAGS_LOCK = 7_340_022;
const lockFlags = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${FLAGS_LOCK})`);

/**
 * Before release `id` (null: a new one) takes `flags`: refuses a homepage place when HOMEPAGE_LIMIT others hold one
 * (a release not yet published holds its place, so its publication never breaks the limit), and, when the release
 * is published, takes the star from the published release that had it (one not yet published takes the star when
 * it is published).
 */
async function enforceFlags(tx: Tx, id: number | null, flags: PressFlags, publication: PublicationState = "published") {
  await lockFlags(tx);
  const others = id === null ? undefined : ne(pressReleases.id, id);
  if (flags.showOnHomepage) {
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(pressReleases)
      .where(and(eq(pressReleases.showOnHomepage, true), others));
    if (count >= HOMEPAGE_LIMIT) throw new AppError("HOMEPAGE_LIMIT", HOMEPAGE_LIMIT_MESSAGE);
  }
  if (flags.featured && publication === "published") await takeStar(tx, others);
}

/** Clears the star of every published release but the one `others` leaves out. */
async function takeStar(tx: Tx, others: ReturnType<typeof ne> | undefined) {
  await tx
    .update(pressReleases)
    .set({ featured: false })
    .where(and(eq(pressReleases.featured, true), eq(pressReleases.publication, "published"), others));
}

const NO_SCHEDULE = { publishAt: null, unpublishAt: null, scheduleZone: null } as const;
/** A new release has no correction, whatever its body says. */
const NOT_CORRECTED = { correctedAt: null, correctionNote: null, correctionNoteAr: null } as const;
/** `fields` without the ones left undefined (absent from the body: kept as stored). */
const definedOnly = <T extends Record<string, unknown>>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
const stateError = (message: "errors.publication.alreadyPublished" | "errors.publication.notPublished") => new AppError("PUBLICATION_STATE", message);

/**
 * The stored row, before any transaction opens: content (both languages) rendered from the editor's documents, or
 * the HTML sent sanitized when there is none (off the request thread when long).
 */
async function values(input: PressWrite) {
  return { ...input, ...(await storedContent(input)) };
}

/** Writes `changes` to release `id` (its modification time too) and returns the row. */
async function setRow(tx: Tx, id: number, changes: Partial<typeof pressReleases.$inferInsert>) {
  const [row] = await tx
    .update(pressReleases)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(pressReleases.id, id))
    .returning(pressColumns);
  return row;
}

/** The row `id`, locked for the rest of the transaction; a missing one is a 404. */
async function lockRow(tx: Tx, id: number) {
  const [current] = await tx.select(pressColumns).from(pressReleases).where(eq(pressReleases.id, id)).for("update");
  if (!current) throw notFound("errors.notFound.press");
  return current;
}

/** The system's own changes (the scheduler): recorded in the audit trail without a person. */
const SYSTEM: AuditBy = { actor: null };

/**
 * `audit`: where every write is recorded (who, when, from where, the fields before and after), in the write's own
 * transaction. A write called without `by` (the seed, the rules' tests) records nothing.
 */
export function createPressCommands({ db, audit }: { db: Db; audit?: AuditService }) {
  const record = (tx: Tx, by: AuditBy | undefined, action: AuditAction, id: number, before: object | null, after: object | null) =>
    recordBy(audit, by, { action, entity: { type: "press", id }, before, after }, tx);

  /** Writes `changes` to release `id` after the flag rules, in one transaction; `check` sees the locked row first. */
  function change(
    id: number,
    changes: Partial<typeof pressReleases.$inferInsert>,
    flags: PressFlags,
    action: AuditAction,
    by: AuditBy | undefined,
    check?: (current: { updatedAt: Date; publication: PublicationState }) => void,
  ) {
    return db.transaction(async (tx) => {
      const current = await lockRow(tx, id);
      check?.(current);
      await enforceFlags(tx, id, flags, changes.publication ?? current.publication);
      const [row] = await tx
        .update(pressReleases)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(pressReleases.id, id))
        .returning(pressColumns);
      await record(tx, by, action, id, current, row);
      return serializePress(row);
    });
  }

  /** Moves release `id` to another state in one transaction: `next` gives the changes from the locked row. */
  function transition(
    id: number,
    action: AuditAction,
    by: AuditBy | undefined,
    next: (current: Awaited<ReturnType<typeof lockRow>>, tx: Tx) => Promise<Partial<typeof pressReleases.$inferInsert> | null>,
  ) {
    return db.transaction(async (tx) => {
      const current = await lockRow(tx, id);
      const changes = await next(current, tx);
      if (!changes) return serializePress(current);
      const row = await setRow(tx, id, changes);
      await record(tx, by, action, id, current, row);
      return serializePress(row);
    });
  }

  return {
    /**
     * `input` may carry the Arabic fields (shared/content-schemas.ts); absent ones are left as they are. The new
     * release is published at once unless `publication: "draft"` is asked for.
     */
    async create(input: PressWrite, opts: { publication?: "draft" | "published" } = {}, by?: AuditBy) {
      const row = await values(input);
      const publication = opts.publication ?? "published";
      return db.transaction(async (tx) => {
        await enforceFlags(tx, null, input, publication);
        const [inserted] = await tx
          .insert(pressReleases)
          .values({ ...row, ...NOT_CORRECTED, publication, publishedAt: publication === "published" ? new Date() : null })
          .returning(pressColumns);
        await record(tx, by, "press.create", inserted.id, null, inserted);
        await keep(tx, "press", inserted.id, inserted, by);
        return serializePress(inserted);
      });
    },

    /** Publishes now, both languages together (from any state); the schedule, if any, is dropped. */
    async publish(id: number, by?: AuditBy) {
      return transition(id, "press.publish", by, async (current, tx) => {
        if (current.publication === "published") return null;
        await lockFlags(tx);
        if (current.featured) await takeStar(tx, ne(pressReleases.id, id));
        return { publication: "published", publishedAt: new Date(), publishLagMs: null, ...NO_SCHEDULE };
      });
    },

    /** Publishes at `schedule.publishAt` (and takes down at `unpublishAt`): a release not published now. */
    async schedule(id: number, schedule: Schedule, by?: AuditBy) {
      return transition(id, "press.schedule", by, async (current) => {
        if (current.publication === "published") throw stateError("errors.publication.alreadyPublished");
        return { publication: "scheduled", publishAt: schedule.publishAt, unpublishAt: schedule.unpublishAt, scheduleZone: schedule.zone, publishLagMs: null };
      });
    },

    /** Back to a draft: no longer shown, no longer scheduled. */
    async unpublish(id: number, by?: AuditBy) {
      return transition(id, "press.unpublish", by, async (current) => (current.publication === "draft" ? null : { publication: "draft", ...NO_SCHEDULE }));
    },

    /** Takes a published release down for good (kept for the record); it loses its flags. */
    async withdraw(id: number, by?: AuditBy) {
      return transition(id, "press.withdraw", by, async (current) => {
        if (current.publication !== "published") throw stateError("errors.publication.notPublished");
        return { publication: "withdrawn", featured: false, showOnHomepage: false, ...NO_SCHEDULE };
      });
    },

    /**
     * The scheduler's step: publishes every scheduled release whose time has come and takes down every published
     * one whose take-down time has come, each exactly once however many instances run it at the same moment
     * (rows another instance holds are skipped, not waited for). Times are the database's clock.
     */
    async publishDue(batch = 50) {
      // Most steps find nothing due: one indexed look, no lock, no transaction.
      const [{ due: anything }] = await db
        .select({
          due: sql<boolean>`exists (select 1 from press_releases where publication = 'scheduled' and publish_at <= now())
            or exists (select 1 from press_releases where publication = 'published' and unpublish_at <= now())`,
        })
        .from(sql`(select 1) as one`);
      if (!anything) return { published: [] as { id: number; lagMs: number }[], unpublished: [] as number[] };
      return db.transaction(async (tx) => {
        await lockFlags(tx);
        const due = await tx
          .select(pressColumns)
          .from(pressReleases)
          .where(and(eq(pressReleases.publication, "scheduled"), lte(pressReleases.publishAt, sql`now()`)))
          .orderBy(asc(pressReleases.publishAt))
          .limit(batch)
          .for("update", { skipLocked: true });
        const published: { id: number; lagMs: number }[] = [];
        for (const row of due) {
          if (row.featured) await takeStar(tx, ne(pressReleases.id, row.id));
          const [done] = await tx
            .update(pressReleases)
            .set({
              publication: "published",
              publishedAt: sql`now()`,
              publishLagMs: sql`greatest(0, round(extract(epoch from (now() - ${pressReleases.publishAt})) * 1000))::int`,
              updatedAt: sql`now()`,
            })
            .where(eq(pressReleases.id, row.id))
            .returning(pressColumns);
          await record(tx, SYSTEM, "press.publish", row.id, row, done);
          published.push({ id: done.id, lagMs: done.publishLagMs ?? 0 });
        }
        const due2 = await tx
          .select(pressColumns)
          .from(pressReleases)
          .where(and(eq(pressReleases.publication, "published"), lte(pressReleases.unpublishAt, sql`now()`)))
          .limit(batch)
          .for("update", { skipLocked: true });
        for (const row of due2) {
          const [done] = await tx
            .update(pressReleases)
            .set({ publication: "draft", ...NO_SCHEDULE, updatedAt: sql`now()` })
            .where(eq(pressReleases.id, row.id))
            .returning(pressColumns);
          await record(tx, SYSTEM, "press.unpublish", row.id, row, done);
        }
        return { published, unpublished: due2.map((r) => r.id) };
      });
    },

    /**
     * Full replacement. With `expectedUpdatedAt`, a save over someone else's newer edit is refused. An edit of a
     * published release is a correction: it is dated (`correctedAt`, the page's 'Updated on') and takes the public
     * notes given (absent: kept); an edit of a release not yet public is not, and leaves them as they are. Every
     * save is kept as a revision.
     */
    async update(id: number, input: PressWrite, opts: { expectedUpdatedAt?: string } = {}, by?: AuditBy) {
      const { correctionNote, correctionNoteAr, ...text } = await values(input);
      return db.transaction(async (tx) => {
        const current = await lockRow(tx, id);
        assertUnchanged(current.updatedAt, opts.expectedUpdatedAt);
        await enforceFlags(tx, id, input, current.publication);
        const correction = current.publication === "published" ? { correctedAt: new Date(), ...definedOnly({ correctionNote, correctionNoteAr }) } : {};
        const row = await setRow(tx, id, { ...text, ...correction });
        await record(tx, by, "press.update", id, current, row);
        await keep(tx, "press", id, row, by, undefined, current);
        return serializePress(row);
      });
    },

    /** Flips only the flags (the admin table's star and homepage toggles). */
    async setFlags(id: number, flags: PressFlags, by?: AuditBy) {
      return change(id, flags, flags, "press.flags", by);
    },

    async remove(id: number, by?: AuditBy) {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(pressReleases).where(eq(pressReleases.id, id)).returning(pressColumns);
        if (!row) throw notFound("errors.notFound.press");
        await record(tx, by, "press.delete", id, row, null);
      });
    },
  };
}

export type PressCommands = ReturnType<typeof createPressCommands>;
