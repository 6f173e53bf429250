import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { documentAccessLogs, documentCategories, documentGrants, documents, documentVersions, type Document } from "../../db/schema";
import { canSeeInvestorDocuments, isAdmin } from "../../../shared/rules";
import type { PublicUser } from "../accounts/users";
import type { Locale } from "../../../shared/i18n/locales";
import { CATEGORY_TEXT, DOCUMENT_TEXT, localizeRow, withTranslation, type LocaleOption } from "../content/content-locale";
import type { DocumentDto } from "../../../shared/api/documents";
import { searchTerms } from "../press/press-search";
import { everyWordIn } from "../content/word-match";
import { liveDocument, publicDocument } from "../publication/public-rules";

/**
 * A document as the API and pages get it: the API contract's shape. `contentLocale` is the language of title and
 * description (the category name follows its own translation). The admin read (no locale) also has `titleAr`,
 * `descriptionAr`, `categoryNameAr` and `translation`.
 */
export type { DocumentDto };

/** A document row with what the serializer adds: its category's names and its current version's date and note. */
export type DocumentRow = Document & {
  categoryName?: string | null;
  categoryNameAr?: string | null;
  versionAt?: Date | null;
  versionNote?: string | null;
  versionNoteAr?: string | null;
};

export function serializeDocument(row: DocumentRow, locale?: Locale): DocumentDto {
  const {
    fileUrl: _storageKey,
    expiryAppliedAt: _expiryApplied,
    revokedAt,
    archivedAt,
    versionAt,
    versionNote,
    versionNoteAr,
    categoryName,
    categoryNameAr,
    ...rest
  } = row;
  const dto = {
    ...rest,
    categoryName: categoryName ?? null,
    categoryNameAr: categoryNameAr ?? null,
    // The storage key never leaves the server; the only way to a file is the checked route (none for viewer-only).
    fileUrl: row.downloadMode === "none" ? null : `/api/documents/${row.id}/download`,
    uploadedAt: row.uploadedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    versionUpdatedAt: (versionAt ?? row.uploadedAt).toISOString(),
    viewable: row.fileType === "application/pdf",
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
  if (!locale)
    return withTranslation(
      {
        ...dto,
        versionNote: versionNote ?? null,
        versionNoteAr: versionNoteAr ?? null,
        revokedAt: revokedAt?.toISOString() ?? null,
        archivedAt: archivedAt?.toISOString() ?? null,
      },
      DOCUMENT_TEXT,
    );
  const { categoryNameAr: catAr, ...one } = dto;
  return {
    ...localizeRow(one, locale, DOCUMENT_TEXT),
    categoryName: locale === "ar" && catAr ? catAr : dto.categoryName,
    versionNote: locale === "ar" && versionNoteAr ? versionNoteAr : (versionNote ?? null),
  };
}

/** Selects documents with their category's names and their current version's date and note (see DocumentRow). */
export function selectDocumentRows(db: Db) {
  return db
    .select({
      doc: documents,
      categoryName: documentCategories.name,
      categoryNameAr: documentCategories.nameAr,
      versionAt: documentVersions.createdAt,
      versionNote: documentVersions.note,
      versionNoteAr: documentVersions.noteAr,
    })
    .from(documents)
    .leftJoin(documentCategories, eq(documents.categoryId, documentCategories.id))
    .leftJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.number, documents.version)));
}

/** A selected row (selectDocumentRows) as the serializer takes it. */
export const documentRow = (r: Awaited<ReturnType<ReturnType<typeof selectDocumentRows>["execute"]>>[number]): DocumentRow => ({
  ...r.doc,
  categoryName: r.categoryName,
  categoryNameAr: r.categoryNameAr,
  versionAt: r.versionAt,
  versionNote: r.versionNote,
  versionNoteAr: r.versionNoteAr,
});

type CategoryRow = typeof documentCategories.$inferSelect;
/** A category in `locale` (name and description), or both languages with the translation status without one. */
export function serializeCategory(c: CategoryRow, locale?: Locale) {
  const dto = { ...c, createdAt: c.createdAt.toISOString() };
  return locale ? localizeRow(dto, locale, CATEGORY_TEXT) : withTranslation(dto, CATEGORY_TEXT);
}

/**
 * Who reads which documents, one rule for every endpoint and page that serves anything of a document (lists,
 * search, downloads, the viewer's pages and texts): `where` filters every query that reads documents for this
 * viewer; `listWhere` is what their library lists (admins reach every document, but archived, revoked and expired
 * ones are not in their library, only in the dashboard).
 * - Everyone, signed in or not, reads the Public documents that are live (`publicDocument`, ./public-rules.ts).
 * - Investors (and admins whose session proved a second factor) read every live document, except a restricted one
 *   that is not shared with them (document_grants).
 */
