import { pressPath } from "~/components/press/press-card";
import { escapeXml } from "~/components/press/xml";
import type { Route } from "./+types/sitemap";

/** The public pages besides the releases (the spec's route table). */
const PAGES = ["/", "/press-releases", "/auth"];

/** sitemap.xml: every public page and every release, with absolute URLs and modification dates. */
export async function loader({ context }: Route.LoaderArgs) {
  const entries = await context.services.press.sitemapEntries();
  const newest = entries.reduce<string | undefined>((max, e) => (!max || e.updatedAt > max ? e.updatedAt : max), undefined);
  const url = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(`${context.origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  const body = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...PAGES.map((p) => url(p, newest)),
    ...entries.map((e) => url(pressPath(e.id), e.updatedAt)),
    `</urlset>`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
