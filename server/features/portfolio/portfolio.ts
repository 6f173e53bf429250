import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { PortfolioInput } from "../../../shared/schemas";
import type { Db } from "../../db/client";
import { portfolioItems, type PortfolioItem } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { assertUnchanged } from "../../lib/optimistic-concurrency";
import type { Locale } from "../../../shared/i18n/locales";
import type { PortfolioArabicInput } from "../../../shared/content-schemas";
import { publishedPortfolio } from "../publication/public-rules";
import { recordBy, type AuditBy, type AuditService } from "../audit/audit";
import { keep } from "../publication/revisions";
import { publicationActions } from "../publication/publication-actions";
import { localizeRow, PORTFOLIO_TEXT, withTranslation, type ContentLocale, type LocaleOption, type TranslationStatus } from "../content/content-locale";

/**
 * A company as the API and pages get it; `contentLocale` is the language of the description (the name is written
 * once). The admin read (no locale) also has `descriptionAr` and `translation`.
 */
type Instants = "publishedAt" | "publishAt" | "unpublishAt";
export type PortfolioItemDto = Omit<PortfolioItem, "createdAt" | "updatedAt" | "descriptionAr" | Instants> & {
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  publishAt: string | null;
  unpublishAt: string | null;
  contentLocale?: ContentLocale;
  descriptionAr?: string | null;
  translation?: TranslationStatus;
};

export function serializePortfolio(row: PortfolioItem, locale?: Locale): PortfolioItemDto {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const dto = {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
    publishAt: iso(row.publishAt),
    unpublishAt: iso(row.unpublishAt),
  };
  return locale ? localizeRow(dto, locale, PORTFOLIO_TEXT) : withTranslation(dto, PORTFOLIO_TEXT);
}

/** `audit`: where every write is recorded, in the write's own transaction (a write without `by` records nothing). */
export function createPortfolioService({ db, audit }: { db: Db; audit?: AuditService }) {
  const publication = publicationActions<PortfolioItem, PortfolioItemDto>({
    db,
    audit,
    table: portfolioItems,
    entity: "portfolio",
    notFoundMessage: "errors.notFound.portfolio",
    columns: getTableColumns(portfolioItems),
    serialize: (row) => serializePortfolio(row),
  });
  return {
    /** publish, schedule, unpublish, withdraw and the scheduler's publishDue (./publication-actions.ts). */
    ...publication,
    /**
     * The published companies; in `locale` when given, else both languages. With `all`, every company whatever
     * its state (the dashboard, admins only).
     */
    async list(opts: LocaleOption & { all?: boolean } = {}) {
      return (
        await db
          .select()
          .from(portfolioItems)
          .where(opts.all ? undefined : publishedPortfolio)
          .orderBy(asc(portfolioItems.id))
      ).map((r) => serializePortfolio(r, opts.locale));
    },

    /** The description of the company with this name (case and surrounding spaces ignored), or null; Arabic when asked for and written. */
    async descriptionOf(name: string, opts: LocaleOption = {}): Promise<string | null> {
      const [row] = await db
        .select({ description: portfolioItems.description, descriptionAr: portfolioItems.descriptionAr })
        .from(portfolioItems)
        .where(and(publishedPortfolio, sql`lower(trim(${portfolioItems.name})) = ${name.trim().toLowerCase()}`))
        .orderBy(asc(portfolioItems.id))
        .limit(1);
      if (!row) return null;
      return opts.locale === "ar" && row.descriptionAr ? row.descriptionAr : row.description;
    },

    /** One published company; any other is a 404. */
    async get(id: number, opts: LocaleOption = {}) {
      const [row] = await db
        .select()
        .from(portfolioItems)
        .where(and(eq(portfolioItems.id, id), publishedPortfolio));
      if (!row) throw notFound("errors.notFound.portfolio");
      return serializePortfolio(row, opts.locale);
    },

    /** One company in any state, both languages (the dashboard, admins only). */
    async getAny(id: number) {
      const [row] = await db.select().from(portfolioItems).where(eq(portfolioItems.id, id));
      if (!row) throw notFound("errors.notFound.portfolio");
      return serializePortfolio(row);
    },

    /** A new company is published unless `publication: "draft"` is asked for (the API's callers start with a draft). */
    async create(input: PortfolioInput & Partial<PortfolioArabicInput>, opts: { publication?: "draft" | "published" } = {}, by?: AuditBy) {
      const publication = opts.publication ?? "published";
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(portfolioItems)
          .values({ ...input, publication, publishedAt: publication === "published" ? new Date() : null })
          .returning();
        await recordBy(audit, by, { action: "portfolio.create", entity: { type: "portfolio", id: row.id }, before: null, after: row }, tx);
        await keep(tx, "portfolio", row.id, row, by);
        return serializePortfolio(row);
      });
    },

    async update(id: number, input: PortfolioInput & Partial<PortfolioArabicInput>, opts: { expectedUpdatedAt?: string } = {}, by?: AuditBy) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(portfolioItems).where(eq(portfolioItems.id, id)).for("update");
        if (!current) throw notFound("errors.notFound.portfolio");
        assertUnchanged(current.updatedAt, opts.expectedUpdatedAt);
        const [row] = await tx
          .update(portfolioItems)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(portfolioItems.id, id))
          .returning();
        await recordBy(audit, by, { action: "portfolio.update", entity: { type: "portfolio", id }, before: current, after: row }, tx);
        await keep(tx, "portfolio", id, row, by, undefined, current);
        return serializePortfolio(row);
      });
    },

    /** Press releases keep their own copy of the company name and logo, so they stay readable. */
    async remove(id: number, by?: AuditBy) {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(portfolioItems).where(eq(portfolioItems.id, id)).returning();
        if (!row) throw notFound("errors.notFound.portfolio");
        await recordBy(audit, by, { action: "portfolio.delete", entity: { type: "portfolio", id }, before: row, after: null }, tx);
      });
    },
  };
}
