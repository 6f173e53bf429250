/**
 * The authenticator app (TOTP, RFC 6238: 6 digits, 30-second steps), enrolled by scanning a QR code: setting it up,
 * confirming it, turning it off, checking its codes, and keeping its stored keys sealed.
 *
 * A code is accepted one step either side of the server's clock (phones drift), and each accepted step is recorded
 * so the same code cannot be used twice. The app's key is stored sealed (server/auth/secret-box.ts), bound to its
 * account, under a key that is not in the database.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { brand } from "../../../shared/brand";
import { SecretBoxError, type SecretBox } from "../../auth/secret-box";
import type { Db, DbOrTx } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { accountRow, endOtherSessions, factorsOf, lockAccount } from "./account-factors";
import { replaceRecoveryCodes } from "./recovery-codes";
import { beforeFactorRemoval } from "./second-factors";
import type { SecurityAlerts } from "../security-events/security-alerts";
import type { EventMeta, SecurityEventService } from "../security-events/security-events";

/** Steps accepted either side of the current one. */
const TOTP_TOLERANCE_SECONDS = 30;

export const WRONG_CODE = () => new AppError("INVALID_CODE", "errors.twoFactor.wrongCode");

/** What a stored authenticator key is bound to: moved to another account's row, it does not open. */
const keyContext = (userId: number) => `totp:${userId}`;

/** The account's authenticator key, or undefined when it cannot be opened (sealed under a key no longer configured). */
function openKey(box: SecretBox, userId: number, stored: string): string | undefined {
  try {
    return box.open(stored, keyContext(userId)).value;
  } catch (err) {
    if (err instanceof SecretBoxError) return undefined;
    throw err;
  }
}

/**
 * Accepts a current authenticator code for a step later than the last one accepted, and records its step in the
 * same statement (two requests with one code cannot both pass).
 */
async function acceptTotp(tx: DbOrTx, box: SecretBox, userId: number, stored: string, code: string) {
  if (!/^\d{6}$/.test(code)) return false;
  const secret = openKey(box, userId, stored);
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

/**
 * Seals again, under the current key, every authenticator key stored in the clear (before sealing began) or under
 * an older key; run at start. Answers how many were sealed again, and how many cannot be opened at all (their
 * owners sign in with a recovery code or a passkey and set the app up again).
 */
async function resealKeys(db: Db, box: SecretBox): Promise<{ resealed: number; unreadable: number }> {
  const rows = await db
    .select({ id: users.id, stored: users.totpSecret })
    .from(users)
    .where(and(isNotNull(users.totpSecret), sql`${users.totpSecret} not like ${`sb1.${box.keyId}.%`}`));
  let resealed = 0;
  let unreadable = 0;
  for (const row of rows) {
    const value = openKey(box, row.id, row.stored!);
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
}

/** What the second-factor services work with: the database, the security log, the owner's alerts and the key box. */
export type SecondFactorDeps = { db: Db; securityEvents: SecurityEventService; alerts: SecurityAlerts; box: SecretBox };

export function createAuthenticatorApp({ db, securityEvents, alerts, box }: SecondFactorDeps) {
  return {
    /** Accepts a current code from the account's app (see acceptTotp above). */
    acceptTotp: (userId: number, stored: string, code: string, tx: DbOrTx = db) => acceptTotp(tx, box, userId, stored, code),

    /**
     * Starts enrolling an authenticator app: a new secret, kept unconfirmed until a code from the app proves it was
     * scanned. Returns the secret (for typing in), the otpauth URI and the QR code as SVG.
     */
    async startTotp(userId: number) {
      const row = await accountRow(db, userId);
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
      const row = await accountRow(db, userId);
      if (row.totpEnabledAt) throw new AppError("CONFLICT", "errors.twoFactor.alreadyOn");
      if (!row.totpSecret) throw new AppError("CONFLICT", "errors.twoFactor.notStarted");
      const alert = await alerts.prepare(userId);
      return db.transaction(async (tx) => {
        const locked = await lockAccount(tx, userId);
        if (locked.totpEnabledAt) throw new AppError("CONFLICT", "errors.twoFactor.alreadyOn");
        if (locked.totpSecret !== row.totpSecret) throw new AppError("CONFLICT", "errors.twoFactor.notStarted");
        if (!(await acceptTotp(tx, box, userId, row.totpSecret!, code))) throw WRONG_CODE();
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
     * Turns the authenticator app off, by the rules of removing a factor (an admin keeps one: the app goes only while
     * a passkey remains; recovery codes go with the last). The account's other sessions end.
     */
    async disableTotp(userId: number, meta: EventMeta = {}, keepSessionId?: string) {
      const alert = await alerts.prepare(userId);
      await db.transaction(async (tx) => {
        const row = await lockAccount(tx, userId);
        if (!row.totpEnabledAt) throw new AppError("CONFLICT", "errors.twoFactor.alreadyOff");
        await beforeFactorRemoval(tx, row, { ...(await factorsOf(tx, row)), totp: false });
        await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
        await endOtherSessions(tx, userId, keepSessionId);
        await securityEvents.record({ type: "two-factor-disabled", userId, detail: { method: "authenticator-app" }, ...meta }, tx);
        await alerts.send(tx, alert, "two-factor-disabled");
      });
    },

    resealKeys: () => resealKeys(db, box),
  };
}

export type AuthenticatorApp = ReturnType<typeof createAuthenticatorApp>;
