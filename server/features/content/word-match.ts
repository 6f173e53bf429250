import { and, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { normalizeSearchText } from "../../../shared/search-normalize";

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every word must appear in one of the columns (a substring, case-insensitive). Both sides are folded as the press
 * search folds them (`search_normalize` in the database, normalizeSearchText here), so Arabic spelling variants and
 * the article do not matter. For the small tables (portfolio companies, documents): no index is needed.
 */
export function everyWordIn(terms: string[], columns: AnyColumn[]): SQL | undefined {
  const words = terms.map((t) => normalizeSearchText(t).trim()).filter(Boolean);
  return and(...words.map((t) => or(...columns.map((c) => ilike(sql`search_normalize(${c})`, like(t))))));
}
