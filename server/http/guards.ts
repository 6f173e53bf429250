import type { NextFunction, Request, Response } from "express";
import { hasRole, needsSecondFactor } from "../../shared/rules";
import type { Role } from "../db/schema";
import { AppError } from "../lib/errors";
import type { PublicUser } from "../features/accounts/users";

export function currentUser(res: Response): PublicUser | undefined {
  return res.locals.user as PublicUser | undefined;
}

/** 401 for anonymous requests. */
export function requireUser(res: Response): PublicUser {
  const user = currentUser(res);
  if (!user) throw new AppError("UNAUTHORIZED", "errors.notSignedIn");
  return user;
}

/**
 * 401 anonymous, 403 signed in with another role. Admins pass every role check, but only in a session that proved a
 * second factor: an admin signed in with the password alone is refused with 403 TWO_FACTOR_REQUIRED.
 */
export function requireRole(res: Response, ...roles: Role[]): PublicUser {
  const user = requireUser(res);
  if (hasRole(user, ...roles)) return user;
  if (needsSecondFactor(user)) throw new AppError("TWO_FACTOR_REQUIRED", "errors.code.TWO_FACTOR_REQUIRED");
  throw new AppError("FORBIDDEN", "errors.notAllowed");
}

export const adminOnly = (_req: Request, res: Response, next: NextFunction) => {
  requireRole(res, "admin");
  next();
};

export const signedIn = (_req: Request, res: Response, next: NextFunction) => {
  requireUser(res);
  next();
};
