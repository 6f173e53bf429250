import { and, asc, desc, eq, sql } from "drizzle-orm";
import { displayCategory } from "../../../shared/portfolio-display";
import type { Db } from "../../db/client";
import { documentCategories, documents, portfolioItems } from "../../db/schema";
import { searchTerms, type PressCard, type PressService } from "../press/press";
import type { PublicUser } from "../accounts/users";
import type { Locale } from "../../../shared/i18n/locales";
import type { ContentLocale } from "../content/content-locale";
import { documentReadAccess } from "../documents/documents";
import { everyWordIn } from "../content/word-match";
import { publishedPortfolio } from "../publication/public-rules";

/** Each kind of result shows at most this many matches; the total says how many there are. */
export const SEARCH_SECTION_LIMIT = 8;

export type SearchPortfolioHit = {
  id: number;
  name: string;
  category: string;
  description: string;
  website: string | null;
  status: string;
  exitYear: number | null;
  /** The language of the description. */
  contentLocale: ContentLocale;
};
export type SearchDocumentHit = {
  id: number;
  title: string;
  description: string | null;
  categoryName: string | null;
  fileName: string;
  isPublic: boolean;
  uploadedAt: string;
  /** The language of title and description (the category name is in the page's language when it has one). */
  contentLocale: ContentLocale;
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

/**
 * The site search: press releases (the press list's full-text search), portfolio companies (name, sector,
 * description) and documents, each kind under its public rule (./public-rules.ts): published releases and
 * companies only, so a draft, scheduled or withdrawn item is neither listed nor counted. Documents follow the document library's read rule: everyone sees the Public
 * ones, investors and admins every one. A document the viewer may not read is never matched at all, so not
 * even its title or the count of such documents can leak.
 */
export function createSearchService({ db, press }: { db: Db; press: Pick<PressService, "search"> }) {
  async function searchPortfolio(terms: string[], locale: Locale | undefined): Promise<SearchSection<SearchPortfolioHit>> {
    const where = and(
      publishedPortfolio,
      everyWordIn(terms, [portfolioItems.name, portfolioItems.sector, portfolioItems.description, portfolioItems.descriptionAr]),
    );
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: portfolioItems.id,
          name: portfolioItems.name,
          sector: portfolioItems.sector,
          description: portfolioItems.description,
          descriptionAr: portfolioItems.descriptionAr,
          website: portfolioItems.website,
          status: portfolioItems.status,
          exitYear: portfolioItems.exitYear,
        })
        .from(portfolioItems)
        .where(where)
        .orderBy(asc(portfolioItems.name), asc(portfolioItems.id))
        .limit(SEARCH_SECTION_LIMIT),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(portfolioItems)
        .where(where),
    ]);
    return {
      items: rows.map(({ sector, descriptionAr, ...r }) => {
        const ar = locale === "ar" && Boolean(descriptionAr);
        return { ...r, description: ar ? descriptionAr! : r.description, category: displayCategory({ name: r.name, sector }), contentLocale: ar ? "ar" : "en" };
      }),
      total,
    };
  }

  async function searchDocuments(
    terms: string[],
    viewer: Pick<PublicUser, "id" | "role" | "secondFactorProved"> | null,
    locale: Locale | undefined,
  ): Promise<SearchSection<SearchDocumentHit>> {
    const where = and(
      documentReadAccess(viewer).listWhere,
      everyWordIn(terms, [
        documents.title,
        documents.description,
        documentCategories.name,
        documents.titleAr,
        documents.descriptionAr,
        documentCategories.nameAr,
      ]),
    );
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: documents.id,
          title: documents.title,
          description: documents.description,
          categoryName: documentCategories.name,
          titleAr: documents.titleAr,
          descriptionAr: documents.descriptionAr,
          categoryNameAr: documentCategories.nameAr,
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
    const items = rows.map(({ titleAr, descriptionAr, categoryNameAr, ...r }) => {
      const ar = locale === "ar" && Boolean(titleAr);
      return {
        ...r,
        title: ar ? titleAr! : r.title,
        description: ar ? descriptionAr || null : r.description,
        categoryName: locale === "ar" && categoryNameAr ? categoryNameAr : r.categoryName,
        uploadedAt: r.uploadedAt.toISOString(),
        contentLocale: (ar ? "ar" : "en") as ContentLocale,
      };
    });
    return { items, total };
  }

  return {
    /** `q` is already validated (shared siteSearchQuerySchema); `viewer` is the signed-in user or null. */
    async search(q: string, viewer: Pick<PublicUser, "id" | "role" | "secondFactorProved"> | null, opts: { locale?: Locale } = {}): Promise<SiteSearchResults> {
      const terms = searchTerms(q);
      const empty = { items: [], total: 0 };
      if (!terms.length) return { q, terms, total: 0, press: empty, portfolio: empty, documents: empty };
      const [pressHits, portfolio, docs] = await Promise.all([
        press.search({ q: terms.join(" "), limit: SEARCH_SECTION_LIMIT, locale: opts.locale }),
        searchPortfolio(terms, opts.locale),
        searchDocuments(terms, viewer, opts.locale),
      ]);
      return { q, terms, total: pressHits.total + portfolio.total + docs.total, press: pressHits, portfolio, documents: docs };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
