import type { Response } from "express";
import type { AppSession, SessionData } from "../auth/sessions";
import { AppError } from "../lib/errors";
import type { Services } from "../features";

/** A WebAuthn ceremony must be answered within this time of its challenge. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

type Purpose = NonNullable<SessionData["challenge"]>["purpose"];

/** Keeps a WebAuthn challenge of `purpose` in the session until it is answered (the caller saves the session). */
export function keepChallenge(session: AppSession, value: string, purpose: Purpose) {
  session.set("challenge", { value, purpose, since: Date.now() });
}

/**
 * Takes the WebAuthn challenge of `purpose` out of the session (a challenge is answered once) and saves the session;
 * 400 when there is none or it is older than CHALLENGE_TTL_MS.
 */
export async function takeChallenge(services: Services, session: AppSession, res: Response, purpose: Purpose) {
  const challenge = session.get("challenge");
  if (!challenge) throw new AppError("BAD_REQUEST", "errors.passkeys.noChallenge");
  session.unset("challenge");
  res.setHeader("Set-Cookie", await services.sessions.commit(session));
  if (challenge.purpose !== purpose || Date.now() - challenge.since > CHALLENGE_TTL_MS) throw new AppError("BAD_REQUEST", "errors.passkeys.noChallenge");
  return challenge.value;
}
