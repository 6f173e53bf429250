/**
 * Recovery codes: ten single-use codes an account with a second factor gets, stored only as SHA-256 hashes and shown
 * once (when they are made). Each stands in for the account's second factor at one sign-in.
 */
import { createHash, randomInt } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { recoveryCodes } from "../../db/schema";

export const RECOVERY_CODE_COUNT = 10;

/** Recovery codes are typed by people: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

const hashCode = (code: string) => createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");

/** Ten characters from an alphabet without look-alikes, shown as xxxxx-xxxxx. */
function newRecoveryCode() {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** Replaces the account's recovery codes with ten new ones and returns them (the only time they are readable). */
export async function replaceRecoveryCodes(tx: DbOrTx, userId: number) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
  return codes;
}

/** How many of the account's recovery codes are not used yet. */
export async function recoveryCodesLeft(db: DbOrTx, userId: number) {
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return left?.n ?? 0;
}

/** Ensures the account has recovery codes (its first passkey as a second factor gives it ten); returns new ones or none. */
export async function recoveryCodesForFirstFactor(tx: DbOrTx, userId: number): Promise<string[] | undefined> {
  const [any] = await tx.select({ id: recoveryCodes.id }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)).limit(1);
  if (any) return undefined;
  return replaceRecoveryCodes(tx, userId);
}

/** Uses up one of the account's unused recovery codes, in the statement that checks it; answers whether it was one. */
export async function spendRecoveryCode(db: DbOrTx, userId: number, code: string) {
  if (normalizeRecoveryCode(code).length !== 10) return false;
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashCode(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return Boolean(used);
}
