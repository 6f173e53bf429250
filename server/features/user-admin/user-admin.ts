/**
 * User administration (admin dashboard): the list of accounts, role changes, disabling and enabling an account, and
 * a new confirmation link for an unconfirmed address.
 *
 * Two rules hold whatever the timing: an admin cannot disable their own account, and the last active (not disabled)
 * admin can be neither demoted nor disabled. Every change takes, in one statement and in id order, the row locks of
 * every active admin and of the account it changes before it counts admins, so two changes that could together leave
 * no admin run one after the other, and the second counts what the first left.
 */
import { and, desc, eq, ilike, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { sessions, users, type Role } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { userLocale, type AccountService } from "../accounts/accounts";
import { clearSecondFactors, hasSecondFactorSql } from "../two-factor/second-factors";
import type { SecurityAlerts } from "../security-events/security-alerts";
import type { EventMeta, SecurityEventService } from "../security-events/security-events";
import type { PublicUser } from "../accounts/users";
import { recordBy, type AuditService } from "../audit/audit";

export const USER_NOT_FOUND = "errors.notFound.user";
export const LAST_ADMIN = "errors.users.lastAdmin";
export const NOT_SELF = "errors.users.notSelf";
export const ALREADY_VERIFIED = "errors.users.alreadyVerified";
export const NOT_SELF_FACTORS = "errors.users.notSelfFactors";

/** One page of the list. */
export const USER_PAGE = 50;

/** `%` and `_` in a search are letters, not wildcards (ILIKE's escape character is the backslash). */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  role: users.role,
  isVerified: users.isVerified,
  locale: users.locale,
  twoFactor: hasSecondFactorSql,
  lastSignInAt: users.lastSignInAt,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

/** A row as the API answers it: times as ISO strings, two-factor as a boolean on both drivers. */
const serialize = <R extends { twoFactor: unknown; lastSignInAt: Date | null; disabledAt: Date | null; createdAt: Date }>(r: R) => ({
  ...r,
  twoFactor: Boolean(r.twoFactor),
  lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
  disabledAt: r.disabledAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export function createUserAdminService({
  db,
  accounts,
  securityEvents,
  alerts,
  audit,
}: {
  db: Db;
  accounts: AccountService;
  securityEvents: SecurityEventService;
  alerts: SecurityAlerts;
  audit?: AuditService;
}) {
  async function get(id: number) {
    const [row] = await db.select(columns).from(users).where(eq(users.id, id));
    if (!row) throw notFound(USER_NOT_FOUND);
    return serialize(row);
  }

  /**
   * Locks every active admin and the account `id` (in id order, so two changes never wait on each other in a
   * circle) and answers the account and the number of active admins among the locked rows. A change that waited
   * reads the rows as the change before it left them.
   */
  async function lockForChange(tx: Tx, id: number) {
    const locked = await tx
      .select({ id: users.id, role: users.role, disabledAt: users.disabledAt })
      .from(users)
      .where(or(and(eq(users.role, "admin"), isNull(users.disabledAt)), eq(users.id, id)))
      .orderBy(users.id)
      .for("update");
    const target = locked.find((r) => r.id === id);
    if (!target) throw notFound(USER_NOT_FOUND);
    const activeAdmins = locked.filter((r) => r.role === "admin" && !r.disabledAt).length;
    /** True when the account is the only active admin left. */
    const lastAdmin = target.role === "admin" && !target.disabledAt && activeAdmins <= 1;
    return { target, lastAdmin };
  }

  return {
    /** Newest accounts first, USER_PAGE at a time (keyset on the id); `q` finds a part of the name or address, any case. */
    async list(opts: { q?: string; role?: Role; before?: number; limit?: number } = {}) {
      const limit = Math.min(opts.limit ?? USER_PAGE, 200);
      const q = opts.q ? likePattern(opts.q) : undefined;
      const rows = await db
        .select(columns)
        .from(users)
        .where(
          and(
            q ? or(ilike(users.email, q), ilike(users.fullName, q)) : undefined,
            opts.role ? eq(users.role, opts.role) : undefined,
            opts.before ? lt(users.id, opts.before) : undefined,
          ),
        )
        .orderBy(desc(users.id))
        .limit(limit + 1);
      return {
        users: rows.slice(0, limit).map(serialize),
        nextBefore: rows.length > limit ? rows[limit - 1].id : null,
      };
    },

    get,

    /** Gives the account another role; the last active admin keeps theirs. Recorded with the admin who did it. */
    async setRole(id: number, role: Role, actor: PublicUser, meta: EventMeta = {}) {
      await db.transaction(async (tx) => {
        const { target, lastAdmin } = await lockForChange(tx, id);
        if (target.role === role) return;
        if (lastAdmin) throw new AppError("CONFLICT", LAST_ADMIN);
        await tx.update(users).set({ role }).where(eq(users.id, id));
        await securityEvents.record({ type: "role-changed", userId: id, actorId: actor.id, detail: { from: target.role, to: role }, ...meta }, tx);
        await recordBy(audit, { actor, meta }, { action: "user.role", entity: { type: "user", id }, before: { role: target.role }, after: { role } }, tx);
      });
      return get(id);
    },

    /**
     * Disables the account and deletes its sessions in the same transaction: its next request is anonymous, and
     * sign-in refuses it (ACCOUNT_DISABLED) until it is enabled again. Not one's own account, nor the last active admin.
     */
    async disable(id: number, actor: PublicUser, meta: EventMeta = {}) {
      if (id === actor.id) throw new AppError("CONFLICT", NOT_SELF);
      await db.transaction(async (tx) => {
        const { target, lastAdmin } = await lockForChange(tx, id);
        if (target.disabledAt) return;
        if (lastAdmin) throw new AppError("CONFLICT", LAST_ADMIN);
        await tx
          .update(users)
          .set({ disabledAt: sql`now()` })
          .where(eq(users.id, id));
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await securityEvents.record({ type: "account-disabled", userId: id, actorId: actor.id, ...meta }, tx);
        await recordBy(
          audit,
          { actor, meta },
          { action: "user.disable", entity: { type: "user", id }, before: { disabled: false }, after: { disabled: true } },
          tx,
        );
      });
      return get(id);
    },

    /** Lets a disabled account sign in again. */
    async enable(id: number, actor: PublicUser, meta: EventMeta = {}) {
      await db.transaction(async (tx) => {
        const [target] = await tx.select({ disabledAt: users.disabledAt }).from(users).where(eq(users.id, id)).for("update");
        if (!target) throw notFound(USER_NOT_FOUND);
        if (!target.disabledAt) return;
        await tx.update(users).set({ disabledAt: null }).where(eq(users.id, id));
        await securityEvents.record({ type: "account-enabled", userId: id, actorId: actor.id, ...meta }, tx);
        await recordBy(
          audit,
          { actor, meta },
          { action: "user.enable", entity: { type: "user", id }, before: { disabled: true }, after: { disabled: false } },
          tx,
        );
      });
      return get(id);
    },

    /**
     * For an owner who lost their phone and their recovery codes: removes the account's authenticator app, passkeys
     * and recovery codes and ends its sessions; the owner signs in with the password and sets a factor up again
     * (an admin first of all, before the dashboard opens to them). Recorded with the admin who did it, and the owner
     * is e-mailed. Not one's own account.
     */
    async clearSecondFactors(id: number, actor: PublicUser, meta: EventMeta = {}) {
      if (id === actor.id) throw new AppError("CONFLICT", NOT_SELF_FACTORS);
      const alert = await alerts.prepare(id);
      await db.transaction(async (tx) => {
        const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for("update");
        if (!target) throw notFound(USER_NOT_FOUND);
        await clearSecondFactors(tx, id);
        await tx.delete(sessions).where(eq(sessions.userId, id));
        await securityEvents.record({ type: "second-factors-cleared", userId: id, actorId: actor.id, ...meta }, tx);
        await alerts.send(tx, alert, "second-factors-cleared");
        await recordBy(
          audit,
          { actor, meta },
          { action: "user.factors-cleared", entity: { type: "user", id }, before: { twoFactor: true }, after: { twoFactor: false } },
          tx,
        );
      });
      return get(id);
    },

    /** E-mails a fresh confirmation link, in the user's own language, to an address not confirmed yet. */
    async resendVerification(id: number) {
      const [user] = await db.select({ id: users.id, locale: users.locale, isVerified: users.isVerified }).from(users).where(eq(users.id, id));
      if (!user) throw notFound(USER_NOT_FOUND);
      if (user.isVerified) throw new AppError("CONFLICT", ALREADY_VERIFIED);
      await accounts.resendVerification(id, userLocale(user));
    },
  };
}

export type UserAdminService = ReturnType<typeof createUserAdminService>;
