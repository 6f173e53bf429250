import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { createCookie, createSession, createSessionStorage, type Cookie, type Session } from "react-router";
import type { Db } from "../db/client";
import { passkeys, sessions, users } from "../db/schema";
import { toPublicUser, type PublicUser } from "../features/accounts/users";

export const SESSION_COOKIE = "mc_session";
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;

/** How a sign-in was proved. */
export type SignInMethod = "password" | "authenticator-app" | "recovery-code" | "passkey";

/**
 * `userId` once signed in. Between the password and the second factor the session holds `pending` instead (who, since
 * when, wrong codes so far), and a WebAuthn ceremony keeps its `challenge` there until it is answered.
 *
 * A signed-in session also remembers how it was proved: `proof` (the sign-in's method and time), `secondFactorAt`
 * (when this session last proved a second factor: at sign-in, or by enrolling one here) and `confirmedAt` (when
 * the password or a second factor was last proved in it, for changes that need a recent proof). Sessions from before
 * these were recorded count as signed in with the password alone, long ago.
 */
export type SessionData = {
  userId?: number;
  proof?: { method: SignInMethod; at: number };
  secondFactorAt?: number;
  confirmedAt?: number;
  pending?: { userId: number; since: number; failures: number };
  challenge?: { value: string; purpose: "register" | "sign-in"; since: number };
};

/** A session proved a second factor (at sign-in, or by enrolling one in it). */
export const provedSecondFactor = (data: SessionData) => typeof data.secondFactorAt === "number";

/** The password or a second factor was proved in the session within the last `windowMs` (CONFIRM_IDENTITY_SECONDS). */
export function recentlyConfirmed(data: SessionData, windowMs: number, now = Date.now()) {
  return typeof data.confirmedAt === "number" && data.confirmedAt <= now && now - data.confirmedAt <= windowMs;
}

/** Where a session was started from, for the owner's list of sessions. */
export type SessionOrigin = { ip?: string; userAgent?: string };

/** A session as its owner sees it; `handle` names it without revealing the cookie's secret id. */
export type SessionSummary = {
  handle: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
};

/** Between the password and the second factor, at most this long. */
export const PENDING_SIGN_IN_MS = 10 * 60_000;

/** How often a session's last-active time is written (at most once per this many ms per session). */
const TOUCH_EVERY_MS = 5 * 60_000;

/**
 * The account a session row belongs to: the signed-in user, or the one between password and second factor (so that
 * ending all of an account's sessions ends a half-finished sign-in too).
 */
const ownerOf = (data: SessionData) => (typeof data.userId === "number" ? data.userId : (data.pending?.userId ?? null));

const handleOf = (id: string) => createHash("sha256").update(id).digest("base64url").slice(0, 22);
export type AppSession = Session<SessionData>;

/** Session rows in the database: the cookie names a row by its random id; an expired row reads as no session. */
function databaseSessionStorage(db: Db, cookie: Cookie) {
  return createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const id = randomBytes(32).toString("base64url");
      await db.insert(sessions).values({
        id,
        userId: ownerOf(data),
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
          userId: ownerOf(data),
          expiresAt: expires ?? new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
        })
        .where(eq(sessions.id, id));
    },
    async deleteData(id) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
  });
}

