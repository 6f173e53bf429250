/**
 * What every change to an account's second factors (./two-factor.ts, ./authenticator-app.ts, ./passkeys.ts) shares:
 * the account's row, locked for the change, the factors it has, and the end of its other sessions.
 */
import { and, count, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { passkeys, sessions, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { SecondFactors } from "./second-factors";

/**
 * A change to how an account signs in (a factor added or removed, recovery codes replaced) ends every other session
 * of the account, sign-ins waiting for their second step included: whoever else is signed in signs in again, with
 * the factors the account has now. `keepSessionId` is the browser that made the change.
 */
export async function endOtherSessions(tx: DbOrTx, userId: number, keepSessionId: string | undefined) {
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}

/**
 * Locks the account's row for a change to its factors and answers it: changes to one account's factors run one
 * after the other, so two of them cannot together leave an admin with none.
 */
export async function lockAccount(tx: DbOrTx, userId: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!row) throw new AppError("UNAUTHORIZED", "errors.notSignedIn");
  return row;
}

/** The signed-in account's row (not locked). */
export async function accountRow(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("UNAUTHORIZED", "errors.notSignedIn");
  return row;
}

export async function countPasskeys(tx: DbOrTx, userId: number) {
  const [row] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** The second factors of the account whose row this is. */
export async function factorsOf(tx: DbOrTx, row: { id: number; totpEnabledAt: Date | null }): Promise<SecondFactors> {
  return { totp: Boolean(row.totpEnabledAt), passkeys: await countPasskeys(tx, row.id) };
}
