import type { CallOutput } from "~/lib/api/client";
import type { API } from "../../../shared/api";

/** What the account page knows of its user. */
export type AccountUser = Pick<CallOutput<typeof API.auth.user>, "id" | "username" | "email" | "fullName" | "company" | "position" | "avatar" | "isVerified">;

/** A change of address waiting for its link to be used. */
export type PendingEmail = { newEmail: string; expiresAt: string } | null;

export type AccountSession = CallOutput<typeof API.account.sessions>[number];

/**
 * One of the user's recent sign-ins; `step`: where a refusal came from (null: the password). Its `type` is read as
 * any text, so an event type added later still shows (as an other event).
 */
export type SignIn = Omit<CallOutput<typeof API.auth.signIns>[number], "type"> & { type: string };
