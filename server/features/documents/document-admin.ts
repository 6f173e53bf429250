/**
 * The admin side of the investor document library: uploads (content-checked), edits with
 * optimistic concurrency, deletion with the stored file, categories, and the access log.
 */
import path from "node:path";
import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { DocumentCategoryInput, DocumentMetaInput } from "../../../shared/schemas";
import type { Db, Tx } from "../../db/client";
import { documentAccessLogs, documentCategories, documents, documentVersions, users, type Document, type DocumentCategory } from "../../db/schema";
import { DOCUMENT_MIME } from "../../../shared/mime";
import { detectDocumentType } from "../../lib/document-type";
import { AppError, isUniqueViolation, notFound } from "../../lib/errors";
import type { FileStore } from "../../lib/storage";
import { documentRow, selectDocumentRows, serializeCategory, serializeDocument } from "./documents";
import type { DocumentArabicInput, DocumentCategoryArabicInput } from "../../../shared/content-schemas";
import { assertUnchanged } from "../../lib/optimistic-concurrency";
import type { PublicUser } from "../accounts/users";
import { recordBy, type AuditBy, type AuditChange, type AuditService } from "../audit/audit";

/** Cuts a string to `max` characters without splitting a character made of two UTF-16 units. */
const firstChars = (s: string, max: number) => Array.from(s).slice(0, max).join("");

/**
 * A display name from the uploaded name, in any script: no path, no control or bidirectional
 * override characters (they can make "report\u202Efdp.exe" look like a PDF), composed to NFC (as
 * macOS sends decomposed accents), at most 120 characters, and the detected extension.
 */
export function safeFileName(original: string | undefined, ext: string, fallback: string): string {
  const base = path
    .basename((original ?? "").normalize("NFC").replace(/\\/g, "/"))
    .replace(/\.[^.]*$/, "")
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069"<>:|?*/\\]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const stem = firstChars(base, 120).trim() || firstChars(fallback.replace(/[^\p{L}\p{N} .-]+/gu, " ").trim(), 120) || "document";
  return `${stem}.${ext}`;
}

/** One document with its category's names, as the admin reads it. */
export async function withCategoryName(db: Db, id: number) {
  const [row] = await selectDocumentRows(db).where(eq(documents.id, id));
  if (!row) throw notFound("errors.notFound.document");
  return serializeDocument(documentRow(row));
}

/** A category that does not exist is a field error on `categoryId`. */
async function assertCategory(tx: Pick<Db, "select">, categoryId: number | null) {
  if (categoryId == null) return;
  const [cat] = await tx.select({ id: documentCategories.id }).from(documentCategories).where(eq(documentCategories.id, categoryId));
  if (!cat) throw new AppError("VALIDATION", "validation.document.category", { errors: { categoryId: "validation.document.category" } });
}

/** Names are unique regardless of case: 'Governance' and 'governance' would confuse every reader. */
async function assertNameFree(db: Db, name: string, exceptId?: number) {
  const sameName = sql`lower(${documentCategories.name}) = lower(${name})`;
  const [clash] = await db
    .select({ id: documentCategories.id })
    .from(documentCategories)
    .where(exceptId ? and(sameName, ne(documentCategories.id, exceptId)) : sameName);
  if (clash) throw new AppError("CONFLICT", "errors.category.taken", { errors: { name: "errors.category.taken" } });
}

/**
 * The stored period fields of an input: kind and year are written together, so an edit that sends one of them
 * (the other absent) clears the pair or sets it whole, never half of it. Neither sent: the stored period stays.
 */
function periodFields(input: Pick<DocumentMetaInput, "periodKind" | "periodYear">) {
  if (input.periodKind === undefined && input.periodYear === undefined) return {};
  return input.periodKind == null || input.periodYear == null
    ? { periodKind: null, periodYear: null }
    : { periodKind: input.periodKind, periodYear: input.periodYear };
}

/** What the audit trail records of a document: what an admin sets and sees, not the stored file's name on disk. */
const auditedDocument = (d: Document) => ({
  title: d.title,
  titleAr: d.titleAr,
  description: d.description,
  descriptionAr: d.descriptionAr,
  categoryId: d.categoryId,
  isPublic: d.isPublic,
  periodKind: d.periodKind,
  periodYear: d.periodYear,
  publishedAt: d.publishedAt,
  fileName: d.fileName,
  fileType: d.fileType,
  fileSize: d.fileSize,
});
const auditedCategory = (c: DocumentCategory) => ({ name: c.name, nameAr: c.nameAr, description: c.description, descriptionAr: c.descriptionAr });

