import { DEFAULT_LOCALE, LOCALE_INFO, localizePath, type Locale } from "../../shared/i18n/locales";
import type { CompiledMessages, MessageId } from "../../shared/i18n/messages";
import { messageFormatter } from "../../shared/i18n/format-message";

type Match = { id: string; data?: unknown } | undefined;

/** The page's language, from the root loader's data in a meta function's `matches`. */
export function metaLocale(matches: readonly Match[]): Locale {
  const root = matches.find((m) => m?.id === "root")?.data as { locale?: Locale } | undefined;
  return root?.locale ?? DEFAULT_LOCALE;
}

/** A translate function for meta functions (titles, descriptions), in the page's language. */
export function metaT(matches: readonly Match[]) {
  const root = matches.find((m) => m?.id === "root")?.data as { locale?: Locale; messages?: CompiledMessages } | undefined;
  const locale = root?.locale ?? DEFAULT_LOCALE;
  const format = messageFormatter(LOCALE_INFO[locale].intl, root?.messages ?? {});
  const t = (id: MessageId, values?: Record<string, string | number>) => String(format(id, values));
  /** A site path in the page's language ('/press-releases' -> '/ar/press-releases'). */
  t.path = (path: string) => localizePath(path, locale);
  t.locale = locale;
  return t;
}
