import { pressPath } from "~/components/press/press-card";
import { escapeXml } from "~/components/press/xml";
import { LEGAL_PAGES } from "../../shared/legal";
import type { Route } from "./+types/sitemap";

/** The public pages besides the releases (the spec's route table, the legal pages and the readable sitemap). */
const PAGES = ["/", "/press-releases", "/auth", "/sitemap"];

/** sitemap.xml: every public page and every release, with absolute URLs and modification dates. */
export async function loader({ context }: Route.LoaderArgs) {
  const [entries, legal] = await Promise.all([
    context.services.press.sitemapEntries(),
    Promise.all(LEGAL_PAGES.map((p) => context.services.settings.legalPage(p))),
  ]);
  const newest = entries.reduce<string | undefined>((max, e) => (!max || e.updatedAt > max ? e.updatedAt : max), undefined);
  const url = (path: string, lastmod?: string) =>
    `  <url><loc>${escapeXml(`${context.origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
  const body = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...PAGES.map((p) => url(p, newest)),
    ...legal.map((p) => url(p.path, p.updatedAt)),
    ...entries.map((e) => url(pressPath(e.id), e.updatedAt)),
    `</urlset>`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
