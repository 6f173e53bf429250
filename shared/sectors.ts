/**
 * The sectors the company invests in: one list, chosen from in both admin forms, stored as the slug (`value`) in
 * the sector column of portfolio companies and press releases alike, and named in the page's language through
 * the catalogs ('<area>.sector.<key>'). Words stored before the list existed (a press release's free text
 * 'Financial', a label 'Logistics') are still read through `sectorOf`; a word that names no sector is shown as
 * stored.
 */
import type { MessageId } from "./i18n/messages";

/** `value` is stored, `label` is the English name, `key` names it in the catalogs ('<area>.sector.<key>'). */
export const SECTORS = [
  { value: "logistics", label: "Logistics", key: "logistics" },
  { value: "transportation", label: "Transportation", key: "transportation" },
  { value: "energy", label: "Energy", key: "energy" },
  { value: "food-security", label: "Food Security", key: "foodSecurity" },
  { value: "finance", label: "Financial Services", key: "finance" },
] as const;
export type Sector = (typeof SECTORS)[number];
export type SectorValue = Sector["value"];

export const SECTOR_VALUES = SECTORS.map((s) => s.value) as [SectorValue, ...SectorValue[]];

/** Other spellings of a sector found in stored text (in the slugs' spelling). */
const ALIASES: Record<string, SectorValue> = {
  financial: "finance",
  "financial-services": "finance",
  fintech: "finance",
  "food-and-agriculture": "food-security",
  transport: "transportation",
};

/** A slug or a label as written ('Food Security', 'financial services') in the slugs' spelling ('food-security'). */
const slugOf = (word: string) =>
  word
    .trim()
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[\s_-]+/g, "-");

/** The sector a slug, a label or an older spelling names, or undefined. */
export function sectorOf(word: string | null | undefined): Sector | undefined {
  if (!word) return undefined;
  const slug = slugOf(word);
  const value = ALIASES[slug] ?? slug;
  return SECTORS.find((s) => s.value === value || slugOf(s.label) === value);
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
