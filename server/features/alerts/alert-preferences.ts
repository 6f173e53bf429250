// An address's preferences page, reached by the token in every alert's links: its lists and language, changed or
// unsubscribed (from the page or the one-click header). An unsubscription puts the address on the suppression list,
// which every alert checks; only a new confirmation from the mailbox lifts it.
import type { AlertPreferencesInput } from "../../../shared/alerts-schemas";
import type { Db } from "../../db/client";
import {
  asLocale,
  invalidManage,
  preferencesOf,
  preferencesUrl,
  setLists,
  stop,
  type ConsentMeta,
  type ManageTokens,
  type Preferences,
  type Subscriber,
} from "./alert-consent";

export function createAlertPreferences({ db, tokens }: { db: Db; tokens: ManageTokens }) {
  const { manageToken, byManageToken } = tokens;
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
      return setLists(db, row, input, "preferences", meta);
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
  };
}
