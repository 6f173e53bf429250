/**
 * What a signed-in user changes about their own account on the account page: profile and photo, password, e-mail
 * address, and the sessions that are signed in to it.
 *
 * The password and the address need the current password as well as the session, so someone who finds a browser left
 * signed in cannot take the account over. A new password ends every other session of the account. A new address is
 * the account's only once the link e-mailed to it is used, while signed in; the old address is told at both steps.
 */
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { EmailChangeInput, PasswordChangeInput, ProfileInput } from "../../shared/schemas";
import { hashPassword, verifyPassword } from "../auth/password";
import type { SessionStore } from "../auth/sessions";
import type { Db, DbOrTx } from "../db/client";
import { accountTokens, sessions, users, type User } from "../db/schema";
import { AppError, isUniqueViolation, notFound } from "../lib/errors";
import { emails } from "../mail/templates";
import { consumeToken, EVEN_ANSWER_MS, evenly, issueToken, ownerName, usableToken, userLocale } from "./accounts";
import type { MailService } from "./mail";
import type { EventMeta, SecurityEventService } from "./security-events";
import type { UploadService } from "./uploads";
import type { createUserService } from "./users";

export const WRONG_PASSWORD = "errors.account.wrongPassword";

const wrongPassword = () => new AppError("VALIDATION", WRONG_PASSWORD, { errors: { currentPassword: WRONG_PASSWORD } });
const emailTaken = () => new AppError("CONFLICT", "errors.account.emailTaken", { errors: { newEmail: "errors.account.emailTaken" } });

