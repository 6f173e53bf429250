import type { SessionSummary } from "../../../server/auth/sessions";
import type { PublicUser } from "../../../server/services/users";

/** What the account page knows of its user. */
export type AccountUser = Pick<PublicUser, "id" | "username" | "email" | "fullName" | "company" | "position" | "avatar" | "isVerified">;

/** A change of address waiting for its link to be used. */
export type PendingEmail = { newEmail: string; expiresAt: string } | null;

export type AccountSession = SessionSummary;

/** One of the user's recent sign-ins (GET /api/user/sign-ins). */
export type SignIn = { type: string; ipAddress: string | null; userAgent: string | null; createdAt: string };
