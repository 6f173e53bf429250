import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Role } from "../../../shared/roles";
import { hasAdminRole } from "../../../shared/rules";
import type { DbOrTx } from "../../db/client";
import { passkeys, recoveryCodes, users } from "../../db/schema";
import { AppError } from "../../lib/errors";

/** The second factors an account has: its authenticator app (on or off) and its passkeys. */
export type SecondFactors = { totp: boolean; passkeys: number };

/** An account has two-factor sign-in when its authenticator app is on or it has at least one passkey. */
export const hasSecondFactor = (factors: SecondFactors) => factors.totp || factors.passkeys > 0;

/**
 * The same rule in SQL, for a query of the users table (the user admin's list). The outer row is named in full: drizzle
 * writes the columns of a one-table select without their table, which inside the subquery would mean the passkey's id.
 */
export const hasSecondFactorSql = sql<boolean>`(${users.totpEnabledAt} is not null or exists (select 1 from ${passkeys} where ${passkeys.userId} = "users"."id"))`;

/**
 * The rules of removing a second factor, given what the account keeps (`after`), in the caller's transaction with
 * the account's row locked: an admin keeps at least one (admin rights need a session that proved one), and the
 * recovery codes go with the last one (they stand in for a factor the account no longer has).
 */
export async function beforeFactorRemoval(tx: DbOrTx, account: { id: number; role: Role }, after: SecondFactors) {
  if (hasSecondFactor(after)) return;
  if (hasAdminRole(account)) throw new AppError("CONFLICT", "errors.twoFactor.adminMustKeep");
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, account.id));
}

/**
 * Removes every second factor of the account (the app, even one not confirmed yet, passkeys and recovery codes) in
 * the caller's transaction: for an owner who lost them all (an admin does it), and for an address proved for the first
 * time. Answers whether there was anything to remove.
 */
export async function clearSecondFactors(tx: DbOrTx, userId: number): Promise<boolean> {
  const [had] = await tx
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(and(eq(users.id, userId), isNotNull(users.totpSecret)))
    .returning({ id: users.id });
  const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  const codes = await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).returning({ id: recoveryCodes.id });
  return Boolean(had) || keys.length > 0 || codes.length > 0;
}
