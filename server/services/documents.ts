import { existsSync } from "node:fs";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { documentAccessLogs, documentCategories, documents, type Document } from "../db/schema";
import { notFound } from "../lib/errors";
import type { Storage } from "../lib/storage";
import type { PublicUser } from "./users";

/** Investors and admins read every document; everyone else only the Public ones. */
export const canReadAll = (user: Pick<PublicUser, "role">) => user.role === "investor" || user.role === "admin";

export function serializeDocument(row: Document & { categoryName?: string | null }) {
  const { fileUrl: _storageKey, ...rest } = row;
  return {
    ...rest,
    categoryName: row.categoryName ?? null,
    // The storage key never leaves the server; the only way to a file is the checked route.
    fileUrl: `/api/documents/${row.id}/download`,
    uploadedAt: row.uploadedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type DocumentDto = ReturnType<typeof serializeDocument>;

const MIME: Record<string, string> = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};
export const mimeForExtension = (ext: string) => MIME[ext.toLowerCase()] ?? "application/octet-stream";

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
      .select({ doc: documents, categoryName: documentCategories.name })
      .from(documents)
      .leftJoin(documentCategories, eq(documents.categoryId, documentCategories.id));

  return {
    async categories() {
      return (await db.select().from(documentCategories).orderBy(asc(documentCategories.name))).map((c) => ({
        ...c,
        createdAt: c.createdAt.toISOString(),
      }));
    },

    async listFor(user: PublicUser) {
      const query = selectWithCategory();
      const rows = canReadAll(user)
        ? await query.orderBy(desc(documents.uploadedAt), desc(documents.id))
        : await query.where(eq(documents.isPublic, true)).orderBy(desc(documents.uploadedAt), desc(documents.id));
      return rows.map((r) => serializeDocument({ ...r.doc, categoryName: r.categoryName }));
    },

    /**
     * Checks the right to read, logs the access, and returns where the file is. A document the
     * user may not read answers exactly like one that does not exist, and the attempt is logged
     * as refused.
     */
    async openForDownload(user: PublicUser, id: number, meta: { ip?: string }) {
      const [doc] = await db.select().from(documents).where(eq(documents.id, id));
      if (!doc) throw notFound("Document not found");
      if (!doc.isPublic && !canReadAll(user)) {
        await recordRefusal(doc.id, user.id, meta.ip);
        throw notFound("Document not found");
      }
      const filePath = storage.documentPath(doc.fileUrl);
      // A row whose file is gone answers 404 and is not logged as an access.
      if (!filePath || !existsSync(filePath)) throw notFound("Document not found");
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
      if (doc && !doc.isPublic) await recordRefusal(doc.id, null, meta.ip);
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
