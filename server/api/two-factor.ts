import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { Router, type Response } from "express";
import { accountEndpoints as endpoints } from "../../shared/api/account";
import type { SameFields } from "../../shared/api/contract";
import type { AppSession } from "../auth/sessions";
import type { Answer } from "../http/answer";
import { keepChallenge, takeChallenge } from "../http/challenge";
import { confirmIdentity, confirmedNowOrRecently, requireConfirmedAddress } from "../http/confirmation";
import { requireUser } from "../http/guards";
import { retryAfterHeader } from "../http/limits";
import { requestLocale } from "../http/locale";
import { parse } from "../http/validate";
import { message } from "../lib/messages";
import type { Services } from "../services";
import { requestMeta } from "../services/security-events";
import type { PasskeySummary } from "../services/passkeys";

/**
 * The signed-in user's second factors: the authenticator app (set up, confirm, turn off), recovery codes, and
 * passkeys (add, rename, remove).
 *
 * Adding or removing a factor, replacing recovery codes and turning the app off need the password (or an app code)
 * proved in this session within CONFIRM_IDENTITY_SECONDS (POST /api/account/confirm-identity, or the `password` the
 * request itself carries): 403 REAUTH_REQUIRED otherwise. A passkey's registration needs no proof of its own: its
 * challenge (single-use, 5 minutes) is issued only to a session that had it. An address never confirmed cannot add factors (403
 * EMAIL_NOT_VERIFIED). Each such change ends the account's other sessions; proving a factor here (confirming the app,
 * adding a passkey) makes this session one that proved a second factor.
 *   /api/account/confirm-identity   'confirm it's you'
 *   /api/account/two-factor         the authenticator app and recovery codes
 *   /api/account/passkeys           passkeys
 */

/** A passkey in an answer is the contract's: a field added to one side only fails the type check. */
const passkeyFitsContract: SameFields<PasskeySummary, Answer<typeof endpoints.renamePasskey>> = true;
void passkeyFitsContract;

const sessionOf = (res: Response) => res.locals.session as AppSession;

/** 'Confirm it's you': the password or an app code; changes to how the account signs in are open for 10 minutes. */
export function confirmIdentityRoutes(services: Services) {
  const router = Router();
  router.post("/", async (req, res) => {
    const user = requireUser(res);
    await confirmIdentity(services, res, user, parse(endpoints.confirmIdentity.body, req.body));
    res.json({ message: message(requestLocale(req), "errors.ok.identityConfirmed") });
  });
  router.use(retryAfterHeader);
  return router;
}

export function twoFactorRoutes(services: Services) {
  const router = Router();
  const { twoFactor, passkeys } = services;

  router.get("/", async (_req, res) => {
    const user = requireUser(res);
    res.json({ ...(await twoFactor.status(user.id)), passkeys: await passkeys.list(user.id) } satisfies Answer<typeof endpoints.twoFactorStatus>);
  });

  /** A new secret and its QR code; two-factor sign-in is on only once a code from the app confirms it. */
  router.post("/app", async (req, res) => {
    const user = requireUser(res);
    requireConfirmedAddress(user);
    await confirmedNowOrRecently(services, res, user, parse(endpoints.startApp.body, req.body ?? {}));
    res.json((await twoFactor.startTotp(user.id)) satisfies Answer<typeof endpoints.startApp>);
  });

  router.post("/app/confirm", async (req, res) => {
    const user = requireUser(res);
    requireConfirmedAddress(user);
    const { code, password } = parse(endpoints.confirmApp.body, req.body);
    await confirmedNowOrRecently(services, res, user, { password });
    const session = sessionOf(res);
    const recoveryCodes = await twoFactor.confirmTotp(user.id, code, requestMeta(req), session.id);
    res.setHeader("Set-Cookie", await services.sessions.confirm(session, "second-factor"));
    res.json({ recoveryCodes });
  });

  router.post("/app/disable", async (req, res) => {
    const user = requireUser(res);
    await confirmedNowOrRecently(services, res, user, parse(endpoints.disableApp.body, req.body ?? {}));
    await twoFactor.disableTotp(user.id, requestMeta(req), sessionOf(res).id);
    res.status(204).end();
  });

  router.post("/recovery-codes", async (req, res) => {
    const user = requireUser(res);
    await confirmedNowOrRecently(services, res, user, parse(endpoints.regenerateRecoveryCodes.body, req.body ?? {}));
    res.json({ recoveryCodes: await twoFactor.regenerateRecoveryCodes(user.id, requestMeta(req), sessionOf(res).id) });
  });

  router.use(retryAfterHeader);
  return router;
}

export function passkeyRoutes(services: Services) {
  const router = Router();
  const { passkeys } = services;

  /** Options for the browser to create a passkey; the challenge waits in the session. */
  router.post("/options", async (req, res) => {
    const user = requireUser(res);
    requireConfirmedAddress(user);
    await confirmedNowOrRecently(services, res, user, parse(endpoints.passkeyOptions.body, req.body ?? {}));
    const session = sessionOf(res);
    const options = await passkeys.registrationOptions(user);
    keepChallenge(session, options.challenge, "register");
    res.setHeader("Set-Cookie", await services.sessions.commit(session));
    res.json(options satisfies Answer<typeof endpoints.passkeyOptions>);
  });

  router.post("/", async (req, res) => {
    const user = requireUser(res);
    requireConfirmedAddress(user);
    const input = parse(endpoints.addPasskey.body, req.body);
    const session = sessionOf(res);
    const challenge = await takeChallenge(services, session, res, "register");
    const added = await passkeys.register(user.id, input.name, input.response as unknown as RegistrationResponseJSON, challenge, requestMeta(req), session.id);
    res.setHeader("Set-Cookie", await services.sessions.confirm(session, "second-factor"));
    res.status(201).json(added satisfies Answer<typeof endpoints.addPasskey>);
  });

  router.patch("/:id", async (req, res) => {
    const user = requireUser(res);
    const { name } = parse(endpoints.renamePasskey.body, req.body);
    res.json(await passkeys.rename(user.id, String(req.params.id), name));
  });

  router.delete("/:id", async (req, res) => {
    const user = requireUser(res);
    await confirmedNowOrRecently(services, res, user, parse(endpoints.removePasskey.body, req.body ?? {}));
    await passkeys.remove(user.id, String(req.params.id), requestMeta(req), sessionOf(res).id);
    res.status(204).end();
  });

  router.use(retryAfterHeader);
  return router;
}
