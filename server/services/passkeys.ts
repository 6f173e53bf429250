/**
 * Passkeys (WebAuthn): several per account, each named by its owner. A passkey is a second factor after the
 * password, or a whole sign-in on its own when the authenticator verified its user (PIN or biometrics): then it is
 * both something the user has and something they are or know.
 *
 * The relying party is the site's public origin (PUBLIC_ORIGIN): its hostname is the RP ID, so a passkey made on
 * one deployment's address works only there. Challenges live in the visitor's session and are used once.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, asc, eq, sql } from "drizzle-orm";
import { brand } from "../../shared/brand";
import type { Db } from "../db/client";
import { passkeys } from "../db/schema";
import { AppError } from "../lib/errors";
import type { SecurityAlerts } from "./security-alerts";
import type { EventMeta, SecurityEventService } from "./security-events";
import { beforeFactorRemoval } from "./second-factors";
import { endOtherSessions, lockAccount, type TwoFactorService } from "./two-factor";

export type PasskeySummary = { id: string; name: string; createdAt: string; lastUsedAt: string | null; backedUp: boolean };

const NOT_ACCEPTED = () => new AppError("INVALID_CODE", "errors.passkeys.notAccepted");

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

  const summary = (row: typeof passkeys.$inferSelect): PasskeySummary => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  });

  const ofUser = (userId: number) => db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));

  return {
    rpID,

    async list(userId: number): Promise<PasskeySummary[]> {
      return (await ofUser(userId)).map(summary);
    },

    /** Options for the browser to create a passkey for the user (its existing ones are excluded). */
    async registrationOptions(user: { id: number; email: string; fullName: string | null }) {
      const existing = await ofUser(user.id);
      return generateRegistrationOptions({
        rpName: brand.name,
        rpID,
        userName: user.email,
        userDisplayName: user.fullName ?? user.email,
        userID: new TextEncoder().encode(`user-${user.id}`),
        attestationType: "none",
        excludeCredentials: existing.map((p) => ({ id: p.id, transports: (p.transports ?? undefined) as AuthenticatorTransport[] | undefined })),
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

    /**
     * Options for signing in with a passkey: the pending user's own passkeys after a password, or any passkey this
     * site knows (the browser offers the ones it holds) for a sign-in without one.
     */
    async authenticationOptions(pendingUserId?: number) {
      const allow = pendingUserId ? await ofUser(pendingUserId) : [];
      return generateAuthenticationOptions({
        rpID,
        userVerification: pendingUserId ? "preferred" : "required",
        allowCredentials: allow.map((p) => ({ id: p.id, transports: (p.transports ?? undefined) as AuthenticatorTransport[] | undefined })),
      });
    },

    /**
     * Checks a passkey's answer to `challenge` and returns its owner. After a password (`pendingUserId`) it must be
     * that user's passkey; on its own the authenticator must have verified its user.
     */
    async authenticate(response: AuthenticationResponseJSON, challenge: string, pendingUserId?: number): Promise<number> {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
      if (!row || (pendingUserId !== undefined && row.userId !== pendingUserId)) throw NOT_ACCEPTED();
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: row.id,
          publicKey: isoBase64URL.toBuffer(row.publicKey),
          counter: row.counter,
          transports: (row.transports ?? undefined) as AuthenticatorTransport[] | undefined,
        },
        requireUserVerification: pendingUserId === undefined,
      }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
      if (!result.verified) throw NOT_ACCEPTED();
      await db
        .update(passkeys)
        .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
        .where(eq(passkeys.id, row.id));
      return row.userId;
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
