import type { Response } from "express";
import type { AppSession, SessionData } from "../auth/sessions";
import { AppError } from "../lib/errors";
import type { Services } from "../services";
import { CHALLENGE_TTL_MS } from "../services/passkeys";

/**
 * Takes the WebAuthn challenge of `purpose` out of the session (a challenge is answered once) and saves the session;
 * 400 when there is none or it is older than CHALLENGE_TTL_MS.
 */
export async function takeChallenge(services: Services, session: AppSession, res: Response, purpose: NonNullable<SessionData["challenge"]>["purpose"]) {
  const challenge = session.get("challenge");
  if (!challenge) throw new AppError("BAD_REQUEST", "errors.passkeys.noChallenge");
  session.unset("challenge");
  res.setHeader("Set-Cookie", await services.sessions.commit(session));
  if (challenge.purpose !== purpose || Date.now() - challenge.since > CHALLENGE_TTL_MS) throw new AppError("BAD_REQUEST", "errors.passkeys.noChallenge");
  return challenge.value;
}
