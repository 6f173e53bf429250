import { pressPath } from "~/components/press/press-card";
import { escapeXml, rfc822 } from "~/components/press/xml";
import type { Route } from "./+types/rss";

export const RSS_ITEMS = 50;

/** RSS 2.0 feed of the latest 50 press releases. */
export async function loader({ context }: Route.LoaderArgs) {
  const { press, settings } = context.services;
  const [releases, brand] = await Promise.all([press.list({ limit: RSS_ITEMS }), settings.brand()]);
  const origin = context.origin;
  const listUrl = `${origin}/press-releases`;
  const items = releases.map((r) => {
    const link = `${origin}${pressPath(r.id)}`;
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
    `    <title>${escapeXml(`${brand.name} — Press Releases`)}</title>`,
    `    <link>${escapeXml(listUrl)}</link>`,
    `    <description>${escapeXml(`Announcements, investments and portfolio news from ${brand.name}.`)}</description>`,
    "    <language>en-us</language>",
    newest ? `    <lastBuildDate>${rfc822(newest)}</lastBuildDate>` : "",
    `    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
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

