import { localeOfPath, localizePath, type Locale } from "../../shared/i18n/locales";
import type { CompiledMessages, MessageId } from "../../shared/i18n/messages";
import { namespacesFor } from "../../shared/i18n/namespaces";
import { messagesFor } from "./catalogs";
import { formatterFor } from "./provider";

const NO_MESSAGES: CompiledMessages = {};

type Match = { id: string; data?: unknown; pathname?: string } | undefined;

/** The page's language, from the root loader's data in a meta function's `matches`. */
export function metaLocale(matches: readonly Match[]): Locale {
  const root = matches.find((m) => m?.id === "root")?.data as { locale?: Locale } | undefined;
  return root?.locale ?? localeOfPath(matches.at(-1)?.pathname ?? "/");
}

/** A translate function for meta functions (titles, descriptions), in the page's language. */
export function metaT(matches: readonly Match[]) {
  const locale = metaLocale(matches);
  // The page's own address (the deepest match) decides which catalogs it has.
  const pathname = matches.at(-1)?.pathname ?? "/";
  const format = formatterFor(locale, messagesFor(locale, namespacesFor(pathname)) ?? NO_MESSAGES);
  const t = (id: MessageId, values?: Record<string, string | number>) => String(format(id, values));
  /** A site path in the page's language ('/press-releases' -> '/ar/press-releases'). */
  t.path = (path: string) => localizePath(path, locale);
  t.locale = locale;
  return t;
}
