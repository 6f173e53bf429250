/**
 * E-mails an account's owner when how they sign in changes (a second factor on or off, recovery codes replaced, a
 * passkey added or removed), in their language, in the same transaction as the change.
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { users } from "../../db/schema";
import { emails, type MailContext, type SignInSecurityChange } from "../mail/templates";
import { ownerName, userLocale } from "../accounts/accounts";
import type { MailService } from "../mail/mail";

export type PreparedAlert = { to: string; name: string | null; userId: number; context: MailContext };

export function createSecurityAlerts({ db, mail }: { db: Db; mail: MailService }) {
  return {
    /** What the e-mail needs, read before the change's transaction (see MailService.contexts). */
    async prepare(userId: number): Promise<PreparedAlert | undefined> {
      const [user] = await db
        .select({ email: users.email, fullName: users.fullName, isVerified: users.isVerified, locale: users.locale })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return undefined;
      return { to: user.email, name: ownerName(user), userId, context: await mail.context(userLocale(user)) };
    },

    async send(tx: DbOrTx, alert: PreparedAlert | undefined, change: SignInSecurityChange, passkey?: string) {
      if (!alert) return;
      await mail.enqueue(
        {
          kind: "security-change",
          to: alert.to,
          locale: alert.context.locale,
          userId: alert.userId,
          content: emails.signInSecurityChanged(alert.context, { name: alert.name, change, passkey, at: new Date() }),
        },
        tx,
      );
    },
  };
}

export type SecurityAlerts = ReturnType<typeof createSecurityAlerts>;
