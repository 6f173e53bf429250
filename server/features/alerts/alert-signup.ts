// Subscribing from the form (double opt-in): the request, which sends one confirmation e-mail and nothing else until
// its link is confirmed by a POST; the link to an address's preferences, asked for again; and the confirmation.
// Answers never tell whether an address is subscribed: the form's answer and its timing are the same for a new,
// a pending, a confirmed and a suppressed address, and the e-mails one address can be sent through the form are
// capped per day (one over the cap is dropped silently).
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { ALERT_CONFIRM_DAYS } from "../../../shared/alerts";
import type { AlertSubscribeInput } from "../../../shared/alerts-schemas";
import type { Locale } from "../../../shared/i18n/locales";
import type { Db } from "../../db/client";
import { alertSubscribers, alertSuppressions } from "../../db/schema";
import { alertEmails } from "./alert-templates";
import { evenly } from "../accounts/accounts";
import type { MailService } from "../mail/mail";
import { accountKey, RATE_RULES, visitorKey, type RateLimitService } from "../rate-limits/rate-limit";
import {
  asLocale,
  confirmedColumns,
  consent,
  hashOf,
  invalidConfirm,
  knownLists,
  newToken,
  preferencesUrl,
  type ConsentMeta,
  type ManageTokens,
} from "./alert-consent";

export function createAlertSignup({
  db,
  mail,
  limits,
  evenAnswerMs,
  tokens,
}: {
  db: Db;
  mail: MailService;
  limits: RateLimitService;
  evenAnswerMs: number;
  tokens: ManageTokens;
}) {
  const { manageToken } = tokens;
  return {
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
        const [done] = await tx.update(alertSubscribers).set(confirmedColumns(lists, locale)).where(eq(alertSubscribers.id, row.id)).returning();
        await tx.delete(alertSuppressions).where(eq(alertSuppressions.email, row.email));
        await consent(tx, row.email, "confirmed", "form", meta, lists, locale);
        return { lists, locale, manageToken: manageToken(done) };
      });
    },
  };
}
