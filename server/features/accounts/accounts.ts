/**
 * Account recovery and proof of address: registration (with its confirmation e-mail), password reset and e-mail
 * verification, through single-use links whose tokens are stored only as hashes.
 *
 * Where an answer could tell a visitor whether an address has an account (registration, 'forgot password'), both
 * cases do the same expensive work (a password hash) and answer no sooner than a fixed time after the request.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { isLocale, type Locale } from "../../../shared/i18n/locales";
import { linkRedirect } from "../../../shared/redirect";
import type { RegisterInput } from "../../../shared/schemas";
import { hashPassword } from "../../auth/password";
import type { Db, DbOrTx } from "../../db/client";
import { accountTokens, sessions, users, type TokenPurpose, type User } from "../../db/schema";
import { AppError, isUniqueViolation } from "../../lib/errors";
import { emails, type MailContext } from "../mail/templates";
import type { MailService } from "../mail/mail";
import type { EventMeta, SecurityEventService } from "../security-events/security-events";
import { clearSecondFactors } from "../two-factor/second-factors";
import type { createUserService } from "./users";

/** How long each kind of link works. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  "password-reset": 60 * 60_000,
  "verify-email": 24 * 60 * 60_000,
  "change-email": 24 * 60 * 60_000,
};

/** Registration and reset requests answer no sooner than this after they arrive, whichever path they took. */
export const EVEN_ANSWER_MS = 400;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

/** Runs `fn` and resolves no sooner than `ms` after the call. */
export async function evenly<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const until = Date.now() + ms;
  const result = await fn();
  const left = until - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
  return result;
}

const INVALID_TOKEN = () => new AppError("INVALID_TOKEN", "errors.token.invalid");

/**
 * Locks the account and answers whether its address is being proved for the first time. Until then anyone could
 * have registered it (a victim's address, before the victim): so the first proof (a confirmation or reset link used)
 * must leave nothing that the registrant set up.
 */
async function lockFirstProof(tx: DbOrTx, userId: number) {
  const [row] = await tx.select({ isVerified: users.isVerified }).from(users).where(eq(users.id, userId)).for("update");
  return row ? !row.isVerified : false;
}

/** Second factors and waiting changes of address made before the address was proved are removed. */
async function forgetUnprovedSetUp(tx: DbOrTx, userId: number) {
  await clearSecondFactors(tx, userId);
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "change-email"), isNull(accountTokens.usedAt)));
}