export function documentReadAccess(viewer: Pick<PublicUser, "id" | "role" | "secondFactorProved"> | null) {
  if (viewer && isAdmin(viewer)) return { where: undefined, listWhere: liveDocument };
  if (viewer && canSeeInvestorDocuments(viewer)) {
    const shared = sql`exists (select 1 from ${documentGrants} where ${documentGrants.documentId} = ${documents.id} and ${documentGrants.userId} = ${viewer.id})`;
    const where = and(liveDocument, or(eq(documents.restricted, false), shared));
    return { where, listWhere: where };
  }
  return { where: publicDocument, listWhere: publicDocument };
}

/**
 * The current version's row. The document's own file columns are always the current version's, so a document
 * written without its version row (by an older tool, or a test) gets it here from them.
 */
export async function currentVersionRow(db: Pick<Db, "select" | "insert">, doc: Document) {
  const where = and(eq(documentVersions.documentId, doc.id), eq(documentVersions.number, doc.version));
  const [version] = await db.select().from(documentVersions).where(where);
  if (version) return version;
  await db
    .insert(documentVersions)
    .values({
      documentId: doc.id,
      number: doc.version,
      fileKey: doc.fileUrl,
      fileName: doc.fileName,
      fileType: doc.fileType,
      fileSize: doc.fileSize,
      createdById: doc.uploadedById,
      createdAt: doc.uploadedAt,
    })
    .onConflictDoNothing();
  const [made] = await db.select().from(documentVersions).where(where);
  return made;
}

/** The library's filters: a fiscal year, a category, words to find. */
export type DocumentFilters = { year?: number | null; categoryId?: number | null; q?: string };

/** How far into its fiscal year a period ends (compareDocuments in shared/document-period.ts, in SQL). */
const periodEnd = sql`case ${documents.periodKind} when 'Q1' then 3 when 'H1' then 6 when 'Q2' then 6 when 'Q3' then 9 else 12 end`;

/**
 * The library's order, as compareDocuments sorts it: the newest period first, documents without a period after the
 * dated ones, then the latest publication, then the latest added.
 */
export const libraryOrder = [sql`${documents.periodYear} desc nulls last`, sql`${periodEnd} desc`, desc(documents.publishedAt), desc(documents.id)];

/**
 * Repeats of a refused attempt (same document, same user or anonymous, same address) within this
 * window are recorded once, so a client retrying in a loop cannot fill the log.
 */
export const REFUSAL_REPEAT_WINDOW_MINUTES = 10;

/**
 * Records a refused attempt. Repeats (same document, same user or anonymous, same address) within
 * REFUSAL_REPEAT_WINDOW_MINUTES are recorded once, so a client retrying in a loop cannot fill the log.
 */
export async function recordRefusal(db: Db, documentId: number, userId: number | null, ip: string | undefined) {
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

export function createDocumentService({ db }: { db: Db }) {
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
      const rows = await selectDocumentRows(db)
        .where(
          and(
            documentReadAccess(viewer).listWhere,
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
      return rows.map((r) => serializeDocument(documentRow(r), opts.locale));
    },

    /** The newest Public documents (what anyone may read), for the public investors page. */
    async latestPublic(limit: number, opts: LocaleOption = {}) {
      const rows = await selectDocumentRows(db)
        .where(documentReadAccess(null).listWhere)
        .orderBy(desc(documents.publishedAt), desc(documents.uploadedAt), desc(documents.id))
        .limit(limit);
      return rows.map((r) => serializeDocument(documentRow(r), opts.locale));
    },

    /**
     * A visitor who is not signed in asked for a document: logged as refused when it is an
     * Investor Only one (the caller then answers 401 as for any anonymous request). Ids that
     * name no document are not logged: there is nothing to attribute the attempt to.
     */
    async recordAnonymousAttempt(id: number, meta: { ip?: string }) {
      const [doc] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, id));
      if (!doc) return;
      const [readable] = await db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, id), publicDocument));
      if (!readable) await recordRefusal(db, doc.id, null, meta.ip);
    },

    async accessCount(documentId: number) {
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(documentAccessLogs)
        .where(
          and(
            eq(documentAccessLogs.documentId, documentId),
            eq(documentAccessLogs.refused, false),
            eq(documentAccessLogs.failed, false),
            eq(documentAccessLogs.kind, "download"),
          ),
        );
      return count;
    },
  };
}
