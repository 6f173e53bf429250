import type { Route } from "./+types/robots";

/** robots.txt; served by a route so the Sitemap line carries this site's absolute origin. */
export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /investor-portal",
    "Disallow: /environment-setup",
    "Disallow: /alerts/",
    "Disallow: /ar/admin",
    "Disallow: /ar/investor-portal",
    "Disallow: /ar/environment-setup",
    "Disallow: /ar/alerts/",
    "Disallow: /api/",
    "",
    `Sitemap: ${context.origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
