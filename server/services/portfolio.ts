import { asc, eq, sql } from "drizzle-orm";
import type { PortfolioInput } from "../../shared/schemas";
import type { Db } from "../db/client";
import { portfolioItems, type PortfolioItem } from "../db/schema";
import { notFound } from "../lib/errors";
import { assertUnchanged } from "../lib/optimistic-concurrency";
import type { Locale } from "../../shared/i18n/locales";
import type { PortfolioArabicInput } from "../../shared/content-schemas";
import { localizeRow, PORTFOLIO_TEXT, withTranslation, type ContentLocale, type LocaleOption, type TranslationStatus } from "./content-locale";

/**
 * A company as the API and pages get it; `contentLocale` is the language of the description (the name is written
 * once). The admin read (no locale) also has `descriptionAr` and `translation`.
 */
export type PortfolioItemDto = Omit<PortfolioItem, "createdAt" | "updatedAt" | "descriptionAr"> & {
  createdAt: string;
  updatedAt: string;
  contentLocale?: ContentLocale;
  descriptionAr?: string | null;
  translation?: TranslationStatus;
};

export function serializePortfolio(row: PortfolioItem, locale?: Locale): PortfolioItemDto {
  const dto = { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
  return locale ? localizeRow(dto, locale, PORTFOLIO_TEXT) : withTranslation(dto, PORTFOLIO_TEXT);
}

export function createPortfolioService({ db }: { db: Db }) {
  return {
    /** Every company; in `locale` when given, else both languages (the admin). */
    async list(opts: LocaleOption = {}) {
      return (await db.select().from(portfolioItems).orderBy(asc(portfolioItems.id))).map((r) => serializePortfolio(r, opts.locale));
    },

    /** The description of the company with this name (case and surrounding spaces ignored), or null; Arabic when asked for and written. */
    async descriptionOf(name: string, opts: LocaleOption = {}): Promise<string | null> {
      const [row] = await db
        .select({ description: portfolioItems.description, descriptionAr: portfolioItems.descriptionAr })
        .from(portfolioItems)
        .where(sql`lower(trim(${portfolioItems.name})) = ${name.trim().toLowerCase()}`)
        .orderBy(asc(portfolioItems.id))
        .limit(1);
      if (!row) return null;
      return opts.locale === "ar" && row.descriptionAr ? row.descriptionAr : row.description;
    },

    async get(id: number, opts: LocaleOption = {}) {
      const [row] = await db.select().from(portfolioItems).where(eq(portfolioItems.id, id));
      if (!row) throw notFound("errors.notFound.portfolio");
      return serializePortfolio(row, opts.locale);
    },

    async create(input: PortfolioInput & Partial<PortfolioArabicInput>) {
      const [row] = await db.insert(portfolioItems).values(input).returning();
      return serializePortfolio(row);
    },

    async update(id: number, input: PortfolioInput & Partial<PortfolioArabicInput>, opts: { expectedUpdatedAt?: string } = {}) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(portfolioItems).where(eq(portfolioItems.id, id)).for("update");
        if (!current) throw notFound("errors.notFound.portfolio");
        assertUnchanged(current.updatedAt, opts.expectedUpdatedAt);
        const [row] = await tx
          .update(portfolioItems)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(portfolioItems.id, id))
          .returning();
        return serializePortfolio(row);
      });
    },

    /** Press releases keep their own copy of the company name and logo, so they stay readable. */
    async remove(id: number) {
      const [row] = await db.delete(portfolioItems).where(eq(portfolioItems.id, id)).returning({ id: portfolioItems.id });
      if (!row) throw notFound("errors.notFound.portfolio");
    },
  };
}
