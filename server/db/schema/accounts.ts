import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES } from "../../../shared/roles";
import { SECURITY_EVENT_TYPES } from "../../../shared/security-events";
import { createdAt } from "./columns";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    password: text("password").notNull(),
    email: text("email").notNull(),
    fullName: text("full_name"),
    role: text("role", { enum: ROLES }).notNull().default("regular"),
    isVerified: boolean("is_verified").notNull().default(false),
    company: text("company"),
    position: text("position"),
    avatar: text("avatar"),
    /** The language the user last used the site in; their e-mails are written in it. */
    locale: text("locale").notNull().default("en"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** A disabled account cannot sign in and has no sessions; null while the account is active. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The authenticator app's shared secret (base32); null until two-factor sign-in is switched on. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The time step of the last code accepted: a code works once, even within its 30 seconds. */
    totpLastStep: integer("totp_last_step"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    check("users_role_check", sql`${t.role} in ('regular', 'investor', 'admin')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The browser and address the session was started from, and when it was last used (the account page lists them). */
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const TOKEN_PURPOSES = ["password-reset", "verify-email", "change-email"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/**
 * Single-use links sent by e-mail. Only the SHA-256 of the token is stored; a token is used by setting `usedAt`
 * in the statement that checks it, so two uses at once cannot both pass.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** For 'change-email': the address that becomes the account's once the link is used. */
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("account_tokens_hash_unique").on(t.tokenHash), index("account_tokens_user_idx").on(t.userId, t.purpose)],
);

/** Single-use recovery codes for two-factor sign-in, stored as SHA-256 hashes; a used code keeps its row. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** WebAuthn credentials (passkeys): several per account, each named by its owner. */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: jsonb("transports").$type<string[]>(),
    backedUp: boolean("backed_up").notNull().default(false),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * Fixed-window request counters shared by every app instance (login, contact, reset limits).
 * `key` names the rule and the visitor, e.g. "contact:ip:203.0.113.7".
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Failed sign-ins per account (keyed by a hash of the submitted address, known or not), shared by every instance.
 * After a few failures each further attempt must wait longer (`lockedUntil`); a browser that has signed in to the
 * account before is not held back (see the login throttle service).
 */
export const loginThrottles = pgTable("login_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * What happened to accounts, for admins and for each user's own recent sign-ins: who (the account, when known), when,
 * from which address and browser, and the details of a change (a role's old and new value, who made it).
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: serial("id").primaryKey(),
    type: text("type", { enum: SECURITY_EVENT_TYPES }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The admin (or other user) who made the change, when not the account's owner. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    detail: jsonb("detail").$type<Record<string, string | number | boolean | null>>(),
    createdAt: createdAt(),
  },
  (t) => [index("security_events_user_idx").on(t.userId, t.createdAt), index("security_events_created_idx").on(t.createdAt, t.id)],
);
