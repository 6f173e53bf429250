// The viewer: a view opened on a PDF, its signed page addresses (renewed before they expire), and each page's image
// (rendered and watermarked on the server, so the file itself never leaves it) and text. Every page request checks
// the reader's right to the document again.
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { PAGE_URL_TTL_SECONDS, VIEWER_PAGE_WIDTHS } from "../../../shared/data-room";
import { VIEWER_MAX_PAGES } from "../../../shared/data-room-schemas";
import type { Locale } from "../../../shared/i18n/locales";
import type { Db } from "../../db/client";
import { documentAccessLogs, documentVersions, documentViews, type Document } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import type { DocumentRenderer } from "../documents/document-renderer";
import type { PublicUser } from "../accounts/users";
import { isPdf, versionKeyOf, type ViewAccess } from "./view-access";

/**
 * The width a page image is served at: the smallest the renderer makes that is at least as wide as the page is
 * shown (so it is never blurred by enlarging), the widest for anything wider, the middle one when none is asked for.
 */
export function pageWidth(asked: number | undefined): number {
  if (asked === undefined) return VIEWER_PAGE_WIDTHS[1];
  return VIEWER_PAGE_WIDTHS.find((w) => w >= asked) ?? VIEWER_PAGE_WIDTHS[VIEWER_PAGE_WIDTHS.length - 1];
}

/** A view's last-seen time is written at most this often (a page request would otherwise write a row each time). */
const TOUCH_EVERY_MS = 60_000;

