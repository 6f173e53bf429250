/**
 * Two-factor sign-in: an authenticator app (TOTP, RFC 6238: 6 digits, 30-second steps) enrolled by scanning a QR
 * code, and ten single-use recovery codes, stored only as SHA-256 hashes and shown once. Passkeys (./passkeys.ts)
 * are the other second factor; an account "has two-factor sign-in" when it has either.
 *
 * A code is accepted one step either side of the server's clock (phones drift), and each accepted step is recorded
 * so the same code cannot be used twice. The app's key is stored sealed (server/auth/secret-box.ts), bound to its
 * account, under a key that is not in the database.
 */
import { createHash, randomInt } from "node:crypto";
import { and, count, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { brand } from "../../shared/brand";
import { verifyPassword } from "../auth/password";
import { SecretBoxError, type SecretBox } from "../auth/secret-box";
import type { Db, DbOrTx } from "../db/client";
import { passkeys, recoveryCodes, sessions, users } from "../db/schema";
import { AppError } from "../lib/errors";
import { beforeFactorRemoval, clearSecondFactors, hasSecondFactor, type SecondFactors } from "./second-factors";
import type { SecurityAlerts } from "./security-alerts";
import type { EventMeta, SecurityEventService } from "./security-events";

export const RECOVERY_CODE_COUNT = 10;
/** Steps accepted either side of the current one. */
const TOTP_TOLERANCE_SECONDS = 30;

const hashCode = (code: string) => createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
/** Recovery codes are typed by people: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Ten characters from an alphabet without look-alikes, shown as xxxxx-xxxxx. */
function newRecoveryCode() {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

export const WRONG_CODE = () => new AppError("INVALID_CODE", "errors.twoFactor.wrongCode");
const WRONG_PASSWORD = () => new AppError("VALIDATION", "errors.twoFactor.wrongPassword", { errors: { password: "errors.twoFactor.wrongPassword" } });

export type TwoFactorStatus = { totp: boolean; recoveryCodesLeft: number; passkeys: number };

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

/** What a stored authenticator key is bound to: moved to another account's row, it does not open. */
const keyContext = (userId: number) => `totp:${userId}`;

export function createTwoFactorService({
  db,
  securityEvents,
  alerts,
  box,
}: {
  db: Db;
  securityEvents: SecurityEventService;
  alerts: SecurityAlerts;
  box: SecretBox;
}) {
  /** The account's authenticator key, or undefined when it cannot be opened (sealed under a key no longer configured). */
  function openKey(userId: number, stored: string): string | undefined {
    try {
      return box.open(stored, keyContext(userId)).value;
    } catch (err) {
      if (err instanceof SecretBoxError) return undefined;
      throw err;
    }
  }

  async function userRow(userId: number) {
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new AppError("UNAUTHORIZED", "errors.notSignedIn");
    return row;
  }

  async function passkeyCount(userId: number, tx: DbOrTx = db) {
    const [row] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    return row?.n ?? 0;
  }

  /** The second factors of the account whose row this is. */
  async function factorsOf(row: { id: number; totpEnabledAt: Date | null }, tx: DbOrTx = db): Promise<SecondFactors> {
    return { totp: Boolean(row.totpEnabledAt), passkeys: await passkeyCount(row.id, tx) };
  }

  /** Replaces the account's recovery codes with ten new ones and returns them (the only time they are readable). */
  async function replaceRecoveryCodes(tx: DbOrTx, userId: number) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashCode(c) })));
    return codes;
  }

  /**
   * Accepts a current authenticator code for a step later than the last one accepted, and records its step in the
   * same statement (two requests with one code cannot both pass).
   */
  async function acceptTotp(userId: number, stored: string, code: string, tx: DbOrTx = db) {
    if (!/^\d{6}$/.test(code)) return false;
    const secret = openKey(userId, stored);
    if (!secret) return false;
    const result = await verify({ secret, token: code, epochTolerance: TOTP_TOLERANCE_SECONDS });
    if (!result.valid || !("timeStep" in result)) return false;
    const [row] = await tx
      .update(users)
      .set({ totpLastStep: result.timeStep })
      .where(and(eq(users.id, userId), sql`coalesce(${users.totpLastStep}, -1) < ${result.timeStep}`))
      .returning({ id: users.id });
    return Boolean(row);
  }

  return {
    async status(userId: number): Promise<TwoFactorStatus> {
      const row = await userRow(userId);
      const [left] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return { ...(await factorsOf(row)), recoveryCodesLeft: left?.n ?? 0 };
    },

    /** True when the account signs in with a second factor. */
    async required(userId: number) {
      return hasSecondFactor(await factorsOf(await userRow(userId)));
    },

    /**
     * Starts enrolling an authenticator app: a new secret, kept unconfirmed until a code from the app proves it was
     * scanned. Returns the secret (for typing in), the otpauth URI and the QR code as SVG.
     */
    async startTotp(userId: number) {
      const row = await userRow(userId);
      if (row.totpEnabledAt) throw new AppError("CONFLICT", "errors.twoFactor.alreadyOn");
      const secret = generateSecret();
      await db
        .update(users)
        .set({ totpSecret: box.seal(secret, keyContext(userId)), totpLastStep: null })
        .where(eq(users.id, userId));
      const uri = generateURI({ issuer: brand.name, label: row.email, secret });
      const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
      return { secret, uri, qrSvg };
    },

    /**
     * Confirms the app with a code from it: two-factor sign-in is on, the account's other sessions end
     * (`keepSessionId` stays), and the ten recovery codes are returned.
     */
    async confirmTotp(userId: number, code: string, meta: EventMeta = {}, keepSessionId?: string) {
      const row = await userRow(userId);
      if (row.totpEnabledAt) throw new AppError("CONFLICT", "errors.twoFactor.alreadyOn");
      if (!row.totpSecret) throw new AppError("CONFLICT", "errors.twoFactor.notStarted");
      const alert = await alerts.prepare(userId);
      return db.transaction(async (tx) => {
        const locked = await lockAccount(tx, userId);
        if (locked.totpEnabledAt) throw new AppError("CONFLICT", "errors.twoFactor.alreadyOn");
        if (locked.totpSecret !== row.totpSecret) throw new AppError("CONFLICT", "errors.twoFactor.notStarted");
        if (!(await acceptTotp(userId, row.totpSecret!, code, tx))) throw WRONG_CODE();
        await tx
          .update(users)
          .set({ totpEnabledAt: sql`now()` })
          .where(eq(users.id, userId));
        const codes = await replaceRecoveryCodes(tx, userId);
        await endOtherSessions(tx, userId, keepSessionId);
        await securityEvents.record({ type: "two-factor-enabled", userId, detail: { method: "authenticator-app" }, ...meta }, tx);
        await alerts.send(tx, alert, "two-factor-enabled");
        return codes;
      });
    },

    /**
     * Proves the user is at the keyboard: the account's password, or a current code from its authenticator app.
     * Answers what was proved; a wrong password or code fails the same way whatever state the account is in.
     */
    async confirmIdentity(userId: number, proof: { password?: string; code?: string }): Promise<"password" | "second-factor"> {
      const row = await userRow(userId);
      if (proof.password !== undefined) {
        if (!(await verifyPassword(row.password, proof.password))) throw WRONG_PASSWORD();
        return "password";
      }
      const code = (proof.code ?? "").trim().replace(/\s/g, "");
      if (row.totpEnabledAt && row.totpSecret && (await acceptTotp(userId, row.totpSecret, code))) return "second-factor";
      throw WRONG_CODE();
    },

    /**
     * Turns the authenticator app off, by the rules of removing a factor (an admin keeps one: the app goes only while
     * a passkey remains; recovery codes go with the last). The account's other sessions end.
     */
    async disableTotp(userId: number, meta: EventMeta = {}, keepSessionId?: string) {
      const alert = await alerts.prepare(userId);
      await db.transaction(async (tx) => {
        const row = await lockAccount(tx, userId);
        if (!row.totpEnabledAt) throw new AppError("CONFLICT", "errors.twoFactor.alreadyOff");
        await beforeFactorRemoval(tx, row, { ...(await factorsOf(row, tx)), totp: false });
        await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
        await endOtherSessions(tx, userId, keepSessionId);
        await securityEvents.record({ type: "two-factor-disabled", userId, detail: { method: "authenticator-app" }, ...meta }, tx);
        await alerts.send(tx, alert, "two-factor-disabled");
      });
    },

    /** New recovery codes (the old ones stop working); the account's other sessions end. */
    async regenerateRecoveryCodes(userId: number, meta: EventMeta = {}, keepSessionId?: string) {
      const alert = await alerts.prepare(userId);
      return db.transaction(async (tx) => {
        const row = await lockAccount(tx, userId);
        if (!hasSecondFactor(await factorsOf(row, tx))) throw new AppError("CONFLICT", "errors.twoFactor.alreadyOff");
        const codes = await replaceRecoveryCodes(tx, userId);
        await endOtherSessions(tx, userId, keepSessionId);
        await securityEvents.record({ type: "recovery-codes-generated", userId, ...meta }, tx);
        await alerts.send(tx, alert, "recovery-codes-generated");
        return codes;
      });
    },

    clearAll: clearSecondFactors,

    /** Ensures the account has recovery codes (its first passkey as a second factor gives it ten); returns new ones or none. */
    async recoveryCodesForFirstFactor(tx: DbOrTx, userId: number): Promise<string[] | undefined> {
      const [any] = await tx.select({ id: recoveryCodes.id }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)).limit(1);
      if (any) return undefined;
      return replaceRecoveryCodes(tx, userId);
    },

    /**
     * The second step of a sign-in: a code from the authenticator app, or one of the recovery codes (used up by
     * the statement that checks it). Answers how the user proved it.
     */
    async verifySecondStep(userId: number, code: string, meta: EventMeta = {}): Promise<"authenticator-app" | "recovery-code"> {
      const row = await userRow(userId);
      const trimmed = code.trim().replace(/\s/g, "");
      if (row.totpEnabledAt && row.totpSecret && (await acceptTotp(userId, row.totpSecret, trimmed))) return "authenticator-app";
      if (normalizeRecoveryCode(trimmed).length === 10) {
        const [used] = await db
          .update(recoveryCodes)
          .set({ usedAt: sql`now()` })
          .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashCode(trimmed)), isNull(recoveryCodes.usedAt)))
          .returning({ id: recoveryCodes.id });
        if (used) {
          await securityEvents.record({ type: "recovery-code-used", userId, ...meta });
          return "recovery-code";
        }
      }
      throw WRONG_CODE();
    },

    passkeyCount,

    /**
     * Seals again, under the current key, every authenticator key stored in the clear (before sealing began) or under
     * an older key; run at start. Answers how many were sealed again, and how many cannot be opened at all (their
     * owners sign in with a recovery code or a passkey and set the app up again).
     */
    async resealKeys(): Promise<{ resealed: number; unreadable: number }> {
      const rows = await db
        .select({ id: users.id, stored: users.totpSecret })
        .from(users)
        .where(and(isNotNull(users.totpSecret), sql`${users.totpSecret} not like ${`sb1.${box.keyId}.%`}`));
      let resealed = 0;
      let unreadable = 0;
      for (const row of rows) {
        const value = openKey(row.id, row.stored!);
        if (value === undefined) {
          unreadable += 1;
          continue;
        }
        // Only if nobody changed it meanwhile (another instance starting, a new set-up).
        const updated = await db
          .update(users)
          .set({ totpSecret: box.seal(value, keyContext(row.id)) })
          .where(and(eq(users.id, row.id), eq(users.totpSecret, row.stored!)))
          .returning({ id: users.id });
        resealed += updated.length;
      }
      return { resealed, unreadable };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