/** The same address, whatever its letters' case. */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function createAccountSettingsService({
  db,
  mail,
  users: userService,
  sessions: sessionStore,
  securityEvents,
  uploads,
  evenAnswerMs = EVEN_ANSWER_MS,
}: {
  db: Db;
  mail: MailService;
  users: ReturnType<typeof createUserService>;
  sessions: SessionStore;
  securityEvents: SecurityEventService;
  uploads: UploadService;
  evenAnswerMs?: number;
}) {
  /** The user's row, password hash included; a user deleted meanwhile is signed out. */
  async function userRow(userId: number, tx: DbOrTx = db): Promise<User> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId));
    if (!row) throw new AppError("UNAUTHORIZED", "errors.notSignedIn");
    return row;
  }

  async function checkCurrentPassword(user: User, password: string) {
    if (!(await verifyPassword(user.password, password))) throw wrongPassword();
  }

  /** Links of `purposes` the user has not used yet stop working. */
  const retireTokens = (tx: DbOrTx, userId: number, purposes: (typeof accountTokens.$inferSelect)["purpose"][]) =>
    tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, purposes), isNull(accountTokens.usedAt)));

  /** The user's change-of-address links that can still be used. */
  const waitingEmailChange = (userId: number) =>
    and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "change-email"), isNull(accountTokens.usedAt), sql`${accountTokens.expiresAt} > now()`);

  return {
    async updateProfile(userId: number, input: ProfileInput) {
      await db.update(users).set({ fullName: input.fullName, company: input.company, position: input.position }).where(eq(users.id, userId));
      return (await userService.getById(userId))!;
    },

    /**
     * Stores a new profile photo (checked, limited and re-encoded like every uploaded image) and deletes the previous
     * one's files. Answers the photo's URL.
     */
    async setAvatar(userId: number, buffer: Buffer): Promise<string> {
      const stored = await uploads.storeImage(buffer, "avatar");
      let previous: string | null;
      try {
        previous = (await userRow(userId)).avatar;
        await db.update(users).set({ avatar: stored.url }).where(eq(users.id, userId));
      } catch (err) {
        await uploads.removeImage(stored.url, "avatar");
        throw err;
      }
      if (previous && previous !== stored.url) await uploads.removeImage(previous, "avatar");
      return stored.url;
    },

    async removeAvatar(userId: number) {
      const previous = (await userRow(userId)).avatar;
      await db.update(users).set({ avatar: null }).where(eq(users.id, userId));
      if (previous) await uploads.removeImage(previous, "avatar");
    },

    /**
     * Sets a new password after checking the current one. Every other session of the account ends (whoever else was
     * signed in, perhaps with the old password, is out); `keepSessionId`, the browser that made the change, stays.
     * The account's address is told, in its owner's language. Answers how many sessions ended.
     */
    async changePassword(userId: number, keepSessionId: string, input: PasswordChangeInput, meta: EventMeta = {}) {
      const user = await userRow(userId);
      await checkCurrentPassword(user, input.currentPassword);
      const passwordHash = await hashPassword(input.newPassword);
      const locale = userLocale(user);
      const context = await mail.context(locale);
      return db.transaction(async (tx) => {
        await tx.update(users).set({ password: passwordHash }).where(eq(users.id, userId));
        const ended = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
          .returning({ id: sessions.id });
        await securityEvents.record({ type: "password-changed", userId, ...meta, detail: { sessionsEnded: ended.length } }, tx);
        await mail.enqueue(
          {
            kind: "password-changed",
            to: user.email,
            locale,
            userId,
            content: emails.passwordChanged(context, { name: ownerName(user), at: new Date() }),
          },
          tx,
        );
        return { sessionsEnded: ended.length };
      });
    },

    /**
     * Asks for a new address after checking the current password. The new address gets a single-use link (24 h) and
     * the current one is told, without the link. When the new address already has an account, the answer and the
     * time are the same, no link exists for anyone, and that account's owner is told nothing changed. A newer request
     * replaces an older one. Either e-mail to the asked-for address is a notice (at most RATE_RULES.notice an hour per
     * address, more dropped unseen) and carries nothing the asking account's holder typed.
     */
    async requestEmailChange(userId: number, input: EmailChangeInput, meta: EventMeta = {}) {
      const user = await userRow(userId);
      await checkCurrentPassword(user, input.currentPassword);
      if (sameAddress(user.email, input.newEmail)) {
        throw new AppError("VALIDATION", "errors.account.sameEmail", { errors: { newEmail: "errors.account.sameEmail" } });
      }
      await evenly(evenAnswerMs, async () => {
        const owner = await userService.byEmail(input.newEmail);
        const notify = await mail.noticeAllowed(owner ? "email-in-use" : "email-change-confirm", owner?.email ?? input.newEmail);
        const contexts = await mail.contexts();
        const locale = userLocale(user);
        const at = new Date();
        await db.transaction(async (tx) => {
          await retireTokens(tx, userId, ["change-email"]);
          const token = await issueToken(tx, userId, "change-email", input.newEmail);
          await mail.enqueue(
            {
              kind: "email-change-requested",
              to: user.email,
              locale,
              userId,
              content: emails.emailChangeRequested(contexts[locale], { name: ownerName(user), newEmail: input.newEmail, at }),
            },
            tx,
          );
          // Over the address's cap, nothing more is sent to it this hour; the answer and the link stay the same.
          if (notify && owner) {
            // The link is never sent: the address stays its owner's, who learns that nothing changed.
            const ownerLocale = userLocale(owner);
            await mail.enqueue(
              {
                kind: "email-in-use",
                to: owner.email,
                locale: ownerLocale,
                userId: owner.id,
                content: emails.emailInUse(contexts[ownerLocale], { name: ownerName(owner), at }),
              },
              tx,
            );
          } else if (notify) {
            await mail.enqueue(
              {
                kind: "email-change-confirm",
                to: input.newEmail,
                locale,
                userId,
                sensitive: true,
                content: emails.emailChangeConfirm(contexts[locale], { token }),
              },
              tx,
            );
          }
          await securityEvents.record({ type: "email-change-requested", userId, ...meta, detail: { to: input.newEmail } }, tx);
        });
      });
      return { newEmail: input.newEmail };
    },

    /** The change of address waiting for its link to be used, if any (the account page shows it). */
    async pendingEmailChange(userId: number) {
      const [row] = await db
        .select({ newEmail: accountTokens.newEmail, expiresAt: accountTokens.expiresAt })
        .from(accountTokens)
        .where(waitingEmailChange(userId))
        .orderBy(sql`${accountTokens.id} desc`)
        .limit(1);
      return row?.newEmail ? { newEmail: row.newEmail, expiresAt: row.expiresAt.toISOString() } : null;
    },

    /**
     * Cancels the change of address waiting for its link: the link stops working and the address stays as it is.
     * 404 when no change is waiting (never asked, already made, expired or already cancelled).
     */
    async cancelEmailChange(userId: number, meta: EventMeta = {}) {
      return db.transaction(async (tx) => {
        const retired = await tx
          .update(accountTokens)
          .set({ usedAt: sql`now()` })
          .where(waitingEmailChange(userId))
          .returning({ newEmail: accountTokens.newEmail });
        const newEmail = retired.find((row) => row.newEmail)?.newEmail;
        if (!newEmail) throw notFound("errors.notFound.emailChange");
        await securityEvents.record({ type: "email-change-cancelled", userId, ...meta, detail: { to: newEmail } }, tx);
        return { newEmail };
      });
    },

    /** The new address a usable link of this user's would confirm; null for any other token. */
    async emailChangeFor(token: string, userId: number) {
      const [row] = await db
        .select({ userId: accountTokens.userId, newEmail: accountTokens.newEmail })
        .from(accountTokens)
        .where(usableToken(token, "change-email"));
      return row && row.userId === userId && row.newEmail ? { newEmail: row.newEmail } : null;
    },

    /**
     * Uses a change-of-address link: only while signed in to the account that asked (anyone else's session gets
     * 'expired or used'). The address becomes the account's and counts as confirmed; every other link of the account
     * (reset, confirmation, other changes) stops working, since they went to or named the old address; the old
     * address is told. When another account has taken the address meanwhile: 409, and the link stays unused.
     */
    async confirmEmailChange(userId: number, token: string, meta: EventMeta = {}) {
      const contexts = await mail.contexts();
      try {
        return await db.transaction(async (tx) => {
          const row = await consumeToken(tx, token, "change-email");
          if (row.userId !== userId || !row.newEmail) throw new AppError("INVALID_TOKEN", "errors.token.invalid");
          const newEmail = row.newEmail;
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(sql`lower(${users.email}) = ${newEmail.toLowerCase()}`, ne(users.id, userId)));
          if (taken) throw emailTaken();
          const user = await userRow(userId, tx);
          await tx.update(users).set({ email: newEmail, isVerified: true }).where(eq(users.id, userId));
          await retireTokens(tx, userId, ["change-email", "password-reset", "verify-email"]);
          await securityEvents.record({ type: "email-changed", userId, ...meta, detail: { from: user.email, to: newEmail } }, tx);
          const locale = userLocale(user);
          await mail.enqueue(
            {
              kind: "email-changed",
              to: user.email,
              locale,
              userId,
              content: emails.emailChanged(contexts[locale], { name: ownerName(user), newEmail, at: new Date() }),
            },
            tx,
          );
          return { email: newEmail };
        });
      } catch (err) {
        // Taken by another account between the check and the write.
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
    },

    /** The account's sessions, most recently used first; `currentId` (this browser's) is marked. */
    listSessions: (userId: number, currentId: string) => sessionStore.listForUser(userId, currentId),

    /** Signs out one other session of the account; this browser's own is ended by logging out instead. */
    async revokeSession(userId: number, currentId: string, handle: string, meta: EventMeta = {}) {
      const target = (await sessionStore.listForUser(userId, currentId)).find((s) => s.handle === handle);
      if (!target) throw notFound("errors.notFound.session");
      if (target.current) throw new AppError("BAD_REQUEST", "errors.account.currentSession");
      if (!(await sessionStore.revoke(userId, handle))) throw notFound("errors.notFound.session");
      await securityEvents.record({ type: "sessions-revoked", userId, ...meta, detail: { count: 1 } });
    },

    /** Signs out every session of the account but this browser's; answers how many ended. */
    async signOutOthers(userId: number, currentId: string, meta: EventMeta = {}) {
      const count = await sessionStore.endOthers(userId, currentId);
      await securityEvents.record({ type: "sessions-revoked", userId, ...meta, detail: { count, others: true } });
      return count;
    },
  };
}

export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
