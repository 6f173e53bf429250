import { createHash } from "node:crypto";
import { lte, sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { AppError } from "../lib/errors";

/** A budget of `limit` attempts per fixed window of `windowMs`, counted per subject (an address, an account). */
export type RateRule = { name: string; limit: number; windowMs: number; message: string };

export const CONTACT_RATE_MESSAGE = "You have sent several messages in a short time. Please wait a few minutes before sending another.";
export const LOGIN_RATE_MESSAGE = "Too many sign-in attempts. Please wait a few minutes and try again.";
export const REGISTER_RATE_MESSAGE = "Too many accounts have been created from your network. Please try again later.";

/** The site's limits, shared by every app instance through the database. */
export const RATE_RULES = {
  /** Contact messages per visitor address, the JSON API and the no-JavaScript form together. */
  contact: { name: "contact", limit: 5, windowMs: 10 * 60_000, message: CONTACT_RATE_MESSAGE },
  /** Failed sign-ins per address (a successful one gives its attempt back). */
  loginIp: { name: "login-ip", limit: 20, windowMs: 15 * 60_000, message: LOGIN_RATE_MESSAGE },
  /** Registrations per address. */
  register: { name: "register", limit: 30, windowMs: 60 * 60_000, message: REGISTER_RATE_MESSAGE },
  /** Password reset requests per visitor address. */
  resetIp: { name: "reset-ip", limit: 20, windowMs: 15 * 60_000, message: "errors.rate.reset" },
  /** Password reset requests per e-mail address, known or not (so a mailbox cannot be flooded). */
  resetAccount: { name: "reset-account", limit: 3, windowMs: 60 * 60_000, message: "errors.rate.reset" },
  /**
   * Notices to one e-mail address, per kind, that someone other than its owner can cause (a registration naming an
   * address that has an account, an account asking to move to an address). One over the budget is dropped without a
   * word: the answer must not tell whether the address has an account, so `message` is never shown.
   */
  notice: { name: "notice", limit: 3, windowMs: 60 * 60_000, message: "errors.rate.reset" },
  /** Tries of a reset or confirmation link per visitor address (a token cannot be guessed, but each try costs). */
  tokenIp: { name: "token-ip", limit: 30, windowMs: 15 * 60_000, message: "errors.rate.reset" },
  /** Passkey sign-in ceremonies started per visitor address (each keeps a challenge in a session). */
  passkeyIp: { name: "passkey-ip", limit: 60, windowMs: 15 * 60_000, message: LOGIN_RATE_MESSAGE },
  /** Confirmation links asked for again, per account. */
  verification: { name: "verification", limit: 3, windowMs: 60 * 60_000, message: "errors.rate.verification" },
  /**
   * Current passwords typed on the account page (changing the password or the address), per account: each try is
   * counted before the check and a right one is given back, so a stolen session cannot be used to guess the password.
   */
  currentPassword: { name: "current-password", limit: 5, windowMs: 15 * 60_000, message: "errors.rate.currentPassword" },
  /** Changes of address asked for, per account (each one e-mails two addresses). */
  emailChange: { name: "email-change", limit: 5, windowMs: 60 * 60_000, message: "errors.rate.emailChange" },
} as const satisfies Record<string, RateRule>;

/** Refused by a rate limit; `retryAfterSeconds` is when the window ends (for the Retry-After header). */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    // `seconds` is there for messages that say how long to wait.
    super("TOO_MANY_REQUESTS", message, { values: { seconds: retryAfterSeconds } });
  }
}

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
