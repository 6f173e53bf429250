/**
 * Passkeys (WebAuthn): several per account, each named by its owner. A passkey is a second factor after the
 * password, or a whole sign-in on its own when the authenticator verified its user (PIN or biometrics): then it is
 * both something the user has and something they are or know.
 *
 * The relying party is the site's public origin (PUBLIC_ORIGIN): its hostname is the RP ID, so a passkey made on
 * one deployment's address works only there. Challenges live in the visitor's session and are used once.
 *
 * Adding one is in ./passkey-registration.ts, signing in with one in ./passkey-sign-in.ts; listing, renaming and
 * removing them are here.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passkeys } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { endOtherSessions, lockAccount } from "./account-factors";
import { createPasskeyRegistration } from "./passkey-registration";
import { passkeysOf, summary, type PasskeySummary } from "./passkey-records";
import { createPasskeySignIn } from "./passkey-sign-in";
import { beforeFactorRemoval } from "./second-factors";
import type { SecurityAlerts } from "../security-events/security-alerts";
import type { EventMeta, SecurityEventService } from "../security-events/security-events";
import type { TwoFactorService } from "./two-factor";

export type { PasskeySummary } from "./passkey-records";

export function createPasskeyService({
  db,
  origin,
  securityEvents,
  twoFactor,
  alerts,
}: {
  db: Db;
  origin: string;
  securityEvents: SecurityEventService;
  twoFactor: TwoFactorService;
  alerts: SecurityAlerts;
}) {
  const rpID = new URL(origin).hostname;
  const registration = createPasskeyRegistration({ db, origin, rpID, securityEvents, twoFactor, alerts });
  const signIn = createPasskeySignIn({ db, origin, rpID });

  return {
    rpID,

    async list(userId: number): Promise<PasskeySummary[]> {
      return (await passkeysOf(db, userId)).map(summary);
    },

    registrationOptions: registration.registrationOptions,
    register: registration.register,

    async rename(userId: number, id: string, name: string) {
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      if (!row) throw new AppError("NOT_FOUND", "errors.passkeys.notFound");
      return summary(row);
    },

    /**
     * Removes a passkey, by the rules of removing a factor (an admin keeps one: the last passkey goes only while the
     * authenticator app is on; recovery codes go with the last). The account's other sessions end.
     */
    async remove(userId: number, id: string, meta: EventMeta = {}, keepSessionId?: string) {
      const alert = await alerts.prepare(userId);
      await db.transaction(async (tx) => {
        const owner = await lockAccount(tx, userId);
        const mine = await tx.select({ id: passkeys.id, name: passkeys.name }).from(passkeys).where(eq(passkeys.userId, userId));
        const target = mine.find((p) => p.id === id);
        if (!target) throw new AppError("NOT_FOUND", "errors.passkeys.notFound");
        await beforeFactorRemoval(tx, owner, { totp: Boolean(owner.totpEnabledAt), passkeys: mine.length - 1 });
        await tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)));
        await endOtherSessions(tx, userId, keepSessionId);
        await securityEvents.record({ type: "passkey-removed", userId, detail: { name: target.name }, ...meta }, tx);
        await alerts.send(tx, alert, "passkey-removed", target.name);
      });
    },

    authenticationOptions: signIn.authenticationOptions,
    authenticate: signIn.authenticate,
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
