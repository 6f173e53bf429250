import type { Route } from "./+types/rss";

/** RSS feed of press releases (public-site issue). */
export async function loader({ context }: Route.LoaderArgs) {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Press Releases</title><link>${context.origin}/press-releases</link><description>Press releases</description></channel></rss>`, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8" },
  });
}
