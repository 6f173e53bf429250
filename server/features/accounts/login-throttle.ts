/**
 * Sign-in throttle per account, shared by every instance through the database. The first 5 failures within an hour
 * cost nothing; then each further attempt must wait 1 s, 2 s, 4 s ... at most 5 minutes after the previous one, and
 * an attempt made too soon is refused (429) before the password is looked at. Attempts are counted before the
 * password is checked, so guesses sent at once cannot slip past; a successful sign-in (from a browser that is not a
 * known device) or a password reset clears the count.
 *
 * An attacker must not be able to lock the owner out: a browser that has signed in to the account before carries a
 * signed 'known device' cookie for it and is not held back by the growing waits (the per-visitor limit still
 * applies), and the owner can always reset the password by e-mail. A known device skips the wait, never the count:
 * its wrong passwords and wrong codes count toward the account's failures like anyone's. The cookie is bound to the
 * account's current password (a digest of the stored hash, which gets a new salt on every change or reset), so a
 * cookie copied before a change or a reset is worth nothing after it.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginThrottles, users } from "../../db/schema";
import { accountKey, RateLimitedError } from "../rate-limits/rate-limit";

export const THROTTLE = {
  /** Failures that cost nothing. */
  free: 5,
  firstDelayMs: 1_000,
  maxDelayMs: 5 * 60_000,
  /** Failures older than this are forgotten. */
  forgetAfterMs: 60 * 60_000,
} as const;

export const DEVICE_COOKIE = "mc_device";
const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

export type ThrottleTimes = { firstDelayMs: number; maxDelayMs: number };

export function createLoginThrottle({ db, secret, secure, times = THROTTLE }: { db: Db; secret: string; secure: boolean; times?: ThrottleTimes }) {
  const sign = (key: string, generation: string, nonce: string) =>
    createHmac("sha256", secret).update(`device:${key}.${generation}.${nonce}`).digest("base64url");

  /**
   * The account's device generation: a digest of its stored password hash, so it changes with every password change
   * or reset. Undefined when no account has the address.
   */
  async function generation(email: string) {
    const [row] = await db
      .select({ password: users.password })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
    return row ? createHash("sha256").update(row.password).digest("base64url") : undefined;
  }

  /** Failures the account has counted, forgetting those older than THROTTLE.forgetAfterMs. */
  const nextFailures = sql`case when ${loginThrottles.lastFailureAt} < now() - ${THROTTLE.forgetAfterMs} * interval '1 millisecond' then 1 else ${loginThrottles.failures} + 1 end`;
  /** Until when the account waits once it has counted `n` failures (null: no wait yet). */
  const lockFor = (n: unknown) =>
    sql`case when ${n} >= ${THROTTLE.free} then now() + least(${times.firstDelayMs} * power(2, ${n} - ${THROTTLE.free}), ${times.maxDelayMs}) * interval '1 millisecond' else null end`;

  return {
    /**
     * Counts one attempt on the account and refuses it (RateLimitedError) while the account waits out its delay.
     * Call before checking the password.
     */
    async attempt(key: string) {
      const counted = await db
        .insert(loginThrottles)
        .values({ key, failures: 1, lastFailureAt: sql`now()`, lockedUntil: null })
        .onConflictDoUpdate({
          target: loginThrottles.key,
          set: { failures: nextFailures, lastFailureAt: sql`now()`, lockedUntil: lockFor(nextFailures) },
          // While the account waits, an attempt changes nothing (and is refused below).
          setWhere: sql`${loginThrottles.lockedUntil} is null or ${loginThrottles.lockedUntil} <= now()`,
        })
        .returning({ failures: loginThrottles.failures });
      if (counted.length > 0) return;
      const [row] = await db
        .select({ wait: sql<number>`greatest(1, ceil(extract(epoch from (${loginThrottles.lockedUntil} - now()))))::int` })
        .from(loginThrottles)
        .where(eq(loginThrottles.key, key));
      throw new RateLimitedError("errors.rate.loginAccount", Number(row?.wait ?? 1));
    },

    /**
     * Counts a wrong password or code sent from a known device, which is not held back by the wait: the failure
     * counts toward the account's like any other, and makes everyone else wait longer. Never refuses.
     */
    async failed(key: string) {
      await db
        .insert(loginThrottles)
        .values({ key, failures: 1, lastFailureAt: sql`now()`, lockedUntil: null })
        .onConflictDoUpdate({
          target: loginThrottles.key,
          set: {
            failures: nextFailures,
            lastFailureAt: sql`now()`,
            // A wait already running is never shortened.
            lockedUntil: sql`greatest(${loginThrottles.lockedUntil}, ${lockFor(nextFailures)})`,
          },
        });
    },

    /** The account signed in (or its password was reset): its failures are forgotten. */
    async clear(key: string) {
      await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
    },

    /**
     * A 'known device' cookie for the account at `email`, given to a browser that has just signed in to it; bound
     * to the account's current password.
     */
    async deviceCookie(email: string) {
      const key = accountKey(email);
      const nonce = randomBytes(12).toString("base64url");
      const value = `${key}.${nonce}.${sign(key, (await generation(email)) ?? "", nonce)}`;
      return `${DEVICE_COOKIE}=${value}; Path=/api; Max-Age=${DEVICE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
    },

    /**
     * True when the request's cookies include a valid 'known device' cookie for the account at `email`, issued since
     * its password was last set. The account is looked up only for a cookie that names it.
     */
    async isKnownDevice(cookieHeader: string | undefined, email: string) {
      const key = accountKey(email);
      const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)`));
      if (!match || match[1] !== key) return false;
      const current = await generation(email);
      if (current === undefined) return false;
      const expected = Buffer.from(sign(key, current, match[2]));
      const given = Buffer.from(match[3]);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
