import type { Route } from "./+types/sitemap";

/** sitemap.xml: every public page and release (public-site issue). */
export async function loader({ context }: Route.LoaderArgs) {
  const urls = ["/", "/press-releases"].map((p) => `<url><loc>${context.origin}${p}</loc></url>`).join("");
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
