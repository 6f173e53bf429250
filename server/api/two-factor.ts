import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { Router } from "express";
import { passkeyRegisterSchema, passkeyRenameSchema, passwordAgainSchema, twoFactorCodeSchema } from "../../shared/schemas";
import type { AppSession } from "../auth/sessions";
import { requireUser } from "../http/guards";
import { parse } from "../http/validate";
import type { Services } from "../services";
import { requestMeta } from "../services/security-events";
import { takeChallenge } from "./challenge";

/**
 * The signed-in user's second factors: the authenticator app (set up, confirm, turn off), recovery codes, and
 * passkeys (add, rename, remove). Turning a factor off or replacing recovery codes asks for the password again.
 */
export function twoFactorRoutes(services: Services) {
  const router = Router();
  const { twoFactor, passkeys } = services;

  router.get("/account/two-factor", async (_req, res) => {
    const user = requireUser(res);
    res.json({ ...(await twoFactor.status(user.id)), passkeys: await passkeys.list(user.id) });
  });

  /** A new secret and its QR code; two-factor sign-in is on only once a code from the app confirms it. */
  router.post("/account/two-factor/app", async (_req, res) => {
    res.json(await twoFactor.startTotp(requireUser(res).id));
  });

  router.post("/account/two-factor/app/confirm", async (req, res) => {
    const user = requireUser(res);
    const { code } = parse(twoFactorCodeSchema, req.body);
    const recoveryCodes = await twoFactor.confirmTotp(user.id, code, requestMeta(req));
    res.json({ recoveryCodes });
  });

  router.post("/account/two-factor/app/disable", async (req, res) => {
    const user = requireUser(res);
    const { password } = parse(passwordAgainSchema, req.body);
    await twoFactor.disableTotp(user.id, password, user.role, requestMeta(req));
    res.status(204).end();
  });

  router.post("/account/two-factor/recovery-codes", async (req, res) => {
    const user = requireUser(res);
    const { password } = parse(passwordAgainSchema, req.body);
    res.json({ recoveryCodes: await twoFactor.regenerateRecoveryCodes(user.id, password, requestMeta(req)) });
  });

  /** Options for the browser to create a passkey; the challenge waits in the session. */
  router.post("/account/passkeys/options", async (_req, res) => {
    const user = requireUser(res);
    const session = res.locals.session as AppSession;
    const options = await passkeys.registrationOptions(user);
    session.set("challenge", { value: options.challenge, purpose: "register", since: Date.now() });
    res.setHeader("Set-Cookie", await services.sessions.commit(session));
    res.json(options);
  });

  router.post("/account/passkeys", async (req, res) => {
    const user = requireUser(res);
    const input = parse(passkeyRegisterSchema, req.body);
    const challenge = await takeChallenge(services, res.locals.session as AppSession, res, "register");
    const added = await passkeys.register(user.id, input.name, input.response as unknown as RegistrationResponseJSON, challenge, requestMeta(req));
    res.status(201).json(added);
  });

  router.patch("/account/passkeys/:id", async (req, res) => {
    const user = requireUser(res);
    const { name } = parse(passkeyRenameSchema, req.body);
    res.json(await passkeys.rename(user.id, String(req.params.id), name));
  });

  router.delete("/account/passkeys/:id", async (req, res) => {
    const user = requireUser(res);
    await passkeys.remove(user.id, String(req.params.id), user.role, requestMeta(req));
    res.status(204).end();
  });

  return router;
}
