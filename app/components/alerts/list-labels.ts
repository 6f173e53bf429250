import type { MessageId } from "../../../shared/i18n/messages";
import { PRESS_ALERT_LISTS, type AlertList } from "../../../shared/alerts";
import { PRESS_CATEGORIES } from "../../../shared/press-categories";

/** The press lists, one per category, in the categories' order ('press:news' first). */
export const PRESS_LISTS: readonly AlertList[] = PRESS_ALERT_LISTS;

/**
 * The name of each press list: its category's name from the alerts catalog (the account page, which shows these
 * lists too, does not load the site's catalog).
 */
export const PRESS_LIST_LABEL = Object.fromEntries(PRESS_CATEGORIES.map((c) => [`press:${c.key}`, `alerts.category.${c.key}` satisfies MessageId])) as Record<
  (typeof PRESS_ALERT_LISTS)[number],
  MessageId
>;

export const isPressList = (list: AlertList): list is (typeof PRESS_ALERT_LISTS)[number] => list.startsWith("press:");

/** What a list of subscriptions holds, for a summary: every press category, some of them, and the two other lists. */
export function summarize(lists: readonly AlertList[]) {
  const press = PRESS_LISTS.filter((l) => lists.includes(l)) as (typeof PRESS_ALERT_LISTS)[number][];
  return { press, allPress: press.length === PRESS_LISTS.length, documents: lists.includes("documents"), calendar: lists.includes("calendar") };
}
