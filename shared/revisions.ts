/**
 * Revisions of press releases and portfolio companies: every save keeps the item as saved (both languages) under the
 * next number. This module names what a revision compares and what a restore writes back: the texts, never the
 * flags or the publication fields. Pure: used by the server, the API contract and the dashboard.
 */

export const REVISION_ENTITIES = ["press", "portfolio"] as const;
export type RevisionEntity = (typeof REVISION_ENTITIES)[number];

/** The highest revision number the API takes (the column is an integer). */
export const REVISION_NUMBER_MAX = 2_147_483_647;

/** Why a revision was kept when not by an edit: the revision a restore copied ('restore:3'). */
export const restoreReason = (number: number) => `restore:${number}`;
/**
 * The reason of revision 1 when it is the item as it was before its first save since revisions exist (written on that
 * save, so an item that never changes needs none): its author is not known.
 */
export const BASELINE_REASON = "baseline";

/** The texts of one language a revision compares, in the order the dashboard shows them; `html` ones hold HTML. */
export type RevisionTextField = { key: string; html?: boolean };

/**
 * The text fields of each kind of item, by language. These are what a restore writes back (with the editor's documents
 * of the HTML fields, so the editor opens the restored text) and what the dashboard compares.
 */
export const REVISION_TEXT: Record<RevisionEntity, { en: readonly RevisionTextField[]; ar: readonly RevisionTextField[] }> = {
  press: {
    en: [{ key: "title" }, { key: "displayTitle" }, { key: "summary" }, { key: "content", html: true }],
    ar: [{ key: "titleAr" }, { key: "displayTitleAr" }, { key: "summaryAr" }, { key: "contentAr", html: true }],
  },
  portfolio: {
    en: [{ key: "name" }, { key: "description" }],
    ar: [{ key: "descriptionAr" }],
  },
};

/** Every field a restore copies from a revision into the item (the texts, and the editor's documents of press HTML). */
export const RESTORED_FIELDS: Record<RevisionEntity, readonly string[]> = {
  press: ["title", "displayTitle", "summary", "content", "titleAr", "displayTitleAr", "summaryAr", "contentAr", "contentDoc", "contentArDoc"],
  portfolio: ["name", "description", "descriptionAr"],
};

/** Fields a revision keeps but its summary of changes leaves out: they change on every save. */
export const REVISION_UNCOMPARED = ["id", "createdAt", "updatedAt", "publishLagMs"] as const;

/** The texts of a revision, by field name (null where the field is empty or absent), as the API answers them. */
export function revisionTexts(entity: RevisionEntity, data: Record<string, unknown>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const { key } of [...REVISION_TEXT[entity].en, ...REVISION_TEXT[entity].ar]) {
    const v = data[key];
    out[key] = typeof v === "string" && v !== "" ? v : null;
  }
  return out;
}
