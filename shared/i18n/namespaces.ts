import { stripLocale } from "./locales";

/**
 * Message catalogs are split by area so a page ships only the texts it can show, in its one language. Every key
 * starts with its namespace ('site.press.readMore' lives in catalogs/<locale>/site.json).
 *
 * - common: header, footer, error pages, dialogs and toasts every page may show;
 * - validation: form field messages (shared schemas), on every page with a form;
 * - errors: API error messages by code, also shown by forms;
 * - site: the public pages (home, press, search, legal pages, site map);
 * - manage: press and portfolio actions both the dashboard and the investor portal offer;
 * - auth, portal, admin, environment: the pages of those names.
 */
export const NAMESPACES = ["common", "validation", "errors", "site", "manage", "auth", "portal", "admin", "environment"] as const;
export type Namespace = (typeof NAMESPACES)[number];

const BASE: Namespace[] = ["common", "validation", "errors"];

/** The namespaces a page at `pathname` (in either language) needs. */
export function namespacesFor(pathname: string): Namespace[] {
  const path = stripLocale(pathname);
  const first = path.split("/")[1] ?? "";
  switch (first) {
    case "auth":
      return [...BASE, "auth"];
    case "investor-portal":
      return [...BASE, "manage", "portal"];
    case "admin":
      return [...BASE, "manage", "admin"];
    case "environment-setup":
      return [...BASE, "environment"];
    default:
      return [...BASE, "site"];
  }
}
