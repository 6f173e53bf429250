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
  | keyof typeof email;

import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";

/** Flat id -> ICU message text. */
export type Messages = Record<string, string>;

/** Flat id -> parsed ICU message, as pages receive them (a plain-text message as its string). */
export type CompiledMessages = Record<string, string | MessageFormatElement[]>;

/** True when `value` looks like a message id ('validation.email'), not a sentence. */
export const isMessageId = (value: string): value is MessageId => /^[a-z]+\.[A-Za-z0-9_.-]+$/.test(value);
