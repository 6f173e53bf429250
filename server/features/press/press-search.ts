// The press list's search: the words a query is made of, and the SQL that pages through matches newest first.
import { and, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pressReleases } from "../../db/schema";
import type { Locale } from "../../../shared/i18n/locales";
import { normalizeSearchText } from "../../../shared/search-normalize";
import { cardColumns, localizeCard, type CardRow, type PressCard } from "./press-dto";
import { publishedPress } from "../publication/public-rules";

export type PressQuery = { q?: string; company?: string; limit?: number; offset?: number };

/** The query of the press list page: words, the company tab, a release left out, a page. */
export type PressSearchQuery = {
  q?: string;
  company?: string;
  excludeId?: number;
  offset?: number;
  limit: number;
  locale?: Locale;
};

export const newestFirst = [desc(pressReleases.date), desc(pressReleases.id)];

/** Up to this many search matches are sorted directly; more are paged by walking the date index. */
const SORT_MATCHES_MAX = 1000;

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

/**
 * The API list's filter: the company, and a substring of title, summary or company (wildcards taken literally);
 * published releases only.
 */
export function searchWhere(query: PressQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [publishedPress];
  if (query.company) parts.push(eq(pressReleases.company, query.company));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(pressReleases.title, like), ilike(pressReleases.summary, like), ilike(pressReleases.company, like)));
  }
  return and(...parts);
}

/** The filters a list page applies besides the search: published only, the company tab and the release left out. */
function listFilters(query: { company?: string; excludeId?: number }): SQL[] {
  const parts: SQL[] = [publishedPress];
  if (query.company) parts.push(eq(pressReleases.company, query.company));
  if (query.excludeId !== undefined) parts.push(ne(pressReleases.id, query.excludeId));
  return parts;
}

/**
 * One page of list cards, newest first, with the number of matches: the press list page's query.
 * Paging uses the (date, id) index, so the first pages stay fast however many releases exist.
 * `excludeId` leaves out a release shown elsewhere on the page (the spotlight).
 */
export async function searchCards(db: Db, query: PressSearchQuery): Promise<{ items: PressCard[]; total: number }> {
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
}

/**
 * The distinct companies of published releases for the list's tabs, alphabetically. Walks the company index one value
 * at a time (a loose index scan), so it costs one index probe per company, not a pass over every release.
 */
export async function companyNames(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive c(company) as (
      (select company from press_releases where company is not null and company <> '' and publication = 'published' order by company limit 1)
      union all
      select (select p.company from press_releases p where p.company > c.company and p.publication = 'published' order by p.company limit 1)
      from c where c.company is not null
    )
    select company from c where company is not null`)) as unknown as { rows: { company: string }[] };
  return result.rows.map((r) => r.company);
}
