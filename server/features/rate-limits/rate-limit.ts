import { createHash } from "node:crypto";
import { lte, sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { RateLimitedError } from "../../lib/rate-limited-error";

export { RATE_RULES, type RateRule } from "../../../shared/rate-limits";
import type { RateRule } from "../../../shared/rate-limits";

// The error lives in server/lib, so the HTTP plumbing that sets Retry-After recognises it without importing a service.
export { RateLimitedError };

/**
 * The subject for a client address. IPv4 (also IPv4-mapped IPv6) counts per address; IPv6 per /56, a
 * block one subscriber commonly gets, so rotating addresses inside it does not buy a new budget.
 */
export function visitorKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  try {
    const addr = ipaddr.process(ip);
    if (addr.kind() === "ipv6") {
      const [a, b, c, d] = (addr as ipaddr.IPv6).parts;
      return `${[a, b, c, d & 0xff00].map((p) => p.toString(16)).join(":")}::/56`;
    }
    return addr.toString();
  } catch {
    return ip.slice(0, 100);
  }
}

/** Accounts are counted by a hash of the e-mail, so the table holds no addresses. */
export const accountKey = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 32);

/** Expired rows are deleted at most this often per instance (a fresh row behaves exactly like an expired one). */
const SWEEP_EVERY_MS = 5 * 60_000;

export function createRateLimitService({ db }: { db: Db }) {
  let lastSweep = Date.now();

  async function sweep() {
    lastSweep = Date.now();
    await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
  }

  /**
   * Counts one attempt and answers whether it is within the budget. One atomic upsert on the database's
   * clock: concurrent attempts on any instance queue on the row, so exactly `limit` of them pass.
   */
  async function hit(rule: RateRule, subject: string) {
    const key = `${rule.name}:${subject}`;
    const fresh = sql`now() + ${rule.windowMs} * interval '1 millisecond'`;
    const expired = sql`${rateLimits.resetAt} <= now()`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, hits: 1, resetAt: fresh })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({
        hits: rateLimits.hits,
        retryAfter: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.resetAt} - now()))))::int`,
      });
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) await sweep();
    return { allowed: row.hits <= rule.limit, hits: row.hits, retryAfterSeconds: Number(row.retryAfter) };
  }

  return {
    hit,

    /** Counts one attempt; throws RateLimitedError (429) once the subject has used its budget. */
    async consume(rule: RateRule, subject: string) {
      const result = await hit(rule, subject);
      if (!result.allowed) throw new RateLimitedError(rule.message, result.retryAfterSeconds);
      return result;
    },

    /** Gives one attempt back (a sign-in that succeeded). */
    async refund(rule: RateRule, subject: string) {
      await db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(sql`${rateLimits.key} = ${`${rule.name}:${subject}`} and ${rateLimits.resetAt} > now()`);
    },

    sweep,
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
