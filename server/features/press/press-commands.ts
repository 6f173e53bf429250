// Writes to press releases. The featured and homepage rules (one featured release among the published ones, at
// most HOMEPAGE_LIMIT flagged for the homepage) and the publication states are kept here, inside each write's
// transaction.
import { and, eq, ne, sql } from "drizzle-orm";
import type { PressReleaseInput } from "../../../shared/schemas";
import type { PressArabicInput } from "../../../shared/content-schemas";
import { HOMEPAGE_LIMIT, HOMEPAGE_LIMIT_MESSAGE } from "../../../shared/rules";
import type { Db, Tx } from "../../db/client";
import { pressColumns, pressReleases, type PressRelease } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { assertUnchanged } from "../../lib/optimistic-concurrency";
import { storedContent } from "../../lib/press-content";
import { serializePress, type PressReleaseAdminDto } from "./press-dto";
import { publicationActions } from "../publication/publication-actions";
import type { PublicationState } from "../../../shared/publication";
import { recordBy, type AuditBy, type AuditService } from "../audit/audit";
import type { AuditAction } from "../../../shared/audit";
import { keep } from "../publication/revisions";

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

/** A new release has no correction, whatever its body says. */
const NOT_CORRECTED = { correctedAt: null, correctionNote: null, correctionNoteAr: null } as const;
/** `fields` without the ones left undefined (absent from the body: kept as stored). */
const definedOnly = <T extends Record<string, unknown>>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;

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

/**
 * `audit`: where every write is recorded (who, when, from where, the fields before and after), in the write's own
 * transaction. A write called without `by` (the seed, the rules' tests) records nothing.
 */
/** Runs in the transaction that publishes a release (now, on creation, or by the scheduler). */
export type PublishHook = (tx: Tx, row: { id: number; category: string }) => Promise<void>;

export function createPressCommands({ db, audit, onPublish }: { db: Db; audit?: AuditService; onPublish?: PublishHook }) {
  const record = (tx: Tx, by: AuditBy | undefined, action: AuditAction, id: number, before: object | null, after: object | null) =>
    recordBy(audit, by, { action, entity: { type: "press", id }, before, after }, tx);
  const publication = publicationActions<PressRelease, PressReleaseAdminDto>({
    db,
    audit,
    table: pressReleases,
    entity: "press",
    notFoundMessage: "errors.notFound.press",
    columns: pressColumns,
    serialize: serializePress,
    // A release with the star takes it from the published one that has it when it is published.
    beforePublish: async (tx, row) => {
      await lockFlags(tx);
      if (row.featured) await takeStar(tx, ne(pressReleases.id, row.id));
      await onPublish?.(tx, row);
    },
    // A withdrawn release loses its flags.
    onWithdraw: { featured: false, showOnHomepage: false },
  });

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

  return {
    /**
     * `input` may carry the Arabic fields (shared/content-schemas.ts); absent ones are left as they are. The new
     * release is published unless `publication: "draft"` is asked for: the seed's and the tests' default. The API
     * decides for its callers (a draft unless the body asks to publish, shared/api/publication.ts).
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
        if (publication === "published") await onPublish?.(tx, inserted);
        await keep(tx, "press", inserted.id, inserted, by);
        return serializePress(inserted);
      });
    },

    /** publish, schedule, unpublish, withdraw and the scheduler's publishDue (./publication-actions.ts). */
    ...publication,
    publishDue: (batch?: number) => publication.publishDue(batch, lockFlags),

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
