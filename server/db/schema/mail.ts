import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { EMAIL_STATUSES } from "../../../shared/outbox";
import { createdAt } from "./columns";
import { users } from "./accounts";

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: serial("id").primaryKey(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    ipAddress: text("ip_address"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    /** When an admin first opened the message; null while unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Archived messages leave the inbox but are kept; null while in the inbox. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [index("contact_submitted_idx").on(t.submittedAt)],
);

/**
 * Every e-mail the site writes, and the queue that sends them. A row is written in the same transaction as what
 * caused it; an instance claims due rows with FOR UPDATE SKIP LOCKED and a lease (`lockedUntil`), so two instances
 * never take the same message, and one that dies mid-send leaves it to be taken again once the lease ends.
 * Without an SMTP server a message is 'held': kept for the Outbox, never sent.
 */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: serial("id").primaryKey(),
    /** What the message is: 'password-reset', 'verify-email', 'contact-received', ... */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    /** Where a reply goes (the visitor, for a contact message). */
    replyTo: text("reply_to"),
    locale: text("locale").notNull(),
    subject: text("subject").notNull(),
    /** Null once a message carrying a single-use link has been delivered (the link is nobody else's business). */
    html: text("html"),
    textBody: text("text_body"),
    /** True when the body holds a secret link (reset, verification). */
    sensitive: boolean("sensitive").notNull().default(false),
    status: text("status", { enum: EMAIL_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** Extra headers (an alert's List-Unsubscribe and List-Unsubscribe-Post), built by the server, never from input. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** The SMTP server's Message-ID once accepted. */
    messageId: text("message_id"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'sending')`),
    index("email_created_idx").on(t.createdAt, t.id),
    check("email_status_check", sql`${t.status} in ('queued', 'sending', 'sent', 'held', 'failed')`),
  ],
);
