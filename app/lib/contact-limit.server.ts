/**
 * Rate limit for the home page's no-JavaScript contact form (the route action). The JSON endpoint
 * POST /api/contact has its own limiter with the same numbers and message (server/api/contact.ts).
 * In memory, per process: enough to stop a script hammering one instance; a multi-instance deployment
 * relies on the proxy's limits as well.
 */
export { CONTACT_RATE_MESSAGE } from "../../server/api/contact";

export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MS = 10 * 60 * 1000;
/** Upper bound on remembered addresses, so rotating addresses cannot grow memory without limit. */
const MAX_KEYS = 10_000;

export function createRateLimiter({ limit, windowMs, now = Date.now }: { limit: number; windowMs: number; now?: () => number }) {
  const hits = new Map<string, number[]>();

  function prune(t: number) {
    for (const [key, times] of hits) {
      if (times.length === 0 || t - times[times.length - 1] >= windowMs) hits.delete(key);
    }
    // Still too many: forget the least recently used tenth (a Map iterates in insertion order), so the
    // full sweep above runs rarely.
    for (const key of hits.keys()) {
      if (hits.size <= MAX_KEYS * 0.9) break;
      hits.delete(key);
    }
  }

  return {
    /** Counts one attempt; false when the key has used up its attempts in the window. */
    consume(key: string | undefined): boolean {
      const t = now();
      const k = key || "unknown";
      const recent = (hits.get(k) ?? []).filter((x) => t - x < windowMs);
      if (recent.length >= limit) {
        hits.set(k, recent);
        return false;
      }
      recent.push(t);
      hits.delete(k); // re-insert so the Map stays ordered by latest use
      hits.set(k, recent);
      if (hits.size > MAX_KEYS) prune(t);
      return true;
    },
    size: () => hits.size,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export const contactFormLimiter: RateLimiter = createRateLimiter({ limit: CONTACT_LIMIT, windowMs: CONTACT_WINDOW_MS });
