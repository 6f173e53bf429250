/** The security log: sign-ins, resets, confirmations and role changes, with who, when, and from where. */
import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Request } from "express";
import type { Db, DbOrTx } from "../../db/client";
import { securityEvents, users, type SecurityEventType } from "../../db/schema";
import { signInStep } from "../../../shared/sign-in-steps";

export type EventMeta = { ip?: string; userAgent?: string };

/** Where a request came from, as the log keeps it. */
export const requestMeta = (req: Pick<Request, "ip" | "get">): EventMeta => ({ ip: req.ip, userAgent: req.get("user-agent")?.slice(0, 300) });

export type SecurityEvent = {
  type: SecurityEventType;
  userId?: number | null;
  actorId?: number | null;
  detail?: Record<string, string | number | boolean | null>;
} & EventMeta;

const SIGN_IN_TYPES: SecurityEventType[] = ["sign-in", "sign-in-failed", "sign-in-throttled"];

export function createSecurityEventService({ db }: { db: Db }) {
  return {
    /** Records an event (inside the caller's transaction when given one). */
    async record(event: SecurityEvent, tx: DbOrTx = db) {
      await tx.insert(securityEvents).values({
        type: event.type,
        userId: event.userId ?? null,
        actorId: event.actorId ?? null,
        ipAddress: event.ip ?? null,
        userAgent: event.userAgent ?? null,
        detail: event.detail ?? null,
      });
    },

    /** The log for admins: newest first, 50 at a time (keyset on the id), optionally one type or one user. */
    async list(opts: { type?: SecurityEventType; userId?: number; before?: number; limit?: number } = {}) {
      const limit = Math.min(opts.limit ?? 50, 200);
      const actor = alias(users, "actor");
      const rows = await db
        .select({ event: securityEvents, email: users.email, fullName: users.fullName, actorEmail: actor.email })
        .from(securityEvents)
        .leftJoin(users, eq(users.id, securityEvents.userId))
        .leftJoin(actor, eq(actor.id, securityEvents.actorId))
        .where(
          and(
            opts.type ? eq(securityEvents.type, opts.type) : undefined,
            opts.userId ? eq(securityEvents.userId, opts.userId) : undefined,
            opts.before ? lt(securityEvents.id, opts.before) : undefined,
          ),
        )
        .orderBy(desc(securityEvents.id))
        .limit(limit + 1);
      return {
        events: rows.slice(0, limit).map((r) => ({
          ...r.event,
          createdAt: r.event.createdAt.toISOString(),
          email: r.email,
          fullName: r.fullName,
          actorEmail: r.actorEmail,
        })),
        nextBefore: rows.length > limit ? rows[limit - 1].event.id : null,
      };
    },

    /**
     * A user's own recent sign-ins, successful or not. `step` says which step a refusal came from (null: the
     * password): a wrong code means the password was right.
     */
    async recentSignIns(userId: number, limit = 10) {
      const rows = await db
        .select({
          type: securityEvents.type,
          detail: securityEvents.detail,
          ipAddress: securityEvents.ipAddress,
          userAgent: securityEvents.userAgent,
          createdAt: securityEvents.createdAt,
        })
        .from(securityEvents)
        .where(and(eq(securityEvents.userId, userId), inArray(securityEvents.type, SIGN_IN_TYPES)))
        .orderBy(desc(securityEvents.id))
        .limit(limit);
      return rows.map(({ detail, ...r }) => ({
        ...r,
        step: signInStep(detail),
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}

export type SecurityEventService = ReturnType<typeof createSecurityEventService>;
