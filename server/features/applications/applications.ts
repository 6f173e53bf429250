import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { hasInvestorAccess } from "../../../shared/rules";
import type { investorApplicationSchema } from "../../../shared/schemas";
import type { Db } from "../../db/client";
import { investorApplications, users, type InvestorApplication } from "../../db/schema";
import { AppError, isUniqueViolation, notFound } from "../../lib/errors";
import { emails } from "../mail/templates";
import { userLocale } from "../accounts/accounts";
import type { MailService } from "../mail/mail";
import type { EventMeta, SecurityEventService } from "../security-events/security-events";
import type { PublicUser } from "../accounts/users";
import { recordBy, type AuditService } from "../audit/audit";

export function serializeApplication(row: InvestorApplication) {
  return {
    ...row,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

export function createApplicationService({
  db,
  mail,
  securityEvents,
  audit,
}: {
  db: Db;
  mail: MailService;
  securityEvents: SecurityEventService;
  audit?: AuditService;
}) {
  return {
    /** Stores an application from a user whose address is confirmed, and e-mails every admin (each in their language). */
    async submit(user: PublicUser, input: z.infer<typeof investorApplicationSchema>) {
      if (hasInvestorAccess(user)) throw new AppError("CONFLICT", "errors.application.alreadyInvestor");
      if (!user.isVerified) throw new AppError("EMAIL_NOT_VERIFIED", "errors.email.notVerified");
      const contexts = await mail.contexts();
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(investorApplications)
            .values({ ...input, userId: user.id })
            .returning();
          const admins = await tx.select({ id: users.id, email: users.email, locale: users.locale }).from(users).where(eq(users.role, "admin"));
          for (const admin of admins) {
            const locale = userLocale(admin);
            await mail.enqueue(
              {
                kind: "application-received",
                to: admin.email,
                locale,
                userId: admin.id,
                replyTo: user.email,
                content: emails.applicationReceived(contexts[locale], {
                  name: user.fullName || user.username,
                  email: user.email,
                  company: row.company,
                  position: row.position,
                  interests: row.investmentInterests,
                  motivation: row.motivation,
                }),
              },
              tx,
            );
          }
          return serializeApplication(row);
        });
      } catch (err) {
        // The partial unique index allows one pending application per user, even under a race.
        if (isUniqueViolation(err)) throw new AppError("CONFLICT", "errors.application.pending");
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

    /**
     * Approving makes the applicant an investor in the same transaction; either way the applicant is told by e-mail,
     * and the decision (with the role it gave) is recorded in the audit trail.
     */
    async review(id: number, reviewer: PublicUser, decision: "approved" | "rejected", meta: EventMeta = {}) {
      const contexts = await mail.contexts();
      return db.transaction(async (tx) => {
        const [app] = await tx.select().from(investorApplications).where(eq(investorApplications.id, id)).for("update");
        if (!app) throw notFound("errors.notFound.application");
        if (app.status !== "pending") throw new AppError("CONFLICT", "errors.application.reviewed");
        const [row] = await tx
          .update(investorApplications)
          .set({ status: decision, reviewedAt: new Date(), reviewedById: reviewer.id })
          .where(eq(investorApplications.id, id))
          .returning();
        const [applicant] = await tx.select().from(users).where(eq(users.id, app.userId));
        const promoted = decision === "approved" && applicant?.role === "regular";
        if (promoted) {
          await tx.update(users).set({ role: "investor" }).where(eq(users.id, app.userId));
          await securityEvents.record(
            {
              type: "role-changed",
              userId: app.userId,
              actorId: reviewer.id,
              detail: { from: "regular", to: "investor", reason: "application-approved" },
              ...meta,
            },
            tx,
          );
        }
        if (applicant) {
          const locale = userLocale(applicant);
          const context = contexts[locale];
          await mail.enqueue(
            {
              kind: decision === "approved" ? "application-approved" : "application-rejected",
              to: applicant.email,
              locale,
              userId: applicant.id,
              content: (decision === "approved" ? emails.applicationApproved : emails.applicationRejected)(context, { name: applicant.fullName }),
            },
            tx,
          );
        }
        await recordBy(
          audit,
          { actor: reviewer, meta },
          {
            action: decision === "approved" ? "application.approve" : "application.reject",
            entity: { type: "application", id },
            before: { status: app.status, ...(promoted ? { applicantRole: "regular" } : {}) },
            after: { status: decision, ...(promoted ? { applicantRole: "investor" } : {}) },
          },
          tx,
        );
        return serializeApplication(row);
      });
    },
  };
}
