/**
 * Public pages and public API reads as an anonymous visitor sees them. Browsers check back every time (a
 * cheap 304 while the ETag matches), so a change shows at the next visit. A shared cache in front (a CDN)
 * may keep a copy for a minute and serve it for five more while it fetches the new one. The server's own
 * page cache does not wait: it drops a page the moment its content changes. Signed-in responses are always
 * `private, no-store`, whatever a route says.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** The `headers` export of a public page's route module. */
export const publicPageHeaders = () => ({ "Cache-Control": PUBLIC_CACHE_CONTROL });
