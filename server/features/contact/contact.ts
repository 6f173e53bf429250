import { and, desc, eq, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { ContactInput, ContactUpdateInput, ContactView } from "../../../shared/schemas";
import type { Db } from "../../db/client";
import { contactSubmissions, type ContactSubmission } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { DEFAULT_LOCALE } from "../../../shared/i18n/locales";
import type { MessageId } from "../../../shared/i18n/messages";
import { emails } from "../mail/templates";
import type { MailService } from "../mail/mail";
import { RATE_RULES, visitorKey, type RateLimitService } from "../rate-limits/rate-limit";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function serializeContact(row: ContactSubmission) {
  const { ipAddress: _ip, ...rest } = row;
  const submitted = row.submittedAt.toISOString();
  // The admin view reads createdAt as the date.
  return { ...rest, submittedAt: submitted, createdAt: submitted, readAt: iso(row.readAt), archivedAt: iso(row.archivedAt) };
}
export type ContactDto = ReturnType<typeof serializeContact>;

/** The answer to a message accepted from the website. */
export const CONTACT_THANKS: MessageId = "errors.ok.contactThanks";

const inView = (view: ContactView): SQL => (view === "archived" ? isNotNull(contactSubmissions.archivedAt) : isNull(contactSubmissions.archivedAt));
const newestFirst = [desc(contactSubmissions.submittedAt), desc(contactSubmissions.id)];

/** Rows read per query when exporting, so a large inbox is streamed rather than held in memory. */
const EXPORT_BATCH = 500;

export function createContactService({ db, limits, mail }: { db: Db; limits: RateLimitService; mail: MailService }) {
  const service = {
    /**
     * Accepts a message from the website, through the JSON API or the no-JavaScript form alike: both
     * draw on one budget per visitor address (5 per 10 minutes), counted in the database so every app
     * instance sees the same count. A filled honeypot field is counted, answered like a success by the
     * caller and not stored (null). The message and the e-mail telling the company's contact address (brand
     * settings; in the site's default language, replies going to the visitor) are committed together, before the
     * answer.
     */
    async submit(input: ContactInput, meta: { ip?: string; honeypot?: string } = {}): Promise<ContactDto | null> {
      await limits.consume(RATE_RULES.contact, visitorKey(meta.ip));
      if (meta.honeypot && meta.honeypot.trim() !== "") return null;
      const context = await mail.context(DEFAULT_LOCALE);
      const row = await db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(contactSubmissions)
          .values({ ...input, ipAddress: meta.ip ?? null })
          .returning();
        await mail.enqueue(
          {
            kind: "contact-received",
            to: context.brand.email,
            replyTo: input.email,
            locale: DEFAULT_LOCALE,
            content: emails.contactReceived(context, { name: input.fullName, email: input.email, subject: input.subject, message: input.message }),
          },
          tx,
        );
        return stored;
      });
      return serializeContact(row);
    },

    /** One page of a view, newest first. */
    async list(opts: { view?: ContactView; limit?: number; offset?: number } = {}) {
      const rows = await db
        .select()
        .from(contactSubmissions)
        .where(inView(opts.view ?? "inbox"))
        .orderBy(...newestFirst)
        .limit(opts.limit ?? 50)
        .offset(opts.offset ?? 0);
      return rows.map(serializeContact);
    },

    /** One page of a view with the view's total and the inbox's unread count (the inbox's first page on the dashboard). */
    async page(opts: { view: ContactView; limit: number; offset: number }) {
      const [total, unread, rows] = await Promise.all([service.count(opts.view), service.unreadCount(), service.list(opts)]);
      return { rows, total, unread };
    },

    /** Messages in a view, or all of them when no view is given. */
    async count(view?: ContactView) {
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(contactSubmissions)
        .where(view ? inView(view) : undefined);
      return count;
    },

    /** Unread messages in the inbox. */
    async unreadCount() {
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(contactSubmissions)
        .where(and(isNull(contactSubmissions.archivedAt), isNull(contactSubmissions.readAt)));
      return count;
    },

    async get(id: number) {
      const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
      if (!row) throw notFound("errors.notFound.message");
      return serializeContact(row);
    },

    /**
     * Marks a message read or unread, archives it or puts it back in the inbox. Marking read again
     * keeps the time it was first read; archiving again keeps the first archive time.
     */
    async update(id: number, change: ContactUpdateInput) {
      const set: Partial<Record<"readAt" | "archivedAt", SQL | null>> = {};
      if (change.read !== undefined) set.readAt = change.read ? sql`coalesce(${contactSubmissions.readAt}, now())` : null;
      if (change.archived !== undefined) set.archivedAt = change.archived ? sql`coalesce(${contactSubmissions.archivedAt}, now())` : null;
      const [row] = await db.update(contactSubmissions).set(set).where(eq(contactSubmissions.id, id)).returning();
      if (!row) throw notFound("errors.notFound.message");
      return serializeContact(row);
    },

    async remove(id: number) {
      const deleted = await db.delete(contactSubmissions).where(eq(contactSubmissions.id, id)).returning({ id: contactSubmissions.id });
      if (deleted.length === 0) throw notFound("errors.notFound.message");
    },

    /**
     * Every message of a view, newest first, in batches. Keyset paging on the id (ids grow with each
     * message), so every batch is one index range however large the inbox is.
     */
    async *exportBatches(view: ContactView): AsyncGenerator<ContactSubmission[]> {
      let before: number | undefined;
      for (;;) {
        const rows = await db
          .select()
          .from(contactSubmissions)
          .where(and(inView(view), before === undefined ? undefined : lt(contactSubmissions.id, before)))
          .orderBy(desc(contactSubmissions.id))
          .limit(EXPORT_BATCH);
        if (rows.length > 0) yield rows;
        if (rows.length < EXPORT_BATCH) return;
        before = rows[rows.length - 1].id;
      }
    },
  };
  return service;
}
