import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";

export const DENIED_TEXT = {
  admin: "This page is only accessible to administrators.",
  investor: "This page is only accessible to investors.",
} as const;

export type DeniedData = { denied: keyof typeof DENIED_TEXT };

/** Anonymous visitors go to /auth with the page they wanted as the redirect target. */
export function requirePageUser(context: AppLoadContext, request: Request) {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(`/auth?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** A signed-in user with the wrong role gets the 'Access Denied' page with HTTP 403. */
export function requirePageRole(context: AppLoadContext, request: Request, role: "admin" | "investor") {
  const user = requirePageUser(context, request);
  const ok = role === "admin" ? user.role === "admin" : user.role === "admin" || user.role === "investor";
  if (!ok) throw data({ denied: role } satisfies DeniedData, { status: 403 });
  return user;
}
