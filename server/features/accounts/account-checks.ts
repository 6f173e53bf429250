// What the account page's changes check first: the signed-in user's row and their current password; and retiring
// the account's unused links when an address or password changes.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { verifyPassword } from "../../auth/password";
import type { DbOrTx } from "../../db/client";
import { accountTokens, users, type User } from "../../db/schema";
import { AppError } from "../../lib/errors";

/** The user's row, password hash included; a user deleted meanwhile is signed out. */
export async function accountRow(tx: DbOrTx, userId: number): Promise<User> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("UNAUTHORIZED", "errors.notSignedIn");
  return row;
}

/** A wrong current password is a field error on `currentPassword`. */
export async function checkCurrentPassword(user: User, password: string) {
  if (!(await verifyPassword(user.password, password))) {
    throw new AppError("VALIDATION", "errors.account.wrongPassword", { errors: { currentPassword: "errors.account.wrongPassword" } });
  }
}

/** Links of `purposes` the user has not used yet stop working. */
export const retireTokens = (tx: DbOrTx, userId: number, purposes: (typeof accountTokens.$inferSelect)["purpose"][]) =>
  tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, purposes), isNull(accountTokens.usedAt)));
