/**
 * Public pages and public API reads as an anonymous visitor sees them. Browsers check back every time (a
 * cheap 304 while the ETag matches), so a change shows at the next visit. A shared cache in front (a CDN)
 * may keep a copy for a minute and serve it for five more while it fetches the new one. The server's own
 * page cache does not wait: it drops a page the moment its content changes. Signed-in responses are always
 * `private, no-store`, whatever a route says.
 */
export const publicCacheControl = (browserSeconds = 0) => `public, max-age=${browserSeconds}, s-maxage=60, stale-while-revalidate=300`;
export const PUBLIC_CACHE_CONTROL = publicCacheControl();

/** The portfolio list's contract: browsers may keep it five minutes. */
export const PORTFOLIO_LIST_CACHE_CONTROL = publicCacheControl(300);

/** The `headers` export of a public page's route module. */
export const publicPageHeaders = () => ({ "Cache-Control": PUBLIC_CACHE_CONTROL });
