import type { NextFunction, Request, Response } from "express";
import type { Services } from "../services";

/** Reads the session cookie once per request and exposes the user (role read fresh from the database). */
export function loadSession(services: Services) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const session = await services.sessions.getSession(req.headers.cookie);
    res.locals.session = session;
    const userId = session.get("userId");
    res.locals.user = typeof userId === "number" ? await services.users.getById(userId) : undefined;
    next();
  };
}
