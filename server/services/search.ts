import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { displayCategory } from "../../shared/portfolio-display";
import type { Db } from "../db/client";
import { documentCategories, documents, portfolioItems } from "../db/schema";
import { canReadAll } from "./documents";
import { searchTerms, type PressCard, type PressService } from "./press";
import type { PublicUser } from "./users";

/** Each kind of result shows at most this many matches; the total says how many there are. */
export const SEARCH_SECTION_LIMIT = 8;

export type SearchPortfolioHit = { id: number; name: string; category: string; description: string; website: string | null; status: string; exitYear: number | null };
export type SearchDocumentHit = {
  id: number;
  title: string;
  description: string | null;
  categoryName: string | null;
  fileName: string;
  isPublic: boolean;
  uploadedAt: string;
};
export type SearchSection<T> = { items: T[]; total: number };
export type SiteSearchResults = {
  q: string;
  /** The words that were searched for (letters and digits only); empty when nothing searchable was typed. */
  terms: string[];
  total: number;
  press: SearchSection<PressCard>;
  portfolio: SearchSection<SearchPortfolioHit>;
  documents: SearchSection<SearchDocumentHit>;
};

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every word must appear in one of the columns (a substring, case-insensitive). */
function everyWordIn(terms: string[], columns: Parameters<typeof ilike>[0][]): SQL | undefined {
  return and(...terms.map((t) => or(...columns.map((c) => ilike(c, like(t))))));
}

/**
 * The site search: press releases (the press list's full-text search), portfolio companies (name, sector,
 * description) and documents. Documents follow the document library's read rule: everyone sees the Public
 * ones, investors and admins every one. A document the viewer may not read is never matched at all, so not
 * even its title or the count of such documents can leak.
 */
export function createSearchService({ db, press }: { db: Db; press: Pick<PressService, "search"> }) {
  async function searchPortfolio(terms: string[]): Promise<SearchSection<SearchPortfolioHit>> {
    const where = everyWordIn(terms, [portfolioItems.name, portfolioItems.sector, portfolioItems.description]);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: portfolioItems.id,
          name: portfolioItems.name,
          sector: portfolioItems.sector,
          description: portfolioItems.description,
          website: portfolioItems.website,
          status: portfolioItems.status,
          exitYear: portfolioItems.exitYear,
        })
        .from(portfolioItems)
        .where(where)
        .orderBy(asc(portfolioItems.name), asc(portfolioItems.id))
        .limit(SEARCH_SECTION_LIMIT),
      db.select({ total: sql<number>`count(*)::int` }).from(portfolioItems).where(where),
    ]);
    return {
      items: rows.map(({ sector, ...r }) => ({ ...r, category: displayCategory({ name: r.name, sector }) })),
      total,
    };
  }

  async function searchDocuments(terms: string[], viewer: Pick<PublicUser, "role"> | null): Promise<SearchSection<SearchDocumentHit>> {
    const readable = viewer && canReadAll(viewer) ? undefined : eq(documents.isPublic, true);
    const where = and(readable, everyWordIn(terms, [documents.title, documents.description, documentCategories.name]));
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: documents.id,
          title: documents.title,
          description: documents.description,
          categoryName: documentCategories.name,
          fileName: documents.fileName,
          isPublic: documents.isPublic,
          uploadedAt: documents.uploadedAt,
        })
        .from(documents)
        .leftJoin(documentCategories, eq(documents.categoryId, documentCategories.id))
        .where(where)
        .orderBy(desc(documents.uploadedAt), desc(documents.id))
        .limit(SEARCH_SECTION_LIMIT),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(documents)
        .leftJoin(documentCategories, eq(documents.categoryId, documentCategories.id))
        .where(where),
    ]);
    return { items: rows.map((r) => ({ ...r, uploadedAt: r.uploadedAt.toISOString() })), total };
  }

  return {
    /** `q` is already validated (shared siteSearchQuerySchema); `viewer` is the signed-in user or null. */
    async search(q: string, viewer: Pick<PublicUser, "role"> | null): Promise<SiteSearchResults> {
      const terms = searchTerms(q);
      const empty = { items: [], total: 0 };
      if (!terms.length) return { q, terms, total: 0, press: empty, portfolio: empty, documents: empty };
      const [pressHits, portfolio, docs] = await Promise.all([
        press.search({ q: terms.join(" "), limit: SEARCH_SECTION_LIMIT }),
        searchPortfolio(terms),
        searchDocuments(terms, viewer),
      ]);
      return { q, terms, total: pressHits.total + portfolio.total + docs.total, press: pressHits, portfolio, documents: docs };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
