/**
 * The site's languages and how a URL names one: English at `/...` (the default), Arabic at `/ar/...`.
 * The URL alone decides a page's language, so caches and crawlers always see the same page for the same address.
 */

export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

export type LocaleInfo = {
  /** Text direction of the language. */
  dir: "ltr" | "rtl";
  /** Open Graph's form ('en_US'). */
  og: string;
  /** The language's own name, shown by the language switch. */
  name: string;
  /** The switch's short label. */
  short: string;
};

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { dir: "ltr", og: "en_US", name: "English", short: "EN" },
  ar: { dir: "rtl", og: "ar_EG", name: "العربية", short: "AR" },
};

/** The cookie that remembers the visitor's last chosen language (used where no URL says it: e-mails, sign-in). */
export const LOCALE_COOKIE = "lang";

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The language a path is in: '/ar' and '/ar/...' are Arabic, anything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === "/ar" || pathname.startsWith("/ar/") ? "ar" : "en";
}

/** The path without its language prefix: '/ar/press-releases' -> '/press-releases', '/ar' -> '/'. */
export function stripLocale(pathname: string): string {
  if (pathname === "/ar") return "/";
  return pathname.startsWith("/ar/") ? pathname.slice(3) : pathname;
}

/**
 * A site-internal address in `locale`: '/press-releases?q=x' -> '/ar/press-releases?q=x' in Arabic. Addresses that
 * are not site paths (other origins, 'mailto:', '#anchor', API, assets, uploads, feeds kept at one address) are left
 * as they are.
 */
export function localizePath(to: string, locale: Locale): string {
  if (!to.startsWith("/") || to.startsWith("//")) return to;
  const cut = to.search(/[?#]/);
  const path = cut === -1 ? to : to.slice(0, cut);
  const rest = cut === -1 ? "" : to.slice(cut);
  if (!isPagePath(path)) return to;
  const bare = stripLocale(path);
  if (locale === DEFAULT_LOCALE || !isLocale(locale)) return bare + rest;
  return (bare === "/" ? "/ar" : `/ar${bare}`) + rest;
}

/** Paths that are not pages in a language: the API, files, and machine-read documents. */
const NOT_PAGES = /^\/(api|assets|uploads|documents|fonts|favicon|robots\.txt|sitemap\.xml|healthz|readyz)(\/|$|\.)/;

export const isPagePath = (path: string) => !NOT_PAGES.test(path);

/** The best of the site's languages for an Accept-Language header; English when none matches. */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(",")) {
    const [tag, ...params] = part.trim().split(";");
    const base = tag.trim().toLowerCase().split("-")[0];
    if (!isLocale(base)) continue;
    const qParam = params.find((p) => p.trim().startsWith("q="));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { locale: base, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
