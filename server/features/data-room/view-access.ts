// What every data room entry point shares: the reader's right to the document (through `documentReadAccess`, the
// same rule as lists and search), the confidentiality notice's check, the document's file, and the view rows
// (their ids, the reader's session, the watermark they carry).
import { createHash, randomInt } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { isAdmin } from "../../../shared/rules";
import type { Db } from "../../db/client";
import { confidentialityAcceptances, confidentialityNotices, documents, documentViews, type Document } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { missingAs, type FileStore } from "../../lib/storage";
import { currentVersionRow, documentReadAccess, recordRefusal } from "../documents/documents";
import type { DocumentRenderer } from "../documents/document-renderer";
import type { PublicUser } from "../accounts/users";

/** Crockford's base 32 (no I, L, O, U): a view id reads aloud and types without confusion. */
const VIEW_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export function newViewId(): string {
  let id = "";
  for (let i = 0; i < 8; i++) id += (i === 4 ? "-" : "") + VIEW_ALPHABET[randomInt(VIEW_ALPHABET.length)];
  return id;
}

export const sha256 = (s: string) => createHash("sha256").update(s).digest("base64url");
export const isPdf = (doc: Pick<Document, "fileType" | "fileName">) => doc.fileType === "application/pdf" || /\.pdf$/i.test(doc.fileName);
/** The cache's name for a file's rendered pages: its storage key without the extension (a new file, a new key). */
export const versionKeyOf = (fileKey: string) => fileKey.replace(/\.[a-z0-9]+$/, "");

export function createViewAccess({ db, storage, renderer }: { db: Db; storage: FileStore; renderer: DocumentRenderer }) {
  /** The document if `viewer` may read it now; otherwise 404 (and a refused attempt in the access log). */
  async function readable(viewer: PublicUser, id: number, ip: string | undefined): Promise<Document> {
    const [doc] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), documentReadAccess(viewer).where));
    if (doc) return doc;
    const [exists] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, id));
    if (exists) await recordRefusal(db, id, viewer.id, ip);
    throw notFound("errors.notFound.document");
  }

  /** The notice in force (null before any is written). */
  async function currentNotice() {
    const [notice] = await db.select().from(confidentialityNotices).orderBy(desc(confidentialityNotices.id)).limit(1);
    return notice ?? null;
  }

  /** 403 CONFIDENTIALITY_REQUIRED unless the reader accepted the notice in force (admins are never asked). */
  async function assertAccepted(viewer: PublicUser, doc: Pick<Document, "requiresConfidentiality">) {
    if (!doc.requiresConfidentiality || isAdmin(viewer)) return;
    const notice = await currentNotice();
    if (!notice) return;
    const [accepted] = await db
      .select({ id: confidentialityAcceptances.id })
      .from(confidentialityAcceptances)
      .where(and(eq(confidentialityAcceptances.userId, viewer.id), eq(confidentialityAcceptances.noticeId, notice.id)));
    if (!accepted) throw new AppError("CONFIDENTIALITY_REQUIRED", "errors.dataRoom.confidentialityRequired");
  }

  const currentVersion = (doc: Document) => currentVersionRow(db, doc);

  /** A path on this machine with the document's bytes, for the PDF tools; a row whose file is gone answers 404. */
  const fileOf = (key: string) => storage.localPath("documents", key).catch(missingAs("errors.notFound.document"));

  async function insertView(values: { kind: "view" | "download"; doc: Document; user: PublicUser; sessionId: string; ip?: string; pageCount?: number }) {
    for (let attempt = 0; ; attempt++) {
      const publicId = newViewId();
      const [row] = await db
        .insert(documentViews)
        .values({
          publicId,
          kind: values.kind,
          documentId: values.doc.id,
          version: values.doc.version,
          userId: values.user.id,
          sessionHash: values.sessionId ? sha256(values.sessionId) : null,
          ipAddress: values.ip ?? null,
          pageCount: values.pageCount ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
      // 32^8 ids: a clash is rare, and a second one rarer still.
      if (attempt >= 4) throw new Error("could not pick an unused view id");
    }
  }

  /** The watermark for `user` in a view that started at `at`. */
  const watermark = (user: PublicUser, at: Date, viewId: string) => renderer.lines({ name: user.fullName ?? "", email: user.email, at, viewId });

  /**
   * The view `viewId` for the request's reader and session, with its document if still readable. Another reader's
   * view, or the same reader's from another (or a signed-out) session, is a 404 like an unknown id.
   */
  async function ownView(user: PublicUser, sessionId: string, viewId: string, ip: string | undefined) {
    const [view] = await db.select().from(documentViews).where(eq(documentViews.publicId, viewId));
    if (!view || view.kind !== "view" || view.userId !== user.id || !sessionId || view.sessionHash !== sha256(sessionId))
      throw notFound("errors.dataRoom.noView");
    const doc = await readable(user, view.documentId, ip);
    if (doc.version !== view.version) throw new AppError("GONE", "errors.dataRoom.replaced");
    await assertAccepted(user, doc);
    return { view, doc };
  }

  async function viewerAvailable() {
    if (!(await renderer.available())) throw new AppError("SERVICE_UNAVAILABLE", "errors.dataRoom.viewerUnavailable");
  }

  return { readable, currentNotice, assertAccepted, currentVersion, fileOf, insertView, watermark, ownView, viewerAvailable };
}

export type ViewAccess = ReturnType<typeof createViewAccess>;
