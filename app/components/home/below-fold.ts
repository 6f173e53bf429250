/**
 * The home page's sections below the first screen (portfolio, press releases, leadership), in a chunk of their own:
 * the page's HTML carries them, and the browser hydrates them once this chunk arrives, after the first screen.
 */
export { Portfolio } from "./portfolio";
export { PressReleases } from "./press";
export { Leadership } from "./leadership";
