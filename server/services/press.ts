import { and, desc, eq, getTableColumns, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import type { PressReleaseInput } from "../../shared/schemas";
import type { Db, Tx } from "../db/client";
import { pressColumns, pressReleases, type PressRelease } from "../db/schema";
import { HOMEPAGE_LIMIT, HOMEPAGE_LIMIT_MESSAGE, RELATED_PRESS_LIMIT } from "../../shared/rules";
import { AppError, notFound } from "../lib/errors";
import { sanitizeContentOffThread } from "../lib/sanitize";
import { assertUnchanged } from "../lib/optimistic-concurrency";
import type { Locale } from "../../shared/i18n/locales";
import { normalizeSearchText } from "../../shared/search-normalize";
import type { PressArabicInput } from "../../shared/content-schemas";
import { localizeRow, PRESS_TEXT, withTranslation, type ContentLocale, type LocaleOption, type TranslationStatus } from "./content-locale";

type PressRow = Omit<PressRelease, "titleAr" | "displayTitleAr" | "summaryAr" | "contentAr">;
type PressArabicFields = Pick<PressRelease, "titleAr" | "displayTitleAr" | "summaryAr" | "contentAr">;

/**
 * A release as the API and pages get it: every field plus the snake_case aliases show_on_homepage and
 * company_logo, dates as ISO strings, and `contentLocale` (the language of title, displayTitle, summary and
 * content). An admin read (no locale) also has the Arabic twins and `translation`; a read in a language has not.
 */
export type PressReleaseDto = Omit<PressRow, "createdAt" | "updatedAt"> & {
  show_on_homepage: boolean;
  company_logo: string | null;
  createdAt: string;
  updatedAt: string;
  contentLocale: ContentLocale;
} & Partial<PressArabicFields> & { translation?: TranslationStatus };
/** The admin's shape: both languages and the translation status. */
export type PressReleaseAdminDto = PressReleaseDto & PressArabicFields & { translation: TranslationStatus };

/** The admin's read: both languages and whether the Arabic is complete. */
export function serializePress(row: PressRelease): PressReleaseAdminDto {
  return withTranslation(
    {
      ...row,
      show_on_homepage: row.showOnHomepage,
      company_logo: row.companyLogo,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
    PRESS_TEXT,
  );
}

/** A release in one language (`contentLocale` says which the text is in), without the Arabic twins. */
export function localizePress(row: PressRelease, locale: Locale): PressReleaseDto {
  const { translation: _translation, contentLocale: _en, ...dto } = serializePress(row);
  return localizeRow(dto, locale, PRESS_TEXT);
}
export type LocalizedPressDto = PressReleaseDto;

/** Without a locale (the admin, the API without ?lang) both languages; with one, that language. */
function pressIn(locale: Locale | undefined) {
  return (row: PressRelease): PressReleaseDto => (locale ? localizePress(row, locale) : serializePress(row));
}

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
  titleAr: pressReleases.titleAr,
  summaryAr: pressReleases.summaryAr,
  /** Whether the release reads in Arabic (title, summary and content translated), without reading the content. */
  arReady: sql<boolean>`coalesce(${pressReleases.titleAr} <> '' and ${pressReleases.summaryAr} <> '' and ${pressReleases.contentAr} <> '', false)`.as(
    "ar_ready",
  ),
};
type CardRow = { titleAr: string | null; summaryAr: string | null; arReady: boolean; title: string; summary: string };

/** A card in `locale`: the Arabic title and summary when the release reads in Arabic, else the English ones. */
function localizeCard<T extends CardRow>(row: T, locale: Locale | undefined): Omit<T, "titleAr" | "summaryAr" | "arReady"> & { contentLocale: ContentLocale } {
  const { titleAr, summaryAr, arReady, ...card } = row;
  if (locale === "ar" && arReady) return { ...card, title: titleAr!, summary: summaryAr!, contentLocale: "ar" };
  return { ...card, contentLocale: "en" };
}

export type PressCard = {
  /** The language of title and summary: 'ar' on an Arabic read of a translated release, else 'en'. */
  contentLocale: ContentLocale;
  id: number;
  title: string;
  summary: string;
  date: string;
  company: string | null;
  sector: string | null;
  category: string;
  image: string | null;
  companyLogo: string | null;
};

/**
 * Search words for the press list: letters and digits only (so nothing the user types can change the
 * query's meaning), lower-cased, at most 8. Each must start a word in the title, headline, summary, company,
 * sector or category: 'pay' finds 'payments' and 'payouts'.
 */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return (
    q
      .toLowerCase()
      // Arabic diacritics and tatweel are not letters: removed first, they would split a word in two.
      .replace(/[\u064B-\u065F\u0670\u0640]/g, "")
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, 8)
      .map((t) => t.slice(0, 60))
  );
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
      if (count >= HOMEPAGE_LIMIT) throw new AppError("HOMEPAGE_LIMIT", HOMEPAGE_LIMIT_MESSAGE);
    }
    if (flags.featured) {
      const others = id === null ? undefined : ne(pressReleases.id, id);
      await tx
        .update(pressReleases)
        .set({ featured: false })
        .where(and(eq(pressReleases.featured, true), others));
    }
  }

  /** The stored row: content (both languages) sanitized (off the request thread when long), before any transaction opens. */
  async function values(input: PressReleaseInput & Partial<PressArabicInput>) {
    const contentAr = input.contentAr ? await sanitizeContentOffThread(input.contentAr) : input.contentAr;
    return { ...input, content: await sanitizeContentOffThread(input.content), ...(contentAr === undefined ? {} : { contentAr: contentAr || null }) };
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

  /** One release: both languages without `locale` (the admin's edit form), else in that language. */
  async function get(id: number): Promise<PressReleaseAdminDto>;
  async function get(id: number, opts: LocaleOption): Promise<PressReleaseDto>;
  async function get(id: number, opts: LocaleOption = {}): Promise<PressReleaseDto> {
    const [row] = await db.select(pressColumns).from(pressReleases).where(eq(pressReleases.id, id));
    if (!row) throw notFound("Press release not found");
    return pressIn(opts.locale)(row);
  }

  return {
    /**
     * One page of list cards, newest first, with the number of matches: the press list page's query.
     * Paging uses the (date, id) index, so the first pages stay fast however many releases exist.
     * `excludeId` leaves out a release shown elsewhere on the page (the spotlight).
     */
    async search(query: {
      q?: string;
      company?: string;
      excludeId?: number;
      offset?: number;
      limit: number;
      locale?: Locale;
    }): Promise<{ items: PressCard[]; total: number }> {
      const cards = (rows: (Omit<PressCard, "contentLocale"> & CardRow)[]) => rows.map((r) => localizeCard(r, query.locale));
      const offset = query.offset ?? 0;
      const newestPage = (where: SQL | undefined) =>
        db
          .select(cardColumns)
          .from(pressReleases)
          .where(where)
          .orderBy(...newestFirst)
          .limit(query.limit)
          .offset(offset);
      const count = async (where: SQL | undefined) =>
        (
          await db
            .select({ total: sql<number>`count(*)::int` })
            .from(pressReleases)
            .where(where)
        )[0].total;
      const filters = listFilters(query);

      if (!query.q?.trim()) {
        // No search: both queries walk an index ((date, id) or (company, date, id)).
        const where = and(...filters);
        const [items, total] = await Promise.all([newestPage(where), count(where)]);
        return { items: cards(items), total };
      }
      // The words are folded as the stored search words were (Arabic spelling variants, the article).
      const terms = searchTerms(normalizeSearchText(query.q));
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
        return { items: cards(items), total };
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
      return { items: cards(items), total };
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
    async newestTitles(
      limit: number,
      opts: LocaleOption = {},
    ): Promise<{ items: { id: number; title: string; date: string; contentLocale: ContentLocale }[]; total: number }> {
      const items = (
        await db
          .select({
            id: pressReleases.id,
            title: pressReleases.title,
            date: pressReleases.date,
            summary: pressReleases.summary,
            titleAr: cardColumns.titleAr,
            summaryAr: cardColumns.summaryAr,
            arReady: cardColumns.arReady,
          })
          .from(pressReleases)
          .orderBy(...newestFirst)
          .limit(limit)
      ).map((r) => {
        const { summary: _summary, ...card } = localizeCard(r, opts.locale);
        return card;
      });
      // Fewer than `limit` rows are all of them; only a full list needs counting.
      if (items.length < limit) return { items, total: items.length };
      const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(pressReleases);
      return { items, total };
    },

    /** Ids and modification times of every release, for sitemap.xml. */
    async sitemapEntries() {
      const rows = await db
        .select({ id: pressReleases.id, updatedAt: pressReleases.updatedAt })
        .from(pressReleases)
        .orderBy(...newestFirst);
      return rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() }));
    },

    /** Without `locale` both languages (the admin, the API without ?lang); with it, that language. */
    async list(query: PressQuery & LocaleOption = {}) {
      const where = searchWhere(query);
      const base = db
        .select(pressColumns)
        .from(pressReleases)
        .where(where)
        .orderBy(...newestFirst);
      const rows = query.limit !== undefined ? await base.limit(query.limit).offset(query.offset ?? 0) : await base;
      return rows.map(pressIn(query.locale));
    },

    /** Every release, newest first, without its HTML content (the admin table, the portal's list for investors). */
    async listWithoutContent(opts: LocaleOption = {}): Promise<Omit<PressReleaseDto, "content">[]> {
      const { content: _content, contentAr: _contentAr, searchDocument: _words, ...columns } = getTableColumns(pressReleases);
      const rows = await db
        .select({ ...columns, arReady: cardColumns.arReady })
        .from(pressReleases)
        .orderBy(...newestFirst);
      return rows.map(({ arReady, ...row }) => {
        const dto = {
          ...row,
          show_on_homepage: row.showOnHomepage,
          company_logo: row.companyLogo,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        };
        if (!opts.locale)
          return {
            ...withTranslation(dto, { required: ["title", "summary"], optional: PRESS_TEXT.optional }),
            translation: arReady && (!row.displayTitle || row.displayTitleAr) ? ("complete" as const) : ("missing" as const),
          };
        return localizeRow(dto, opts.locale, { required: ["title", "summary"], optional: PRESS_TEXT.optional }, arReady);
      });
    },

    async count(query: PressQuery = {}) {
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(pressReleases)
        .where(searchWhere(query));
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

    async featured(opts: LocaleOption = {}) {
      return (
        await db
          .select(pressColumns)
          .from(pressReleases)
          .where(eq(pressReleases.featured, true))
          .orderBy(...newestFirst)
      ).map(pressIn(opts.locale));
    },

    async homepage(opts: LocaleOption = {}) {
      return (
        await db
          .select(pressColumns)
          .from(pressReleases)
          .where(eq(pressReleases.showOnHomepage, true))
          .orderBy(...newestFirst)
          .limit(HOMEPAGE_LIMIT)
      ).map(pressIn(opts.locale));
    },

    /** The homepage releases as the home page's cards show them (no content). */
    async homepageCards(opts: LocaleOption = {}): Promise<(PressCard & { featured: boolean; showOnHomepage: boolean })[]> {
      const rows = await db
        .select({ ...cardColumns, featured: pressReleases.featured, showOnHomepage: pressReleases.showOnHomepage })
        .from(pressReleases)
        .where(eq(pressReleases.showOnHomepage, true))
        .orderBy(...newestFirst)
        .limit(HOMEPAGE_LIMIT);
      return rows.map((r) => localizeCard(r, opts.locale));
    },

    /** One release as a list card (no content), or null. */
    async card(id: number, opts: LocaleOption = {}): Promise<PressCard | null> {
      const [row] = await db.select(cardColumns).from(pressReleases).where(eq(pressReleases.id, id));
      return row ? localizeCard(row, opts.locale) : null;
    },

    get,

    /** The newest releases of the same company or sector, as the detail page's sidebar lists them. */
    async related(release: { id: number; company: string | null; sector: string | null }, limit = RELATED_PRESS_LIMIT, opts: LocaleOption = {}) {
      const match = or(
        release.company ? eq(pressReleases.company, release.company) : undefined,
        release.sector ? eq(pressReleases.sector, release.sector) : undefined,
      );
      if (!match) return [];
      const rows = await db
        .select({
          id: pressReleases.id,
          title: pressReleases.title,
          summary: pressReleases.summary,
          date: pressReleases.date,
          image: pressReleases.image,
          titleAr: cardColumns.titleAr,
          summaryAr: cardColumns.summaryAr,
          arReady: cardColumns.arReady,
        })
        .from(pressReleases)
        .where(and(ne(pressReleases.id, release.id), match))
        .orderBy(...newestFirst)
        .limit(limit);
      return rows.map((r) => {
        const { summary: _summary, ...item } = localizeCard(r, opts.locale);
        return item;
      });
    },

    /** `input` may carry the Arabic fields (shared/content-schemas.ts); absent ones are left as they are. */
    async create(input: PressReleaseInput & Partial<PressArabicInput>) {
      const row = await values(input);
      return db.transaction(async (tx) => {
        await enforceFlags(tx, null, input);
        const [inserted] = await tx.insert(pressReleases).values(row).returning(pressColumns);
        return serializePress(inserted);
      });
    },

    /** Full replacement. With `expectedUpdatedAt`, a save over someone else's newer edit is refused. */
    async update(id: number, input: PressReleaseInput & Partial<PressArabicInput>, opts: { expectedUpdatedAt?: string } = {}) {
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

export type PressService = ReturnType<typeof createPressService>;
