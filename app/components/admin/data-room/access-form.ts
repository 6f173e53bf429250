import type { DocumentDto } from "../../../../shared/api/documents";
import type { DownloadMode } from "../../../../shared/data-room";
import { documentAccessSchema, documentGrantsSchema } from "../../../../shared/data-room-schemas";
import type { MessageId } from "../../../../shared/i18n/messages";
import { SCHEDULE_ZONE } from "../../../../shared/publication";
import { instantToWallTime, wallTimeToInstant, type WallTimeResult } from "../../../../shared/zoned-time";
import type { PickedInvestor } from "./investor-picker";

/** What the access dialog edits: who reads the document, until when, how it leaves the server, and the notice. */
export type AccessDraft = {
  /** 'investors': every investor (Investor Only); 'named': only the investors listed. */
  audience: "investors" | "named";
  investors: PickedInvestor[];
  expiry: "none" | "at";
  /** The expiry's day and time in Cairo ('2026-12-31', '23:59'); the offset picks one of a time the clocks repeat. */
  date: string;
  time: string;
  offset?: string;
  downloadMode: DownloadMode;
  requiresConfidentiality: boolean;
  /** Whether readers may have each page's text (for screen readers). */
  pageText: boolean;
};

/** A new expiry's time of day until the admin picks another: the end of the day. */
export const DEFAULT_EXPIRY_TIME = "23:59";

/** The dialog's starting point: the document's rules as they are, and the investors it is shared with. */
export function draftOf(doc: DocumentDto, investors: PickedInvestor[]): AccessDraft {
  const wall = doc.expiresAt ? instantToWallTime(doc.expiresAt, SCHEDULE_ZONE) : null;
  return {
    audience: doc.restricted ? "named" : "investors",
    investors,
    expiry: wall ? "at" : "none",
    date: wall ? wall.wall.slice(0, 10) : "",
    time: wall ? wall.wall.slice(11, 16) : DEFAULT_EXPIRY_TIME,
    offset: wall?.offset,
    downloadMode: doc.downloadMode,
    requiresConfidentiality: doc.requiresConfidentiality,
    pageText: doc.pageText,
  };
}

/**
 * The instant the expiry fields name in Cairo time: null while the day is empty. A time Egypt's clocks skip is
 * refused (`gap`); a time they repeat needs `offset` (`ambiguous`, with both offsets).
 */
export function expiryInstant(draft: Pick<AccessDraft, "expiry" | "date" | "time" | "offset">): WallTimeResult | null {
  if (draft.expiry !== "at" || !draft.date) return null;
  const wall = `${draft.date}T${draft.time || DEFAULT_EXPIRY_TIME}`;
  const plain = wallTimeToInstant(wall, SCHEDULE_ZONE);
  if (!plain.ok && plain.reason === "ambiguous" && draft.offset && plain.offsets.includes(draft.offset))
    return wallTimeToInstant(wall, SCHEDULE_ZONE, draft.offset);
  return plain;
}

export type AccessErrors = Partial<Record<"audience" | "expiry" | "downloadMode" | "requiresConfidentiality", string>>;

/**
 * The requests the draft makes: the access rules (checked by the shared schema, as the server checks them) and, for
 * a document shared with named investors, their ids. Errors are message ids (or the schema's messages) by field.
 */
export function accessRequest(
  draft: AccessDraft,
  doc: Pick<DocumentDto, "isPublic" | "viewable" | "updatedAt">,
  noticeExists: boolean,
): { ok: true; access: ReturnType<typeof documentAccessSchema.parse>; userIds: number[] | null } | { ok: false; errors: AccessErrors } {
  const errors: AccessErrors = {};
  const named = !doc.isPublic && draft.audience === "named";
  const investors = draft.investors.filter((i) => i.role === "investor");
  if (named && !investors.length) errors.audience = "admin.dataRoom.access.error.noInvestors" satisfies MessageId;

  let expiresAt: string | null = null;
  if (draft.expiry === "at") {
    const at = expiryInstant(draft);
    if (!at) errors.expiry = "admin.dataRoom.access.error.noDate" satisfies MessageId;
    else if (!at.ok)
      errors.expiry = (
        at.reason === "gap"
          ? "admin.dataRoom.access.error.gap"
          : at.reason === "ambiguous"
            ? "admin.dataRoom.access.error.twice"
            : "admin.dataRoom.access.error.noDate"
      ) satisfies MessageId;
    // An instant with Cairo's offset then, as the contract asks ('2026-12-31T23:59:00+02:00').
    else expiresAt = `${draft.date}T${draft.time || DEFAULT_EXPIRY_TIME}:00${at.offset}`;
  }
  if (draft.downloadMode !== "original" && !doc.viewable) errors.downloadMode = "errors.dataRoom.pdfOnly" satisfies MessageId;
  if (draft.requiresConfidentiality && !noticeExists) errors.requiresConfidentiality = "errors.dataRoom.noticeMissing" satisfies MessageId;

  const parsed = documentAccessSchema.safeParse({
    restricted: named,
    expiresAt,
    downloadMode: draft.downloadMode,
    requiresConfidentiality: draft.requiresConfidentiality,
    pageText: draft.pageText,
    updatedAt: doc.updatedAt,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      const key = field === "restricted" ? "audience" : field === "expiresAt" ? "expiry" : field;
      if (key in errors) continue;
      (errors as Record<string, string>)[key] = issue.message;
    }
  const grants = named ? documentGrantsSchema.safeParse({ userIds: investors.map((i) => i.userId) }) : null;
  if (grants && !grants.success && !errors.audience) errors.audience = grants.error.issues[0]?.message;
  if (Object.keys(errors).length || !parsed.success) return { ok: false, errors };
  return { ok: true, access: parsed.data, userIds: grants?.success ? grants.data.userIds : null };
}
