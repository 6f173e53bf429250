/**
 * Signing in with a passkey: as the second step after a password, or on its own when the authenticator verified its
 * user (PIN or biometrics). The relying party is the site's public origin; its hostname is the RP ID (./passkeys.ts).
 */
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passkeys } from "../../db/schema";
import { credentialOf, NOT_ACCEPTED, passkeysOf } from "./passkey-records";

export function createPasskeySignIn({ db, origin, rpID }: { db: Db; origin: string; rpID: string }) {
  return {
    /**
     * Options for signing in with a passkey: the pending user's own passkeys after a password, or any passkey this
     * site knows (the browser offers the ones it holds) for a sign-in without one.
     */
    async authenticationOptions(pendingUserId?: number) {
      const allow = pendingUserId ? await passkeysOf(db, pendingUserId) : [];
      return generateAuthenticationOptions({
        rpID,
        userVerification: pendingUserId ? "preferred" : "required",
        allowCredentials: allow.map(credentialOf),
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
        credential: { ...credentialOf(row), publicKey: isoBase64URL.toBuffer(row.publicKey), counter: row.counter },
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