/**
 * Every write takes `by` (the admin and where the request came from): with it, the change and its audit event are
 * one transaction. Without it (the seed, tests of the rules) nothing is recorded.
 */
/** Runs in the transaction that adds or changes a document (its alert, once it is public). */
export type DocumentHook = (tx: Tx, row: { id: number; isPublic: boolean; restricted: boolean }) => Promise<void>;

export function createDocumentAdminService({ db, storage, audit, onSaved }: { db: Db; storage: FileStore; audit?: AuditService; onSaved?: DocumentHook }) {
  const record = (by: AuditBy | undefined, change: AuditChange, tx: Tx) => recordBy(audit, by, change, tx);

  return {
    async create(user: PublicUser, input: DocumentMetaInput & Partial<DocumentArabicInput>, file: { buffer: Buffer; originalName?: string }, by?: AuditBy) {
      const detected = detectDocumentType(file.buffer);
      if (!detected.ok) throw new AppError("UNSUPPORTED_MEDIA", detected.reason);
      await assertCategory(db, input.categoryId);
      const key = storage.newKey(detected.type);
      // Written under a temporary name and renamed when complete; a full disk leaves nothing (507).
      await storage.write("documents", key, file.buffer);
      try {
        const now = new Date();
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(documents)
            .values({
              ...input,
              ...periodFields(input),
              fileName: safeFileName(file.originalName, detected.type, input.title),
              fileUrl: key,
              fileType: DOCUMENT_MIME[detected.type],
              fileSize: file.buffer.length,
              uploadedById: user.id,
              uploadedAt: now,
              updatedAt: now,
            })
            .returning();
          await tx.insert(documentVersions).values({
            documentId: row.id,
            number: 1,
            fileKey: key,
            fileName: row.fileName,
            fileType: row.fileType,
            fileSize: row.fileSize,
            createdById: user.id,
            createdAt: now,
          });
          await record(by, { action: "document.create", entity: { type: "document", id: row.id }, after: auditedDocument(row) }, tx);
          await onSaved?.(tx, row);
          return row.id;
        });
        return await withCategoryName(db, id);
      } catch (err) {
        // No row, no file: a failed insert must not leave an orphan on disk.
        await storage.remove("documents", key).catch(() => {});
        throw err;
      }
    },

    async update(id: number, input: DocumentMetaInput & Partial<DocumentArabicInput>, opts: { expectedUpdatedAt?: string } = {}, by?: AuditBy) {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(documents).where(eq(documents.id, id)).for("update");
        if (!current) throw notFound("errors.notFound.document");
        assertUnchanged(current.updatedAt, opts.expectedUpdatedAt);
        await assertCategory(tx, input.categoryId);
        const [row] = await tx
          .update(documents)
          .set({ ...input, ...periodFields(input), updatedAt: new Date() })
          .where(eq(documents.id, id))
          .returning();
        await record(by, { action: "document.update", entity: { type: "document", id }, before: auditedDocument(current), after: auditedDocument(row) }, tx);
        await onSaved?.(tx, row);
      });
      return withCategoryName(db, id);
    },

    /** Deletes the row (access logs cascade), then the file. */
    async remove(id: number, by?: AuditBy) {
      const row = await db.transaction(async (tx) => {
        const [deleted] = await tx.delete(documents).where(eq(documents.id, id)).returning();
        if (!deleted) throw notFound("errors.notFound.document");
        await record(by, { action: "document.delete", entity: { type: "document", id }, before: auditedDocument(deleted) }, tx);
        return deleted;
      });
      await storage.remove("documents", row.fileUrl);
    },

    /**
     * Every entry for one document, newest first: downloads and refused attempts (`refused: true`,
     * `userId` null for a visitor who was not signed in). `count` is the number of entries (for
     * paging); `downloads` and `refused` split it.
     */
    async accessLogs(id: number, page: { limit: number; offset: number }) {
      const [doc] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, id));
      if (!doc) throw notFound("errors.notFound.document");
      const [totals] = await db
        .select({
          total: count(),
          refused: sql<number>`count(*) filter (where ${documentAccessLogs.refused})::int`,
          failed: sql<number>`count(*) filter (where ${documentAccessLogs.failed} and not ${documentAccessLogs.refused})::int`,
          downloads: sql<number>`count(*) filter (where not ${documentAccessLogs.refused} and not ${documentAccessLogs.failed} and ${documentAccessLogs.kind} = 'download')::int`,
          pageTextReads: sql<number>`count(*) filter (where not ${documentAccessLogs.refused} and ${documentAccessLogs.kind} = 'page-text')::int`,
        })
        .from(documentAccessLogs)
        .where(eq(documentAccessLogs.documentId, id));
      const rows = await db
        .select({
          id: documentAccessLogs.id,
          userId: documentAccessLogs.userId,
          email: users.email,
          fullName: users.fullName,
          accessTime: documentAccessLogs.accessTime,
          ipAddress: documentAccessLogs.ipAddress,
          refused: documentAccessLogs.refused,
          failed: documentAccessLogs.failed,
          kind: documentAccessLogs.kind,
          version: documentAccessLogs.version,
          viewId: documentAccessLogs.viewPublicId,
        })
        .from(documentAccessLogs)
        .leftJoin(users, eq(users.id, documentAccessLogs.userId))
        .where(eq(documentAccessLogs.documentId, id))
        .orderBy(desc(documentAccessLogs.accessTime), desc(documentAccessLogs.id))
        .limit(page.limit)
        .offset(page.offset);
      const total = Number(totals.total);
      const refused = Number(totals.refused);
      return {
        documentId: id,
        count: total,
        // A stamped copy the server could not make is a failed attempt, not a download.
        downloads: Number(totals.downloads),
        refused,
        failed: Number(totals.failed),
        // A page's text read by a screen reader is recorded, and shown apart from downloads.
        pageTextReads: Number(totals.pageTextReads),
        logs: rows.map((r) => ({ ...r, accessTime: r.accessTime.toISOString() })),
      };
    },

    /** { [documentId]: downloads } for every document that has been downloaded at least once; refused and failed attempts do not count. */
    async accessCounts(): Promise<Record<string, number>> {
      const rows = await db
        .select({ documentId: documentAccessLogs.documentId, total: count() })
        .from(documentAccessLogs)
        .where(and(eq(documentAccessLogs.refused, false), eq(documentAccessLogs.failed, false), eq(documentAccessLogs.kind, "download")))
        .groupBy(documentAccessLogs.documentId);
      return Object.fromEntries(rows.map((r) => [String(r.documentId), Number(r.total)]));
    },

    async createCategory(input: DocumentCategoryInput & Partial<DocumentCategoryArabicInput>, by?: AuditBy) {
      await assertNameFree(db, input.name);
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx.insert(documentCategories).values(input).returning();
          await record(by, { action: "category.create", entity: { type: "category", id: created.id }, after: auditedCategory(created) }, tx);
          return created;
        });
        return serializeCategory(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError("CONFLICT", "errors.category.taken", { errors: { name: "errors.category.taken" } });
        throw err;
      }
    },

    async updateCategory(id: number, input: DocumentCategoryInput & Partial<DocumentCategoryArabicInput>, by?: AuditBy) {
      await assertNameFree(db, input.name, id);
      try {
        const row = await db.transaction(async (tx) => {
          const [current] = await tx.select().from(documentCategories).where(eq(documentCategories.id, id)).for("update");
          if (!current) throw notFound("errors.notFound.category");
          const [updated] = await tx.update(documentCategories).set(input).where(eq(documentCategories.id, id)).returning();
          await record(
            by,
            { action: "category.update", entity: { type: "category", id }, before: auditedCategory(current), after: auditedCategory(updated) },
            tx,
          );
          return updated;
        });
        return serializeCategory(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError("CONFLICT", "errors.category.taken", { errors: { name: "errors.category.taken" } });
        throw err;
      }
    },

    /** The documents stay; their category becomes empty (the foreign key is ON DELETE SET NULL). */
    async removeCategory(id: number, by?: AuditBy) {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(documentCategories).where(eq(documentCategories.id, id)).returning();
        if (!row) throw notFound("errors.notFound.category");
        await record(by, { action: "category.delete", entity: { type: "category", id }, before: auditedCategory(row) }, tx);
      });
    },
  };
}

export type DocumentAdminService = ReturnType<typeof createDocumentAdminService>;
