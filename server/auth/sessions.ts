import { randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { createCookie, createSession, createSessionStorage, type Session } from "react-router";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { toPublicUser, type PublicUser } from "../services/users";

export const SESSION_COOKIE = "mc_session";
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;

export type SessionData = { userId?: number };
export type AppSession = Session<SessionData>;

/**
 * Sessions live in the database (revocable, shared by every app instance). The cookie holds only
 * a signed random id: httpOnly, SameSite=Lax, Secure when served over https.
 */
export function createSessionStore({ db, secret, secure }: { db: Db; secret: string; secure: boolean }) {
  const cookie = createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [secret],
    maxAge: SESSION_TTL_SECONDS,
  });

  const storage = createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const id = randomBytes(32).toString("base64url");
      await db.insert(sessions).values({
        id,
        userId: typeof data.userId === "number" ? data.userId : null,
        data: data as Record<string, unknown>,
        expiresAt: expires ?? new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
      });
      return id;
    },
    async readData(id) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())));
      return row ? (row.data as SessionData) : null;
    },
    async updateData(id, data, expires) {
      await db
        .update(sessions)
        .set({
          data: data as Record<string, unknown>,
          userId: typeof data.userId === "number" ? data.userId : null,
          expiresAt: expires ?? new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
        })
        .where(eq(sessions.id, id));
    },
    async deleteData(id) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
  });

  return {
    getSession: (cookieHeader: string | null | undefined) => storage.getSession(cookieHeader),

    /**
     * The request's session and its signed-in user (role read fresh), in one statement. A cookie with a bad
     * signature, an unknown or expired id gives an empty session, as `getSession` does.
     */
    async getSessionWithUser(cookieHeader: string | null | undefined): Promise<{ session: AppSession; user: PublicUser | undefined }> {
      const id: unknown = cookieHeader ? await cookie.parse(cookieHeader) : null;
      if (typeof id !== "string" || !id) return { session: createSession<SessionData>({}, ""), user: undefined };
      const [row] = await db
        .select({ data: sessions.data, user: users })
        .from(sessions)
        .leftJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())));
      if (!row) return { session: createSession<SessionData>({}, id), user: undefined };
      const session = createSession<SessionData>(row.data as SessionData, id);
      const userId = session.get("userId");
      return { session, user: typeof userId === "number" && row.user?.id === userId ? toPublicUser(row.user) : undefined };
    },

    /** Signs a user in: the old session row is deleted and a new id issued (no fixation). Returns Set-Cookie. */
    async startSession(previous: AppSession, userId: number): Promise<string> {
      if (previous.id) await storage.destroySession(previous);
      const fresh = await storage.getSession();
      fresh.set("userId", userId);
      // Housekeeping: expired rows go whenever someone signs in.
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
      return storage.commitSession(fresh);
    },

    /** Deletes the session row and returns a Set-Cookie that clears the cookie. */
    endSession: (session: AppSession) => storage.destroySession(session),

    async endAllForUser(userId: number) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
