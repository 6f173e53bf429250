/**
 * The audit trail in words, for the dashboard and the CSV export alike: an action, an item type, a field and a
 * change ('Title: Old → New', 'Content: changed (120 → 180 characters)'), in the language of the `t` given.
 * Names the catalogs do not know (an action or a field added later) are shown as they are stored.
 */
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, isLengthChange, type AuditAction, type AuditEntityType, type AuditFieldChange, type AuditValue } from "./audit";
import type { MessageId } from "./i18n/messages";

export type AuditTranslate = (id: MessageId, values?: Record<string, string | number>) => string;

/** The fields the catalogs name ('admin.audit.field.<name>'); a nested field is named segment by segment. */
export const AUDIT_FIELDS = [
  "title",
  "titleAr",
  "displayTitle",
  "summary",
  "summaryAr",
  "content",
  "contentAr",
  "description",
  "descriptionAr",
  "date",
  "company",
  "sector",
  "category",
  "categoryId",
  "featured",
  "showOnHomepage",
  "image",
  "companyLogo",
  "hashtags",
  "name",
  "nameAr",
  "status",
  "website",
  "yearAcquired",
  "isPublic",
  "periodKind",
  "periodYear",
  "publishedAt",
  "fileName",
  "fileType",
  "fileSize",
  "role",
  "applicantRole",
  "disabled",
  "twoFactor",
  "environmentMode",
  "pressSpotlightId",
  "homeStats",
  "value",
  "label",
  "labelAr",
  "brand",
  "legal",
  "privacy",
  "terms",
  "cookies",
  "metaDescription",
  "metaDescriptionAr",
  "tagline",
  "taglineAr",
  "address",
  "addressAr",
  "phone",
  "email",
  "social",
  "body",
  "bodyAr",
  "updatedAt",
  "updatedAtAr",
  "removed",
  "firstId",
  "lastId",
  "keepDays",
  "publication",
  "publishAt",
  "unpublishAt",
  "scheduleZone",
  "publishLagMs",
  "correctedAt",
  "correctionNote",
  "correctionNoteAr",
  "originalUrl",
  "link",
  "expiresAt",
  "revokedAt",
  "previewLinkHours",
] as const;
type AuditField = (typeof AUDIT_FIELDS)[number];

const isAction = (action: string): action is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(action);
const isEntityType = (type: string): type is AuditEntityType => (AUDIT_ENTITY_TYPES as readonly string[]).includes(type);
const isField = (name: string): name is AuditField => (AUDIT_FIELDS as readonly string[]).includes(name);

const actionId = (action: AuditAction): MessageId => `admin.audit.action.${action}`;
const entityId = (type: AuditEntityType): MessageId => `admin.audit.entity.${type}`;
const fieldId = (field: AuditField): MessageId => `admin.audit.field.${field}`;

/** 'Press release edited'. */
export const actionText = (t: AuditTranslate, action: string) => (isAction(action) ? t(actionId(action)) : action);

/** 'Document'. */
export const entityTypeText = (t: AuditTranslate, type: string) => (isEntityType(type) ? t(entityId(type)) : type);

/** 'Title', 'Social links › linkedin', 'Home page figures › 2 › Figure' (list positions counted from 1). */
export const fieldText = (t: AuditTranslate, path: string) =>
  path
    .split(".")
    .map((segment) => (/^\d+$/.test(segment) ? String(Number(segment) + 1) : isField(segment) ? t(fieldId(segment)) : segment))
    .join(" › ");

/** An item: its type in words and its id ('#12'; a setting by its name). */
export const itemText = (t: AuditTranslate, type: string, id: string | null) => ({
  type: entityTypeText(t, type),
  id: id === null ? "" : type === "settings" ? fieldText(t, id) : /^\d+$/.test(id) ? `#${id}` : id,
});

/** A value in words: nothing as '—', yes/no, a role by its name, a list joined by commas, anything else as it is. */
export function valueText(t: AuditTranslate, path: string, value: AuditValue): string {
  if (value === null || value === "") return t("admin.audit.value.none");
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(t, path, v)).join(", ") : t("admin.audit.value.none");
  if (typeof value === "boolean") return t(value ? "admin.audit.value.yes" : "admin.audit.value.no");
  const field = path.split(".").at(-1);
  if (field === "role" || field === "applicantRole") return t("admin.security.role", { role: String(value) });
  if (field === "environmentMode") return t("admin.audit.value.mode", { mode: String(value) });
  if (field === "status") return t("admin.audit.value.status", { status: String(value) });
  return String(value);
}

/** One change in words: 'Title: Old → New', or for a long text 'Content: changed (120 → 180 characters)'. */
export function changeText(t: AuditTranslate, path: string, change: AuditFieldChange): string {
  const field = fieldText(t, path);
  if (isLengthChange(change)) return t("admin.audit.changeLength", { field, from: change.fromLength ?? t("admin.audit.value.none"), to: change.toLength ?? 0 });
  return t("admin.audit.change", { field, from: valueText(t, path, change.from), to: valueText(t, path, change.to) });
}
