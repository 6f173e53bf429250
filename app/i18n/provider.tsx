import { createContext, Fragment, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from "../../shared/i18n/locales";
import { isMessageId, splitMessage, type CompiledMessages, type MessageId } from "../../shared/i18n/messages";
import { messageFormatter } from "../../shared/i18n/format-message";
import { formatters, type Formatters } from "../../shared/i18n/format";

type I18n = { locale: Locale; messages: CompiledMessages; format: ReturnType<typeof messageFormatter> };

const I18nContext = createContext<I18n>({ locale: DEFAULT_LOCALE, messages: {}, format: messageFormatter(DEFAULT_LOCALE, {}) });

/**
 * One formatter per catalog object: catalogs are the same object for the same language and namespaces, so its
 * number, date and plural formatters are built once, not on every render.
 */
const formattersOf = new WeakMap<CompiledMessages, ReturnType<typeof messageFormatter>>();
export function formatterFor(locale: Locale, messages: CompiledMessages) {
  let format = formattersOf.get(messages);
  if (!format) formattersOf.set(messages, (format = messageFormatter(locale, messages)));
  return format;
}

/** The page's language and its messages (parsed ICU, app/i18n/catalogs.ts), for everything below. */
export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: CompiledMessages; children: ReactNode }) {
  const value = useMemo(() => ({ locale, messages, format: formatterFor(locale, messages) }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The page's language. */
export const useLocale = (): Locale => useContext(I18nContext).locale;

/** The page's direction. */
export const useDir = () => LOCALE_INFO[useLocale()].dir;

type Values = Record<string, string | number | Date>;

export type Translate = {
  (id: MessageId, values?: Values): string;
  /** A message with elements inside: values may be functions of their tagged chunks ('<b>{name}</b>'). */
  rich(id: MessageId, values: Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>): ReactNode;
  /** `text` translated when it is a message id (a schema or API message, with any values: `withValues`), else as it is. */
  maybe(text: string | undefined): string | undefined;
};

/** The translate function of the page's language. */
export function useT(): Translate {
  const { messages, format } = useContext(I18nContext);
  return useMemo(() => {
    const t = ((id: MessageId, values?: Values) => String(format(id, values))) as Translate;
    t.rich = (id, values) => {
      const out = format<ReactNode>(id, values);
      return Array.isArray(out) ? out.map((part, i) => <Fragment key={i}>{part}</Fragment>) : out;
    };
    t.maybe = (text) => {
      if (!text) return text;
      const { id, values } = splitMessage(text);
      return isMessageId(id) && id in messages ? String(format(id, values)) : text;
    };
    return t;
  }, [messages, format]);
}

/** Formatters of the page's language (shared/i18n/format.ts: Western digits in both languages). */
export function useFormat(): Formatters {
  return formatters(useLocale());
}
