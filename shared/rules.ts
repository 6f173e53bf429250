/**
 * The business rules that the server enforces and the UI shows: limits, the texts both sides use for them,
 * and who may do what. Server services, HTTP and page guards and the UI import from here, so a rule has one home.
 */
import type { Role } from "./roles";

// ---- Limits ----------------------------------------------------------------------------------------------

/** At most 3 press releases are shown on the homepage; a fourth homepage flag is refused. */
export const HOMEPAGE_LIMIT = 3;

/** A press release page lists up to 3 related releases. */
export const RELATED_PRESS_LIMIT = 3;

// ---- Messages --------------------------------------------------------------------------------------------
// Message ids of the catalogs (shared/i18n/catalogs/<locale>/errors.json, common.json), not sentences: the server
// translates them into the request's language, the UI shows them with `t.maybe()`. A message id carries no
// arguments, so the catalogs write the limit out ('3', 'three'): change HOMEPAGE_LIMIT and those texts together.

/** What the API answers (409) when a fourth release would go on the homepage; the press form shows it as is. */
export const HOMEPAGE_LIMIT_MESSAGE = "errors.homepageLimit.message";

/** The toast of the homepage switch (dashboard and portal) when the limit refuses it. */
export const HOMEPAGE_LIMIT_TOAST = {
  title: "errors.homepageLimit.toastTitle",
  description: "errors.homepageLimit.toastText",
} as const;

/** The toast of the press form (create or edit) when the limit refuses the homepage switch. */
export const HOMEPAGE_LIMIT_FORM_TOAST = { title: "errors.homepageLimit.formToastTitle", description: HOMEPAGE_LIMIT_MESSAGE } as const;

/** The 'Access Denied' page (HTTP 403) of a signed-in user whose role may not open the page. */
export const ACCESS_DENIED_TITLE = "common.error.deniedTitle";
export const ACCESS_DENIED_TEXT = {
  admin: "common.error.deniedAdmin",
  investor: "common.error.deniedInvestor",
} as const;
export type GuardedRole = keyof typeof ACCESS_DENIED_TEXT;

// ---- Roles -----------------------------------------------------------------------------------------------

type WithRole = { role: Role };
/** A user as one session sees them: `secondFactorProved` when that session proved a second factor. */
type InSession = WithRole & { secondFactorProved: boolean };

/** The account's role is admin (whether or not this session may use it: see `isAdmin`). */
export const hasAdminRole = (user: WithRole) => user.role === "admin";

/**
 * Admin rights need the admin role and a session that proved a second factor (an authenticator app, a recovery code
 * or a passkey). An admin signed in with the password alone has no more than a member's rights.
 */
export const isAdmin = (user: InSession) => hasAdminRole(user) && user.secondFactorProved;

/** Investors and admins read every document, see the portfolio and press tabs of the portal. */
export const hasInvestorAccess = (user: InSession) => user.role === "investor" || isAdmin(user);

/** Documents that are not public are for investors and admins. */
export const canSeeInvestorDocuments = hasInvestorAccess;

/** Admins (in a session proved with a second factor) pass every role check; anyone else needs one of `roles`. */
export const hasRole = (user: InSession, ...roles: Role[]) => isAdmin(user) || (!hasAdminRole(user) && roles.includes(user.role));

/**
 * An admin whose session has not proved a second factor: the dashboard, its API and investor rights stay closed
 * until they set one up (or sign in again with the one they have).
 */
export const needsSecondFactor = (user: InSession) => hasAdminRole(user) && !user.secondFactorProved;

/** Where an admin without a second factor is sent instead of the dashboard. */
export const SECOND_FACTOR_SETUP_PATH = "/account?setup=two-factor";

/**
 * Pages that finish something the user started about their own account (an e-mailed link to confirm a new address,
 * the account page): whoever signs in on the way there goes on to them, whatever their role.
 */
const ACCOUNT_TARGET = /^\/(?:ar\/)?(?:account|confirm-email)(?:[/?#]|$)/;

/**
 * Where a user lands after signing in: an account page they were on their way to; otherwise admins on /admin,
 * investors on /investor-portal, anyone else on `target`.
 */
export function afterSignInPath(user: WithRole, target: string) {
  if (ACCOUNT_TARGET.test(target)) return target;
  if (hasAdminRole(user)) return "/admin";
  if (user.role === "investor") return "/investor-portal";
  return target;
}
