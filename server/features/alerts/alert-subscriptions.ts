/**
 * Who receives investor alerts, and their consent. An address asks on the form (double opt-in: one confirmation
 * e-mail, nothing else until its link is confirmed by a POST), or a signed-in member sets them for the account's
 * confirmed address. Every request, confirmation, change and unsubscription is written to the consent record.
 * An unsubscription (from the preferences page, the one-click header or an admin) puts the address on the
 * suppression list, which every alert checks; only a new confirmation from the mailbox lifts it.
 *
 * Answers never tell whether an address is subscribed: the form's answer and its timing are the same for a new,
 * a pending, a confirmed and a suppressed address, and the e-mails one address can be sent through the form are
 * capped per day (one over the cap is dropped silently).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { ALERT_CONFIRM_DAYS, ALERT_LISTS, type AlertList, type SubscriberStatus } from "../../../shared/alerts";
import type { AlertPreferencesInput, AlertSubscribeInput } from "../../../shared/alerts-schemas";
import type { Locale } from "../../../shared/i18n/locales";
import type { Db, DbOrTx } from "../../db/client";
import { alertConsents, alertSubscribers, alertSuppressions, type users } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { alertEmails } from "./alert-templates";
import { pageLink } from "../mail/templates";
import { evenly, EVEN_ANSWER_MS } from "../accounts/accounts";
import { recordBy, type AuditBy, type AuditService } from "../audit/audit";
import type { MailService } from "../mail/mail";
import { accountKey, RATE_RULES, visitorKey, type RateLimitService } from "../rate-limits/rate-limit";

/** Where a request came from, for the consent record. */
export type ConsentMeta = { ip?: string; userAgent?: string; userId?: number | null };
type Subscriber = typeof alertSubscribers.$inferSelect;
type Preferences = { email: string; status: SubscriberStatus; lists: AlertList[]; locale: Locale };

const hashOf = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
const knownLists = (lists: readonly string[]) => lists.filter((l): l is AlertList => (ALERT_LISTS as readonly string[]).includes(l));
const asLocale = (l: string | null | undefined): Locale => (l === "ar" ? "ar" : "en");
const invalidConfirm = () => new AppError("INVALID_TOKEN", "errors.alerts.confirmLink");
const invalidManage = () => new AppError("INVALID_TOKEN", "errors.alerts.manageLink");

