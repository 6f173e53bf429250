// Reads of press releases for the pages and the API: one release, the lists, the homepage, the sitemap. Every read
// sees published releases only, except the two the dashboard uses (getAny, listWithoutContent({ all: true })).
import { and, eq, getTableColumns, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pressColumns, pressReleases } from "../../db/schema";
import { HOMEPAGE_LIMIT, RELATED_PRESS_LIMIT } from "../../../shared/rules";
import { notFound } from "../../lib/errors";
import { localizeRow, withTranslation, type ContentLocale, type LocaleOption } from "../content/content-locale";
import {
  cardColumns,
  localizeCard,
  pressIn,
  serializePress,
  PRESS_TEXT_WITHOUT_CONTENT,
  withAliases,
  type PressCard,
  type PressReleaseAdminDto,
  type PressReleaseDto,
} from "./press-dto";
import { companyNames, newestFirst, searchCards, searchWhere, type PressQuery, type PressSearchQuery } from "./press-search";
import { publishedPress } from "../publication/public-rules";

/** The newest releases' ids, titles and dates, with the number of releases: the readable sitemap's list. */
async function newestTitles(
  db: Db,
  limit: number,
  opts: LocaleOption,
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
      .where(publishedPress)
      .orderBy(...newestFirst)
      .limit(limit)
  ).map((r) => {
    const { summary: _summary, ...card } = localizeCard(r, opts.locale);
    return card;
  });
  // Fewer than `limit` rows are all of them; only a full list needs counting.
  if (items.length < limit) return { items, total: items.length };
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(pressReleases)
    .where(publishedPress);
  return { items, total };
}

/** The newest releases of the same company or sector, as the detail page's sidebar lists them. */
async function relatedReleases(db: Db, release: { id: number; company: string | null; sector: string | null }, limit: number, opts: LocaleOption) {
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
    .where(and(publishedPress, ne(pressReleases.id, release.id), match))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map((r) => {
    const { summary: _summary, ...item } = localizeCard(r, opts.locale);
    return item;
  });
}

