// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { accountEndpoints } from "../../../../shared/api/account";
import { route } from "../route";

export const accountRoutes = {
  updateProfile: route<(typeof accountEndpoints)["updateProfile"]>("PATCH", "/api/account/profile"),
  setAvatar: route<(typeof accountEndpoints)["setAvatar"]>("POST", "/api/account/avatar"),
  removeAvatar: route<(typeof accountEndpoints)["removeAvatar"]>("DELETE", "/api/account/avatar"),
  changePassword: route<(typeof accountEndpoints)["changePassword"]>("POST", "/api/account/password"),
  requestEmailChange: route<(typeof accountEndpoints)["requestEmailChange"]>("POST", "/api/account/email"),
  cancelEmailChange: route<(typeof accountEndpoints)["cancelEmailChange"]>("DELETE", "/api/account/email"),
  confirmEmailChange: route<(typeof accountEndpoints)["confirmEmailChange"]>("POST", "/api/account/email/confirm"),
  sessions: route<(typeof accountEndpoints)["sessions"]>("GET", "/api/account/sessions"),
  revokeSession: route<(typeof accountEndpoints)["revokeSession"]>("DELETE", "/api/account/sessions/:handle"),
  signOutOthers: route<(typeof accountEndpoints)["signOutOthers"]>("POST", "/api/account/sessions/sign-out-others"),
  twoFactorStatus: route<(typeof accountEndpoints)["twoFactorStatus"]>("GET", "/api/account/two-factor"),
  confirmIdentity: route<(typeof accountEndpoints)["confirmIdentity"]>("POST", "/api/account/confirm-identity"),
  startApp: route<(typeof accountEndpoints)["startApp"]>("POST", "/api/account/two-factor/app"),
  confirmApp: route<(typeof accountEndpoints)["confirmApp"]>("POST", "/api/account/two-factor/app/confirm"),
  disableApp: route<(typeof accountEndpoints)["disableApp"]>("POST", "/api/account/two-factor/app/disable"),
  regenerateRecoveryCodes: route<(typeof accountEndpoints)["regenerateRecoveryCodes"]>("POST", "/api/account/two-factor/recovery-codes"),
  passkeyOptions: route<(typeof accountEndpoints)["passkeyOptions"]>("POST", "/api/account/passkeys/options"),
  addPasskey: route<(typeof accountEndpoints)["addPasskey"]>("POST", "/api/account/passkeys"),
  renamePasskey: route<(typeof accountEndpoints)["renamePasskey"]>("PATCH", "/api/account/passkeys/:id"),
  removePasskey: route<(typeof accountEndpoints)["removePasskey"]>("DELETE", "/api/account/passkeys/:id"),
} as const;
