/**
 * The audit trail's vocabulary and its one rule for what a change records: the actions and item types (the API's
 * filters and the names the dashboard shows for each), the shape of an event's summary, and `auditSummary`, which
 * turns an item before and after a change into that summary. Secrets never enter it, whatever the caller passes.
 */

/** What an audit event can be about. The column is text: a new type needs no migration, only a name here. */
export const AUDIT_ENTITY_TYPES = [
  "press",
  "portfolio",
  "document",
  "category",
  "confidentiality",
  "settings",
  "user",
  "application",
  "audit",
  "calendar",
  "alert",
  "subscriber",
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * What happened, as '<item type>.<verb>'. The column is text: a new action needs no migration, only a name here and
 * its words in the admin catalogs ('admin.audit.action.<action>'); the dashboard shows an unknown one as it is.
 */
export const AUDIT_ACTIONS = [
  "press.create",
  "press.update",
  "press.delete",
  "press.flags",
  "press.publish",
  "press.unpublish",
  "press.schedule",
  "press.withdraw",
  "press.convert",
  "press.restore",
  "portfolio.create",
  "portfolio.update",
  "portfolio.delete",
  "portfolio.restore",
  "portfolio.publish",
  "portfolio.unpublish",
  "portfolio.schedule",
  "portfolio.withdraw",
  "preview.create",
  "preview.revoke",
  "document.create",
  "document.update",
  "document.delete",
  "document.version",
  "document.restoreVersion",
  "document.access",
  "document.revoke",
  "document.reinstate",
  "document.archive",
  "document.unarchive",
  "document.grants",
  "confidentiality.publish",
  "category.create",
  "category.update",
  "category.delete",
  "settings.update",
  "user.role",
  "user.disable",
  "user.enable",
  "user.factors-cleared",
  "application.approve",
  "application.reject",
  "audit.prune",
  "calendar.create",
  "calendar.update",
  "calendar.cancel",
  "alert.correction",
  "subscriber.remove",
  "subscriber.suppress",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The longest e-mail address the person filter takes (RFC 5321's path limit). */
export const AUDIT_ACTOR_MAX = 320;
/** The longest item id the item filter takes. */
export const AUDIT_ENTITY_ID_MAX = 100;

/** A value as the summary keeps it: a scalar, or a short list of scalars (tags, hashtags). */
export type AuditScalar = string | number | boolean | null;
export type AuditValue = AuditScalar | AuditScalar[];

/** One field's change: its value before and after, or only the lengths of a long text (HTML, a page's body). */
export type AuditFieldChange = { from: AuditValue; to: AuditValue } | { fromLength: number | null; toLength: number | null };

/** The changed fields of one event, by name; nested fields by path ('social.linkedin', 'stats.0.value'). */
export type AuditSummary = Record<string, AuditFieldChange>;

/** Texts longer than this are recorded by their lengths only. */
export const AUDIT_TEXT_MAX = 200;
/** Lists longer than this are recorded by their lengths only. */
export const AUDIT_LIST_MAX = 20;
/** At most this many fields per event; what is left out is counted under AUDIT_MORE_FIELDS. */
export const AUDIT_FIELDS_MAX = 80;
/** The summary key that counts the fields left out of a very large change ({ from: null, to: <count> }). */
export const AUDIT_MORE_FIELDS = "…";

/** Fields holding HTML or a page's text: recorded by length whatever their size. */
const LONG_TEXT_FIELD = /^(content|body|html|text)(Ar)?$/i;

/** Words that make a field a secret wherever it sits (camelCase, snake_case and dotted names are split into words). */
const SECRET_WORDS = new Set([
  "password",
  "passwords",
  "passwd",
  "hash",
  "hashes",
  "token",
  "tokens",
  "secret",
  "secrets",
  "totp",
  "otp",
  "recovery",
  "session",
  "sessions",
  "sid",
  "cookie",
  "cookies",
  "credential",
  "credentials",
  "salt",
  "mac",
  "signature",
]);
/** Names that are secrets as a whole, however they are written (apiKey, api_key, privateKey, ...). */
const SECRET_NAMES = /(apikey|privatekey|publickey|secretkey|encryptionkey|accesskey)/;
/** Values that are secrets whatever the field is called: a password hash. */
const SECRET_VALUE = /^\$(argon2(id|i|d)?|2[aby]|scrypt)\$/;

/** True when a field of this name must never be recorded (passwords, hashes, tokens, TOTP secrets, recovery codes, session ids, ...). */
export function isSecretField(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.some((w) => SECRET_WORDS.has(w)) || SECRET_NAMES.test(name.toLowerCase().replace(/[^a-z]/g, ""));
}

/** Text the database's JSON can hold: no NUL, no lone surrogate. */
const storable = (s: string) => s.replace(/\u0000/g, "").replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
const charCount = (s: string) => Array.from(s).length;

type Leaf = AuditValue | { length: number };

/** The fields of `value` as paths to leaves: nested objects and lists of objects by path, secrets and files left out. */
function flatten(value: unknown, into: Map<string, Leaf>, path: string, longText: boolean): void {
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return;
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return; // a file's bytes are never recorded
  if (value === null || typeof value === "number" || typeof value === "boolean") {
    into.set(path, typeof value === "number" && !Number.isFinite(value) ? String(value) : value);
    return;
  }
  if (typeof value === "bigint") return void into.set(path, value.toString());
  if (value instanceof Date) return void into.set(path, Number.isNaN(value.getTime()) ? null : value.toISOString());
  if (typeof value === "string") {
    if (SECRET_VALUE.test(value)) return;
    const text = storable(value);
    into.set(path, longText || charCount(text) > AUDIT_TEXT_MAX ? { length: charCount(text) } : text);
    return;
  }
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || ["string", "number", "boolean"].includes(typeof v))) {
      const items = value as AuditScalar[];
      const long = items.length > AUDIT_LIST_MAX || items.some((v) => typeof v === "string" && charCount(v) > AUDIT_TEXT_MAX);
      into.set(path, long ? { length: items.length } : items.map((v) => (typeof v === "string" ? storable(v) : v)));
      return;
    }
    value.forEach((item, i) => flatten(item, into, path ? `${path}.${i}` : String(i), false));
    return;
  }
  if (typeof value === "object") {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (isSecretField(key)) continue;
      flatten(item, into, path ? `${path}.${key}` : key, LONG_TEXT_FIELD.test(key));
    }
  }
}

