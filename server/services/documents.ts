import { existsSync } from "node:fs";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { mimeForExtension } from "../../shared/mime";
import type { Db } from "../db/client";
import { documentAccessLogs, documentCategories, documents, type Document } from "../db/schema";
import { canSeeInvestorDocuments } from "../../shared/rules";
import { notFound } from "../lib/errors";
import type { Storage } from "../lib/storage";
import type { PublicUser } from "./users";
import type { Locale } from "../../shared/i18n/locales";
import { CATEGORY_TEXT, DOCUMENT_TEXT, localizeRow, withTranslation, type LocaleOption } from "./content-locale";
import type { DocumentDto } from "../../shared/api/documents";
import { searchTerms } from "./press-search";
import { everyWordIn } from "./word-match";

/**
 * A document as the API and pages get it: the API contract's shape. `contentLocale` is the language of title and
 * description (the category name follows its own translation). The admin read (no locale) also has `titleAr`,
 * `descriptionAr`, `categoryNameAr` and `translation`.
 */
export type { DocumentDto };

export function serializeDocument(row: Document & { categoryName?: string | null; categoryNameAr?: string | null }, locale?: Locale): DocumentDto {
  const { fileUrl: _storageKey, ...rest } = row;
  const dto = {
    ...rest,
    categoryName: row.categoryName ?? null,
    categoryNameAr: row.categoryNameAr ?? null,
    // The storage key never leaves the server; the only way to a file is the checked route.
    fileUrl: `/api/documents/${row.id}/download`,
    uploadedAt: row.uploadedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (!locale) return withTranslation(dto, DOCUMENT_TEXT);
  const { categoryNameAr, ...one } = dto;
  return { ...localizeRow(one, locale, DOCUMENT_TEXT), categoryName: locale === "ar" && categoryNameAr ? categoryNameAr : dto.categoryName };
}

type CategoryRow = typeof documentCategories.$inferSelect;
/** A category in `locale` (name and description), or both languages with the translation status without one. */
export function serializeCategory(c: CategoryRow, locale?: Locale) {
  const dto = { ...c, createdAt: c.createdAt.toISOString() };
  return locale ? localizeRow(dto, locale, CATEGORY_TEXT) : withTranslation(dto, CATEGORY_TEXT);
}

/**
 * Who reads which investor documents, one rule for both questions: `allows(doc)` answers 'may this viewer open this
 * document', `where` filters every query that lists documents (undefined: no filter). Everyone, signed in or not,
 * reads the Public documents; investors and admins read every one.
 */
export function documentReadAccess(viewer: Pick<PublicUser, "role" | "secondFactorProved"> | null) {
  if (viewer && canSeeInvestorDocuments(viewer)) return { where: undefined, allows: (_doc: Pick<Document, "isPublic">) => true };
  return { where: eq(documents.isPublic, true), allows: (doc: Pick<Document, "isPublic">) => doc.isPublic };
}

/** The library's filters: a fiscal year, a category, words to find. */
export type DocumentFilters = { year?: number | null; categoryId?: number | null; q?: string };

/** How far into its fiscal year a period ends (compareDocuments in shared/document-period.ts, in SQL). */
const periodEnd = sql`case ${documents.periodKind} when 'Q1' then 3 when 'H1' then 6 when 'Q2' then 6 when 'Q3' then 9 else 12 end`;

/**
 * The library's order, as compareDocuments sorts it: the newest period first, documents without a period after the
 * dated ones, then the latest publication, then the latest added.
 */
const libraryOrder = [sql`${documents.periodYear} desc nulls last`, sql`${periodEnd} desc`, desc(documents.publishedAt), desc(documents.id)];

/**
 * Repeats of a refused attempt (same document, same user or anonymous, same address) within this
 * window are recorded once, so a client retrying in a loop cannot fill the log.
 */
export const REFUSAL_REPEAT_WINDOW_MINUTES = 10;

export function createDocumentService({ db, storage }: { db: Db; storage: Storage }) {
  async function recordRefusal(documentId: number, userId: number | null, ip: string | undefined) {
    const ipAddress = ip ?? null;
    const [recent] = await db
      .select({ id: documentAccessLogs.id })
      .from(documentAccessLogs)
      .where(
        and(
          eq(documentAccessLogs.documentId, documentId),
          eq(documentAccessLogs.refused, true),
          userId === null ? isNull(documentAccessLogs.userId) : eq(documentAccessLogs.userId, userId),
          ipAddress === null ? isNull(documentAccessLogs.ipAddress) : eq(documentAccessLogs.ipAddress, ipAddress),
          sql`${documentAccessLogs.accessTime} > now() - make_interval(mins => ${REFUSAL_REPEAT_WINDOW_MINUTES})`,
        ),
      )
      .limit(1);
    if (recent) return;
    await db.insert(documentAccessLogs).values({ documentId, userId, ipAddress, refused: true });
  }

  const selectWithCategory = () =>
    db
      .select({ doc: documents, categoryName: documentCategories.name, categoryNameAr: documentCategories.nameAr })
      .from(documents)
      .leftJoin(documentCategories, eq(documents.categoryId, documentCategories.id));

  return {
    /** Every category by English name; in `locale` when given (the portal), else both languages (the admin). */
    async categories(opts: LocaleOption = {}) {
      return (await db.select().from(documentCategories).orderBy(asc(documentCategories.name))).map((c) => serializeCategory(c, opts.locale));
    },

    /**
     * The documents `viewer` may read (null: a visitor who is not signed in, who reads the Public ones), in the
     * library's order (newest period first, then publication date). The filters narrow that set and never widen it:
     * `year` a fiscal year, `categoryId` a category, `q` words that must each appear in the title or description
     * (English or Arabic) or the category's name.
     */
    async listFor(viewer: PublicUser | null, opts: LocaleOption & DocumentFilters = {}) {
      const rows = await selectWithCategory()
        .where(
          and(
            documentReadAccess(viewer).where,
            opts.year == null ? undefined : eq(documents.periodYear, opts.year),
            opts.categoryId == null ? undefined : eq(documents.categoryId, opts.categoryId),
            everyWordIn(searchTerms(opts.q), [
              documents.title,
              documents.description,
              documents.titleAr,
              documents.descriptionAr,
              documentCategories.name,
              documentCategories.nameAr,
            ]),
          ),
        )
        .orderBy(...libraryOrder);
      return rows.map((r) => serializeDocument({ ...r.doc, categoryName: r.categoryName, categoryNameAr: r.categoryNameAr }, opts.locale));
    },

    /** The newest Public documents (what anyone may read), for the public investors page. */
    async latestPublic(limit: number, opts: LocaleOption = {}) {
      const rows = await selectWithCategory()
        .where(documentReadAccess(null).where)
        .orderBy(desc(documents.publishedAt), desc(documents.uploadedAt), desc(documents.id))
        .limit(limit);
      return rows.map((r) => serializeDocument({ ...r.doc, categoryName: r.categoryName, categoryNameAr: r.categoryNameAr }, opts.locale));
    },

    /**
     * Checks the right to read, logs the access, and returns where the file is. A document the
     * user may not read answers exactly like one that does not exist, and the attempt is logged
     * as refused.
     */
    async openForDownload(user: PublicUser, id: number, meta: { ip?: string }) {
      const [doc] = await db.select().from(documents).where(eq(documents.id, id));
      if (!doc) throw notFound("errors.notFound.document");
      if (!documentReadAccess(user).allows(doc)) {
        await recordRefusal(doc.id, user.id, meta.ip);
        throw notFound("errors.notFound.document");
      }
      const filePath = storage.documentPath(doc.fileUrl);
      // A row whose file is gone answers 404 and is not logged as an access.
      if (!filePath || !existsSync(filePath)) throw notFound("errors.notFound.document");
      await db.insert(documentAccessLogs).values({ documentId: doc.id, userId: user.id, ipAddress: meta.ip ?? null });
      const ext = doc.fileName.split(".").pop() ?? "";
      return { filePath, fileName: doc.fileName, contentType: doc.fileType ?? mimeForExtension(ext), size: doc.fileSize };
    },

    /**
     * A visitor who is not signed in asked for a document: logged as refused when it is an
     * Investor Only one (the caller then answers 401 as for any anonymous request). Ids that
     * name no document are not logged: there is nothing to attribute the attempt to.
     */
    async recordAnonymousAttempt(id: number, meta: { ip?: string }) {
      const [doc] = await db.select({ id: documents.id, isPublic: documents.isPublic }).from(documents).where(eq(documents.id, id));
      if (doc && !documentReadAccess(null).allows(doc)) await recordRefusal(doc.id, null, meta.ip);
    },

    async accessCount(documentId: number) {
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(documentAccessLogs)
        .where(and(eq(documentAccessLogs.documentId, documentId), eq(documentAccessLogs.refused, false)));
      return count;
    },
  };
}
