// The dashboard's Outbox: the e-mail messages as the admin reads them, and putting a failed one back in the queue.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Config } from "../../env";
import type { Db } from "../../db/client";
import { emailMessages, type EmailStatus } from "../../db/schema";
import { notFound } from "../../lib/errors";

export function createOutbox({ db, config, queue }: { db: Db; config: Config; queue: { sending: boolean; wake(): void } }) {
  return {
    /** The Outbox: newest first, a page at a time (keyset on the id). */
    async list(opts: { status?: EmailStatus; before?: number; limit?: number } = {}) {
      const limit = Math.min(opts.limit ?? 50, 200);
      const rows = await db
        .select({
          id: emailMessages.id,
          kind: emailMessages.kind,
          toAddress: emailMessages.toAddress,
          locale: emailMessages.locale,
          subject: emailMessages.subject,
          status: emailMessages.status,
          attempts: emailMessages.attempts,
          lastError: emailMessages.lastError,
          createdAt: emailMessages.createdAt,
          sentAt: emailMessages.sentAt,
          nextAttemptAt: emailMessages.nextAttemptAt,
        })
        .from(emailMessages)
        .where(and(opts.status ? eq(emailMessages.status, opts.status) : undefined, opts.before ? lt(emailMessages.id, opts.before) : undefined))
        .orderBy(desc(emailMessages.id))
        .limit(limit + 1);
      return {
        sending: queue.sending,
        /** How long a message no longer waiting to be sent stays here (MAIL_KEEP_DAYS). */
        keepDays: config.retention.mailDays,
        messages: rows.slice(0, limit).map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
          nextAttemptAt: r.nextAttemptAt.toISOString(),
        })),
        nextBefore: rows.length > limit ? rows[limit - 1].id : null,
      };
    },

    /** One message with its body (null once a message with a single-use link was delivered). */
    async get(id: number) {
      const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id));
      if (!row) throw notFound("errors.notFound.email");
      // The extra headers (an alert's unsubscribe address) carry a token and are not shown.
      const { headers: _headers, ...shown } = row;
      return {
        ...shown,
        createdAt: shown.createdAt.toISOString(),
        sentAt: shown.sentAt?.toISOString() ?? null,
        nextAttemptAt: shown.nextAttemptAt.toISOString(),
        lockedUntil: shown.lockedUntil?.toISOString() ?? null,
      };
    },

    /** Puts a failed message back in the queue (an admin fixed the SMTP settings). */
    async retry(id: number) {
      const [row] = await db
        .update(emailMessages)
        .set({ status: queue.sending ? "queued" : "held", attempts: 0, nextAttemptAt: sql`now()`, lastError: null })
        .where(and(eq(emailMessages.id, id), eq(emailMessages.status, "failed")))
        .returning({ id: emailMessages.id });
      if (!row) throw notFound("errors.notFound.email");
      queue.wake();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
