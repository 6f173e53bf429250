// Writes to press releases. The featured and homepage rules (one featured release, at most HOMEPAGE_LIMIT on the
// homepage) are kept here, inside each write's transaction.
import { and, eq, ne, sql } from "drizzle-orm";
import type { PressReleaseInput } from "../../shared/schemas";
import type { PressArabicInput } from "../../shared/content-schemas";
import { HOMEPAGE_LIMIT, HOMEPAGE_LIMIT_MESSAGE } from "../../shared/rules";
import type { Db, Tx } from "../db/client";
import { pressColumns, pressReleases } from "../db/schema";
import { AppError, notFound } from "../lib/errors";
import { assertUnchanged } from "../lib/optimistic-concurrency";
import { sanitizeContentOffThread } from "../lib/sanitize";
import { serializePress } from "./press-dto";

export type PressFlags = { featured?: boolean; showOnHomepage?: boolean };
type PressWrite = PressReleaseInput & Partial<PressArabicInput>;

// Every change to the featured or homepage flags takes this transaction lock, so two requests
// racing for the last homepage slot are decided one after the other.
const FLAGS_LOCK = 7_340_022;
const lockFlags = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${FLAGS_LOCK})`);

/**
 * Before release `id` (null: a new one) takes `flags`: refuses a homepage place when HOMEPAGE_LIMIT others hold one,
 * and takes the star from the release that had it.
 */
async function enforceFlags(tx: Tx, id: number | null, flags: PressFlags) {
  await lockFlags(tx);
  const others = id === null ? undefined : ne(pressReleases.id, id);
  if (flags.showOnHomepage) {
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(pressReleases)
      .where(and(eq(pressReleases.showOnHomepage, true), others));
    if (count >= HOMEPAGE_LIMIT) throw new AppError("HOMEPAGE_LIMIT", HOMEPAGE_LIMIT_MESSAGE);
  }
  if (flags.featured) {
    await tx
      .update(pressReleases)
      .set({ featured: false })
      .where(and(eq(pressReleases.featured, true), others));
  }
}

/** The stored row: content (both languages) sanitized (off the request thread when long), before any transaction opens. */
async function values(input: PressWrite) {
  const contentAr = input.contentAr ? await sanitizeContentOffThread(input.contentAr) : input.contentAr;
  return { ...input, content: await sanitizeContentOffThread(input.content), ...(contentAr === undefined ? {} : { contentAr: contentAr || null }) };
}

/** The row `id`, locked for the rest of the transaction; a missing one is a 404. */
async function lockRow(tx: Tx, id: number) {
  const [current] = await tx.select(pressColumns).from(pressReleases).where(eq(pressReleases.id, id)).for("update");
  if (!current) throw notFound("errors.notFound.press");
  return current;
}

export function createPressCommands({ db }: { db: Db }) {
  /** Writes `changes` to release `id` after the flag rules, in one transaction; `check` sees the locked row first. */
  function change(id: number, changes: Partial<typeof pressReleases.$inferInsert>, flags: PressFlags, check?: (current: { updatedAt: Date }) => void) {
    return db.transaction(async (tx) => {
      const current = await lockRow(tx, id);
      check?.(current);
      await enforceFlags(tx, id, flags);
      const [row] = await tx
        .update(pressReleases)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(pressReleases.id, id))
        .returning(pressColumns);
      return serializePress(row);
    });
  }

  return {
    /** `input` may carry the Arabic fields (shared/content-schemas.ts); absent ones are left as they are. */
    async create(input: PressWrite) {
      const row = await values(input);
      return db.transaction(async (tx) => {
        await enforceFlags(tx, null, input);
        const [inserted] = await tx.insert(pressReleases).values(row).returning(pressColumns);
        return serializePress(inserted);
      });
    },

    /** Full replacement. With `expectedUpdatedAt`, a save over someone else's newer edit is refused. */
    async update(id: number, input: PressWrite, opts: { expectedUpdatedAt?: string } = {}) {
      const next = await values(input);
      return change(id, next, input, (current) => assertUnchanged(current.updatedAt, opts.expectedUpdatedAt));
    },

    /** Flips only the flags (the admin table's star and homepage toggles). */
    async setFlags(id: number, flags: PressFlags) {
      return change(id, flags, flags);
    },

    async remove(id: number) {
      const [row] = await db.delete(pressReleases).where(eq(pressReleases.id, id)).returning({ id: pressReleases.id });
      if (!row) throw notFound("errors.notFound.press");
    },
  };
}

export type PressCommands = ReturnType<typeof createPressCommands>;
