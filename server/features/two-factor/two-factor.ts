/**
 * Two-factor sign-in: an authenticator app (TOTP, RFC 6238: 6 digits, 30-second steps) enrolled by scanning a QR
 * code, and ten single-use recovery codes, stored only as SHA-256 hashes and shown once. Passkeys (./passkeys.ts)
 * are the other second factor; an account "has two-factor sign-in" when it has either.
 *
 * A code is accepted one step either side of the server's clock (phones drift), and each accepted step is recorded
 * so the same code cannot be used twice. The app's key is stored sealed (server/auth/secret-box.ts), bound to its
 * account, under a key that is not in the database.
 *
 * The app's own use cases are in ./authenticator-app.ts, the recovery codes in ./recovery-codes.ts, and what every
 * change to an account's factors shares in ./account-factors.ts; this service answers for them together.
 */
import { verifyPassword } from "../../auth/password";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { accountRow, countPasskeys, endOtherSessions, factorsOf, lockAccount } from "./account-factors";
import { createAuthenticatorApp, WRONG_CODE, type SecondFactorDeps } from "./authenticator-app";
import { recoveryCodesForFirstFactor, recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from "./recovery-codes";
import { clearSecondFactors, hasSecondFactor } from "./second-factors";
import type { EventMeta } from "../security-events/security-events";

export { endOtherSessions, lockAccount } from "./account-factors";
export { WRONG_CODE } from "./authenticator-app";
export { normalizeRecoveryCode, RECOVERY_CODE_COUNT } from "./recovery-codes";

const WRONG_PASSWORD = () => new AppError("VALIDATION", "errors.twoFactor.wrongPassword", { errors: { password: "errors.twoFactor.wrongPassword" } });

export type TwoFactorStatus = { totp: boolean; recoveryCodesLeft: number; passkeys: number };

export function createTwoFactorService({ db, securityEvents, alerts, box }: SecondFactorDeps) {
  const app = createAuthenticatorApp({ db, securityEvents, alerts, box });
  const passkeyCount = (userId: number, tx: DbOrTx = db) => countPasskeys(tx, userId);

  return {
    async status(userId: number): Promise<TwoFactorStatus> {
      const row = await accountRow(db, userId);
      return { ...(await factorsOf(db, row)), recoveryCodesLeft: await recoveryCodesLeft(db, userId) };
    },

    /** True when the account signs in with a second factor. */
    async required(userId: number) {
      return hasSecondFactor(await factorsOf(db, await accountRow(db, userId)));
    },

    startTotp: app.startTotp,
    confirmTotp: app.confirmTotp,

    /**
     * Proves the user is at the keyboard: the account's password, or a current code from its authenticator app.
     * Answers what was proved; a wrong password or code fails the same way whatever state the account is in.
     */
    async confirmIdentity(userId: number, proof: { password?: string; code?: string }): Promise<"password" | "second-factor"> {
      const row = await accountRow(db, userId);
      if (proof.password !== undefined) {
        if (!(await verifyPassword(row.password, proof.password))) throw WRONG_PASSWORD();
        return "password";
      }
      const code = (proof.code ?? "").trim().replace(/\s/g, "");
      if (row.totpEnabledAt && row.totpSecret && (await app.acceptTotp(userId, row.totpSecret, code))) return "second-factor";
      throw WRONG_CODE();
    },

    disableTotp: app.disableTotp,

    /** New recovery codes (the old ones stop working); the account's other sessions end. */
    async regenerateRecoveryCodes(userId: number, meta: EventMeta = {}, keepSessionId?: string) {
      const alert = await alerts.prepare(userId);
      return db.transaction(async (tx) => {
        const row = await lockAccount(tx, userId);
        if (!hasSecondFactor(await factorsOf(tx, row))) throw new AppError("CONFLICT", "errors.twoFactor.alreadyOff");
        const codes = await replaceRecoveryCodes(tx, userId);
        await endOtherSessions(tx, userId, keepSessionId);
        await securityEvents.record({ type: "recovery-codes-generated", userId, ...meta }, tx);
        await alerts.send(tx, alert, "recovery-codes-generated");
        return codes;
      });
    },

    clearAll: clearSecondFactors,

    recoveryCodesForFirstFactor,

    /**
     * The second step of a sign-in: a code from the authenticator app, or one of the recovery codes (used up by
     * the statement that checks it). Answers how the user proved it.
     */
    async verifySecondStep(userId: number, code: string, meta: EventMeta = {}): Promise<"authenticator-app" | "recovery-code"> {
      const row = await accountRow(db, userId);
      const trimmed = code.trim().replace(/\s/g, "");
      if (row.totpEnabledAt && row.totpSecret && (await app.acceptTotp(userId, row.totpSecret, trimmed))) return "authenticator-app";
      if (await spendRecoveryCode(db, userId, trimmed)) {
        await securityEvents.record({ type: "recovery-code-used", userId, ...meta });
        return "recovery-code";
      }
      throw WRONG_CODE();
    },

    passkeyCount,

    resealKeys: app.resealKeys,
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
