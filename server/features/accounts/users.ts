import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { RegisterInput } from "../../../shared/schemas";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../../auth/password";
import type { Locale } from "../../../shared/i18n/locales";
import type { Db, DbOrTx } from "../../db/client";
import { users, type Role, type User } from "../../db/schema";
import { AppError, isUniqueViolation } from "../../lib/errors";
import { hasSecondFactor } from "../two-factor/second-factors";

/**
 * The user as the API and pages see it: never the password hash or the authenticator secret. `secondFactor`: the
 * account signs in with an authenticator app or a passkey. `secondFactorProved`: the session this user was read for
 * proved a second factor (false outside a session); admin rights need it.
 */
export type PublicUser = Omit<User, "password" | "totpSecret" | "totpLastStep"> & { secondFactor: boolean; secondFactorProved: boolean };

export function toPublicUser(user: User, hasPasskey = false, secondFactorProved = false): PublicUser {
  const { password: _password, totpSecret: _secret, totpLastStep: _step, ...rest } = user;
  return { ...rest, secondFactor: hasSecondFactor({ totp: Boolean(user.totpEnabledAt), passkeys: hasPasskey ? 1 : 0 }), secondFactorProved };
}

export function createUserService({ db }: { db: Db }) {
  async function byEmail(email: string) {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row;
  }

  /** A username derived from the e-mail's local part, made unique with a short suffix when taken. */
  async function freeUsername(email: string, tx: DbOrTx = db) {
    const base =
      email
        .split("@")[0]
        .replace(/[^a-z0-9._-]/gi, "")
        .slice(0, 30) || "user";
    for (let i = 0; i < 5; i++) {
      const candidate = i === 0 ? base : `${base}-${randomBytes(2).toString("hex")}`;
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${candidate.toLowerCase()}`);
      if (!taken) return candidate;
    }
    return `${base}-${randomBytes(6).toString("hex")}`;
  }

  /** Inserts a user whose password is already hashed; a taken address fails with the unique violation. */
  async function insert(tx: DbOrTx, input: Omit<RegisterInput, "password"> & { passwordHash: string; role?: Role; isVerified?: boolean; locale?: Locale }) {
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        username: await freeUsername(input.email, tx),
        fullName: input.fullName,
        company: input.company ?? null,
        position: input.position ?? null,
        password: input.passwordHash,
        role: input.role ?? "regular",
        isVerified: input.isVerified ?? false,
        locale: input.locale ?? "en",
      })
      .returning();
    return toPublicUser(row);
  }

  return {
    insert,

    async getById(id: number) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ? toPublicUser(row) : undefined;
    },

    byEmail,

    /** Creates a user (the seed, tests and admins; visitors register through the account service). */
    async create(input: RegisterInput & { role?: Role; isVerified?: boolean; locale?: Locale }) {
      if (await byEmail(input.email)) {
        throw new AppError("CONFLICT", "errors.auth.emailTaken", {
          errors: { email: "errors.auth.emailTaken" },
        });
      }
      try {
        return await insert(db, { ...input, passwordHash: await hashPassword(input.password) });
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError("CONFLICT", "errors.auth.emailTaken", {
            errors: { email: "errors.auth.emailTaken" },
          });
        }
        throw err;
      }
    },

    /** Same answer and about the same time whether or not the e-mail exists. */
    async verifyLogin(email: string, password: string) {
      const row = await byEmail(email);
      if (!row) {
        await burnPasswordCheck(password);
        throw new AppError("UNAUTHORIZED", "errors.auth.invalidLogin");
      }
      if (!(await verifyPassword(row.password, password))) throw new AppError("UNAUTHORIZED", "errors.auth.invalidLogin");
      // Only someone who knows the password learns that the account is disabled.
      if (row.disabledAt) throw new AppError("ACCOUNT_DISABLED", "errors.account.disabled");
      return toPublicUser(row);
    },

    /**
     * Records a sign-in: its time, and the language it was made in (the user's e-mails are written in it). Answers
     * whether it is the account's first.
     */
    async recordSignIn(id: number, locale: Locale): Promise<{ firstSignIn: boolean }> {
      const [before] = await db.select({ at: users.lastSignInAt }).from(users).where(eq(users.id, id));
      await db
        .update(users)
        .set({ locale, lastSignInAt: sql`now()` })
        .where(eq(users.id, id));
      return { firstSignIn: !before?.at };
    },

    async setRole(id: number, role: Role) {
      await db.update(users).set({ role }).where(eq(users.id, id));
    },
  };
}
