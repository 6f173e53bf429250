/**
 * Where to send a user after signing in, from a `redirect` value someone else may have written.
 * Used by the /auth loader (server redirect) and by the browser's navigation after sign-in, so both
 * apply one rule: the target is a path on this site, judged on the normalised URL that is actually
 * followed, never on the text as given.
 */

/** A stand-in origin: a result that resolves anywhere else is leaving the site. */
const BASE = "http://x.invalid";

// Backslashes (browsers read them as '/') and control characters (stripped or split on by parsers).
const REFUSED_CHARACTERS = /[\\\u0000-\u001f\u007f]/;

/** True when `path` begins with two slashes once percent-decoded (also '%2f' and '%5c' spellings). */
function startsLikeNetworkPath(path: string): boolean {
  const head = path.slice(0, 12).replace(/%2f/gi, "/").replace(/%5c/gi, "\\");
  return /^[/\\]{2}/.test(head) || /^\/\\/.test(head);
}

/** A path on this site (pathname + search + hash, normalised), or `fallback` for anything else. */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.length > 2048) return fallback;
  if (REFUSED_CHARACTERS.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  // '/.//evil.example' normalises to '//evil.example', a link to another host: the check must hold on
  // the result. Re-resolving it must land on the same origin and the same path (a fixed point).
  if (startsLikeNetworkPath(path)) return fallback;
  let again: URL;
  try {
    again = new URL(path, BASE);
  } catch {
    return fallback;
  }
  if (again.origin !== BASE || again.pathname + again.search + again.hash !== path) return fallback;
  return path;
}

/**
 * The return path an e-mailed link may carry (the confirmation link after registration): a path on this site by
 * the rule above, other than the home page (where a link without one leads anyway); anything else is left out.
 */
export function linkRedirect(target: unknown): string | null {
  const safe = safeRedirect(target, "");
  return safe && safe !== "/" ? safe : null;
}
