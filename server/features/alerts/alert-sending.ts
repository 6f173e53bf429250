/**
 * Alerts to subscribers when something becomes public. An alert row is written in the same transaction that makes
 * its item public (a release published now or by the scheduler, a public document added, a calendar event added),
 * at most once per item and edition, so a draft, an embargoed release or a republication never sends one, and two
 * instances never write two. The scheduler's step, on every instance, takes one open alert at a time (SKIP LOCKED)
 * and writes the e-mails of its next batch of subscribers into the durable e-mail queue, each spaced after the last
 * alert e-mail by the sending rate; a delivery row per subscriber makes a second e-mail to the same subscriber
 * impossible. An item taken down before its batches are written stops its alert.
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { pressListOf, REMINDER_HOUR, type AlertKind, type AlertList } from "../../../shared/alerts";
import type { Locale } from "../../../shared/i18n/locales";
import { SCHEDULE_ZONE } from "../../../shared/publication";
import { instantToWallTime } from "../../../shared/zoned-time";
import type { Db, Tx } from "../../db/client";
import { alertDeliveries, alerts, alertSuppressions, calendarEvents, documents, emailMessages, pressReleases } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { alertEmails, type SubscriberLinks } from "./alert-templates";
import { pageLink, type MailContext } from "../mail/templates";
import { recordBy, type AuditBy, type AuditService } from "../audit/audit";
import type { AlertSubscriptions } from "./alert-subscriptions";
import type { MailService, OutgoingEmail } from "../mail/mail";
import type { SettingsService } from "../settings/settings";
import { publicRule } from "../publication/public-rules";

/** Subscribers whose e-mails one step writes for one alert. */
export const ALERT_BATCH = 200;

type AlertRow = typeof alerts.$inferSelect;
type Subscriber = Awaited<ReturnType<AlertSubscriptions["recipients"]>>[number];
type Compose = (ctx: MailContext, links: SubscriberLinks, lists: readonly string[]) => OutgoingEmail["content"];

