// The dashboard's lists: subscribers (a page, the CSV export, the counts) and the suppression list, and an admin's
// two changes to them, removing a subscriber and suppressing an address, both in the audit trail and the consent record.
import { and, desc, eq, ilike, sql, type SQL } from "drizzle-orm";
import { ALERT_LISTS, type AlertList, type SubscriberStatus } from "../../../shared/alerts";
import type { Db } from "../../db/client";
import { alertSubscribers, alertSuppressions } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { recordBy, type AuditBy, type AuditService } from "../audit/audit";
import { consent, stop, type ConsentMeta } from "./alert-consent";

export function createAlertAdminLists({ db, audit }: { db: Db; audit?: AuditService }) {
  return {
    /** One page of subscribers for the dashboard, newest first, with the total. */
    async list(q: { q?: string; list?: AlertList; status?: SubscriberStatus; limit: number; offset: number }) {
      const conditions: SQL[] = [];
      if (q.q) conditions.push(ilike(alertSubscribers.email, `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      if (q.list) conditions.push(sql`${q.list} = any(${alertSubscribers.lists})`);
      if (q.status) conditions.push(eq(alertSubscribers.status, q.status));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(alertSubscribers).where(where).orderBy(desc(alertSubscribers.id)).limit(q.limit).offset(q.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(alertSubscribers)
          .where(where),
      ]);
      return { total, rows };
    },

    /** Every subscriber, oldest first, for the CSV export. */
    all: () => db.select().from(alertSubscribers).orderBy(alertSubscribers.id),

    async stats() {
      const [statuses, perList, [{ suppressed }]] = await Promise.all([
        db
          .select({ status: alertSubscribers.status, n: sql<number>`count(*)::int` })
          .from(alertSubscribers)
          .groupBy(alertSubscribers.status),
        db
          .execute(sql`select l as list, locale, count(*)::int as n from ${alertSubscribers}, unnest(lists) as l where status = 'confirmed' group by l, locale`)
          .then((r) => (r as unknown as { rows: { list: string; locale: string; n: number }[] }).rows.map((x) => ({ ...x, n: Number(x.n) }))),
        db.select({ suppressed: sql<number>`count(*)::int` }).from(alertSuppressions),
      ]);
      const count = (s: SubscriberStatus) => statuses.find((r) => r.status === s)?.n ?? 0;
      return {
        confirmed: count("confirmed"),
        pending: count("pending"),
        unsubscribed: count("unsubscribed"),
        suppressed,
        perList: ALERT_LISTS.map((list) => ({
          list,
          en: perList.find((r) => r.list === list && r.locale === "en")?.n ?? 0,
          ar: perList.find((r) => r.list === list && r.locale === "ar")?.n ?? 0,
        })),
      };
    },

    /** An admin removes a subscriber: its row goes, its address is suppressed, the consent record keeps both. */
    async remove(id: number, by: AuditBy, meta: ConsentMeta) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(alertSubscribers).where(eq(alertSubscribers.id, id)).for("update");
        if (!row) throw notFound("errors.notFound.subscriber");
        await tx.delete(alertSubscribers).where(eq(alertSubscribers.id, id));
        await tx.insert(alertSuppressions).values({ email: row.email, reason: "admin" }).onConflictDoNothing();
        await consent(tx, row.email, "removed", "admin", meta, row.lists, row.locale);
        await recordBy(
          audit,
          by,
          { action: "subscriber.remove", entity: { type: "subscriber", id }, before: { email: row.email, status: row.status, lists: row.lists }, after: null },
          tx,
        );
      });
    },

    async suppressions(q: { q?: string; limit: number; offset: number }) {
      const where = q.q ? ilike(alertSuppressions.email, `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(alertSuppressions).where(where).orderBy(desc(alertSuppressions.createdAt), alertSuppressions.email).limit(q.limit).offset(q.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(alertSuppressions)
          .where(where),
      ]);
      return { total, rows };
    },

    /** An admin suppresses an address: it is never sent an alert, and a subscription to it stops. */
    async suppress(email: string, by: AuditBy, meta: ConsentMeta) {
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(alertSubscribers).where(eq(alertSubscribers.email, email)).for("update");
        if (existing && existing.status !== "unsubscribed") await stop(tx, existing, "admin", "admin", meta);
        await tx.insert(alertSuppressions).values({ email, reason: "admin" }).onConflictDoNothing();
        await consent(tx, email, "suppressed", "admin", meta);
        await recordBy(audit, by, { action: "subscriber.suppress", entity: { type: "subscriber", id: existing?.id ?? 0 }, before: null, after: { email } }, tx);
        const [row] = await tx.select().from(alertSuppressions).where(eq(alertSuppressions.email, email));
        return row;
      });
    },
  };
}
