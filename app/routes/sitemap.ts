import { pressPath } from "~/components/press/press-card";
import { escapeXml } from "~/components/press/xml";
import { NAV } from "~/lib/navigation";
import { apiReferenceSections } from "../../shared/api/document";
import { referencePath } from "../../shared/api/reference";
import { LOCALES, localizePath } from "../../shared/i18n/locales";
import { LEGAL_PAGES } from "../../shared/legal";
import type { Route } from "./+types/sitemap";

/**
 * The public pages besides the releases and the legal pages. Pages that list releases (home, the press list, the
 * readable sitemap, the investors page) last changed with the newest release; the others have no stored time of change, so their
 * entries carry no <lastmod> (a generation time would tell search engines nothing).
 */
const LIST_PAGES = [NAV.homePage, NAV.press, NAV.investors, NAV.sitemap].map((page) => page.to);
const STATIC_PAGES = [NAV.signIn, NAV.apiReference].map((page) => page.to);

/**
 * One page in every language: a <url> per language, each listing all the languages' addresses as hreflang
 * alternates (and English as x-default), as search engines expect of a multilingual sitemap.
 */
export function localizedUrls(origin: string, path: string, lastmod?: string): string[] {
  const href = (locale: (typeof LOCALES)[number]) => escapeXml(`${origin}${localizePath(path, locale)}`);
  const alternates = [
    ...LOCALES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${href(l)}" />`),
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${href("en")}" />`,
  ];
  return LOCALES.map((l) =>
    [`  <url>`, `    <loc>${href(l)}</loc>`, ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []), ...alternates, `  </url>`].join("\n"),
  );
}

/**
 * sitemap.xml: every public page and every release in both languages, with absolute URLs; <lastmod> is the time
 * the page's content last changed (a release's stored update time, a legal page's saved time), or absent.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [entries, legal] = await Promise.all([
    context.services.press.sitemapEntries(),
    Promise.all(LEGAL_PAGES.map((p) => context.services.settings.legalPage(p))),
  ]);
  const newest = entries.reduce<string | undefined>((max, e) => (!max || e.updatedAt > max ? e.updatedAt : max), undefined);
  const body = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...LIST_PAGES.flatMap((p) => localizedUrls(context.origin, p, newest)),
    ...STATIC_PAGES.flatMap((p) => localizedUrls(context.origin, p)),
    // The API reference's section pages.
    ...apiReferenceSections().flatMap((s) => localizedUrls(context.origin, referencePath(s.tag))),
    ...legal.flatMap((p) => localizedUrls(context.origin, p.path, p.updatedAt)),
    ...entries.flatMap((e) => localizedUrls(context.origin, pressPath(e.id), e.updatedAt)),
    `</urlset>`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
