import { asc, eq, sql } from "drizzle-orm";
import type { PortfolioInput } from "../../shared/schemas";
import type { Db } from "../db/client";
import { portfolioItems, type PortfolioItem } from "../db/schema";
import { notFound } from "../lib/errors";
import { assertUnchanged } from "./press";

export function serializePortfolio(row: PortfolioItem) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
export type PortfolioItemDto = ReturnType<typeof serializePortfolio>;

export function createPortfolioService({ db }: { db: Db }) {
  return {
    async list() {
      return (await db.select().from(portfolioItems).orderBy(asc(portfolioItems.id))).map(serializePortfolio);
    },

    /** The description of the company with this name (case and surrounding spaces ignored), or null. */
    async descriptionOf(name: string): Promise<string | null> {
      const [row] = await db
        .select({ description: portfolioItems.description })
        .from(portfolioItems)
        .where(sql`lower(trim(${portfolioItems.name})) = ${name.trim().toLowerCase()}`)
        .orderBy(asc(portfolioItems.id))
        .limit(1);
      return row?.description ?? null;
    },

    async get(id: number) {
      const [row] = await db.select().from(portfolioItems).where(eq(portfolioItems.id, id));
      if (!row) throw notFound("Portfolio item not found");
      return serializePortfolio(row);
    },

    async create(input: PortfolioInput) {
      const [row] = await db.insert(portfolioItems).values(input).returning();
      return serializePortfolio(row);
    },

    async update(id: number, input: PortfolioInput, opts: { expectedUpdatedAt?: string } = {}) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(portfolioItems).where(eq(portfolioItems.id, id)).for("update");
        if (!current) throw notFound("Portfolio item not found");
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
      if (!row) throw notFound("Portfolio item not found");
    },
  };
}
