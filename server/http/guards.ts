import type { NextFunction, Request, Response } from "express";
import { hasRole } from "../../shared/rules";
import type { Role } from "../db/schema";
import { AppError } from "../lib/errors";
import type { PublicUser } from "../services/users";

export const NOT_SIGNED_IN = "You need to sign in to do that.";
export const NOT_ALLOWED = "You do not have permission to do that.";

export function currentUser(res: Response): PublicUser | undefined {
  return res.locals.user as PublicUser | undefined;
}

/** 401 for anonymous requests. */
export function requireUser(res: Response): PublicUser {
  const user = currentUser(res);
  if (!user) throw new AppError("UNAUTHORIZED", NOT_SIGNED_IN);
  return user;
}

/** 401 anonymous, 403 signed in with another role. Admins pass every role check. */
export function requireRole(res: Response, ...roles: Role[]): PublicUser {
  const user = requireUser(res);
  if (!hasRole(user, ...roles)) throw new AppError("FORBIDDEN", NOT_ALLOWED);
  return user;
}

export const adminOnly = (_req: Request, res: Response, next: NextFunction) => {
  requireRole(res, "admin");
  next();
};

export const signedIn = (_req: Request, res: Response, next: NextFunction) => {
  requireUser(res);
  next();
};
