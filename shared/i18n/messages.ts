import type common from "./catalogs/en/common.json";
import type validation from "./catalogs/en/validation.json";
import type errors from "./catalogs/en/errors.json";
import type site from "./catalogs/en/site.json";
import type manage from "./catalogs/en/manage.json";
import type auth from "./catalogs/en/auth.json";
import type portal from "./catalogs/en/portal.json";
import type admin from "./catalogs/en/admin.json";
import type environment from "./catalogs/en/environment.json";
import type account from "./catalogs/en/account.json";
import type alerts from "./catalogs/en/alerts.json";
import type email from "./catalogs/en/email.json";

/** Every message id of the English catalogs (the source language): a typo in an id fails the type check. */
export type MessageId =
  | keyof typeof common
  | keyof typeof validation
  | keyof typeof errors
  | keyof typeof site
  | keyof typeof manage
  | keyof typeof auth
  | keyof typeof portal
  | keyof typeof admin
  | keyof typeof environment
  | keyof typeof account
  | keyof typeof alerts
  | keyof typeof email;

import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/** Flat id -> ICU message text. */
export type Messages = Record<string, string>;

/** Flat id -> parsed ICU message, as pages receive them (a plain-text message as its string). */
export type CompiledMessages = Record<string, string | MessageFormatElement[]>;

/** True when `value` looks like a message id ('validation.email'), not a sentence. */
export const isMessageId = (value: string): value is MessageId => /^[a-z]+\.[A-Za-z0-9_.-]+$/.test(value);

/** The values of a message's arguments ('{max}'), carried with its id. */
export type MessageArgs = Record<string, string | number>;

/**
 * A message id with the values of its arguments, as one string: 'validation.press.title.max?max=100'. A zod issue's
 * message is a string, so a schema gives a bound to its message this way; the catalogs then write `{max}` instead
 * of the number. `t.maybe()` and the server's `localize()` read it with `splitMessage`.
 */
export function withValues(id: MessageId, values: MessageArgs): string {
  return `${id}?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]))}`;
}

/**
 * 'validation.press.title.max?max=100' -> the id and `{ max: 100 }` (digits become numbers, so the catalogs format
 * them in the page's language); a bare id or any other text comes back as `{ id: text }`.
 */
export function splitMessage(text: string): { id: string; values?: MessageArgs } {
  const at = text.indexOf("?");
  if (at < 0 || !isMessageId(text.slice(0, at))) return { id: text };
  const values: MessageArgs = {};
  for (const [k, v] of new URLSearchParams(text.slice(at + 1))) values[k] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
  return { id: text.slice(0, at), values };
}
