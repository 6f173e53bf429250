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
 * - auth, portal, admin, environment, account: the pages of those names;
 * - alerts: the alert sign-up form and the financial calendar (investors and press pages, the account page) and the
 *   alert confirmation and preferences pages;
 * - email: the e-mails the server writes (never sent to a browser).
 */
export const NAMESPACES = ["common", "validation", "errors", "site", "manage", "auth", "portal", "admin", "environment", "account", "alerts", "email"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The namespaces pages use, each a file the browser loads. */
export const PAGE_NAMESPACES = NAMESPACES.filter((ns): ns is Exclude<Namespace, "email"> => ns !== "email");
export type PageNamespace = (typeof PAGE_NAMESPACES)[number];

const BASE: PageNamespace[] = ["common", "validation", "errors"];

/** The namespaces a page at `pathname` (in either language) needs. */
export function namespacesFor(pathname: string): PageNamespace[] {
  const path = stripLocale(pathname);
  const first = path.split("/")[1] ?? "";
  switch (first) {
    case "auth":
    case "forgot-password":
    case "reset-password":
    case "verify-email":
      return [...BASE, "auth"];
    case "investor-portal":
      return [...BASE, "manage", "portal"];
    case "admin":
      return [...BASE, "manage", "admin"];
    case "environment-setup":
      return [...BASE, "environment"];
    case "account":
      return [...BASE, "account", "alerts"];
    case "confirm-email":
      return [...BASE, "account"];
    case "investors":
    case "press-releases":
    case "alerts":
      return [...BASE, "site", "alerts"];
    default:
      return [...BASE, "site"];
  }
}
