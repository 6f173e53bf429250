/**
 * The sectors of portfolio companies, and the one way from a sector to its label. A portfolio company stores the
 * slug ('real-estate'); a press release stores the English label ('Real Estate') as free text. Both find their sector
 * here, and every page, form and service names it through `sectorLabel` (English) or `sectorMessageId` (the page's
 * language).
 */
import type { MessageId } from "./i18n/messages";

/** `value` is stored, `label` is the English name, `key` names it in the catalogs ('<area>.sector.<key>'). */
export const SECTORS = [
  { value: "technology", label: "Technology", key: "technology" },
  { value: "real-estate", label: "Real Estate", key: "realEstate" },
  { value: "healthcare", label: "Healthcare", key: "healthcare" },
  { value: "financial", label: "Financial", key: "financial" },
  { value: "energy", label: "Energy", key: "energy" },
  { value: "consumer", label: "Consumer", key: "consumer" },
  { value: "automotive", label: "Automotive", key: "automotive" },
  { value: "food-beverage", label: "Food & Beverage", key: "foodBeverage" },
] as const;
export type Sector = (typeof SECTORS)[number];

/** A slug or a label as written ('Real Estate', 'food & beverage') in the slugs' spelling ('real-estate'). */
const slugOf = (word: string) =>
  word
    .trim()
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[\s-]+/g, "-");

/** The sector a slug or a label names, or undefined. */
export function sectorOf(word: string | null | undefined): Sector | undefined {
  if (!word) return undefined;
  const slug = slugOf(word);
  return SECTORS.find((s) => s.value === slug);
}

/** The English label of a sector slug or label; a word that names no sector is capitalised ('green-energy' -> 'Green Energy'). */
export function sectorLabel(word: string | null | undefined): string {
  if (!word) return "";
  return (
    sectorOf(word)?.label ??
    word
      .trim()
      .split("-")
      .filter(Boolean)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(" ")
  );
}

/**
 * The catalog message of a sector's name: in `site` for the public pages, in `manage` for the dashboard and the
 * investor portal (the namespaces those pages load). Undefined for a word that names no sector.
 */
export function sectorMessageId(word: string | null | undefined, area: "site" | "manage"): MessageId | undefined {
  const sector = sectorOf(word);
  return sector ? (`${area}.sector.${sector.key}` satisfies MessageId) : undefined;
}

/** A sector's name in the page's language (`t` of a page that loads `area`), or its English label when it names none. */
export function sectorName(word: string | null | undefined, area: "site" | "manage", t: (id: MessageId) => string): string {
  const id = sectorMessageId(word, area);
  return id ? t(id) : sectorLabel(word);
}
