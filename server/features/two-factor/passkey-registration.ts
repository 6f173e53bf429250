/**
 * Adding a passkey: the options for the browser to create one, and storing the one it created. The relying party is
 * the site's public origin; its hostname is the RP ID (./passkeys.ts).
 */
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { brand } from "../../../shared/brand";
import type { Db } from "../../db/client";
import { passkeys } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { endOtherSessions, lockAccount } from "./account-factors";
import { credentialOf, NOT_ACCEPTED, passkeysOf, summary } from "./passkey-records";
import type { SecurityAlerts } from "../security-events/security-alerts";
import type { EventMeta, SecurityEventService } from "../security-events/security-events";
import type { TwoFactorService } from "./two-factor";

export function createPasskeyRegistration({
  db,
  origin,
  rpID,
  securityEvents,
  twoFactor,
  alerts,
}: {
  db: Db;
  origin: string;
  rpID: string;
  securityEvents: SecurityEventService;
  twoFactor: Pick<TwoFactorService, "recoveryCodesForFirstFactor">;
  alerts: SecurityAlerts;
}) {
  return {
    /** Options for the browser to create a passkey for the user (its existing ones are excluded). */
    async registrationOptions(user: { id: number; email: string; fullName: string | null }) {
      const existing = await passkeysOf(db, user.id);
      return generateRegistrationOptions({
        rpName: brand.name,
        rpID,
        userName: user.email,
        userDisplayName: user.fullName ?? user.email,
        userID: new TextEncoder().encode(`user-${user.id}`),
        attestationType: "none",
        excludeCredentials: existing.map(credentialOf),
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      });
    },

    /**
     * Stores the passkey the browser created against `challenge`. The account's first second factor also gets its
     * ten recovery codes, returned here (the only time they are readable). The account's other sessions end
     * (`keepSessionId` stays).
     */
    async register(userId: number, name: string, response: RegistrationResponseJSON, challenge: string, meta: EventMeta = {}, keepSessionId?: string) {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      }).catch(() => ({ verified: false as const, registrationInfo: undefined }));
      if (!result.verified || !result.registrationInfo) throw NOT_ACCEPTED();
      const { credential, credentialBackedUp } = result.registrationInfo;
      const alert = await alerts.prepare(userId);
      return db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const [row] = await tx
          .insert(passkeys)
          .values({
            id: credential.id,
            userId,
            name,
            publicKey: isoBase64URL.fromBuffer(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports ?? null,
            backedUp: credentialBackedUp,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError("CONFLICT", "errors.passkeys.exists");
        const codes = await twoFactor.recoveryCodesForFirstFactor(tx, userId);
        await endOtherSessions(tx, userId, keepSessionId);
        await securityEvents.record({ type: "passkey-added", userId, detail: { name }, ...meta }, tx);
        await alerts.send(tx, alert, "passkey-added", name);
        return { passkey: summary(row), recoveryCodes: codes };
      });
    },
  };
}
