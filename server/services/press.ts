import { and, desc, eq, getTableColumns, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import type { PressReleaseInput } from "../../shared/schemas";
import type { Db, Tx } from "../db/client";
import { pressColumns, pressReleases, type PressRelease } from "../db/schema";
import { AppError, HOMEPAGE_LIMIT, HOMEPAGE_LIMIT_MESSAGE, notFound } from "../lib/errors";
import { sanitizeContentOffThread } from "../lib/sanitize";

/** The API shape: every field plus the spec's snake_case aliases, dates as ISO strings. */
export function serializePress(row: PressRelease) {
  return {
    ...row,
    show_on_homepage: row.showOnHomepage,
    company_logo: row.companyLogo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type PressReleaseDto = ReturnType<typeof serializePress>;

// Every change to the featured or homepage flags takes this transaction lock, so two requests
// racing for the last homepage slot are decided one after the other.
const FLAGS_LOCK = 7_340_022;
const lockFlags = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(${FLAGS_LOCK})`);

const newestFirst = [desc(pressReleases.date), desc(pressReleases.id)];

export type PressQuery = { q?: string; company?: string; limit?: number; offset?: number };

/** Up to this many search matches are sorted directly; more are paged by walking the date index. */
const SORT_MATCHES_MAX = 1000;

/** The fields a list card needs: no content, so a page of cards stays small. */
const cardColumns = {
  id: pressReleases.id,
  title: pressReleases.title,
  summary: pressReleases.summary,
  date: pressReleases.date,
  company: pressReleases.company,
  sector: pressReleases.sector,
  category: pressReleases.category,
  image: pressReleases.image,
  companyLogo: pressReleases.companyLogo,
};
export type PressCard = { id: number; title: string; summary: string; date: string; company: string | null; sector: string | null; category: string; image: string | null; companyLogo: string | null };

/**
 * Search words for the press list: letters and digits only (so nothing the user types can change the
 * query's meaning), lower-cased, at most 8. Each must start a word in the title, headline, summary, company,
 * sector or category: 'pay' finds 'payments' and 'payouts'.
 */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map((t) => t.slice(0, 60));
}

export function createPressService({ db }: { db: Db }) {
  async function enforceFlags(tx: Tx, id: number | null, flags: { featured?: boolean; showOnHomepage?: boolean }) {
    await lockFlags(tx);
    if (flags.showOnHomepage) {
      const others = id === null ? undefined : ne(pressReleases.id, id);
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(pressReleases)
        .where(and(eq(pressReleases.showOnHomepage, true), others));
      if (count >= HOMEPAGE_LIMIT) throw new AppError("CONFLICT", HOMEPAGE_LIMIT_MESSAGE);
    }
    if (flags.featured) {
      const others = id === null ? undefined : ne(pressReleases.id, id);
      await tx.update(pressReleases).set({ featured: false }).where(and(eq(pressReleases.featured, true), others));
    }
  }

  /** The stored row: content sanitized (off the request thread when long), before any transaction opens. */
  async function values(input: PressReleaseInput) {
    return { ...input, content: await sanitizeContentOffThread(input.content) };
  }

  function searchWhere(query: PressQuery): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (query.company) parts.push(eq(pressReleases.company, query.company));
    if (query.q) {
      const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(or(ilike(pressReleases.title, like), ilike(pressReleases.summary, like), ilike(pressReleases.company, like)));
    }
    return and(...parts);
  }

  /** The filters a list page applies besides the search: the company tab and the release left out. */
  function listFilters(query: { company?: string; excludeId?: number }): SQL[] {
    const parts: SQL[] = [];
    if (query.company) parts.push(eq(pressReleases.company, query.company));
    if (query.excludeId !== undefined) parts.push(ne(pressReleases.id, query.excludeId));
    return parts;
  }

  return {
    /**
     * One page of list cards, newest first, with the number of matches: the press list page's query.
     * Paging uses the (date, id) index, so the first pages stay fast however many releases exist.
     * `excludeId` leaves out a release shown elsewhere on the page (the spotlight).
     */
    async search(query: { q?: string; company?: string; excludeId?: number; offset?: number; limit: number }): Promise<{ items: PressCard[]; total: number }> {
      const offset = query.offset ?? 0;
      const newestPage = (where: SQL | undefined) =>
        db.select(cardColumns).from(pressReleases).where(where).orderBy(...newestFirst).limit(query.limit).offset(offset);
      const count = async (where: SQL | undefined) =>
        (await db.select({ total: sql<number>`count(*)::int` }).from(pressReleases).where(where))[0].total;
      const filters = listFilters(query);

      if (!query.q?.trim()) {
        // No search: both queries walk an index ((date, id) or (company, date, id)).
        const where = and(...filters);
        const [items, total] = await Promise.all([newestPage(where), count(where)]);
        return { items, total };
      }
      const terms = searchTerms(query.q);
      // Punctuation only: nothing can match.
      if (!terms.length) return { items: [], total: 0 };
      const words = sql`to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(" & ")})`;

      // The matches are counted through the GIN index on the stored search document.
      const total = await count(and(...filters, sql`${pressReleases.searchDocument} @@ ${words}`));
      if (total === 0 || offset >= total) return { items: [], total };

      if (total > SORT_MATCHES_MAX) {
        // Many matches: walk newest first until the page is full, testing each release's stored words. The
        // test is written as the function behind '@@', which no index serves, so the planner always walks
        // the (date, id) or (company, date, id) index instead of fetching every match to sort them.
        const items = await newestPage(and(...filters, sql`ts_match_vq(${pressReleases.searchDocument}, ${words})`));
        return { items, total };
      }
      // Few matches: fetch them all through the GIN index, then sort. The subquery's limit (never reached,
      // as there are at most SORT_MATCHES_MAX) keeps the planner from turning it into a newest-first walk,
      // which would look at every release when the matches are rare or old.
      const matches = db
        .select(cardColumns)
        .from(pressReleases)
        .where(and(...filters, sql`${pressReleases.searchDocument} @@ ${words}`))
        .limit(2 * SORT_MATCHES_MAX)
        .as("matches");
      const items = await db.select().from(matches).orderBy(desc(matches.date), desc(matches.id)).limit(query.limit).offset(offset);
      return { items, total };
    },

    /**
     * The distinct companies for the list's tabs, alphabetically. Walks the company index one value
     * at a time (a loose index scan), so it costs one index probe per company, not a pass over every release.
     */
    async companyNames(): Promise<string[]> {
      const result = (await db.execute(sql`
        with recursive c(company) as (
          (select company from press_releases where company is not null and company <> '' order by company limit 1)
          union all
          select (select p.company from press_releases p where p.company > c.company order by p.company limit 1)
          from c where c.company is not null
        )
        select company from c where company is not null`)) as unknown as { rows: { company: string }[] };
      return result.rows.map((r) => r.company);
    },

    /** The newest releases' ids, titles and dates, with the number of releases: the readable sitemap's list. */
    async newestTitles(limit: number): Promise<{ items: { id: number; title: string; date: string }[]; total: number }> {
      const items = await db.select({ id: pressReleases.id, title: pressReleases.title, date: pressReleases.date }).from(pressReleases).orderBy(...newestFirst).limit(limit);
      // Fewer than `limit` rows are all of them; only a full list needs counting.
      if (items.length < limit) return { items, total: items.length };
      const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(pressReleases);
      return { items, total };
    },

    /** Ids and modification times of every release, for sitemap.xml. */
    async sitemapEntries() {
      const rows = await db.select({ id: pressReleases.id, updatedAt: pressReleases.updatedAt }).from(pressReleases).orderBy(...newestFirst);
      return rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() }));
    },

    async list(query: PressQuery = {}) {
      const where = searchWhere(query);
      const base = db.select(pressColumns).from(pressReleases).where(where).orderBy(...newestFirst);
      const rows = query.limit !== undefined ? await base.limit(query.limit).offset(query.offset ?? 0) : await base;
      return rows.map(serializePress);
    },

    /** Every release, newest first, without its HTML content (the admin table, the portal's list for investors). */
    async listWithoutContent(): Promise<Omit<PressReleaseDto, "content">[]> {
      const { content: _content, ...columns } = getTableColumns(pressReleases);
      const rows = await db.select(columns).from(pressReleases).orderBy(...newestFirst);
      return rows.map((row) => ({
        ...row,
        show_on_homepage: row.showOnHomepage,
        company_logo: row.companyLogo,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
    },

    async count(query: PressQuery = {}) {
      const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(pressReleases).where(searchWhere(query));
      return count;
    },

    async companies() {
      const rows = await db
        .selectDistinct({ company: pressReleases.company })
        .from(pressReleases)
        .where(sql`${pressReleases.company} is not null and ${pressReleases.company} <> ''`)
        .orderBy(pressReleases.company);
      return rows.map((r) => r.company!);
    },

    async featured() {
      return (await db.select(pressColumns).from(pressReleases).where(eq(pressReleases.featured, true)).orderBy(...newestFirst)).map(serializePress);
    },

    async homepage() {
      return (await db.select(pressColumns).from(pressReleases).where(eq(pressReleases.showOnHomepage, true)).orderBy(...newestFirst).limit(HOMEPAGE_LIMIT)).map(
        serializePress,
      );
    },

    /** The homepage releases as the home page's cards show them (no content). */
    async homepageCards(): Promise<(PressCard & { featured: boolean; showOnHomepage: boolean })[]> {
      return db
        .select({ ...cardColumns, featured: pressReleases.featured, showOnHomepage: pressReleases.showOnHomepage })
        .from(pressReleases)
        .where(eq(pressReleases.showOnHomepage, true))
        .orderBy(...newestFirst)
        .limit(HOMEPAGE_LIMIT);
    },

    /** One release as a list card (no content), or null. */
    async card(id: number): Promise<PressCard | null> {
      const [row] = await db.select(cardColumns).from(pressReleases).where(eq(pressReleases.id, id));
      return row ?? null;
    },

    async get(id: number) {
      const [row] = await db.select(pressColumns).from(pressReleases).where(eq(pressReleases.id, id));
      if (!row) throw notFound("Press release not found");
      return serializePress(row);
    },

    /** The newest releases of the same company or sector, as the detail page's sidebar lists them. */
    async related(release: { id: number; company: string | null; sector: string | null }, limit = 3) {
      const match = or(
        release.company ? eq(pressReleases.company, release.company) : undefined,
        release.sector ? eq(pressReleases.sector, release.sector) : undefined,
      );
      if (!match) return [];
      return db
        .select({ id: pressReleases.id, title: pressReleases.title, date: pressReleases.date, image: pressReleases.image })
        .from(pressReleases)
        .where(and(ne(pressReleases.id, release.id), match))
        .orderBy(...newestFirst)
        .limit(limit);
    },

    async create(input: PressReleaseInput) {
      const row = await values(input);
      return db.transaction(async (tx) => {
        await enforceFlags(tx, null, input);
        const [inserted] = await tx.insert(pressReleases).values(row).returning(pressColumns);
        return serializePress(inserted);
      });
    },

    /** Full replacement. With `expectedUpdatedAt`, a save over someone else's newer edit is refused. */
    async update(id: number, input: PressReleaseInput, opts: { expectedUpdatedAt?: string } = {}) {
      const next = await values(input);
      return db.transaction(async (tx) => {
        const [current] = await tx.select(pressColumns).from(pressReleases).where(eq(pressReleases.id, id)).for("update");
        if (!current) throw notFound("Press release not found");
        assertUnchanged(current.updatedAt, opts.expectedUpdatedAt);
        await enforceFlags(tx, id, input);
        const [row] = await tx
          .update(pressReleases)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(pressReleases.id, id))
          .returning(pressColumns);
        return serializePress(row);
      });
    },

    /** Flips only the flags (the admin table's star and homepage toggles). */
    async setFlags(id: number, flags: { featured?: boolean; showOnHomepage?: boolean }) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select(pressColumns).from(pressReleases).where(eq(pressReleases.id, id)).for("update");
        if (!current) throw notFound("Press release not found");
        await enforceFlags(tx, id, flags);
        const [row] = await tx
          .update(pressReleases)
          .set({ ...flags, updatedAt: new Date() })
          .where(eq(pressReleases.id, id))
          .returning(pressColumns);
        return serializePress(row);
      });
    },

    async remove(id: number) {
      const [row] = await db.delete(pressReleases).where(eq(pressReleases.id, id)).returning({ id: pressReleases.id });
      if (!row) throw notFound("Press release not found");
    },
  };
}

export function assertUnchanged(current: Date, expected?: string) {
  if (!expected) return;
  const when = Date.parse(expected);
  if (Number.isNaN(when) || Math.abs(current.getTime() - when) > 0) {
    throw new AppError("CONFLICT", "This item was changed by someone else since you opened it. Reload to see the latest version.");
  }
}

export type PressService = ReturnType<typeof createPressService>;
