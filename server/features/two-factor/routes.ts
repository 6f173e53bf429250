import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Response } from "express";
import { accountEndpoints as endpoints } from "../../../shared/api/account";
import type { SameFields } from "../../../shared/api/contract";
import type { AppSession } from "../../auth/sessions";
import type { Answer } from "../../http/answer";
import { keepChallenge, takeChallenge } from "../../http/challenge";
import { confirmIdentity, confirmedNowOrRecently, requireConfirmedAddress } from "../../http/confirmation";
import { endpoint, endpointRouter } from "../../http/endpoint";
import { retryAfterHeader } from "../../http/limits";
import { requestLocale } from "../../http/locale";
import { message } from "../../lib/messages";
import type { Services } from "../index";
import type { PublicUser } from "../accounts/users";
import { requestMeta } from "../security-events/security-events";
import type { PasskeySummary } from "./passkeys";

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

/** An endpoint that adds a factor refuses an address never confirmed (403) whatever its body says. */
const addressConfirmed = { beforeBody: ({ user }: { user: PublicUser }) => requireConfirmedAddress(user) };

/** 'Confirm it's you': the password or an app code; changes to how the account signs in are open for 10 minutes. */
export function confirmIdentityRoutes(services: Services) {
  const router = endpointRouter("/api/account/confirm-identity", [
    endpoint(endpoints.confirmIdentity, async ({ user, body, req, res }) => {
      await confirmIdentity(services, res, user, body);
      return { message: message(requestLocale(req), "errors.ok.identityConfirmed") };
    }),
  ]);
  router.use(retryAfterHeader);
  return router;
}

export function twoFactorRoutes(services: Services) {
  const { twoFactor, passkeys } = services;
  const router = endpointRouter("/api/account/two-factor", [
    endpoint(endpoints.twoFactorStatus, async ({ user }) => ({ ...(await twoFactor.status(user.id)), passkeys: await passkeys.list(user.id) })),

    /** A new secret and its QR code; two-factor sign-in is on only once a code from the app confirms it. */
    endpoint(
      endpoints.startApp,
      async ({ user, body, res }) => {
        await confirmedNowOrRecently(services, res, user, body);
        return twoFactor.startTotp(user.id);
      },
      addressConfirmed,
    ),

    endpoint(
      endpoints.confirmApp,
      async ({ user, body: { code, password }, req, res }) => {
        await confirmedNowOrRecently(services, res, user, { password });
        const session = sessionOf(res);
        const recoveryCodes = await twoFactor.confirmTotp(user.id, code, requestMeta(req), session.id);
        res.setHeader("Set-Cookie", await services.sessions.confirm(session, "second-factor"));
        return { recoveryCodes };
      },
      addressConfirmed,
    ),

    endpoint(endpoints.disableApp, async ({ user, body, req, res }) => {
      await confirmedNowOrRecently(services, res, user, body);
      await twoFactor.disableTotp(user.id, requestMeta(req), sessionOf(res).id);
    }),

    endpoint(endpoints.regenerateRecoveryCodes, async ({ user, body, req, res }) => {
      await confirmedNowOrRecently(services, res, user, body);
      return { recoveryCodes: await twoFactor.regenerateRecoveryCodes(user.id, requestMeta(req), sessionOf(res).id) };
    }),
  ]);
  router.use(retryAfterHeader);
  return router;
}

export function passkeyRoutes(services: Services) {
  const { passkeys } = services;
  const router = endpointRouter("/api/account/passkeys", [
    /** Options for the browser to create a passkey; the challenge waits in the session. */
    endpoint(
      endpoints.passkeyOptions,
      async ({ user, body, res }) => {
        await confirmedNowOrRecently(services, res, user, body);
        const session = sessionOf(res);
        const options = await passkeys.registrationOptions(user);
        keepChallenge(session, options.challenge, "register");
        res.setHeader("Set-Cookie", await services.sessions.commit(session));
        return options;
      },
      addressConfirmed,
    ),

    endpoint(
      endpoints.addPasskey,
      async ({ user, body: input, req, res }) => {
        const session = sessionOf(res);
        const challenge = await takeChallenge(services, session, res, "register");
        const added = await passkeys.register(
          user.id,
          input.name,
          input.response as unknown as RegistrationResponseJSON,
          challenge,
          requestMeta(req),
          session.id,
        );
        res.setHeader("Set-Cookie", await services.sessions.confirm(session, "second-factor"));
        return added;
      },
      addressConfirmed,
    ),

    endpoint(endpoints.renamePasskey, ({ user, params, body }) => passkeys.rename(user.id, params.id, body.name)),

    endpoint(endpoints.removePasskey, async ({ user, params, body, req, res }) => {
      await confirmedNowOrRecently(services, res, user, body);
      await passkeys.remove(user.id, params.id, requestMeta(req), sessionOf(res).id);
    }),
  ]);
  router.use(retryAfterHeader);
  return router;
}
