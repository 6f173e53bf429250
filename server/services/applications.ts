import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { hasInvestorAccess } from "../../shared/rules";
import type { investorApplicationSchema } from "../../shared/schemas";
import type { Db } from "../db/client";
import { investorApplications, users, type InvestorApplication } from "../db/schema";
import { AppError, isUniqueViolation, notFound } from "../lib/errors";
import type { PublicUser } from "./users";

export function serializeApplication(row: InvestorApplication) {
  return {
    ...row,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

export const ALREADY_PENDING = "You already have an application under review.";

export function createApplicationService({ db }: { db: Db }) {
  return {
    async submit(user: PublicUser, input: z.infer<typeof investorApplicationSchema>) {
      if (hasInvestorAccess(user)) throw new AppError("CONFLICT", "You already have investor access.");
      try {
        const [row] = await db
          .insert(investorApplications)
          .values({ ...input, userId: user.id })
          .returning();
        return serializeApplication(row);
      } catch (err) {
        // The partial unique index allows one pending application per user, even under a race.
        if (isUniqueViolation(err)) throw new AppError("CONFLICT", ALREADY_PENDING);
        throw err;
      }
    },

    async latestFor(userId: number) {
      const [row] = await db
        .select()
        .from(investorApplications)
        .where(eq(investorApplications.userId, userId))
        .orderBy(desc(investorApplications.submittedAt), desc(investorApplications.id))
        .limit(1);
      return row ? serializeApplication(row) : null;
    },

    async list() {
      const reviewer = alias(users, "reviewer");
      const rows = await db
        .select({
          app: investorApplications,
          email: users.email,
          fullName: users.fullName,
          role: users.role,
          reviewerName: reviewer.fullName,
          reviewerEmail: reviewer.email,
        })
        .from(investorApplications)
        .innerJoin(users, eq(users.id, investorApplications.userId))
        .leftJoin(reviewer, eq(reviewer.id, investorApplications.reviewedById))
        .orderBy(desc(investorApplications.submittedAt), desc(investorApplications.id));
      return rows.map((r) => ({
        ...serializeApplication(r.app),
        email: r.email,
        fullName: r.fullName,
        /** The applicant's current role, so the admin sees who already has access. */
        role: r.role,
        reviewedByName: r.reviewerName ?? r.reviewerEmail ?? null,
      }));
    },

    /** Approving makes the applicant an investor in the same transaction. */
    async review(id: number, reviewer: PublicUser, decision: "approved" | "rejected") {
      return db.transaction(async (tx) => {
        const [app] = await tx.select().from(investorApplications).where(eq(investorApplications.id, id)).for("update");
        if (!app) throw notFound("Application not found");
        if (app.status !== "pending") throw new AppError("CONFLICT", "This application has already been reviewed.");
        const [row] = await tx
          .update(investorApplications)
          .set({ status: decision, reviewedAt: new Date(), reviewedById: reviewer.id })
          .where(eq(investorApplications.id, id))
          .returning();
        if (decision === "approved") {
          const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, app.userId));
          if (target?.role === "regular") await tx.update(users).set({ role: "investor" }).where(eq(users.id, app.userId));
        }
        return serializeApplication(row);
      });
    },
  };
}
