/** What is waiting for an admin: the counts the dashboard shows on its tabs and in its 'needs attention' strip. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactSubmissions, emailMessages, investorApplications } from "../../db/schema";

export type Attention = { pendingApplications: number; unreadMessages: number; failedEmails: number };

export function createAttentionService({ db }: { db: Db }) {
  return {
    /**
     * Investor applications not yet decided, unread messages in the contact inbox (as its X-Unread-Count), e-mails
     * the outbox gave up on. One statement: the dashboard's page load counts its queries.
     */
    async counts(): Promise<Attention> {
      const result = (await db.execute(sql`
        select
          (select count(*)::int from ${investorApplications} where ${investorApplications.status} = 'pending') as applications,
          (select count(*)::int from ${contactSubmissions} where ${contactSubmissions.archivedAt} is null and ${contactSubmissions.readAt} is null) as messages,
          (select count(*)::int from ${emailMessages} where ${emailMessages.status} = 'failed') as emails`)) as unknown as {
        rows: { applications: number; messages: number; emails: number }[];
      };
      const row = result.rows[0];
      return { pendingApplications: Number(row?.applications ?? 0), unreadMessages: Number(row?.messages ?? 0), failedEmails: Number(row?.emails ?? 0) };
    },
  };
}
