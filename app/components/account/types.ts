import type { SessionSummary } from "../../../server/auth/sessions";
import type { PublicUser } from "../../../server/services/users";
import type { SignInStep } from "../../../shared/sign-in-steps";

/** What the account page knows of its user. */
export type AccountUser = Pick<PublicUser, "id" | "username" | "email" | "fullName" | "company" | "position" | "avatar" | "isVerified">;

/** A change of address waiting for its link to be used. */
export type PendingEmail = { newEmail: string; expiresAt: string } | null;

export type AccountSession = SessionSummary;

/** One of the user's recent sign-ins (GET /api/user/sign-ins); `step`: where a refusal came from (null: the password). */
export type SignIn = { type: string; step: SignInStep | null; ipAddress: string | null; userAgent: string | null; createdAt: string };
