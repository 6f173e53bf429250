// What the alert subscriptions' use cases share: the consent record every request, confirmation, change and
// unsubscription is written to, the preferences links' tokens, and the two ways a confirmed address's alerts change
// (its lists set, or every alert stopped and the address suppressed).
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { ALERT_LISTS, type AlertList, type SubscriberStatus } from "../../../shared/alerts";
import type { AlertPreferencesInput } from "../../../shared/alerts-schemas";
import type { Locale } from "../../../shared/i18n/locales";
import type { Db, DbOrTx } from "../../db/client";
import { alertConsents, alertSubscribers, alertSuppressions } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { pageLink } from "../mail/templates";

/** Where a request came from, for the consent record. */
export type ConsentMeta = { ip?: string; userAgent?: string; userId?: number | null };
export type Subscriber = typeof alertSubscribers.$inferSelect;
export type Preferences = { email: string; status: SubscriberStatus; lists: AlertList[]; locale: Locale };

export const hashOf = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");
export const knownLists = (lists: readonly string[]) => lists.filter((l): l is AlertList => (ALERT_LISTS as readonly string[]).includes(l));
export const asLocale = (l: string | null | undefined): Locale => (l === "ar" ? "ar" : "en");
export const invalidConfirm = () => new AppError("INVALID_TOKEN", "errors.alerts.confirmLink");
export const invalidManage = () => new AppError("INVALID_TOKEN", "errors.alerts.manageLink");

/** A subscription's columns once its lists are confirmed: nothing left pending, no confirmation link outstanding. */
export const confirmedColumns = (lists: AlertList[], locale: Locale) => ({
  status: "confirmed" as const,
  lists,
  locale,
  pendingLists: null,
  pendingLocale: null,
  confirmTokenHash: null,
  confirmExpiresAt: null,
  confirmedAt: sql`now()`,
  unsubscribedAt: null,
  updatedAt: sql`now()`,
});

/** The tokens of the preferences links, keyed by `secret` (HMAC), so they are never stored. */
export function createManageTokens({ db, secret }: { db: Db; secret: string }) {
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

  return { manageToken, byManageToken };
}

export type ManageTokens = ReturnType<typeof createManageTokens>;

export function consent(tx: DbOrTx, email: string, action: string, source: string, meta: ConsentMeta, lists: readonly string[] = [], locale?: string | null) {
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

export const preferencesOf = (s: Subscriber): Preferences => ({
  email: s.email,
  status: s.status,
  lists: s.status === "confirmed" ? knownLists(s.lists) : [],
  locale: asLocale(s.locale),
});

/** Ends every alert to `s`: unsubscribed, on the suppression list, recorded. */
export async function stop(tx: DbOrTx, s: Subscriber, source: string, reason: "unsubscribed" | "one-click" | "admin", meta: ConsentMeta) {
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
export async function setLists(db: Db, s: Subscriber, input: AlertPreferencesInput, source: string, meta: ConsentMeta): Promise<Preferences> {
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

export const preferencesUrl = (ctx: { origin: string; locale: Locale }, token: string) =>
  `${pageLink({ ...ctx, brand: { name: "", address: "", email: "" } }, "/alerts/preferences")}?token=${token}`;
