declare module "virtual:i18n-catalogs" {
  /** The site's base path (`/`). */
  export const CATALOG_BASE: string;
  /** Each namespace's file hash, in the order of PAGE_NAMESPACES, separated by spaces (empty in development). */
  export const CATALOG_HASHES: Record<import("../../shared/i18n/locales").Locale, string>;
}
