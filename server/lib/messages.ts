import { DEFAULT_LOCALE, type Locale } from "../../shared/i18n/locales";
import { isMessageId, splitMessage, type MessageId } from "../../shared/i18n/messages";
import type { Namespace } from "../../shared/i18n/namespaces";
import { sourceMessages, translate } from "../i18n";

/** The catalogs a server message (API errors, validation, the 503 page) can come from. */
const SERVER_NAMESPACES: Namespace[] = ["errors", "validation", "common"];
const ENGLISH = sourceMessages(DEFAULT_LOCALE, SERVER_NAMESPACES);

export type MessageValues = Record<string, string | number>;

/** True when `value` is an id of these catalogs. */
export function isServerMessage(value: unknown): value is MessageId {
  return typeof value === "string" && isMessageId(value) && value in ENGLISH;
}

/** One message in `locale`; an unknown id is returned as it is. */
export function message(locale: Locale, id: MessageId, values?: MessageValues): string {
  return isServerMessage(id) ? translate(locale, id, values) : id;
}

/**
 * A server message in `locale`. A message id is translated (with `values`); any other text (a library's own English)
 * stays as it is in English and becomes `fallback` (an id) in another language, so an Arabic answer never carries an
 * English sentence.
 */
export function localize(locale: Locale, text: string, opts: { values?: MessageValues; fallback?: MessageId } = {}): string {
  if (isServerMessage(text)) return message(locale, text, opts.values);
  // A schema's message with the bound it names ('validation.press.title.max?max=100': shared withValues).
  const carried = splitMessage(text);
  if (carried.values && isServerMessage(carried.id)) return message(locale, carried.id, { ...carried.values, ...opts.values });
  if (locale === DEFAULT_LOCALE || !opts.fallback) return text;
  return message(locale, opts.fallback);
}
