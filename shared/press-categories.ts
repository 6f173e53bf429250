/**
 * The categories of press releases. A release stores the English word ('Financial Results'); pages name it in
 * their language through the catalogs ('<area>.category.<key>'). A category outside the list (text an import or
 * an older release carried) is shown as stored.
 */
import type { MessageId } from "./i18n/messages";

export const PRESS_CATEGORIES = [
  { value: "News", key: "news" },
  { value: "Acquisition", key: "acquisition" },
  { value: "Partnership", key: "partnership" },
  { value: "Investment", key: "investment" },
  { value: "Funding", key: "funding" },
  { value: "Expansion", key: "expansion" },
  { value: "Award", key: "award" },
  { value: "Sustainability", key: "sustainability" },
  { value: "Technology", key: "technology" },
  { value: "Financial Results", key: "financialResults" },
] as const;
export type PressCategory = (typeof PRESS_CATEGORIES)[number];

const norm = (word: string) =>
  word
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

/** The category a stored word names ('Financial Results', 'financial-results', 'EXPANSION'), or undefined. */
export function categoryOf(word: string | null | undefined): PressCategory | undefined {
  if (!word) return undefined;
  const w = norm(word);
  return PRESS_CATEGORIES.find((c) => norm(c.value) === w || c.key.toLowerCase() === w.replace(/ /g, ""));
}

/** The catalog message of a category's name on the area's pages, or undefined for a word outside the list. */
export function categoryMessageId(word: string | null | undefined, area: "site" | "manage"): MessageId | undefined {
  const category = categoryOf(word);
  return category ? (`${area}.category.${category.key}` satisfies MessageId) : undefined;
}

/** A category's name in the page's language, or the word as stored when it names none. */
export function categoryName(word: string | null | undefined, area: "site" | "manage", t: (id: MessageId) => string): string {
  const id = categoryMessageId(word, area);
  return id ? t(id) : (word ?? "").trim();
}
