/**
 * What a signed-in user changes about their own account on the account page: profile and photo, password, e-mail
 * address, and the sessions that are signed in to it.
 *
 * The password and the address need the current password as well as the session, so someone who finds a browser left
 * signed in cannot take the account over. A new password ends every other session of the account. A new address is
 * the account's only once the link e-mailed to it is used, while signed in; the old address is told at both steps.
 */
import { and, eq, ne } from "drizzle-orm";
import type { PasswordChangeInput, ProfileInput } from "../../../shared/schemas";
import { hashPassword } from "../../auth/password";
import type { SessionStore } from "../../auth/sessions";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { emails } from "../mail/templates";
import { accountRow, checkCurrentPassword } from "./account-checks";
import { createEmailChange } from "./account-email-change";
import { EVEN_ANSWER_MS, ownerName, userLocale } from "./accounts";
import type { MailService } from "../mail/mail";
import type { EventMeta, SecurityEventService } from "../security-events/security-events";
import type { UploadService } from "../uploads/uploads";
import type { createUserService } from "./users";

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
  const userRow = (userId: number) => accountRow(db, userId);

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

    ...createEmailChange({ db, mail, users: userService, securityEvents, evenAnswerMs }),

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
