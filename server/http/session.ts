import type { NextFunction, Request, Response } from "express";
import type { Services } from "../features";

/** Reads the session cookie once per request and exposes the user (role read fresh from the database, in the same statement). */
export function loadSession(services: Services) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const { session, user } = await services.sessions.getSessionWithUser(req.headers.cookie);
    res.locals.session = session;
    res.locals.user = user;
    next();
  };
}