export function createAlertSubscriptions({
  db,
  mail,
  limits,
  audit,
  secret,
  evenAnswerMs = EVEN_ANSWER_MS,
}: {
  db: Db;
  mail: MailService;
  limits: RateLimitService;
  audit?: AuditService;
  /** Keys the preferences links (HMAC), so they are never stored. */
  secret: string;
  evenAnswerMs?: number;
}) {
  const mac = (name: number | string, salt: string) => createHmac("sha256", secret).update(`alert-manage:${name}:${salt}`).digest("base64url").slice(0, 32);

  /**
   * The token of an address's preferences page: the subscriber's random public id and an HMAC of it (changes when an
   * admin removes the address). It tells nothing about the subscriber: not the row's number, not how many there are.
   */
  const manageToken = (s: Pick<Subscriber, "publicId" | "manageSalt">) => `${s.publicId}.${mac(s.publicId, s.manageSalt)}`;

  /**
   * The subscriber a preferences token names, or null (a wrong, tampered or outdated token). Links sent before the
   * tokens were opaque carry the row's number instead of the public id; they keep working, so that an unsubscribe
   * link in an e-mail already delivered always unsubscribes.
   */
  async function byManageToken(token: string): Promise<Subscriber | null> {
    const match = /^(?:([0-9a-f]{32})|(\d{1,10}))\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!match) return null;
    const [publicId, serial, given] = match.slice(1);
    const [row] = await db
      .select()
      .from(alertSubscribers)
      .where(publicId ? eq(alertSubscribers.publicId, publicId) : eq(alertSubscribers.id, Number(serial)));
    if (!row) return null;
    const expected = Buffer.from(mac(publicId ? row.publicId : row.id, row.manageSalt));
    return timingSafeEqual(expected, Buffer.from(given)) ? row : null;
  }

  function consent(tx: DbOrTx, email: string, action: string, source: string, meta: ConsentMeta, lists: readonly string[] = [], locale?: string | null) {
    return tx.insert(alertConsents).values({
      email,
      action,
      source,
      lists: [...lists],
      locale: locale ?? null,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      userId: meta.userId ?? null,
    });
  }

  const preferencesOf = (s: Subscriber): Preferences => ({
    email: s.email,
    status: s.status,
    lists: s.status === "confirmed" ? knownLists(s.lists) : [],
    locale: asLocale(s.locale),
  });

  /** Ends every alert to `s`: unsubscribed, on the suppression list, recorded. */
  async function stop(tx: DbOrTx, s: Subscriber, source: string, reason: "unsubscribed" | "one-click" | "admin", meta: ConsentMeta) {
    const [row] = await tx
      .update(alertSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: sql`now()`, confirmTokenHash: null, confirmExpiresAt: null, updatedAt: sql`now()` })
      .where(eq(alertSubscribers.id, s.id))
      .returning();
    await tx.insert(alertSuppressions).values({ email: s.email, reason }).onConflictDoNothing();
    await consent(tx, s.email, "unsubscribed", source, meta, s.lists, s.locale);
    return row;
  }

  /** Sets the lists and language of a confirmed address (none: unsubscribes it). */
  async function setLists(s: Subscriber, input: AlertPreferencesInput, source: string, meta: ConsentMeta): Promise<Preferences> {
    return db.transaction(async (tx) => {
      if (input.lists.length === 0) return preferencesOf(await stop(tx, s, source, "unsubscribed", meta));
      const [row] = await tx
        .update(alertSubscribers)
        .set({ lists: input.lists, locale: input.locale, updatedAt: sql`now()` })
        .where(eq(alertSubscribers.id, s.id))
        .returning();
      await consent(tx, s.email, "changed", source, meta, input.lists, input.locale);
      return preferencesOf(row);
    });
  }

  /** Confirmed, unsuppressed subscribers of any of `lists` after id `after`, in id order (an alert's next batch). */
  function recipients(tx: DbOrTx, lists: readonly string[], after: number, limit: number) {
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

  const preferencesUrl = (ctx: { origin: string; locale: Locale }, token: string) =>
    `${pageLink({ ...ctx, brand: { name: "", address: "", email: "" } }, "/alerts/preferences")}?token=${token}`;

  return {
    manageToken,

    /** The addresses of an alert's links for subscriber `s`, in its language. */
    subscriberLinks(s: Pick<Subscriber, "publicId" | "manageSalt" | "locale">, origin: string) {
      const token = manageToken(s);
      return {
        preferences: preferencesUrl({ origin, locale: asLocale(s.locale) }, token),
        oneClick: `${origin}/api/alerts/one-click?token=${token}`,
      };
    },

    /**
     * A request from the form. Per visitor address a budget (429 once spent); per e-mail address a daily cap on
     * what the form sends it, past which nothing is sent and the answer is the same.
     */
    async subscribe(input: AlertSubscribeInput, meta: ConsentMeta) {
      await limits.consume(RATE_RULES.alertSignupIp, visitorKey(meta.ip));
      await evenly(evenAnswerMs, async () => {
        const allowed = (await limits.hit(RATE_RULES.alertSignupAddress, accountKey(input.email))).allowed;
        const ctx = await mail.context(input.locale);
        await db.transaction(async (tx) => {
          const [existing] = await tx.select().from(alertSubscribers).where(eq(alertSubscribers.email, input.email)).for("update");
          await consent(tx, input.email, "requested", "form", meta, input.lists, input.locale);
          if (existing?.status === "confirmed") {
            // Someone may be typing another person's address: their lists are not changed without the mailbox.
            if (!allowed) return;
            const content = alertEmails.manageLink(await mail.context(asLocale(existing.locale)), {
              preferences: preferencesUrl({ origin: ctx.origin, locale: asLocale(existing.locale) }, manageToken(existing)),
              requested: false,
            });
            await mail.enqueue({ kind: "alert-manage", to: existing.email, locale: asLocale(existing.locale), content }, tx);
            return;
          }
          const token = newToken();
          const pending = {
            pendingLists: input.lists,
            pendingLocale: input.locale,
            confirmTokenHash: allowed ? hashOf(token) : (existing?.confirmTokenHash ?? null),
            confirmExpiresAt: allowed ? sql`now() + ${ALERT_CONFIRM_DAYS} * interval '1 day'` : (existing?.confirmExpiresAt ?? null),
            updatedAt: sql`now()`,
          };
          if (existing) await tx.update(alertSubscribers).set(pending).where(eq(alertSubscribers.id, existing.id));
          else
            await tx.insert(alertSubscribers).values({
              email: input.email,
              locale: input.locale,
              manageSalt: randomBytes(12).toString("base64url"),
              source: "form",
              ...pending,
            });
          if (!allowed) return;
          await mail.enqueue(
            { kind: "alert-confirm", to: input.email, locale: input.locale, sensitive: true, content: alertEmails.confirm(ctx, { token, lists: input.lists }) },
            tx,
          );
        });
      });
    },

    /** Sends a subscribed address the link to its preferences; any other address: nothing, same answer. */
    async requestManageLink(email: string, locale: Locale, meta: ConsentMeta) {
      await limits.consume(RATE_RULES.alertSignupIp, visitorKey(meta.ip));
      await evenly(evenAnswerMs, async () => {
        if (!(await limits.hit(RATE_RULES.alertSignupAddress, accountKey(email))).allowed) return;
        const [row] = await db.select().from(alertSubscribers).where(eq(alertSubscribers.email, email));
        if (!row || row.status !== "confirmed") return;
        const ctx = await mail.context(asLocale(row.locale ?? locale));
        await mail.enqueue({
          kind: "alert-manage",
          to: row.email,
          locale: ctx.locale,
          content: alertEmails.manageLink(ctx, { preferences: preferencesUrl(ctx, manageToken(row)), requested: true }),
        });
      });
    },

    /** Confirms with the e-mail's token: the address receives the lists it asked for, and leaves the suppression list. */
    async confirm(token: string, meta: ConsentMeta) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(alertSubscribers)
          .where(and(eq(alertSubscribers.confirmTokenHash, hashOf(token)), sql`${alertSubscribers.confirmExpiresAt} > now()`))
          .for("update");
        if (!row) throw invalidConfirm();
        const lists = knownLists(row.pendingLists ?? []);
        const locale = asLocale(row.pendingLocale ?? row.locale);
        const [done] = await tx
          .update(alertSubscribers)
          .set({
            status: "confirmed",
            lists,
            locale,
            pendingLists: null,
            pendingLocale: null,
            confirmTokenHash: null,
            confirmExpiresAt: null,
            confirmedAt: sql`now()`,
            unsubscribedAt: null,
            updatedAt: sql`now()`,
          })
          .where(eq(alertSubscribers.id, row.id))
          .returning();
        await tx.delete(alertSuppressions).where(eq(alertSuppressions.email, row.email));
        await consent(tx, row.email, "confirmed", "form", meta, lists, locale);
        return { lists, locale, manageToken: manageToken(done) };
      });
    },

    async preferences(token: string): Promise<Preferences> {
      const row = await byManageToken(token);
      if (!row) throw invalidManage();
      return preferencesOf(row);
    },

    /** Changes lists and language from the preferences page; an address not confirmed cannot be given lists here. */
    async updatePreferences(token: string, input: AlertPreferencesInput, meta: ConsentMeta): Promise<Preferences> {
      const row = await byManageToken(token);
      if (!row) throw invalidManage();
      if (row.status !== "confirmed") {
        if (input.lists.length === 0) return preferencesOf(row);
        // Lists for an address that unsubscribed need its confirmation again (by e-mail, through the form).
        throw invalidManage();
      }
      return setLists(row, input, "preferences", meta);
    },

    async unsubscribe(token: string, meta: ConsentMeta, source: "preferences" | "one-click" = "preferences"): Promise<Preferences | null> {
      const row = await byManageToken(token);
      if (!row) {
        if (source === "one-click") return null;
        throw invalidManage();
      }
      if (row.status === "unsubscribed") return preferencesOf(row);
      return db.transaction(async (tx) => preferencesOf(await stop(tx, row, source, source === "one-click" ? "one-click" : "unsubscribed", meta)));
    },

    /** The alerts of a signed-in member's address (nothing stored yet: receives none). */
    async forAccount(user: Pick<typeof users.$inferSelect, "email" | "locale">): Promise<Preferences> {
      const [row] = await db.select().from(alertSubscribers).where(eq(alertSubscribers.email, user.email));
      return row ? preferencesOf(row) : { email: user.email, status: "unsubscribed", lists: [], locale: asLocale(user.locale) };
    },

    /**
     * Sets a member's alerts. The account's address was confirmed when the account was, so lists take effect at
     * once (recorded as consent from the account); no lists unsubscribes.
     */
    async setForAccount(user: Pick<typeof users.$inferSelect, "id" | "email">, input: AlertPreferencesInput, meta: ConsentMeta): Promise<Preferences> {
      const [row] = await db.select().from(alertSubscribers).where(eq(alertSubscribers.email, user.email));
      const withUser = { ...meta, userId: user.id };
      if (row?.status === "confirmed") return setLists(row, input, "account", withUser);
      if (input.lists.length === 0) return row ? preferencesOf(row) : { email: user.email, status: "unsubscribed", lists: [], locale: input.locale };
      return db.transaction(async (tx) => {
        const values = {
          status: "confirmed" as const,
          lists: input.lists,
          locale: input.locale,
          pendingLists: null,
          pendingLocale: null,
          confirmTokenHash: null,
          confirmExpiresAt: null,
          confirmedAt: sql`now()`,
          unsubscribedAt: null,
          userId: user.id,
          updatedAt: sql`now()`,
        };
        const [saved] = row
          ? await tx.update(alertSubscribers).set(values).where(eq(alertSubscribers.id, row.id)).returning()
          : await tx
              .insert(alertSubscribers)
              .values({ email: user.email, manageSalt: randomBytes(12).toString("base64url"), source: "account", ...values })
              .returning();
        await tx.delete(alertSuppressions).where(eq(alertSuppressions.email, user.email));
        await consent(tx, user.email, "confirmed", "account", withUser, input.lists, input.locale);
        return preferencesOf(saved);
      });
    },

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

export type AlertSubscriptions = ReturnType<typeof createAlertSubscriptions>;
