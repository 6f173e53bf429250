import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ALERT_KINDS, CALENDAR_EVENT_KINDS, SUBSCRIBER_STATUSES } from "../../../shared/alerts";
import { createdAt, updatedAt } from "./columns";
import { users } from "./accounts";
import { emailMessages } from "./mail";
import { pressReleases } from "./content";

/**
 * An address that asked for investor alerts. Nothing is sent to it before it confirms (double opt-in): a request
 * keeps the lists and language asked for in `pending*` until the e-mail's link is confirmed. `manageSalt` keys the
 * address's preferences link (an HMAC of the id and the salt under the server's secret, so it is never stored).
 */
export const alertSubscribers = pgTable(
  "alert_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    status: text("status", { enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    lists: text("lists")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locale: text("locale").notNull().default("en"),
    pendingLists: text("pending_lists").array(),
    pendingLocale: text("pending_locale"),
    /** SHA-256 of the confirmation link's token, while one is outstanding. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    manageSalt: text("manage_salt").notNull(),
    /** The random id an address's preferences and unsubscribe links carry (never the row's serial number). */
    publicId: text("public_id")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Where it was asked for: 'form' or 'account'. */
    source: text("source").notNull().default("form"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("alert_subscribers_email").on(t.email),
    uniqueIndex("alert_subscribers_public_id").on(t.publicId),
    uniqueIndex("alert_subscribers_confirm_token").on(t.confirmTokenHash),
    index("alert_subscribers_lists_idx").using("gin", t.lists),
  ],
);

/**
 * The consent record: every request, confirmation, change and unsubscription of an address, with when, from where
 * and how. Kept after the subscriber row is removed (by address), so consent can be shown for any e-mail sent.
 */
export const alertConsents = pgTable(
  "alert_consents",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** 'requested', 'confirmed', 'changed', 'unsubscribed', 'removed', 'suppressed'. */
    action: text("action").notNull(),
    /** 'form', 'account', 'preferences', 'one-click', 'admin'. */
    source: text("source").notNull(),
    lists: text("lists")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locale: text("locale"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("alert_consents_email_idx").on(t.email, t.createdAt)],
);

/** Addresses no alert is ever sent to: they unsubscribed, or an admin removed them. Lifted only by a new confirmation. */
export const alertSuppressions = pgTable("alert_suppressions", {
  email: text("email").primaryKey(),
  reason: text("reason", { enum: ["unsubscribed", "one-click", "admin", "bounced"] }).notNull(),
  createdAt: createdAt(),
});

/**
 * One announcement to subscribers: a release published, a public document added, a calendar event added or due
 * tomorrow. Written in the transaction that makes the item public, at most once per item and edition (0 = the
 * first; corrections an admin asks for count up), so no instance and no republication sends it twice. The
 * scheduler's step writes its e-mails in batches (`cursor` = the last subscriber id written).
 */
export const alerts = pgTable(
  "alerts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    itemId: integer("item_id").notNull(),
    edition: integer("edition").notNull().default(0),
    lists: text("lists").array().notNull(),
    status: text("status", { enum: ["pending", "sending", "done"] })
      .notNull()
      .default("pending"),
    cursor: integer("cursor").notNull().default(0),
    recipients: integer("recipients").notNull().default(0),
    requestedById: integer("requested_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("alerts_item_edition").on(t.kind, t.itemId, t.edition),
    index("alerts_open_idx")
      .on(t.id)
      .where(sql`status <> 'done'`),
  ],
);

/** Which subscriber an alert's e-mail went to (at most one per alert and subscriber), and the e-mail's row. */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    alertId: integer("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id").notNull(),
    emailId: integer("email_id").references(() => emailMessages.id, { onDelete: "set null" }),
    /** The e-mail's final status, kept when the Outbox's old messages are deleted (so an alert's counts stay). */
    outcome: text("outcome"),
  },
  (t) => [uniqueIndex("alert_deliveries_pk").on(t.alertId, t.subscriberId), index("alert_deliveries_email_idx").on(t.emailId)],
);

/**
 * An event of the financial calendar: a day, or a day and time, in Cairo (`startsAt` is its instant; midnight in
 * Cairo for an all-day event). `uid` never changes and `sequence` goes up with each change, so subscribed calendars
 * update the event; a cancelled event stays, marked, so they remove it.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: serial("id").primaryKey(),
    uid: text("uid").notNull(),
    kind: text("kind", { enum: CALENDAR_EVENT_KINDS }).notNull(),
    date: date("date", { mode: "string" }).notNull(),
    time: text("time"),
    endTime: text("end_time"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    description: text("description"),
    descriptionAr: text("description_ar"),
    linkUrl: text("link_url"),
    pressReleaseId: integer("press_release_id").references(() => pressReleases.id, { onDelete: "set null" }),
    documentIds: integer("document_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    status: text("status", { enum: ["scheduled", "cancelled"] })
      .notNull()
      .default("scheduled"),
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("calendar_events_uid").on(t.uid), index("calendar_events_starts_idx").on(t.startsAt)],
);
