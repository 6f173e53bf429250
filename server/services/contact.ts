import { desc, sql } from "drizzle-orm";
import type { ContactInput } from "../../shared/schemas";
import type { Db } from "../db/client";
import { contactSubmissions, type ContactSubmission } from "../db/schema";

export function serializeContact(row: ContactSubmission) {
  const { ipAddress: _ip, ...rest } = row;
  const iso = row.submittedAt.toISOString();
  // The admin view reads createdAt as the date (spec section 3).
  return { ...rest, submittedAt: iso, createdAt: iso };
}

export const CONTACT_THANKS = "Thank you for your message. Our team will get back to you shortly.";

export function createContactService({ db }: { db: Db }) {
  return {
    /** Resolves only after the row is committed. */
    async submit(input: ContactInput, meta: { ip?: string } = {}) {
      const [row] = await db
        .insert(contactSubmissions)
        .values({ ...input, ipAddress: meta.ip ?? null })
        .returning();
      return serializeContact(row);
    },

    async list(opts: { limit?: number; offset?: number } = {}) {
      const rows = await db
        .select()
        .from(contactSubmissions)
        .orderBy(desc(contactSubmissions.submittedAt), desc(contactSubmissions.id))
        .limit(opts.limit ?? 50)
        .offset(opts.offset ?? 0);
      return rows.map(serializeContact);
    },

    async count() {
      const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(contactSubmissions);
      return count;
    },
  };
}
