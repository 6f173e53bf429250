import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { localizePath } from "../../shared/i18n/locales";
import { hasRole, needsSecondFactor, SECOND_FACTOR_SETUP_PATH, type GuardedRole } from "../../shared/rules";

export type DeniedData = { denied: GuardedRole };

/**
 * Anonymous visitors go to the sign-in page in the language of the page they wanted ('/ar/auth' for '/ar/...'),
 * with that page as the redirect target.
 */
export function requirePageUser(context: AppLoadContext, request: Request) {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(localizePath(`/auth?redirect=${encodeURIComponent(url.pathname + url.search)}`, context.locale));
}

/**
 * A signed-in user with the wrong role gets the 'Access Denied' page with HTTP 403. Admins pass every role check in a
 * session proved with a second factor; an admin signed in with the password alone is sent to the account page to set
 * one up (or to sign in again with it).
 */
export function requirePageRole(context: AppLoadContext, request: Request, role: GuardedRole) {
  const user = requirePageUser(context, request);
  if (hasRole(user, role)) return user;
  if (needsSecondFactor(user)) throw redirect(localizePath(SECOND_FACTOR_SETUP_PATH, context.locale));
  throw data({ denied: role } satisfies DeniedData, { status: 403 });
}
