/** The stored passkeys of an account, as the passkey service (./passkeys.ts) and its use cases read and answer them. */
import type { AuthenticatorTransport } from "@simplewebauthn/server";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { passkeys } from "../../db/schema";
import { AppError } from "../../lib/errors";

export type PasskeySummary = { id: string; name: string; createdAt: string; lastUsedAt: string | null; backedUp: boolean };

export type PasskeyRow = typeof passkeys.$inferSelect;

export const NOT_ACCEPTED = () => new AppError("INVALID_CODE", "errors.passkeys.notAccepted");

export const summary = (row: PasskeyRow): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

export const passkeysOf = (db: Db, userId: number) => db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));

/** A stored passkey as the browser is told of it (to exclude it, or to offer it). */
export const credentialOf = (p: Pick<PasskeyRow, "id" | "transports">) => ({
  id: p.id,
  transports: (p.transports ?? undefined) as AuthenticatorTransport[] | undefined,
});
