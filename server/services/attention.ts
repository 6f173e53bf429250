/** What is waiting for an admin: the counts the dashboard shows on its tabs and in its 'needs attention' strip. */
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactSubmissions, emailMessages, investorApplications } from "../db/schema";

export type Attention = { pendingApplications: number; unreadMessages: number; failedEmails: number };

export function createAttentionService({ db }: { db: Db }) {
  return {
    /** Investor applications not yet decided, unread messages in the contact inbox
     * (as its X-Unread-Count), e-mails that failed for good. */
    async counts(): Promise<Attention> {
      const [[applications], [messages], [emails]] = await Promise.all([
        db.select({ n: count() }).from(investorApplications).where(eq(investorApplications.status, "pending")),
        db
          .select({ n: count() })
          .from(contactSubmissions)
          .where(and(isNull(contactSubmissions.archivedAt), isNull(contactSubmissions.readAt))),
        db.select({ n: count() }).from(emailMessages).where(eq(emailMessages.status, "failed")),
      ]);
      return { pendingApplications: applications?.n ?? 0, unreadMessages: messages?.n ?? 0, failedEmails: emails?.n ?? 0 };
    },
  };
}
