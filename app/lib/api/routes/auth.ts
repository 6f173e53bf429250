// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each
// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and
// only the routes of the resources it calls. A test fails when these files are out of date.
import type { authEndpoints } from "../../../../shared/api/auth";
import { route } from "../route";

export const authRoutes = {
  user: route<(typeof authEndpoints)["user"]>("GET", "/api/user"),
  signIns: route<(typeof authEndpoints)["signIns"]>("GET", "/api/user/sign-ins"),
  login: route<(typeof authEndpoints)["login"]>("POST", "/api/login"),
  loginTwoFactor: route<(typeof authEndpoints)["loginTwoFactor"]>("POST", "/api/login/two-factor"),
  passkeyOptions: route<(typeof authEndpoints)["passkeyOptions"]>("POST", "/api/login/passkey/options"),
  passkeySignIn: route<(typeof authEndpoints)["passkeySignIn"]>("POST", "/api/login/passkey"),
  register: route<(typeof authEndpoints)["register"]>("POST", "/api/register"),
  requestPasswordReset: route<(typeof authEndpoints)["requestPasswordReset"]>("POST", "/api/password-reset"),
  resetPassword: route<(typeof authEndpoints)["resetPassword"]>("POST", "/api/password-reset/confirm"),
  verifyEmail: route<(typeof authEndpoints)["verifyEmail"]>("POST", "/api/verify-email"),
  resendVerification: route<(typeof authEndpoints)["resendVerification"]>("POST", "/api/verify-email/resend"),
  logout: route<(typeof authEndpoints)["logout"]>("POST", "/api/logout"),
} as const;