/** A live session row with its user (if any) and whether that user has a passkey, in one statement. */
async function sessionWithUserRow(db: Db, id: string) {
  const [row] = await db
    .select({
      data: sessions.data,
      lastActiveAt: sessions.lastActiveAt,
      user: users,
      hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())));
  return row;
}

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

  const storage = databaseSessionStorage(db, cookie);

  return {
    getSession: (cookieHeader: string | null | undefined) => storage.getSession(cookieHeader),

    /**
     * The request's session and its signed-in user (role read fresh), in one statement. A cookie with a bad
     * signature, an unknown or expired id gives an empty session, as `getSession` does.
     */
    async getSessionWithUser(cookieHeader: string | null | undefined): Promise<{ session: AppSession; user: PublicUser | undefined }> {
      const id: unknown = cookieHeader ? await cookie.parse(cookieHeader) : null;
      if (typeof id !== "string" || !id) return { session: createSession<SessionData>({}, ""), user: undefined };
      const row = await sessionWithUserRow(db, id);
      if (!row) return { session: createSession<SessionData>({}, id), user: undefined };
      const session = createSession<SessionData>(row.data as SessionData, id);
      const userId = session.get("userId");
      const signedIn = typeof userId === "number" && row.user?.id === userId && !row.user.disabledAt;
      if (signedIn && Date.now() - row.lastActiveAt.getTime() > TOUCH_EVERY_MS) {
        await db
          .update(sessions)
          .set({ lastActiveAt: sql`now()` })
          .where(eq(sessions.id, id));
      }
      return {
        session,
        user: signedIn && row.user ? toPublicUser(row.user, Boolean(row.hasPasskey), provedSecondFactor(session.data)) : undefined,
      };
    },

    /**
     * Signs a user in: the old session row is deleted and a new id issued (no fixation), remembering the browser and
     * address it was started from and how the sign-in was proved. Returns Set-Cookie.
     */
    async startSession(previous: AppSession, userId: number, method: SignInMethod, origin: SessionOrigin = {}): Promise<string> {
      if (previous.id) await storage.destroySession(previous);
      const id = randomBytes(32).toString("base64url");
      const now = Date.now();
      const data: SessionData = { userId, proof: { method, at: now }, confirmedAt: now };
      if (method !== "password") data.secondFactorAt = now;
      await db.insert(sessions).values({
        id,
        userId,
        data,
        expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
        userAgent: origin.userAgent ?? null,
        ipAddress: origin.ip ?? null,
      });
      // Housekeeping: expired rows go whenever someone signs in.
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
      return cookie.serialize(id);
    },

    /**
     * The password was right and a second factor is due: a new session (no fixation) that holds who is signing in,
     * not a signed-in user. It lasts PENDING_SIGN_IN_MS. Returns Set-Cookie.
     */
    async startPending(previous: AppSession, userId: number): Promise<string> {
      if (previous.id) await storage.destroySession(previous);
      const id = randomBytes(32).toString("base64url");
      const data: SessionData = { pending: { userId, since: Date.now(), failures: 0 } };
      await db.insert(sessions).values({ id, userId, data, expiresAt: new Date(Date.now() + PENDING_SIGN_IN_MS) });
      return cookie.serialize(id);
    },

    /**
     * Records in the session that its user just proved the password (`"password"`) or a second factor: changes to
     * how the account signs in are allowed for CONFIRM_IDENTITY_SECONDS, and a second factor also counts for admin
     * rights. Returns Set-Cookie.
     */
    confirm(session: AppSession, proved: "password" | "second-factor"): Promise<string> {
      const now = Date.now();
      session.set("confirmedAt", now);
      if (proved === "second-factor") session.set("secondFactorAt", now);
      return storage.commitSession(session);
    },

    /** Saves a session's data (creating its row for a visitor who had none) and returns Set-Cookie. */
    commit: (session: AppSession) => storage.commitSession(session),

    /**
     * Saves the data of a session that is neither signed in nor waiting for a second step (a visitor's passkey
     * ceremony): its row lasts only `ms`, so visitors leave no week-long rows behind.
     */
    commitBriefly: (session: AppSession, ms: number) => storage.commitSession(session, { maxAge: Math.ceil(ms / 1000) }),

    /** The user's sessions, most recently used first; the one whose id is `currentId` is marked. */
    async listForUser(userId: number, currentId: string): Promise<SessionSummary[]> {
      const rows = await db
        .select()
        .from(sessions)
        // Signed-in sessions only, not sign-ins waiting for their second step.
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()), sql`${sessions.data} ->> 'userId' is not null`))
        .orderBy(desc(sessions.lastActiveAt));
      return rows.map((r) => ({
        handle: handleOf(r.id),
        userAgent: r.userAgent,
        ipAddress: r.ipAddress,
        createdAt: r.createdAt.toISOString(),
        lastActiveAt: r.lastActiveAt.toISOString(),
        current: r.id === currentId,
      }));
    },

    /** Ends one of the user's sessions by its handle; false when the user has no such session. */
    async revoke(userId: number, handle: string): Promise<boolean> {
      const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
      const match = rows.find((r) => handleOf(r.id) === handle);
      if (!match) return false;
      await db.delete(sessions).where(and(eq(sessions.id, match.id), eq(sessions.userId, userId)));
      return true;
    },

    /** Ends every session of the user except `keepId` (this browser's); answers how many ended. */
    async endOthers(userId: number, keepId: string): Promise<number> {
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
        .returning({ id: sessions.id });
      return gone.length;
    },

    /** Deletes the session row and returns a Set-Cookie that clears the cookie. */
    endSession: (session: AppSession) => storage.destroySession(session),

    async endAllForUser(userId: number) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
