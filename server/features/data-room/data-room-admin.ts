/**
 * The data room as admins run it: a document's versions (replace, list, download, restore), its access rules
 * (restriction to named investors, expiry, download mode, the confidentiality requirement), revocation and
 * archiving, the confidentiality notice's versions and who accepted them. Every change is one transaction with its
 * audit event.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { AuditAction } from "../../../shared/audit";
import type { DocumentAccessInput, DocumentVersionNote } from "../../../shared/data-room-schemas";
import { DOCUMENT_MIME } from "../../../shared/mime";
import type { Db, Tx } from "../../db/client";
import {
  confidentialityAcceptances,
  confidentialityNotices,
  documentGrants,
  documents,
  documentVersions,
  documentViews,
  users,
  type Document,
} from "../../db/schema";
import { detectDocumentType } from "../../lib/document-type";
import { AppError, notFound } from "../../lib/errors";
import { assertUnchanged } from "../../lib/optimistic-concurrency";
import type { FileStore } from "../../lib/storage";
import { recordBy, type AuditBy, type AuditChange, type AuditService } from "../audit/audit";
import { safeFileName, withCategoryName } from "../documents/document-admin";
import { currentVersionRow, documentRow, libraryOrder, selectDocumentRows, serializeDocument } from "../documents/documents";
import type { PublicUser } from "../accounts/users";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What the audit trail records of a document's access rules. */
const auditedAccess = (d: Document) => ({
  restricted: d.restricted,
  expiresAt: iso(d.expiresAt),
  downloadMode: d.downloadMode,
  requiresConfidentiality: d.requiresConfidentiality,
  pageText: d.pageText,
  revokedAt: iso(d.revokedAt),
  archivedAt: iso(d.archivedAt),
  version: d.version,
  fileName: d.fileName,
});

