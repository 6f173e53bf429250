declare module "virtual:i18n-catalogs" {
  /** Where the browser loads each catalog: CATALOG_URLS[locale][namespace]. */
  export const CATALOG_URLS: Record<import("../../shared/i18n/locales").Locale, Record<import("../../shared/i18n/namespaces").PageNamespace, string>>;
}
