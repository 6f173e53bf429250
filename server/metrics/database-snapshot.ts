/**
 * What the metrics read from the database at scrape time: the e-mail queue and the scheduled publications, in one
 * statement over indexed columns (the queue's partial index, the publication index). A scrape never waits for the
 * database longer than SNAPSHOT_TIMEOUT_MS: when it has no answer by then the scrape goes on without these gauges.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailMessages, portfolioItems, pressReleases } from "../db/schema";

/** Longest wait of a scrape for the database (as long as readiness waits). */
export const SNAPSHOT_TIMEOUT_MS = 1_000;

export type DatabaseSnapshot = {
  /** Messages waiting to be sent (`queued`, also those due later) and being sent (`sending`). */
  mail: { queued: number; sending: number; oldestWaitingSeconds: number };
  /** Scheduled items per kind and how long the oldest one past its time has waited (0: none overdue). */
  publications: Record<"press" | "portfolio", { scheduled: number; oldestOverdueSeconds: number }>;
};

type Row = {
  mail_queued: number | string;
  mail_sending: number | string;
  mail_oldest: number | string;
  press_scheduled: number | string;
  press_overdue: number | string;
  portfolio_scheduled: number | string;
  portfolio_overdue: number | string;
};

/**
 * A message waits from the moment it could first be sent: when it was written, or its send time when it was
 * written to go out later (an alert spaced out to the sending rate) and has not been tried yet.
 */
const statement = sql`
  select
    (select count(*) from ${emailMessages} where status = 'queued') as mail_queued,
    (select count(*) from ${emailMessages} where status = 'sending') as mail_sending,
    (select coalesce(extract(epoch from now() - min(since)), 0) from (
        select case when attempts = 0 then greatest(created_at, next_attempt_at) else created_at end as since
        from ${emailMessages} where status in ('queued', 'sending')
      ) waiting where since <= now()) as mail_oldest,
    (select count(*) from ${pressReleases} where publication = 'scheduled') as press_scheduled,
    (select coalesce(extract(epoch from now() - min(publish_at)), 0) from ${pressReleases}
      where publication = 'scheduled' and publish_at <= now()) as press_overdue,
    (select count(*) from ${portfolioItems} where publication = 'scheduled') as portfolio_scheduled,
    (select coalesce(extract(epoch from now() - min(publish_at)), 0) from ${portfolioItems}
      where publication = 'scheduled' and publish_at <= now()) as portfolio_overdue`;

const num = (v: number | string) => Math.max(0, Number(v) || 0);

/**
 * `read()` resolves with the snapshot, or undefined when the database did not answer within `timeoutMs`. At most
 * one statement runs at a time: a scrape while one is still out (a frozen database) waits for that one, time-boxed
 * again, instead of sending another.
 */
export function databaseSnapshots(db: Db, timeoutMs = SNAPSHOT_TIMEOUT_MS) {
  let running: Promise<DatabaseSnapshot | undefined> | undefined;
  const query = () =>
    (running ??= (async () => {
      const result = (await db.execute(statement)) as unknown as { rows: Row[] };
      const [r] = result.rows;
      return {
        mail: { queued: num(r.mail_queued), sending: num(r.mail_sending), oldestWaitingSeconds: num(r.mail_oldest) },
        publications: {
          press: { scheduled: num(r.press_scheduled), oldestOverdueSeconds: num(r.press_overdue) },
          portfolio: { scheduled: num(r.portfolio_scheduled), oldestOverdueSeconds: num(r.portfolio_overdue) },
        },
      };
    })()
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      }));

  /** One scrape's read, shared by the gauges it fills (they collect at the same moment). */
  let current: Promise<DatabaseSnapshot | undefined> | undefined;
  return {
    read(): Promise<DatabaseSnapshot | undefined> {
      current ??= new Promise<DatabaseSnapshot | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), timeoutMs);
        void query().then((snapshot) => {
          clearTimeout(timer);
          resolve(snapshot);
        });
      }).finally(() => {
        current = undefined;
      });
      return current;
    },
  };
}
