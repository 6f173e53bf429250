/**
 * Changing the account's e-mail address: asked for with the current password, made when the link sent to the new
 * address is used while signed in to the account; the old address is told at both steps. The link can be cancelled.
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { EmailChangeInput } from "../../../shared/schemas";
import type { Locale } from "../../../shared/i18n/locales";
import type { Db, Tx } from "../../db/client";
import { accountTokens, users, type User } from "../../db/schema";
import { AppError, isUniqueViolation, notFound } from "../../lib/errors";
import { emails, type MailContext } from "../mail/templates";
import { accountRow, checkCurrentPassword, retireTokens } from "./account-checks";
import { consumeToken, evenly, issueToken, ownerName, usableToken, userLocale } from "./accounts";
import type { MailService } from "../mail/mail";
import type { EventMeta, SecurityEventService } from "../security-events/security-events";
import type { createUserService } from "./users";

const emailTaken = () => new AppError("CONFLICT", "errors.account.emailTaken", { errors: { newEmail: "errors.account.emailTaken" } });

/** The same address, whatever its letters' case. */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The user's change-of-address links that can still be used. */
const waitingEmailChange = (userId: number) =>
  and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "change-email"), isNull(accountTokens.usedAt), sql`${accountTokens.expiresAt} > now()`);

/**
 * The e-mail to the asked-for address: the link, or, when the address already has an account, a note to its owner
 * that nothing changed (the link is never sent: the address stays its owner's).
 */
async function noticeToNewAddress(
  tx: Tx,
  mail: MailService,
  ask: { user: User; owner: User | undefined; newEmail: string; token: string; contexts: Record<Locale, MailContext>; at: Date },
) {
  const { user, owner, contexts, at } = ask;
  if (owner) {
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
    return;
  }
  const locale = userLocale(user);
  await mail.enqueue(
    {
      kind: "email-change-confirm",
      to: ask.newEmail,
      locale,
      userId: user.id,
      sensitive: true,
      content: emails.emailChangeConfirm(contexts[locale], { token: ask.token }),
    },
    tx,
  );
}

export function createEmailChange({
  db,
  mail,
  users: userService,
  securityEvents,
  evenAnswerMs,
}: {
  db: Db;
  mail: MailService;
  users: ReturnType<typeof createUserService>;
  securityEvents: SecurityEventService;
  evenAnswerMs: number;
}) {
  return {
    /**
     * Asks for a new address after checking the current password. The new address gets a single-use link (24 h) and
     * the current one is told, without the link. When the new address already has an account, the answer and the
     * time are the same, no link exists for anyone, and that account's owner is told nothing changed. A newer request
     * replaces an older one. Either e-mail to the asked-for address is a notice (at most RATE_RULES.notice an hour per
     * address, more dropped unseen) and carries nothing the asking account's holder typed.
     */
    async requestEmailChange(userId: number, input: EmailChangeInput, meta: EventMeta = {}) {
      const user = await accountRow(db, userId);
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
          if (notify) await noticeToNewAddress(tx, mail, { user, owner, newEmail: input.newEmail, token, contexts, at });
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
          const user = await accountRow(tx, userId);
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
  };
}
