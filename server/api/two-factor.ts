import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { Router, type Response } from "express";
import {
  confirmIdentitySchema,
  passkeyRegisterSchema,
  passkeyRenameSchema,
  passwordAgainSchema,
  passwordProofSchema,
  twoFactorCodeSchema,
} from "../../shared/schemas";
import type { AppSession } from "../auth/sessions";
import { confirmIdentity, confirmedNowOrRecently, requireConfirmedAddress } from "../http/confirmation";
import { requireUser } from "../http/guards";
import { retryAfterHeader } from "../http/limits";
import { requestLocale } from "../http/locale";
import { parse } from "../http/validate";
import { message } from "../lib/messages";
import type { Services } from "../services";
import { requestMeta } from "../services/security-events";
import { takeChallenge } from "./challenge";

/**
 * The signed-in user's second factors: the authenticator app (set up, confirm, turn off), recovery codes, and
 * passkeys (add, rename, remove).
 *
 * Adding or removing a factor, replacing recovery codes and turning the app off need the password (or an app code)
 * proved in this session within CONFIRM_IDENTITY_SECONDS (POST /account/confirm-identity, or the `password` the
 * request itself carries): 403 REAUTH_REQUIRED otherwise. A passkey's registration needs no proof of its own: its
 * challenge (single-use, 5 minutes) is issued only to a session that had it. An address never confirmed cannot add factors (403
 * EMAIL_NOT_VERIFIED). Each such change ends the account's other sessions; proving a factor here (confirming the app,
 * adding a passkey) makes this session one that proved a second factor.
 */
export function twoFactorRoutes(services: Services) {
  const router = Router();
  const { twoFactor, passkeys } = services;
  const sessionOf = (res: Response) => res.locals.session as AppSession;

  router.get("/account/two-factor", async (_req, res) => {
    const user = requireUser(res);
    res.json({ ...(await twoFactor.status(user.id)), passkeys: await passkeys.list(user.id) });
  });

  /** 'Confirm it's you': the password or an app code; changes to how the account signs in are open for 10 minutes. */
  router.post("/account/confirm-identity", async (req, res) => {
    const user = requireUser(res);
    await confirmIdentity(services, res, user, parse(confirmIdentitySchema, req.body));
    res.json({ message: message(requestLocale(req), "errors.ok.identityConfirmed") });
  });

  /** A new secret and its QR code; two-factor sign-in is on only once a code from the app confirms it. */
  router.post("/account/two-factor/app", async (req, res) => {
    const user = requireUser(res);
    requireConfirmedAddress(user);
    await confirmedNowOrRecently(services, res, user, parse(passwordProofSchema, req.body ?? {}));
    res.json(await twoFactor.startTotp(user.id));
  });

  router.post("/account/two-factor/app/confirm", async (req, res) => {
    const user = requireUser(res);
    requireConfirmedAddress(user);
    const { code } = parse(twoFactorCodeSchema, req.body);
    await confirmedNowOrRecently(services, res, user, parse(passwordProofSchema, req.body));
    const session = sessionOf(res);
    const recoveryCodes = await twoFactor.confirmTotp(user.id, code, requestMeta(req), session.id);
    res.setHeader("Set-Cookie", await services.sessions.confirm(session, "second-factor"));
    res.json({ recoveryCodes });
  });

  router.post("/account/two-factor/app/disable", async (req, res) => {
    const user = requireUser(res);
    await confirmedNowOrRecently(services, res, user, parse(passwordAgainSchema, req.body ?? {}));
    await twoFactor.disableTotp(user.id, requestMeta(req), sessionOf(res).id);
    res.status(204).end();
  });

  router.post("/account/two-factor/recovery-codes", async (req, res) => {
    const user = requireUser(res);
    await confirmedNowOrRecently(services, res, user, parse(passwordAgainSchema, req.body ?? {}));
    res.json({ recoveryCodes: await twoFactor.regenerateRecoveryCodes(user.id, requestMeta(req), sessionOf(res).id) });
  });

  /** Options for the browser to create a passkey; the challenge waits in the session. */
  router.post("/account/passkeys/options", async (req, res) => {
    const user = requireUser(res);
    requireConfirmedAddress(user);
    await confirmedNowOrRecently(services, res, user, parse(passwordProofSchema, req.body ?? {}));
    const session = sessionOf(res);
    const options = await passkeys.registrationOptions(user);
    session.set("challenge", { value: options.challenge, purpose: "register", since: Date.now() });
    res.setHeader("Set-Cookie", await services.sessions.commit(session));
    res.json(options);
  });

  router.post("/account/passkeys", async (req, res) => {
    const user = requireUser(res);
    requireConfirmedAddress(user);
    const input = parse(passkeyRegisterSchema, req.body);
    const session = sessionOf(res);
    const challenge = await takeChallenge(services, session, res, "register");
    const added = await passkeys.register(user.id, input.name, input.response as unknown as RegistrationResponseJSON, challenge, requestMeta(req), session.id);
    res.setHeader("Set-Cookie", await services.sessions.confirm(session, "second-factor"));
    res.status(201).json(added);
  });

  router.patch("/account/passkeys/:id", async (req, res) => {
    const user = requireUser(res);
    const { name } = parse(passkeyRenameSchema, req.body);
    res.json(await passkeys.rename(user.id, String(req.params.id), name));
  });

  router.delete("/account/passkeys/:id", async (req, res) => {
    const user = requireUser(res);
    await confirmedNowOrRecently(services, res, user, parse(passwordAgainSchema, req.body ?? {}));
    await passkeys.remove(user.id, String(req.params.id), requestMeta(req), sessionOf(res).id);
    res.status(204).end();
  });

  router.use(retryAfterHeader);
  return router;
}
