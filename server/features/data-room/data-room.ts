/**
 * The data room as a reader meets it: downloads (original, stamped with the reader's watermark, or none), the
 * viewer (page images rendered and watermarked on the server, so the file itself never leaves it), the
 * confidentiality notice a document may require, and the viewer's reports of reading time.
 *
 * Every entry point reads the document through `documentReadAccess` (documents.ts), the same rule as lists and
 * search, so expiry, revocation, archiving and restriction are checked on each request, page images included.
 */
import { createHash, createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { mimeForExtension } from "../../../shared/mime";
import { PAGE_URL_TTL_SECONDS, VIEWER_PAGE_WIDTHS } from "../../../shared/data-room";
import { VIEWER_MAX_PAGES, type ReadingReport } from "../../../shared/data-room-schemas";
import type { Locale } from "../../../shared/i18n/locales";
import { isAdmin } from "../../../shared/rules";
import type { Db } from "../../db/client";
import {
  confidentialityAcceptances,
  confidentialityNotices,
  documentAccessLogs,
  documentPageReads,
  documentVersions,
  documents,
  documentViews,
  type Document,
} from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { missingAs, type FileStore } from "../../lib/storage";
import { RATE_RULES } from "../../../shared/rate-limits";
import { RateLimitedError, type RateLimitService } from "../rate-limits/rate-limit";
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

/**
 * The width a page image is served at: the smallest the renderer makes that is at least as wide as the page is
 * shown (so it is never blurred by enlarging), the widest for anything wider, the middle one when none is asked for.
 */
export function pageWidth(asked: number | undefined): number {
  if (asked === undefined) return VIEWER_PAGE_WIDTHS[1];
  return VIEWER_PAGE_WIDTHS.find((w) => w >= asked) ?? VIEWER_PAGE_WIDTHS[VIEWER_PAGE_WIDTHS.length - 1];
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("base64url");
const isPdf = (doc: Pick<Document, "fileType" | "fileName">) => doc.fileType === "application/pdf" || /\.pdf$/i.test(doc.fileName);
/** The cache's name for a file's rendered pages: its storage key without the extension (a new file, a new key). */
const versionKeyOf = (fileKey: string) => fileKey.replace(/\.[a-z0-9]+$/, "");

/** A view's last-seen time is written at most this often (a page request would otherwise write a row each time). */
const TOUCH_EVERY_MS = 60_000;
/** A reading report may claim this much more than the time since the view's last report (reports that were late). */
const READING_SLACK = 3;

/** A stamped copy still being made after the request's wait: the reader's next request for it picks it up. */
type PreparedCopy = { viewId: string; result: Promise<Uint8Array>; expires?: NodeJS.Timeout };
/** A prepared copy nobody picked up is dropped after this long. */
const PREPARED_KEEP_MS = 10 * 60_000;
/** A reader told a copy is being prepared asks again after this many seconds. */
export const PREPARING_RETRY_SECONDS = 3;

export function createDataRoomService({
  db,
  storage,
  renderer,
  secret,
  limits,
  stampWaitMs = 10_000,
}: {
  db: Db;
  storage: FileStore;
  renderer: DocumentRenderer;
  secret: string;
  /** Counts stamped downloads per reader (at once, and per hour); none in tests that do not need it. */
  limits?: RateLimitService;
  /** How long a download request waits for its stamped copy before answering that it is being prepared. */
  stampWaitMs?: number;
}) {
  /** Copies still being made (or made and not yet collected), by reader, document version and session. */
  const prepared = new Map<string, PreparedCopy>();
  const signingKey = createHmac("sha256", secret).update("document-page-url").digest();
  const sign = (viewId: string, page: number, exp: number) =>
    createHmac("sha256", signingKey).update(`${viewId}.${page}.${exp}`).digest("base64url").slice(0, 32);

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

  /** 404 unless the document's file is stored (checked before a download is logged). */
  async function assertStored(key: string) {
    if (!(await storage.stat("documents", key))) throw notFound("errors.notFound.document");
  }

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

  /**
   * The budget of stamped downloads, taken before a copy is queued: at most RATE_RULES.stampedAtOnce being made at
   * once per reader (given back when the copy is done), and RATE_RULES.stampedHourly an hour. Answers the release.
   */
  async function takeStampBudget(user: PublicUser): Promise<() => Promise<void>> {
    if (!limits) return async () => {};
    const subject = String(user.id);
    const atOnce = await limits.hit(RATE_RULES.stampedAtOnce, subject);
    if (!atOnce.allowed) {
      await limits.refund(RATE_RULES.stampedAtOnce, subject);
      throw new RateLimitedError(RATE_RULES.stampedAtOnce.message, PREPARING_RETRY_SECONDS * 5);
    }
    try {
      await limits.consume(RATE_RULES.stampedHourly, subject);
    } catch (err) {
      await limits.refund(RATE_RULES.stampedAtOnce, subject);
      throw err;
    }
    return () => limits.refund(RATE_RULES.stampedAtOnce, subject);
  }

  /** The access log's entry for a download: a copy the reader got, or (`failed`) one the server could not make. */
  const logDownload = (doc: Document, user: PublicUser, ip: string | undefined, viewId: string, failed = false) =>
    db.insert(documentAccessLogs).values({ documentId: doc.id, userId: user.id, ipAddress: ip ?? null, version: doc.version, viewPublicId: viewId, failed });

  /**
   * Makes a stamped copy for a new download view and records the outcome once it is known: a copy made is a
   * download; a copy that could not be made is a failed attempt (its view is removed: no copy carries its id); a copy
   * whose reader left before its turn is neither.
   */
  async function startStamp(doc: Document, file: string, user: PublicUser, sessionId: string, ip: string | undefined, signal: AbortSignal) {
    const release = await takeStampBudget(user);
    let view;
    try {
      view = await insertView({ kind: "download", doc, user, sessionId, ip });
    } catch (err) {
      await release();
      throw err;
    }
    const viewRow = view;
    const result = renderer
      .stamped(file, watermark(user, viewRow.createdAt, viewRow.publicId), { signal })
      .then(
        async (bytes) => {
          await logDownload(doc, user, ip, viewRow.publicId);
          return bytes;
        },
        async (err: unknown) => {
          const cancelled = err instanceof Error && err.name === "TaskCancelledError";
          await db.delete(documentViews).where(eq(documentViews.id, viewRow.id));
          if (!cancelled) await logDownload(doc, user, ip, viewRow.publicId, true);
          throw err;
        },
      )
      .finally(release);
    return { viewId: viewRow.publicId, result };
  }

  async function viewerAvailable() {
    if (!(await renderer.available())) throw new AppError("SERVICE_UNAVAILABLE", "errors.dataRoom.viewerUnavailable");
  }

  return {
    readable,
    currentNotice,

    /**
     * A download: the reader's right, the notice, and the document's download mode, then a view row of kind
     * `download` (its id is printed on a stamped copy) and an entry in the access log with the version.
     */
    async download(user: PublicUser, sessionId: string, id: number, meta: { ip?: string; signal?: AbortSignal }) {
      const doc = await readable(user, id, meta.ip);
      await assertAccepted(user, doc);
      if (doc.downloadMode === "none" && !isAdmin(user)) throw new AppError("FORBIDDEN", "errors.dataRoom.viewOnly");
      const stamp = doc.downloadMode !== "original" && isPdf(doc);
      const ext = doc.fileName.split(".").pop() ?? "";
      const contentType = doc.fileType ?? mimeForExtension(ext);
      if (!stamp) {
        await assertStored(doc.fileUrl);
        const view = await insertView({ kind: "download", doc, user, sessionId, ip: meta.ip });
        await logDownload(doc, user, meta.ip, view.publicId);
        return { kind: "stored" as const, key: doc.fileUrl, fileName: doc.fileName, contentType, viewId: view.publicId };
      }
      const file = await fileOf(doc.fileUrl);
      await viewerAvailable();

      // A copy asked for earlier (the answer then was 'being prepared') is collected, not made again.
      const key = `${user.id}:${doc.id}:${doc.version}:${sha256(sessionId)}`;
      let copy = prepared.get(key);
      // Cancels the copy while it waits for a thread, if the reader leaves before this request is answered.
      const gone = new AbortController();
      const onGone = () => gone.abort();
      if (!copy) {
        meta.signal?.addEventListener("abort", onGone, { once: true });
        if (meta.signal?.aborted) gone.abort();
        copy = await startStamp(doc, file, user, sessionId, meta.ip, gone.signal);
      }
      const current = copy;
      let waited: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        current.result.then(
          (bytes) => ({ bytes }),
          (error: unknown) => ({ error }),
        ),
        new Promise<"waiting">((resolve) => (waited = setTimeout(() => resolve("waiting"), stampWaitMs))),
      ]).finally(() => {
        clearTimeout(waited);
        meta.signal?.removeEventListener("abort", onGone);
      });
      if (outcome === "waiting") {
        // Kept for the reader's next request; the copy goes on being made whether or not this request stays.
        if (!prepared.has(key)) {
          prepared.set(key, current);
          current.expires = setTimeout(() => prepared.get(key) === current && prepared.delete(key), PREPARED_KEEP_MS + stampWaitMs);
          current.expires.unref();
        }
        return { kind: "preparing" as const, retryAfterSeconds: PREPARING_RETRY_SECONDS, viewId: current.viewId };
      }
      if (prepared.get(key) === current) {
        prepared.delete(key);
        clearTimeout(current.expires);
      }
      if ("error" in outcome) throw outcome.error;
      return { kind: "bytes" as const, bytes: outcome.bytes, fileName: doc.fileName, contentType: "application/pdf", viewId: current.viewId };
    },

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

    /**
     * Adds a batch of visible time to a view's pages. Bounded, on the database's clock: pages of the view only; the
     * batch may not claim more than READING_SLACK times the time since the view's previous report (excess is cut
     * proportionally, never stored); and a view's recorded time, all pages together, never exceeds the time since it
     * was opened. The view's row is locked first, so concurrent reports take turns and each sees what the one before
     * stored. Reports keep counting after a revocation is not possible: the view must still be readable.
     */
    async recordReading(user: PublicUser, sessionId: string, viewId: string, report: ReadingReport, meta: { ip?: string }) {
      const [view] = await db.select().from(documentViews).where(eq(documentViews.publicId, viewId));
      if (!view || view.kind !== "view" || view.userId !== user.id || !sessionId || view.sessionHash !== sha256(sessionId))
        throw notFound("errors.dataRoom.noView");
      await readable(user, view.documentId, meta.ip);
      const pages = report.pages.filter((p) => p.page <= (view.pageCount ?? 0) && p.ms > 0);
      const claimed = pages.reduce((sum, p) => sum + p.ms, 0);
      if (!claimed) return;
      /** What the view may still be credited with: the time it has been open, less what is recorded already. */
      const unclaimed = sql`greatest(0, floor(extract(epoch from now() - (select v.created_at from document_views v where v.id = ${view.id})) * 1000)
        - (select coalesce(sum(r.visible_ms), 0) from document_page_reads r where r.view_id = ${view.id}))`;
      await db.transaction(async (tx) => {
        const [lock] = await tx
          .select({
            unclaimed: sql<number>`${unclaimed}::float8`,
            sinceLast: sql<number>`greatest(0, extract(epoch from now() - ${documentViews.lastSeenAt}) * 1000)::float8`,
          })
          .from(documentViews)
          .where(eq(documentViews.id, view.id))
          .for("update");
        const allowed = Math.min(Number(lock.unclaimed), (Number(lock.sinceLast) + 15_000) * READING_SLACK);
        const scale = claimed > allowed ? allowed / claimed : 1;
        const byPage = new Map<number, number>();
        for (const p of pages) byPage.set(p.page, (byPage.get(p.page) ?? 0) + Math.floor(p.ms * scale));
        for (const [page, ms] of byPage) {
          if (ms <= 0) continue;
          // The cap is part of the write itself: whatever was computed above, the sum cannot pass the open time.
          await tx
            .insert(documentPageReads)
            .values({ viewId: view.id, page, visibleMs: sql`least(${ms}, ${unclaimed})::int` })
            .onConflictDoUpdate({
              target: [documentPageReads.viewId, documentPageReads.page],
              set: { visibleMs: sql`${documentPageReads.visibleMs} + least(${ms}, ${unclaimed})::int`, lastSeenAt: sql`now()` },
            });
        }
        await tx
          .update(documentViews)
          .set({ lastSeenAt: sql`now()` })
          .where(eq(documentViews.id, view.id));
      });
    },

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

export type DataRoomService = ReturnType<typeof createDataRoomService>;
