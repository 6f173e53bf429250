import { pressPath } from "~/components/press/press-card";
import { escapeXml, rfc822 } from "~/components/press/xml";
import { localizePath } from "../../shared/i18n/locales";
import type { Route } from "./+types/rss";

export const RSS_ITEMS = 50;

/** The feed's <language>: RSS takes a language tag. */
const FEED_LANGUAGE = { en: "en-us", ar: "ar" } as const;

/**
 * RSS 2.0 feed of the latest 50 press releases, one per language ('/rss.xml', '/ar/rss.xml'): the feed's title,
 * description and <language> in the feed's language, its links to that language's pages.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context;
  const { press, settings } = context.services;
  const [releases, brand] = await Promise.all([press.list({ limit: RSS_ITEMS }), settings.brand()]);
  const origin = context.origin;
  const listUrl = `${origin}${localizePath("/press-releases", locale)}`;
  const items = releases.map((r) => {
    const link = `${origin}${localizePath(pressPath(r.id), locale)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(r.displayTitle ?? r.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${rfc822(r.date)}</pubDate>`,
      `      <description>${escapeXml(r.summary)}</description>`,
      r.category ? `      <category>${escapeXml(r.category)}</category>` : "",
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  const newest = releases.reduce<string | undefined>((max, r) => (!max || r.updatedAt > max ? r.updatedAt : max), undefined);
  const body = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">`,
    "  <channel>",
    `    <title>${escapeXml(context.i18n.translate(locale, "site.rss.title", { brand: brand.name }))}</title>`,
    `    <link>${escapeXml(listUrl)}</link>`,
    `    <description>${escapeXml(context.i18n.translate(locale, "site.rss.description", { brand: brand.name }))}</description>`,
    `    <language>${FEED_LANGUAGE[locale]}</language>`,
    newest ? `    <lastBuildDate>${rfc822(newest)}</lastBuildDate>` : "",
    `    <atom:link href="${escapeXml(`${origin}${localizePath("/rss.xml", locale)}`)}" rel="self" type="application/rss+xml" />`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ]
    .filter(Boolean)
    .join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=600" },
  });
}
