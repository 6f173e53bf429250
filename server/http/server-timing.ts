import type { Request, Response } from "express";
import { isAdmin } from "../../shared/rules";
import type { PublicUser } from "../features/accounts/users";

/**
 * Pages (in either language, and their `.data` requests) whose cost depends on whether an address has an account:
 * signing in and registering, asking for and using a reset link, confirming an address.
 */
const ACCOUNT_PAGES = new Set(["auth", "forgot-password", "reset-password", "verify-email", "confirm-email"]);

/** The same for the API: every path under these. A change of address answers alike for a taken and a free one. */
const ACCOUNT_API = ["login", "register", "password-reset", "verify-email", "account/email"];

/**
 * The path as the routers will match it: decoded, lower case, without repeated or trailing slashes, without the
 * `.data` of a React Router data request and without the Arabic `/ar` prefix.
 */
function routePath(originalUrl: string): string {
  let path = originalUrl.split(/[?#]/, 1)[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not decodable: the routers will not match it either, the raw path is compared.
  }
  path = path
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "");
  path = path.replace(/\.data$/, "");
  return path === "/ar" ? "/" : path.replace(/^\/ar(?=\/)/, "");
}

/**
 * True for the routes whose cost must never be shown: the number of statements they run (and their time) differs
 * between an address that has an account and one that has not, even where the status, the body and the time the
 * answer takes are made the same.
 */
export function isAccountProbeRoute(originalUrl: string): boolean {
  const path = routePath(originalUrl);
  if (path.startsWith("/api/")) {
    const rest = path.slice("/api/".length);
    return ACCOUNT_API.some((prefix) => rest === prefix || rest.startsWith(`${prefix}/`));
  }
  return ACCOUNT_PAGES.has(path.split("/")[1] ?? "");
}

/**
 * Who is sent `Server-Timing`: signed-in admins (a session that proved its second factor), or everyone when
 * `everyone` (SERVER_TIMING=1); never on the account routes, whoever asks.
 */
export function serverTimingAudience({ everyone }: { everyone: boolean }) {
  return (req: Request, res: Response): boolean => {
    if (isAccountProbeRoute(req.originalUrl)) return false;
    if (everyone) return true;
    const user = res.locals.user as PublicUser | undefined;
    return Boolean(user && isAdmin(user));
  };
}
