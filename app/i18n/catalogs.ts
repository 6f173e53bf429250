import { CATALOG_BASE, CATALOG_HASHES } from "virtual:i18n-catalogs";
import type { Locale } from "../../shared/i18n/locales";
import type { CompiledMessages } from "../../shared/i18n/messages";
import { PAGE_NAMESPACES, type PageNamespace as Namespace } from "../../shared/i18n/namespaces";

/**
 * The message catalogs a page needs, by language and namespace (`namespacesFor(pathname)`).
 *
 * On the server every catalog is in memory: the server entry registers its source once, and pages read from it.
 * In the browser each catalog is a file of its own (hashed, immutable, cached by the browser): the page preloads
 * the files it needs (`catalogUrls`), the client entry waits for them before hydrating, and the root's client
 * loader fetches a new area's catalogs before the navigation shows it.
 */
type Source = (locale: Locale, namespaces: readonly Namespace[]) => CompiledMessages;

let serverSource: Source | undefined;

/** The server's catalogs (the server entry calls this once). */
export function setCatalogSource(source: Source) {
  serverSource = source;
}

const loaded = new Map<string, CompiledMessages>();
const loading = new Map<string, Promise<void>>();
const merged = new Map<string, CompiledMessages>();

/** Where the browser loads a catalog: its hashed file (a plain name from the development server). */
function catalogUrl(locale: Locale, ns: Namespace) {
  const hash = CATALOG_HASHES[locale].split(" ")[PAGE_NAMESPACES.indexOf(ns)];
  return `${CATALOG_BASE}assets/i18n/${locale}-${ns}${hash ? `-${hash}` : ""}.json`;
}

/** The files of these catalogs, for preload links. */
export const catalogUrls = (locale: Locale, namespaces: readonly Namespace[]) => namespaces.map((ns) => catalogUrl(locale, ns));

/** Fetches the catalogs the browser does not have yet; rejects when one cannot be loaded. */
export function loadCatalogs(locale: Locale, namespaces: readonly Namespace[]): Promise<void> {
  if (serverSource) return Promise.resolve();
  return Promise.all(
    namespaces.map((ns) => {
      const key = `${locale}:${ns}`;
      if (loaded.has(key)) return undefined;
      let pending = loading.get(key);
      if (!pending) {
        const url = catalogUrl(locale, ns);
        pending = fetch(url)
          .then((res) => {
            if (!res.ok) throw new Error(`The catalog ${url} answered ${res.status}`);
            return res.json() as Promise<CompiledMessages>;
          })
          .then((messages) => void loaded.set(key, messages))
          .finally(() => loading.delete(key));
        loading.set(key, pending);
      }
      return pending;
    }),
  ).then(() => undefined);
}

/**
 * The messages of these catalogs, or undefined while one of them is not loaded. The same object for the same
 * language and namespaces every time (the formatter built on it is kept with it).
 */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[]): CompiledMessages | undefined {
  if (serverSource) return serverSource(locale, namespaces);
  const key = `${locale}:${namespaces.join()}`;
  let messages = merged.get(key);
  if (messages) return messages;
  const parts = namespaces.map((ns) => loaded.get(`${locale}:${ns}`));
  if (parts.some((p) => !p)) return undefined;
  messages = Object.assign({}, ...parts) as CompiledMessages;
  merged.set(key, messages);
  return messages;
}
