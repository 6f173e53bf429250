import { compileMessages } from "../shared/i18n/compile";
import { messageFormatter } from "../shared/i18n/format-message";
import { DEFAULT_LOCALE, type Locale } from "../shared/i18n/locales";
import { NAMESPACES, type Namespace } from "../shared/i18n/namespaces";
import type { CompiledMessages, MessageId, Messages } from "../shared/i18n/messages";

import en_common from "../shared/i18n/catalogs/en/common.json";
import en_validation from "../shared/i18n/catalogs/en/validation.json";
import en_errors from "../shared/i18n/catalogs/en/errors.json";
import en_site from "../shared/i18n/catalogs/en/site.json";
import en_manage from "../shared/i18n/catalogs/en/manage.json";
import en_auth from "../shared/i18n/catalogs/en/auth.json";
import en_portal from "../shared/i18n/catalogs/en/portal.json";
import en_admin from "../shared/i18n/catalogs/en/admin.json";
import en_environment from "../shared/i18n/catalogs/en/environment.json";
import en_account from "../shared/i18n/catalogs/en/account.json";
import en_alerts from "../shared/i18n/catalogs/en/alerts.json";
import en_email from "../shared/i18n/catalogs/en/email.json";
import ar_common from "../shared/i18n/catalogs/ar/common.json";
import ar_validation from "../shared/i18n/catalogs/ar/validation.json";
import ar_errors from "../shared/i18n/catalogs/ar/errors.json";
import ar_site from "../shared/i18n/catalogs/ar/site.json";
import ar_manage from "../shared/i18n/catalogs/ar/manage.json";
import ar_auth from "../shared/i18n/catalogs/ar/auth.json";
import ar_portal from "../shared/i18n/catalogs/ar/portal.json";
import ar_admin from "../shared/i18n/catalogs/ar/admin.json";
import ar_environment from "../shared/i18n/catalogs/ar/environment.json";
import ar_account from "../shared/i18n/catalogs/ar/account.json";
import ar_alerts from "../shared/i18n/catalogs/ar/alerts.json";
import ar_email from "../shared/i18n/catalogs/ar/email.json";

/**
 * Every catalog, bundled with the server: catalogs/<locale>/<namespace>.json. Plain JSON imports, not a Vite glob
 * (import.meta.glob), so the server also starts under tsx (tests/fault/serve.ts, the bench scripts).
 */
const CATALOGS: Record<Locale, Record<Namespace, Messages>> = {
  en: {
    common: en_common,
    validation: en_validation,
    errors: en_errors,
    site: en_site,
    manage: en_manage,
    auth: en_auth,
    portal: en_portal,
    admin: en_admin,
    environment: en_environment,
    account: en_account,
    alerts: en_alerts,
    email: en_email,
  },
  ar: {
    common: ar_common,
    validation: ar_validation,
    errors: ar_errors,
    site: ar_site,
    manage: ar_manage,
    auth: ar_auth,
    portal: ar_portal,
    admin: ar_admin,
    environment: ar_environment,
    account: ar_account,
    alerts: ar_alerts,
    email: ar_email,
  },
};

/** The ICU texts of `namespaces` in `locale` (English where the language lacks a key). */
export function sourceMessages(locale: Locale, namespaces: readonly Namespace[]): Messages {
  const out: Messages = {};
  for (const ns of namespaces) Object.assign(out, CATALOGS[DEFAULT_LOCALE][ns], CATALOGS[locale][ns]);
  return out;
}

const compiled = new Map<string, CompiledMessages>();

/**
 * The messages of `namespaces` in `locale`, parsed once into ICU syntax trees (the same form as the catalog files
 * the browser loads). A key an Arabic catalog lacks falls back to English, so a page never shows a raw id (the
 * catalog test keeps both languages complete). The same object is returned for the same request every time.
 */
export function catalog(locale: Locale, namespaces: readonly Namespace[]): CompiledMessages {
  const key = `${locale}:${namespaces.join()}`;
  let messages = compiled.get(key);
  if (!messages) {
    messages = compileMessages(sourceMessages(locale, namespaces));
    compiled.set(key, messages);
  }
  return messages;
}

const formatters = new Map<Locale, ReturnType<typeof messageFormatter>>();

/** One message in `locale`, for texts the server writes (API errors, feeds, e-mails). */
export function translate(locale: Locale, id: MessageId, values?: Record<string, string | number>): string {
  let format = formatters.get(locale);
  if (!format) {
    format = messageFormatter(locale, catalog(locale, NAMESPACES));
    formatters.set(locale, format);
  }
  return String(format(id, values));
}
