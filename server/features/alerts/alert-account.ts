// The alerts of a signed-in member: those of the account's confirmed address, set from the account's settings.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AlertPreferencesInput } from "../../../shared/alerts-schemas";
import type { Db } from "../../db/client";
import { alertSubscribers, alertSuppressions, type users } from "../../db/schema";
import { asLocale, confirmedColumns, consent, preferencesOf, setLists, type ConsentMeta, type Preferences } from "./alert-consent";

export function createAccountAlerts({ db }: { db: Db }) {
  return {
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
      if (row?.status === "confirmed") return setLists(db, row, input, "account", withUser);
      if (input.lists.length === 0) return row ? preferencesOf(row) : { email: user.email, status: "unsubscribed", lists: [], locale: input.locale };
      return db.transaction(async (tx) => {
        const values = { ...confirmedColumns(input.lists, input.locale), userId: user.id };
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
  };
}