export function createDataRoomAdminService({ db, storage, audit }: { db: Db; storage: FileStore; audit?: AuditService }) {
  const record = (by: AuditBy | undefined, change: AuditChange, tx: Tx) => recordBy(audit, by, change, tx);

  /** The document, locked for the transaction, with its current version's row in place. */
  async function lockDocument(tx: Tx, id: number) {
    const [doc] = await tx.select().from(documents).where(eq(documents.id, id)).for("update");
    if (!doc) throw notFound("errors.notFound.document");
    await currentVersionRow(tx, doc);
    return doc;
  }

  /** Sets some of a document's columns, with its audit event (`action`), and answers the admin's read of it. */
  async function change(id: number, action: AuditAction, set: (doc: Document) => Partial<Document> | null, by?: AuditBy) {
    await db.transaction(async (tx) => {
      const before = await lockDocument(tx, id);
      const values = set(before);
      if (!values) return;
      const [after] = await tx
        .update(documents)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(documents.id, id))
        .returning();
      await record(by, { action, entity: { type: "document", id }, before: auditedAccess(before), after: auditedAccess(after) }, tx);
    });
    return withCategoryName(db, id);
  }

  /** Adds version `number` to a locked document and makes it current. */
  async function addVersion(
    tx: Tx,
    doc: Document,
    file: { key: string; name: string; type: string | null; size: number | null },
    note: DocumentVersionNote,
    user: PublicUser,
    restoredFrom: number | null,
  ) {
    const number = doc.version + 1;
    await tx.insert(documentVersions).values({
      documentId: doc.id,
      number,
      fileKey: file.key,
      fileName: file.name,
      fileType: file.type,
      fileSize: file.size,
      note: note.note,
      noteAr: note.noteAr,
      restoredFrom,
      createdById: user.id,
    });
    const now = new Date();
    const [after] = await tx
      .update(documents)
      .set({ version: number, fileUrl: file.key, fileName: file.name, fileType: file.type, fileSize: file.size, updatedAt: now })
      .where(eq(documents.id, doc.id))
      .returning();
    return after;
  }

  return {
    /** Every document, archived, revoked and expired ones included, in both languages (the dashboard's list). */
    async all() {
      const rows = await selectDocumentRows(db).orderBy(...libraryOrder);
      return rows.map((r) => serializeDocument(documentRow(r)));
    },

    /** Every version of a document, newest first, with how many views and downloads each had. */
    async versions(id: number) {
      const [doc] = await db.select().from(documents).where(eq(documents.id, id));
      if (!doc) throw notFound("errors.notFound.document");
      await currentVersionRow(db, doc);
      const rows = await db
        .select({
          v: documentVersions,
          createdBy: users.email,
          views: sql<number>`(select count(*)::int from ${documentViews} where ${documentViews.documentId} = ${documentVersions.documentId} and ${documentViews.version} = ${documentVersions.number})`,
        })
        .from(documentVersions)
        .leftJoin(users, eq(users.id, documentVersions.createdById))
        .where(eq(documentVersions.documentId, id))
        .orderBy(desc(documentVersions.number));
      return rows.map(({ v, createdBy, views }) => ({
        number: v.number,
        current: v.number === doc.version,
        fileName: v.fileName,
        fileType: v.fileType,
        fileSize: v.fileSize,
        note: v.note,
        noteAr: v.noteAr,
        restoredFrom: v.restoredFrom,
        createdBy: createdBy ?? null,
        createdAt: v.createdAt.toISOString(),
        views: Number(views),
      }));
    },

    /**
     * Replaces the file: the new one is checked and stored first, then becomes the next version. The earlier files
     * stay (the versions name them). A document whose new file is not a PDF falls back to original downloads.
     */
    async replaceFile(user: PublicUser, id: number, file: { buffer: Buffer; originalName?: string }, note: DocumentVersionNote, by?: AuditBy) {
      const detected = detectDocumentType(file.buffer);
      if (!detected.ok) throw new AppError("UNSUPPORTED_MEDIA", detected.reason);
      const key = storage.newKey(detected.type);
      await storage.write("documents", key, file.buffer);
      try {
        await db.transaction(async (tx) => {
          const before = await lockDocument(tx, id);
          const stored = {
            key,
            name: safeFileName(file.originalName, detected.type, before.title),
            type: DOCUMENT_MIME[detected.type],
            size: file.buffer.length,
          };
          let after = await addVersion(tx, before, stored, note, user, null);
          if (detected.type !== "pdf" && after.downloadMode !== "original") {
            [after] = await tx.update(documents).set({ downloadMode: "original" }).where(eq(documents.id, id)).returning();
          }
          await record(by, { action: "document.version", entity: { type: "document", id }, before: auditedAccess(before), after: auditedAccess(after) }, tx);
        });
      } catch (err) {
        await storage.remove("documents", key).catch(() => {});
        throw err;
      }
      return withCategoryName(db, id);
    },

    /** One version's stored file. */
    async versionFile(id: number, number: number) {
      const [v] = await db
        .select()
        .from(documentVersions)
        .where(and(eq(documentVersions.documentId, id), eq(documentVersions.number, number)));
      if (!v) throw notFound("errors.dataRoom.noVersion");
      return { key: v.fileKey, fileName: v.fileName, contentType: v.fileType ?? "application/octet-stream" };
    },

    /** Makes version `number` current again as a new version pointing at its file (history only grows). */
    async restoreVersion(user: PublicUser, id: number, number: number, note: DocumentVersionNote, by?: AuditBy) {
      await db.transaction(async (tx) => {
        const before = await lockDocument(tx, id);
        if (number === before.version) throw new AppError("CONFLICT", "errors.dataRoom.currentVersion");
        const [v] = await tx
          .select()
          .from(documentVersions)
          .where(and(eq(documentVersions.documentId, id), eq(documentVersions.number, number)));
        if (!v) throw notFound("errors.dataRoom.noVersion");
        let after = await addVersion(tx, before, { key: v.fileKey, name: v.fileName, type: v.fileType, size: v.fileSize }, note, user, number);
        if (v.fileType !== "application/pdf" && after.downloadMode !== "original") {
          [after] = await tx.update(documents).set({ downloadMode: "original" }).where(eq(documents.id, id)).returning();
        }
        await record(
          by,
          { action: "document.restoreVersion", entity: { type: "document", id }, before: auditedAccess(before), after: auditedAccess(after) },
          tx,
        );
      });
      return withCategoryName(db, id);
    },

    /** Sets the access rules, checked against the document: restriction needs Investor Only, stamping a PDF, the gate a notice. */
    async setAccess(id: number, input: DocumentAccessInput, by?: AuditBy) {
      const { updatedAt, ...rules } = input;
      const [notice] = rules.requiresConfidentiality ? await db.select({ id: confidentialityNotices.id }).from(confidentialityNotices).limit(1) : [true];
      return change(
        id,
        "document.access",
        (doc) => {
          assertUnchanged(doc.updatedAt, updatedAt);
          if (rules.restricted && doc.isPublic)
            throw new AppError("VALIDATION", "errors.dataRoom.restrictPublic", { errors: { restricted: "errors.dataRoom.restrictPublic" } });
          if (rules.downloadMode !== "original" && doc.fileType !== "application/pdf")
            throw new AppError("VALIDATION", "errors.dataRoom.pdfOnly", { errors: { downloadMode: "errors.dataRoom.pdfOnly" } });
          if (!notice)
            throw new AppError("VALIDATION", "errors.dataRoom.noticeMissing", { errors: { requiresConfidentiality: "errors.dataRoom.noticeMissing" } });
          const expiresAt = rules.expiresAt ? new Date(rules.expiresAt) : null;
          // A new expiry is applied by the scheduler when it passes (it drops the cached pages that list the document).
          return { ...rules, expiresAt, expiryAppliedAt: null };
        },
        by,
      );
    },

    revoke: (id: number, by?: AuditBy) => change(id, "document.revoke", (d) => (d.revokedAt ? null : { revokedAt: new Date() }), by),
    reinstate: (id: number, by?: AuditBy) => change(id, "document.reinstate", (d) => (d.revokedAt ? { revokedAt: null } : null), by),
    archive: (id: number, by?: AuditBy) => change(id, "document.archive", (d) => (d.archivedAt ? null : { archivedAt: new Date() }), by),
    unarchive: (id: number, by?: AuditBy) => change(id, "document.unarchive", (d) => (d.archivedAt ? { archivedAt: null } : null), by),

    /** The investors a document is shared with. */
    async grants(id: number) {
      const [doc] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, id));
      if (!doc) throw notFound("errors.notFound.document");
      const rows = await db
        .select({ userId: users.id, email: users.email, fullName: users.fullName, role: users.role, grantedAt: documentGrants.createdAt })
        .from(documentGrants)
        .innerJoin(users, eq(users.id, documentGrants.userId))
        .where(eq(documentGrants.documentId, id))
        .orderBy(users.email);
      return rows.map((r) => ({ ...r, grantedAt: r.grantedAt.toISOString() }));
    },

    /** Shares the document with exactly `userIds` (investor accounts only); anyone left out loses access at once. */
    async setGrants(user: PublicUser, id: number, userIds: number[], by?: AuditBy) {
      const named = userIds.length ? await db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(inArray(users.id, userIds)) : [];
      const unknown = userIds.filter((uid) => !named.some((n) => n.id === uid));
      if (unknown.length)
        throw new AppError("VALIDATION", "errors.dataRoom.grantUnknown", {
          values: { ids: unknown.join(", ") },
          errors: { userIds: "errors.dataRoom.grantUnknown" },
        });
      const notInvestors = named.filter((n) => n.role !== "investor");
      if (notInvestors.length)
        throw new AppError("VALIDATION", "errors.dataRoom.grantNotInvestor", {
          values: { emails: notInvestors.map((n) => n.email).join(", ") },
          errors: { userIds: "errors.dataRoom.grantNotInvestor" },
        });
      await db.transaction(async (tx) => {
        await lockDocument(tx, id);
        const current = await tx.select({ userId: documentGrants.userId }).from(documentGrants).where(eq(documentGrants.documentId, id));
        const before = current.map((g) => g.userId).sort((a, b) => a - b);
        const after = [...userIds].sort((a, b) => a - b);
        await tx.delete(documentGrants).where(eq(documentGrants.documentId, id));
        if (userIds.length) await tx.insert(documentGrants).values(userIds.map((userId) => ({ documentId: id, userId, createdById: user.id })));
        // Touch the document so every instance's cached pages that list it are dropped.
        await tx.update(documents).set({ updatedAt: new Date() }).where(eq(documents.id, id));
        if (before.join() !== after.join())
          await record(
            by,
            { action: "document.grants", entity: { type: "document", id }, before: { investors: before.join(", ") }, after: { investors: after.join(", ") } },
            tx,
          );
      });
      return this.grants(id);
    },

    /** Every version of the confidentiality notice, newest first, with its acceptances. */
    async notices() {
      const rows = await db
        .select({
          n: confidentialityNotices,
          createdBy: users.email,
          acceptances: sql<number>`(select count(*)::int from ${confidentialityAcceptances} where ${confidentialityAcceptances.noticeId} = ${confidentialityNotices.id})`,
        })
        .from(confidentialityNotices)
        .leftJoin(users, eq(users.id, confidentialityNotices.createdById))
        .orderBy(desc(confidentialityNotices.id));
      return rows.map(({ n, createdBy, acceptances }) => ({
        version: n.id,
        text: n.text,
        textAr: n.textAr,
        createdAt: n.createdAt.toISOString(),
        createdBy: createdBy ?? null,
        acceptances: Number(acceptances),
      }));
    },

    /** Puts a new version in force: every reader of a document that requires it is asked again. */
    async publishNotice(user: PublicUser, input: { text: string; textAr: string }, by?: AuditBy) {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(confidentialityNotices)
          .values({ ...input, createdById: user.id })
          .returning();
        await record(
          by,
          { action: "confidentiality.publish", entity: { type: "confidentiality", id: created.id }, after: { text: input.text, textAr: input.textAr } },
          tx,
        );
        return created;
      });
      return { version: row.id, text: row.text, textAr: row.textAr, createdAt: row.createdAt.toISOString(), createdBy: user.email, acceptances: 0 };
    },

    /** Who accepted which version (one version, or all), newest first. */
    async acceptances(version?: number) {
      const rows = await db
        .select({
          userId: users.id,
          email: users.email,
          fullName: users.fullName,
          version: confidentialityAcceptances.noticeId,
          acceptedAt: confidentialityAcceptances.acceptedAt,
          ipAddress: confidentialityAcceptances.ipAddress,
        })
        .from(confidentialityAcceptances)
        .innerJoin(users, eq(users.id, confidentialityAcceptances.userId))
        .where(version ? eq(confidentialityAcceptances.noticeId, version) : undefined)
        .orderBy(desc(confidentialityAcceptances.acceptedAt), desc(confidentialityAcceptances.id))
        .limit(1000);
      return rows.map((r) => ({ ...r, acceptedAt: r.acceptedAt.toISOString() }));
    },

    /**
     * The scheduler's step for documents: marks the ones whose expiry has passed since the last step. The write
     * makes every instance drop the cached pages that listed them (the database announces the change); the
     * documents themselves stopped being served at their expiry instant, whatever the scheduler does.
     */
    async publishDue() {
      const expired = await db
        .update(documents)
        .set({ expiryAppliedAt: sql`now()` })
        .where(and(isNotNull(documents.expiresAt), lte(documents.expiresAt, sql`now()`), isNull(documents.expiryAppliedAt)))
        .returning({ id: documents.id });
      return { published: [] as { id: number; lagMs: number }[], unpublished: expired.map((d) => d.id) };
    },

    /** How many documents require the notice (the settings page says so next to the text). */
    async gatedDocuments() {
      const [{ n }] = await db.select({ n: count() }).from(documents).where(eq(documents.requiresConfidentiality, true));
      return Number(n);
    },
  };
}

export type DataRoomAdminService = ReturnType<typeof createDataRoomAdminService>;
