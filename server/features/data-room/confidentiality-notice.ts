// The confidentiality notice as a reader meets it: the notice in force, whether they accepted it, and their
// acceptance. The check that a document requiring it was accepted is `assertAccepted` (view-access.ts).
import { desc, eq } from "drizzle-orm";
import type { Locale } from "../../../shared/i18n/locales";
import type { Db } from "../../db/client";
import { confidentialityAcceptances } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import type { PublicUser } from "../accounts/users";
import type { ViewAccess } from "./view-access";

export function createConfidentialityNotice({ db, access }: { db: Db; access: ViewAccess }) {
  const { currentNotice } = access;
  return {
    /** The notice in force in `locale`, and whether `user` accepted it. */
    async confidentiality(user: PublicUser, locale: Locale) {
      const notice = await currentNotice();
      const [last] = await db
        .select({ noticeId: confidentialityAcceptances.noticeId })
        .from(confidentialityAcceptances)
        .where(eq(confidentialityAcceptances.userId, user.id))
        .orderBy(desc(confidentialityAcceptances.noticeId))
        .limit(1);
      return {
        notice: notice
          ? { version: notice.id, text: locale === "ar" ? notice.textAr : notice.text, contentLocale: locale, createdAt: notice.createdAt.toISOString() }
          : null,
        acceptedVersion: last?.noticeId ?? null,
        accepted: Boolean(notice && last?.noticeId === notice.id),
      };
    },

    /** Records `user`'s acceptance of the version they were shown; 409 when a newer one is in force. */
    async accept(user: PublicUser, version: number, meta: { ip?: string; locale: Locale }) {
      const notice = await currentNotice();
      if (!notice) throw notFound("errors.dataRoom.noNotice");
      if (notice.id !== version) throw new AppError("CONFLICT", "errors.dataRoom.noticeChanged");
      await db
        .insert(confidentialityAcceptances)
        .values({ userId: user.id, noticeId: notice.id, ipAddress: meta.ip ?? null })
        .onConflictDoNothing();
      return this.confidentiality(user, meta.locale);
    },
  };
}