export function createPressQueries({ db }: { db: Db }) {
  /** One published release: both languages without `locale`, else in that language; any other is a 404. */
  async function get(id: number): Promise<PressReleaseAdminDto>;
  async function get(id: number, opts: LocaleOption): Promise<PressReleaseDto>;
  async function get(id: number, opts: LocaleOption = {}): Promise<PressReleaseDto> {
    const [row] = await db
      .select(pressColumns)
      .from(pressReleases)
      .where(and(eq(pressReleases.id, id), publishedPress));
    if (!row) throw notFound("errors.notFound.press");
    return pressIn(opts.locale)(row);
  }

  /** One release in any state, both languages: the dashboard's edit form (admins only). */
  async function getAny(id: number): Promise<PressReleaseAdminDto> {
    const [row] = await db.select(pressColumns).from(pressReleases).where(eq(pressReleases.id, id));
    if (!row) throw notFound("errors.notFound.press");
    return serializePress(row);
  }

  /** The releases with `flag` set, newest first, in `locale` (both languages without it). */
  async function flagged(flag: typeof pressReleases.featured | typeof pressReleases.showOnHomepage, opts: LocaleOption, limit?: number) {
    const query = db
      .select(pressColumns)
      .from(pressReleases)
      .where(and(eq(flag, true), publishedPress))
      .orderBy(...newestFirst);
    return (limit === undefined ? await query : await query.limit(limit)).map(pressIn(opts.locale));
  }

  return {
    /** The press list page's cards and their count (see press-search.ts). */
    search: (query: PressSearchQuery) => searchCards(db, query),

    /** The distinct companies for the list's tabs, alphabetically. */
    companyNames: () => companyNames(db),

    /** The newest releases' ids, titles and dates, with the number of releases: the readable sitemap's list. */
    newestTitles: (limit: number, opts: LocaleOption = {}) => newestTitles(db, limit, opts),

    /** Ids and modification times of every release, for sitemap.xml. */
    async sitemapEntries() {
      const rows = await db
        .select({ id: pressReleases.id, updatedAt: pressReleases.updatedAt })
        .from(pressReleases)
        .where(publishedPress)
        .orderBy(...newestFirst);
      return rows.map((r) => ({ id: r.id, updatedAt: r.updatedAt.toISOString() }));
    },

    /** Without `locale` both languages (the admin, the API without ?lang); with it, that language. */
    async list(query: PressQuery & LocaleOption = {}) {
      const base = db
        .select(pressColumns)
        .from(pressReleases)
        .where(searchWhere(query))
        .orderBy(...newestFirst);
      const rows = query.limit !== undefined ? await base.limit(query.limit).offset(query.offset ?? 0) : await base;
      return rows.map(pressIn(query.locale));
    },

    /**
     * The published releases, newest first, without their HTML content (the portal's list for investors); with
     * `all`, every release whatever its state (the dashboard's table, admins only).
     */
    async listWithoutContent(opts: LocaleOption & { all?: boolean } = {}): Promise<Omit<PressReleaseDto, "content">[]> {
      // Without the HTML and without the editor's documents (up to hundreds of kilobytes each, read by the edit form).
      const {
        content: _content,
        contentAr: _contentAr,
        contentDoc: _doc,
        contentArDoc: _docAr,
        searchDocument: _words,
        ...columns
      } = getTableColumns(pressReleases);
      const rows = await db
        .select({ ...columns, arReady: cardColumns.arReady })
        .from(pressReleases)
        .where(opts.all ? undefined : publishedPress)
        .orderBy(...newestFirst);
      return rows.map(({ arReady, ...row }) => {
        const dto = withAliases(row);
        if (!opts.locale)
          return {
            ...withTranslation(dto, PRESS_TEXT_WITHOUT_CONTENT),
            translation: arReady && (!row.displayTitle || row.displayTitleAr) ? ("complete" as const) : ("missing" as const),
          };
        return localizeRow(dto, opts.locale, PRESS_TEXT_WITHOUT_CONTENT, arReady);
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
        .where(and(publishedPress, sql`${pressReleases.company} is not null and ${pressReleases.company} <> ''`))
        .orderBy(pressReleases.company);
      return rows.map((r) => r.company!);
    },

    featured: (opts: LocaleOption = {}) => flagged(pressReleases.featured, opts),

    homepage: (opts: LocaleOption = {}) => flagged(pressReleases.showOnHomepage, opts, HOMEPAGE_LIMIT),

    /** The homepage releases as the home page's cards show them (no content). */
    async homepageCards(opts: LocaleOption = {}): Promise<(PressCard & { featured: boolean; showOnHomepage: boolean })[]> {
      const rows = await db
        .select({ ...cardColumns, featured: pressReleases.featured, showOnHomepage: pressReleases.showOnHomepage })
        .from(pressReleases)
        .where(and(eq(pressReleases.showOnHomepage, true), publishedPress))
        .orderBy(...newestFirst)
        .limit(HOMEPAGE_LIMIT);
      return rows.map((r) => localizeCard(r, opts.locale));
    },

    /** One release as a list card (no content), or null. */
    async card(id: number, opts: LocaleOption = {}): Promise<PressCard | null> {
      const [row] = await db
        .select(cardColumns)
        .from(pressReleases)
        .where(and(eq(pressReleases.id, id), publishedPress));
      return row ? localizeCard(row, opts.locale) : null;
    },

    get,
    getAny,

    /** The newest releases of the same company or sector, as the detail page's sidebar lists them. */
    related: (release: { id: number; company: string | null; sector: string | null }, limit = RELATED_PRESS_LIMIT, opts: LocaleOption = {}) =>
      relatedReleases(db, release, limit, opts),
  };
}

export type PressQueries = ReturnType<typeof createPressQueries>;