const isEmpty = (leaf: Leaf | undefined) => leaf === undefined || leaf === null || leaf === "" || (Array.isArray(leaf) && leaf.length === 0);
const isLength = (leaf: Leaf | undefined): leaf is { length: number } => typeof leaf === "object" && leaf !== null && !Array.isArray(leaf);
const same = (a: Leaf | undefined, b: Leaf | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The summary of a change from `before` to `after` (plain objects: a row, a DTO, a setting's value):
 * - a creation (`before` null) records every field `after` has with a value, from null;
 * - a deletion (`after` null) records every field `before` had, to null;
 * - an update records the fields `after` names (undefined means 'not changed') whose value differs from `before`.
 * Nested objects are compared field by field ('social.linkedin'); dates become ISO strings. Never recorded: a field
 * whose name marks a secret (`isSecretField`), a password hash, a file's bytes. HTML and page texts, and any text
 * over AUDIT_TEXT_MAX characters, are recorded by their lengths ({ fromLength, toLength }), not their words.
 */
export function auditSummary(before: object | null | undefined, after: object | null | undefined): AuditSummary {
  const was = new Map<string, Leaf>();
  const now = new Map<string, Leaf>();
  if (before) flatten(before, was, "", false);
  if (after) flatten(after, now, "", false);
  let names: string[];
  if (!before) names = [...now.keys()].filter((k) => !isEmpty(now.get(k)));
  else if (!after) names = [...was.keys()];
  else {
    // Only the fields the update names: a nested field counts when its top-level field was given.
    const given = new Set(Object.entries(after).flatMap(([k, v]) => (v === undefined ? [] : [k])));
    const top = (path: string) => path.split(".")[0];
    names = [...new Set([...now.keys(), ...was.keys()])].filter((k) => given.has(top(k)));
  }
  const summary: AuditSummary = {};
  let left = 0;
  for (const name of names) {
    const from = was.get(name);
    const to = now.get(name);
    if (same(from, to)) continue;
    if (Object.keys(summary).length >= AUDIT_FIELDS_MAX) {
      left++;
      continue;
    }
    summary[name] =
      isLength(from) || isLength(to)
        ? { fromLength: lengthOf(from), toLength: lengthOf(to) }
        : { from: (from as AuditValue | undefined) ?? null, to: (to as AuditValue | undefined) ?? null };
  }
  if (left) summary[AUDIT_MORE_FIELDS] = { from: null, to: left };
  return summary;
}

/** A side's length for a long-text change: its characters (or items), null when absent. */
function lengthOf(leaf: Leaf | undefined): number | null {
  if (leaf === undefined || leaf === null) return null;
  if (isLength(leaf)) return leaf.length;
  if (typeof leaf === "string") return charCount(leaf);
  if (Array.isArray(leaf)) return leaf.length;
  return String(leaf).length;
}

/** True when a field's change is recorded by lengths only. */
export const isLengthChange = (change: AuditFieldChange): change is { fromLength: number | null; toLength: number | null } => "fromLength" in change;
