import { and, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { passkeys, recoveryCodes, users } from "../db/schema";

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
