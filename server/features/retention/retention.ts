import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { accountTokens, alertDeliveries, emailMessages, securityEvents, users } from "../../db/schema";
import type { RetentionDays } from "../../env";
import type { Logger } from "../../lib/logger";
import type { AuditService } from "../audit/audit";

/** Single-use links are kept this long after they were used or ran out (a link then says 'expired or used' all the same). */
export const SPENT_LINK_DAYS = 30;
/** Rows are deleted this many at a time, so no statement holds its locks for long. */
const BATCH = 2_000;
/** Every instance sweeps this long after it starts, then at this interval; a sweep by several at once is harmless. */
const FIRST_SWEEP_MS = 60_000;
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

export type SweepResult = { emails: number; securityEvents: number; links: number; unconfirmedAccounts: number; auditEvents: number };

/**
 * Deletes what the product no longer needs: e-mails no longer waiting to be sent (sent, held without an SMTP server,
 * or failed) after `mailDays`; account events after `securityLogDays`; single-use links SPENT_LINK_DAYS after they
 * were used or expired; member accounts whose address was never confirmed, `unconfirmedAccountDays` after their
 * last confirmation link ran out (nobody proved the address: it may have been registered by someone other than its
 * owner, who can then register it afresh). A message still queued or being sent is never deleted, whatever its age.
 * Audit events older than `auditDays` go last, through the audit service (`audit`), which checks what it removes,
 * keeps the chain verifiable from its new start and records the prune; a chain that does not verify is not pruned
 * and the sweep fails with the reason (logged).
 */
export function createRetention({ db, days, audit }: { db: Db; days: RetentionDays; audit?: AuditService }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  /** Set by stop(): a sweep in progress ends after its current batch, and no other begins. */
  let stopped = false;

  /** Deletes the rows of `table` matching `where`, BATCH at a time (oldest ids first); returns how many went. */
  async function deleteAll(table: PgTable, id: AnyPgColumn, where: SQL | undefined): Promise<number> {
    let total = 0;
    for (;;) {
      const due = db.select({ id }).from(table).where(where).orderBy(id).limit(BATCH);
      const deleted = (await db.delete(table).where(inArray(id, due)).returning({ id })).length;
      total += deleted;
      if (deleted < BATCH || stopped) return total;
    }
  }

  const olderThan = (column: AnyPgColumn | SQL, n: number) => sql`${column} < now() - make_interval(days => ${n})`;

  async function sweep(): Promise<SweepResult> {
    // An alert's counts outlive its e-mails: each delivery keeps its e-mail's final status first.
    await db.execute(sql`
      update ${alertDeliveries} d set outcome = m.status from ${emailMessages} m
      where d.email_id = m.id and d.outcome is null and m.status in ('sent', 'held', 'failed')
        and ${olderThan(sql`m.created_at`, days.mailDays)}`);
    const emails = await deleteAll(
      emailMessages,
      emailMessages.id,
      and(inArray(emailMessages.status, ["sent", "held", "failed"]), olderThan(emailMessages.createdAt, days.mailDays)),
    );
    const events = await deleteAll(securityEvents, securityEvents.id, olderThan(securityEvents.createdAt, days.securityLogDays));
    const links = await deleteAll(
      accountTokens,
      accountTokens.id,
      olderThan(sql`coalesce(${accountTokens.usedAt}, ${accountTokens.expiresAt})`, SPENT_LINK_DAYS),
    );
    // No confirmation link of the account still works or ran out less than `unconfirmedAccountDays` ago.
    const unconfirmedAccounts = await deleteAll(
      users,
      users.id,
      and(
        eq(users.isVerified, false),
        eq(users.role, "regular"),
        olderThan(users.createdAt, days.unconfirmedAccountDays),
        // Columns named in full: inside the subquery a bare "id" would be the link's own.
        sql`not exists (select 1 from "account_tokens" t where t."user_id" = "users"."id" and t."purpose" = 'verify-email' and t."expires_at" > now() - make_interval(days => ${days.unconfirmedAccountDays}))`,
      ),
    );
    const auditEvents = audit ? await audit.prune({ keepDays: days.auditDays, stopped: () => stopped }) : 0;
    return { emails, securityEvents: events, links, unconfirmedAccounts, auditEvents };
  }

  return {
    /** One sweep now (tests, and the timer). */
    sweep: () => {
      const run = running.then(sweep, sweep);
      running = run.catch(() => {});
      return run;
    },

    /** Sweeps a minute after start and every six hours after that; failures are logged and tried again next time. */
    start(logger: Pick<Logger, "info" | "warn">) {
      const tick = (delay: number) => {
        timer = setTimeout(() => {
          running = sweep()
            .then((result) => {
              if (result.emails + result.securityEvents + result.links + result.unconfirmedAccounts + result.auditEvents > 0)
                logger.info(result, "deleted e-mails, account events, links, unconfirmed accounts and audit events past their keeping time");
            })
            .catch((err) => logger.warn({ err }, "could not delete old e-mails and account events; trying again later"))
            .finally(() => {
              if (!stopped) tick(SWEEP_EVERY_MS);
            });
        }, delay);
        timer.unref();
      };
      tick(FIRST_SWEEP_MS);
    },

    /** Stops the timer and waits for a sweep in progress (it ends after its current batch). */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type Retention = ReturnType<typeof createRetention>;
