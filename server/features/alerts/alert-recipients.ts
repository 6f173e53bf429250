// Who an alert is sent to: confirmed subscribers of its lists whose address is not suppressed.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { alertSubscribers, alertSuppressions } from "../../db/schema";

/** Confirmed, unsuppressed subscribers of any of `lists` after id `after`, in id order (an alert's next batch). */
export function recipients(tx: DbOrTx, lists: readonly string[], after: number, limit: number) {
  return tx
    .select()
    .from(alertSubscribers)
    .where(
      and(
        eq(alertSubscribers.status, "confirmed"),
        sql`${alertSubscribers.id} > ${after}`,
        sql`${alertSubscribers.lists} && ${sql`array[${sql.join(
          lists.map((l) => sql`${l}`),
          sql`, `,
        )}]::text[]`}`,
        sql`not exists (select 1 from ${alertSuppressions} where ${alertSuppressions.email} = ${alertSubscribers.email})`,
      ),
    )
    .orderBy(alertSubscribers.id)
    .limit(limit);
}

export function createAlertRecipients({ db }: { db: Db }) {
  return {
    recipients,

    /** Whether any confirmed subscriber takes one of `lists` (an alert with nobody to send to is not written). */
    async anyRecipient(tx: DbOrTx, lists: readonly string[]) {
      const rows = await recipients(tx, lists, 0, 1);
      return rows.length > 0;
    },

    /** Kept for tests: the subscriber rows of some addresses. */
    byEmails: (emails: string[]) => db.select().from(alertSubscribers).where(inArray(alertSubscribers.email, emails)),
  };
}