export function createDataRoomViewer({ db, renderer, secret, access }: { db: Db; renderer: DocumentRenderer; secret: string; access: ViewAccess }) {
  const { readable, assertAccepted, currentVersion, fileOf, insertView, watermark, ownView, viewerAvailable } = access;
  const signingKey = createHmac("sha256", secret).update("document-page-url").digest();
  const sign = (viewId: string, page: number, exp: number) =>
    createHmac("sha256", signingKey).update(`${viewId}.${page}.${exp}`).digest("base64url").slice(0, 32);

  /** The answer of an open view: signed page addresses valid for PAGE_URL_TTL_SECONDS. */
  function viewerSession(view: typeof documentViews.$inferSelect, doc: Document, version: typeof documentVersions.$inferSelect, locale: Locale) {
    const exp = Math.floor(Date.now() / 1000) + PAGE_URL_TTL_SECONDS;
    const aspects = version.pageAspects ?? [];
    const base = `/api/document-views/${view.publicId}/pages`;
    const ar = locale === "ar" && Boolean(doc.titleAr);
    const noteAr = locale === "ar" && Boolean(version.noteAr);
    return {
      viewId: view.publicId,
      documentId: doc.id,
      title: ar ? doc.titleAr! : doc.title,
      contentLocale: ar ? ("ar" as const) : ("en" as const),
      version: version.number,
      versionUpdatedAt: version.createdAt.toISOString(),
      versionNote: noteAr ? version.noteAr : version.note,
      pageCount: version.pageCount ?? 0,
      downloadMode: doc.downloadMode,
      pageText: doc.pageText,
      fileUrl: doc.downloadMode === "none" ? null : `/api/documents/${doc.id}/download`,
      urlsExpireAt: new Date(exp * 1000).toISOString(),
      pages: Array.from({ length: version.pageCount ?? 0 }, (_, i) => {
        const page = i + 1;
        const query = `exp=${exp}&sig=${sign(view.publicId, page, exp)}`;
        const text = doc.pageText ? `${base}/${page}/text?${query}` : null;
        return { page, image: `${base}/${page}?${query}`, text, aspect: aspects[i] ?? aspects[0] ?? 1.414 };
      }),
    };
  }

  /** A signed page address: this view and page, not yet expired. */
  function assertSigned(viewId: string, page: number, q: { exp: number; sig: string }) {
    const expected = Buffer.from(sign(viewId, page, q.exp));
    const given = Buffer.from(q.sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError("FORBIDDEN", "errors.dataRoom.badSignature");
    if (q.exp * 1000 < Date.now()) throw new AppError("FORBIDDEN", "errors.dataRoom.expiredAddress");
    if (q.exp * 1000 > Date.now() + (PAGE_URL_TTL_SECONDS + 60) * 1000) throw new AppError("FORBIDDEN", "errors.dataRoom.badSignature");
  }

  async function touch(view: typeof documentViews.$inferSelect) {
    if (Date.now() - view.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
    await db
      .update(documentViews)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(documentViews.id, view.id));
  }

  return {
    /** Opens the viewer on a PDF: checks, page count (read once per version), a view row, signed page addresses. */
    async openView(user: PublicUser, sessionId: string, id: number, meta: { ip?: string; locale: Locale }) {
      const doc = await readable(user, id, meta.ip);
      await assertAccepted(user, doc);
      const version = await currentVersion(doc);
      if (!isPdf(doc)) throw new AppError("UNPROCESSABLE", "errors.dataRoom.notPdf");
      await viewerAvailable();
      const file = await fileOf(doc.fileUrl);
      let ready = version;
      if (version.pageCount == null) {
        const info = await renderer.info(file);
        if (info.pages > VIEWER_MAX_PAGES) throw new AppError("UNPROCESSABLE", "errors.dataRoom.tooManyPages", { values: { max: VIEWER_MAX_PAGES } });
        [ready] = await db
          .update(documentVersions)
          .set({ pageCount: info.pages, pageAspects: info.aspects.map((a) => Math.round(a * 1000) / 1000) })
          .where(eq(documentVersions.id, version.id))
          .returning();
        renderer.prerender(file, versionKeyOf(doc.fileUrl), info.pages);
      }
      const view = await insertView({ kind: "view", doc, user, sessionId, ip: meta.ip, pageCount: ready.pageCount ?? 0 });
      return viewerSession(view, doc, ready, meta.locale);
    },

    /** An open view again with fresh addresses (the viewer asks before the old ones expire). */
    async view(user: PublicUser, sessionId: string, viewId: string, meta: { ip?: string; locale: Locale }) {
      const { view, doc } = await ownView(user, sessionId, viewId, meta.ip);
      await touch(view);
      return viewerSession(view, doc, await currentVersion(doc), meta.locale);
    },

    /** One page image, watermarked for the view's reader. */
    async pageImage(user: PublicUser, sessionId: string, viewId: string, page: number, q: { exp: number; sig: string; w?: number }, meta: { ip?: string }) {
      assertSigned(viewId, page, q);
      const { view, doc } = await ownView(user, sessionId, viewId, meta.ip);
      if (page > (view.pageCount ?? 0)) throw notFound("errors.dataRoom.noPage");
      await viewerAvailable();
      const image = await renderer.page(
        await fileOf(doc.fileUrl),
        versionKeyOf(doc.fileUrl),
        page,
        pageWidth(q.w),
        watermark(user, view.createdAt, view.publicId),
      );
      await touch(view);
      return image;
    },

    /** One page's text, for assistive technology (the same checks as its image). */
    async pageText(user: PublicUser, sessionId: string, viewId: string, page: number, q: { exp: number; sig: string }, meta: { ip?: string }) {
      assertSigned(viewId, page, q);
      const { view, doc } = await ownView(user, sessionId, viewId, meta.ip);
      if (page > (view.pageCount ?? 0)) throw notFound("errors.dataRoom.noPage");
      // The text has no watermark: a document's page text is given only while its setting is on, checked on every
      // read (an address given out before it was turned off stops working), and every read is in the access log.
      if (!doc.pageText) throw new AppError("PAGE_TEXT_OFF", "errors.dataRoom.pageTextOff");
      await viewerAvailable();
      const text = await renderer.text(await fileOf(doc.fileUrl), page);
      await db.insert(documentAccessLogs).values({
        documentId: doc.id,
        userId: user.id,
        ipAddress: meta.ip ?? null,
        version: view.version ?? doc.version,
        viewPublicId: view.publicId,
        kind: "page-text",
      });
      return { page, text };
    },
  };
}