export function createAlertSender({
  db,
  mail,
  subscriptions,
  settings,
  audit,
  origin,
}: {
  db: Db;
  mail: MailService;
  subscriptions: AlertSubscriptions;
  settings: SettingsService;
  audit?: AuditService;
  /** The public origin links start with. */
  origin: string;
}) {
  /** Writes an alert for an item that just became public, unless nobody takes its lists or it was written before. */
  async function open(tx: Tx, kind: AlertKind, itemId: number, lists: AlertList[], edition = 0, requestedById: number | null = null) {
    if (!(await subscriptions.anyRecipient(tx, lists))) return null;
    const [row] = await tx.insert(alerts).values({ kind, itemId, lists, edition, requestedById }).onConflictDoNothing().returning();
    return row ?? null;
  }

  /** What an alert's e-mail says to one subscriber; null when the item is no longer public (the alert stops). */
  async function composer(tx: Tx, alert: AlertRow): Promise<((s: Subscriber, ctx: MailContext) => OutgoingEmail["content"]) | null> {
    const withLinks = (build: Compose) => (s: Subscriber, ctx: MailContext) => build(ctx, subscriptions.subscriberLinks(s, origin), s.lists);
    if (alert.kind === "press") {
      const [r] = await tx
        .select()
        .from(pressReleases)
        .where(and(eq(pressReleases.id, alert.itemId), publicRule.press));
      if (!r) return null;
      return withLinks((ctx, links, lists) => {
        const arabic = ctx.locale === "ar" && Boolean(r.titleAr && r.summaryAr && r.contentAr);
        return alertEmails.press(ctx, {
          title: (arabic ? (r.displayTitleAr ?? r.titleAr) : (r.displayTitle ?? r.title)) ?? r.title,
          summary: (arabic ? r.summaryAr : r.summary) ?? r.summary,
          url: pageLink(ctx, `/press-releases/${r.id}`),
          englishOnly: ctx.locale === "ar" && !arabic,
          correction: alert.edition > 0,
          lists,
          links,
        });
      });
    }
    if (alert.kind === "document") {
      // The document's public rule, on the database's clock: a document made investor-only, restricted, revoked,
      // archived or expired since its alert was opened stops the alert.
      const [d] = await tx
        .select()
        .from(documents)
        .where(and(eq(documents.id, alert.itemId), publicRule.document));
      if (!d) return null;
      return withLinks((ctx, links, lists) => {
        const arabic = ctx.locale === "ar" && Boolean(d.titleAr);
        return alertEmails.document(ctx, {
          title: arabic ? d.titleAr! : d.title,
          description: arabic ? (d.descriptionAr ?? null) : d.description,
          // Subscribers need no account: the link is the investors page in their language, which lists the document
          // and offers it (or sign-in first); a PDF also opens in the portal's viewer for investors.
          url: `${pageLink(ctx, "/investors")}#investors-reports`,
          viewerUrl: d.fileType === "application/pdf" ? pageLink(ctx, `/investor-portal/documents/${d.id}`) : null,
          englishOnly: ctx.locale === "ar" && !arabic,
          lists,
          links,
        });
      });
    }
    const [e] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, alert.itemId));
    if (!e || e.status === "cancelled" || (alert.kind === "calendar-reminder" && e.startsAt <= new Date())) return null;
    return withLinks((ctx, links, lists) => {
      const arabic = ctx.locale === "ar" && Boolean(e.titleAr);
      return alertEmails.event(ctx, {
        // A reminder that could not go the day before (reminders were off, or no instance ran) says "today".
        reminder: alert.kind !== "calendar-reminder" ? null : e.date === instantToWallTime(new Date(), SCHEDULE_ZONE).wall.slice(0, 10) ? "today" : "tomorrow",
        title: arabic ? e.titleAr! : e.title,
        description: arabic ? (e.descriptionAr ?? e.description) : e.description,
        when: { date: e.date, time: e.time, startsAt: e.startsAt },
        englishOnly: ctx.locale === "ar" && !arabic,
        icsUrl: `${origin}/api/calendar/${e.id}/ics?lang=${ctx.locale}`,
        linkUrl: e.linkUrl,
        lists,
        links,
      });
    });
  }

  /**
   * Writes the next batch of one open alert (another instance's alert is skipped, not waited for); the number of
   * e-mails written, or null when no alert is open.
   */
  async function sendBatch(contexts: Record<Locale, MailContext>, perMinute: number): Promise<number | null> {
    const gapMs = Math.max(1, Math.round(60_000 / perMinute));
    return db.transaction(async (tx) => {
      const [alert] = await tx.select().from(alerts).where(ne(alerts.status, "done")).orderBy(alerts.id).limit(1).for("update", { skipLocked: true });
      if (!alert) return null;
      const finish = async () => {
        await tx
          .update(alerts)
          .set({ status: "done", finishedAt: sql`now()` })
          .where(eq(alerts.id, alert.id));
        return 0;
      };
      const write = await composer(tx, alert);
      if (!write) return finish();
      const batch = await subscriptions.recipients(tx, alert.lists, alert.cursor, ALERT_BATCH);
      if (batch.length === 0) return finish();
      // Each alert e-mail goes out `gapMs` after the last one waiting, so the relay sees the rate however many alerts
      // are open; e-mails that are not alerts (a password reset) are never held behind them.
      const [{ start }] = (
        (await tx.execute(sql`
          select greatest(now(), max(${emailMessages.nextAttemptAt}) + ${gapMs} * interval '1 millisecond') as start
          from ${emailMessages} where ${emailMessages.kind} like 'alert-%' and ${emailMessages.kind} not in ('alert-confirm', 'alert-manage')
            and ${emailMessages.status} in ('queued', 'sending')`)) as unknown as { rows: { start: string | Date }[] }
      ).rows;
      const first = new Date(start).getTime();
      const claimed = await tx
        .insert(alertDeliveries)
        .values(batch.map((s) => ({ alertId: alert.id, subscriberId: s.id })))
        .onConflictDoNothing()
        .returning({ subscriberId: alertDeliveries.subscriberId });
      const fresh = new Set(claimed.map((c) => c.subscriberId));
      const recipients = batch.filter((s) => fresh.has(s.id));
      const emails = recipients.map((s, i): OutgoingEmail => {
        const locale: Locale = s.locale === "ar" ? "ar" : "en";
        const links = subscriptions.subscriberLinks(s, origin);
        return {
          kind: `alert-${alert.kind}`,
          to: s.email,
          locale,
          notBefore: new Date(first + i * gapMs),
          headers: {
            "List-Unsubscribe": `<${links.oneClick}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "List-Id": `Investor alerts <alerts.${new URL(origin).hostname}>`,
          },
          content: write(s, contexts[locale]),
        };
      });
      const ids = await mail.enqueueAll(emails, tx);
      if (ids.length) {
        await tx.execute(sql`
          update ${alertDeliveries} set email_id = v.email_id
          from (values ${sql.join(
            recipients.map((s, i) => sql`(${s.id}::int, ${ids[i]}::int)`),
            sql`, `,
          )}) as v(subscriber_id, email_id)
          where ${alertDeliveries.alertId} = ${alert.id} and ${alertDeliveries.subscriberId} = v.subscriber_id`);
      }
      const done = batch.length < ALERT_BATCH;
      await tx
        .update(alerts)
        .set({
          cursor: batch[batch.length - 1].id,
          recipients: sql`${alerts.recipients} + ${ids.length}`,
          status: done ? "done" : "sending",
          ...(done ? { finishedAt: sql`now()` } : {}),
        })
        .where(eq(alerts.id, alert.id));
      return ids.length;
    });
  }

  /**
   * Opens the reminder of every event due tomorrow: at REMINDER_HOUR (Cairo) the day before, for an event added
   * before then and not cancelled, once.
   */
  async function openReminders() {
    const remindAt = sql`((${calendarEvents.date} - 1)::timestamp + ${REMINDER_HOUR} * interval '1 hour') at time zone ${SCHEDULE_ZONE}`;
    const due = await db
      .select({ id: calendarEvents.id })
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.status, "scheduled"),
          sql`${calendarEvents.startsAt} > now()`,
          sql`${remindAt} <= now()`,
          sql`${calendarEvents.createdAt} < ${remindAt}`,
          sql`not exists (select 1 from ${alerts} where ${alerts.kind} = 'calendar-reminder' and ${alerts.itemId} = ${calendarEvents.id})`,
        ),
      )
      .limit(20);
    if (due.length === 0 || !(await settings.alertSettings()).reminders) return;
    await db.transaction(async (tx) => {
      for (const { id } of due) await open(tx, "calendar-reminder", id, ["calendar"]);
    });
  }

  /** The alerts, newest first, with their e-mails counted by outcome and their item's title. */
  async function list(q: { limit: number; offset: number; id?: number }) {
    const rows = (await db.execute(sql`
      select a.id, a.kind, a.item_id as "itemId", a.edition, a.lists, a.status, a.recipients, a.created_at as "createdAt", a.finished_at as "finishedAt",
        coalesce(case a.kind
          when 'press' then (select title from ${pressReleases} where id = a.item_id)
          when 'document' then (select title from ${documents} where id = a.item_id)
          else (select title from ${calendarEvents} where id = a.item_id) end, '') as title,
        count(d.subscriber_id) filter (where coalesce(m.status, d.outcome) = 'sent')::int as sent,
        count(d.subscriber_id) filter (where coalesce(m.status, d.outcome) = 'failed')::int as failed,
        count(d.subscriber_id) filter (where coalesce(m.status, d.outcome) in ('queued', 'sending', 'held'))::int as waiting
      from ${alerts} a
      left join ${alertDeliveries} d on d.alert_id = a.id
      left join ${emailMessages} m on m.id = d.email_id
      ${q.id ? sql`where a.id = ${q.id}` : sql``}
      group by a.id
      order by a.id desc
      limit ${q.limit} offset ${q.offset}`)) as unknown as {
      rows: {
        id: number;
        kind: AlertKind;
        itemId: number;
        edition: number;
        lists: string[];
        status: "pending" | "sending" | "done";
        recipients: number;
        createdAt: string | Date;
        finishedAt: string | Date | null;
        title: string;
        sent: number;
        failed: number;
        waiting: number;
      }[];
    };
    return rows.rows.map((r) => ({
      ...r,
      id: Number(r.id),
      itemId: Number(r.itemId),
      createdAt: new Date(r.createdAt).toISOString(),
      finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
      lists: r.lists as AlertList[],
    }));
  }

  return {
    /** In the transaction that publishes release `row`: its alert (the first publication only). */
    pressPublished: (tx: Tx, row: { id: number; category: string }) => open(tx, "press", row.id, [pressListOf(row.category)]).then(() => undefined),

    /** In the transaction that makes document `row` public: its alert (once). */
    documentPublic: (tx: Tx, row: { id: number; isPublic: boolean; restricted: boolean }) =>
      row.isPublic && !row.restricted ? open(tx, "document", row.id, ["documents"]).then(() => undefined) : Promise.resolve(),

    /** In the transaction that adds calendar event `id` (an upcoming one). */
    eventAdded: (tx: Tx, id: number) => open(tx, "calendar-new", id, ["calendar"]).then(() => undefined),

    /** An admin asks: a published release goes again to its list, as a correction (the next edition). */
    async sendCorrection(pressId: number, by: AuditBy & { actor: { id: number } | null }) {
      const id = await db.transaction(async (tx) => {
        const [r] = await tx.select().from(pressReleases).where(eq(pressReleases.id, pressId)).for("update");
        if (!r) throw notFound("errors.notFound.press");
        if (r.publication !== "published") throw new AppError("PUBLICATION_STATE", "errors.alerts.notPublished");
        const [{ next }] = await tx
          .select({ next: sql<number>`coalesce(max(${alerts.edition}), 0) + 1` })
          .from(alerts)
          .where(and(eq(alerts.kind, "press"), eq(alerts.itemId, pressId)));
        const [row] = await tx
          .insert(alerts)
          .values({ kind: "press", itemId: pressId, lists: [pressListOf(r.category)], edition: next, requestedById: by.actor?.id ?? null })
          .returning();
        await recordBy(
          audit,
          by,
          { action: "alert.correction", entity: { type: "alert", id: row.id }, before: null, after: { press: pressId, edition: next } },
          tx,
        );
        return row.id;
      });
      return (await list({ limit: 1, offset: 0, id }))[0];
    },

    /**
     * The scheduler's step: opens due reminders, then writes batches until no alert is open or `maxBatches` were
     * written (the rest waits for the next step).
     */
    async publishDue(maxBatches = 5) {
      await openReminders();
      const [{ open: anyOpen }] = await db
        .select({ open: sql<boolean>`exists (select 1 from ${alerts} where ${alerts.status} <> 'done')` })
        .from(sql`(select 1) as one`);
      if (anyOpen) {
        const [contexts, { perMinute }] = await Promise.all([mail.contexts(), settings.alertSettings()]);
        for (let i = 0; i < maxBatches; i++) if ((await sendBatch(contexts, perMinute)) === null) break;
      }
      return { published: [], unpublished: [] };
    },

    list,

    count: async () => (await db.select({ n: sql<number>`count(*)::int` }).from(alerts))[0].n,

    /** Whether an address is on the suppression list (checked again by every batch). */
    suppressed: async (email: string) => (await db.select().from(alertSuppressions).where(eq(alertSuppressions.email, email))).length > 0,

    /** Alerts of one item (tests and the dashboard). */
    ofItem: (kind: AlertKind, itemId: number) =>
      db
        .select()
        .from(alerts)
        .where(and(eq(alerts.kind, kind), eq(alerts.itemId, itemId)))
        .orderBy(desc(alerts.edition)),
  };
}

export type AlertSender = ReturnType<typeof createAlertSender>;