/** Issues a single-use link's token of `purpose` for the user (only its hash is stored); returns the token. */
export async function issueToken(tx: DbOrTx, userId: number, purpose: TokenPurpose, newEmail?: string) {
  const token = newToken();
  await tx.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    newEmail: newEmail ?? null,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/** The token of `purpose`, unused and unexpired. */
export const usableToken = (token: string, purpose: TokenPurpose) =>
  and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`));

/**
 * Uses a token: one statement marks it used only if it is still unused and unexpired, so it works exactly once. A
 * transaction that fails after this gives the token back.
 */
export async function consumeToken(tx: DbOrTx, token: string, purpose: TokenPurpose) {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(usableToken(token, purpose))
    .returning();
  if (!row) throw INVALID_TOKEN();
  return row;
}

/** The language a user's e-mails are written in. */
export const userLocale = (user: Pick<User, "locale">): Locale => (isLocale(user.locale) ? user.locale : "en");

/**
 * The name an e-mail to the account's address may greet with: only once the address is confirmed. Until then the name
 * is whatever the registrant typed, and the mailbox may be someone else's, so the e-mail greets no one by name.
 */
export const ownerName = (user: Pick<User, "fullName" | "isVerified">) => (user.isVerified ? user.fullName : null);

export function createAccountService({
  db,
  mail,
  users: userService,
  securityEvents,
  evenAnswerMs = EVEN_ANSWER_MS,
}: {
  db: Db;
  mail: MailService;
  users: ReturnType<typeof createUserService>;
  securityEvents: SecurityEventService;
  evenAnswerMs?: number;
}) {
  /**
   * `context` is read before the transaction (see MailService.contexts); the link carries `redirect` only when it is
   * a path on this site (linkRedirect).
   */
  async function sendVerification(tx: DbOrTx, user: Pick<User, "id" | "email">, context: MailContext, redirect?: string) {
    const token = await issueToken(tx, user.id, "verify-email");
    await mail.enqueue(
      {
        kind: "verify-email",
        to: user.email,
        locale: context.locale,
        userId: user.id,
        sensitive: true,
        content: emails.verifyEmail(context, { token, redirect: linkRedirect(redirect) }),
      },
      tx,
    );
  }

  return {
    /**
     * Creates an account and e-mails a confirmation link; for an address that already has an account, e-mails its
     * owner instead, at most RATE_RULES.notice times an hour (more are dropped unseen). The caller answers the same in
     * every case. The confirmation link leads back to `input.redirect` when that is a path on this site.
     */
    async register(input: RegisterInput, locale: Locale) {
      await evenly(evenAnswerMs, async () => {
        const existing = await userService.byEmail(input.email);
        const password = await hashPassword(input.password);
        if (existing) {
          if (!(await mail.noticeAllowed("account-exists", existing.email))) return;
          const ownerLocale = userLocale(existing);
          await mail.enqueue({
            kind: "account-exists",
            to: existing.email,
            locale: ownerLocale,
            userId: existing.id,
            content: emails.accountExists(await mail.context(ownerLocale), { name: ownerName(existing) }),
          });
          return;
        }
        const context = await mail.context(locale);
        try {
          await db.transaction(async (tx) => {
            const user = await userService.insert(tx, { ...input, locale, passwordHash: password });
            await sendVerification(tx, user, context, input.redirect);
          });
        } catch (err) {
          // Registered at the same moment by another request: that request's owner gets the confirmation link.
          if (!isUniqueViolation(err)) throw err;
        }
      });
    },

    /** E-mails a reset link when the address has an account; otherwise does nothing, in the same time. */
    async requestPasswordReset(email: string, locale: Locale, meta: EventMeta = {}) {
      await evenly(evenAnswerMs, async () => {
        const user = await userService.byEmail(email);
        if (!user) return;
        const context = await mail.context(locale);
        await db.transaction(async (tx) => {
          const token = await issueToken(tx, user.id, "password-reset");
          await mail.enqueue(
            {
              kind: "password-reset",
              to: user.email,
              locale,
              userId: user.id,
              sensitive: true,
              content: emails.passwordReset(context, { name: ownerName(user), token }),
            },
            tx,
          );
          await securityEvents.record({ type: "password-reset-requested", userId: user.id, ...meta }, tx);
        });
      });
    },

    /** True when `token` is a usable link of `purpose` (the page shows the form, or says the link has expired). */
    async tokenIsValid(token: string, purpose: TokenPurpose) {
      const [row] = await db.select({ id: accountTokens.id }).from(accountTokens).where(usableToken(token, purpose));
      return Boolean(row);
    },

    /**
     * Sets a new password through a reset link. Every reset link of the account stops working and every session of
     * the account ends: whoever held the old password is signed out. Using the link also proves the address; for an
     * address proved for the first time, whatever was set up before the proof goes too (see `firstProof`).
     */
    async resetPassword(token: string, password: string, meta: EventMeta = {}) {
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const row = await consumeToken(tx, token, "password-reset");
        await tx
          .update(accountTokens)
          .set({ usedAt: sql`now()` })
          .where(and(eq(accountTokens.userId, row.userId), eq(accountTokens.purpose, "password-reset"), isNull(accountTokens.usedAt)));
        const firstProof = await lockFirstProof(tx, row.userId);
        await tx.update(users).set({ password: passwordHash, isVerified: true }).where(eq(users.id, row.userId));
        await tx.delete(sessions).where(eq(sessions.userId, row.userId));
        if (firstProof) await forgetUnprovedSetUp(tx, row.userId);
        await securityEvents.record({ type: "password-reset", userId: row.userId, detail: firstProof ? { firstProof } : undefined, ...meta }, tx);
        return row.userId;
      });
    },

    /**
     * Confirms the address a verification link was sent to. The first proof of an address ends the account's other
     * sessions and removes what was set up before it (see `firstProof`); `keepSessionId`, the browser that used the
     * link, stays signed in.
     */
    async verifyEmail(token: string, meta: EventMeta = {}, keepSessionId?: string) {
      return db.transaction(async (tx) => {
        const row = await consumeToken(tx, token, "verify-email");
        const firstProof = await lockFirstProof(tx, row.userId);
        await tx.update(users).set({ isVerified: true }).where(eq(users.id, row.userId));
        if (firstProof) {
          await tx.delete(sessions).where(and(eq(sessions.userId, row.userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
          await forgetUnprovedSetUp(tx, row.userId);
        }
        await securityEvents.record({ type: "email-verified", userId: row.userId, detail: firstProof ? { firstProof } : undefined, ...meta }, tx);
        return row.userId;
      });
    },

    /** Sends a fresh confirmation link to a signed-in user whose address is not confirmed yet. */
    async resendVerification(userId: number, locale: Locale) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw INVALID_TOKEN();
      if (user.isVerified) throw new AppError("CONFLICT", "errors.email.alreadyVerified");
      const context = await mail.context(locale);
      await db.transaction((tx) => sendVerification(tx, user, context));
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
