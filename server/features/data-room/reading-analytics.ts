/**
 * Reading analytics, kept in the site's own database: per document (readers, total and median time, time per
 * page, completion) and per member (what they opened, when, for how long), and both as CSV.
 *
 * A reader is a person (one account); a view is one opening of the viewer. A page counts as read once it was on
 * screen PAGE_READ_MS in a view; a reader completed the document when one of their views read every page.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { PAGE_READ_MS } from "../../../shared/data-room";
import type { Db } from "../../db/client";
import { documentPageReads, documents, documentVersions, documentViews, users } from "../../db/schema";
import { csvRow, UTF8_BOM } from "../../lib/csv";
import { notFound } from "../../lib/errors";

const median = (values: number[]) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};

/** The most views one analytics answer lists (the CSV has them all). */
const VIEW_LIST_MAX = 500;

export function createReadingAnalytics({ db }: { db: Db }) {
  /** Views with their totals: time on screen and pages read. */
  const viewTotals = () =>
    db
      .select({
        id: documentViews.id,
        viewId: documentViews.publicId,
        kind: documentViews.kind,
        version: documentViews.version,
        documentId: documentViews.documentId,
        title: documents.title,
        userId: documentViews.userId,
        email: users.email,
        fullName: users.fullName,
        startedAt: documentViews.createdAt,
        lastSeenAt: documentViews.lastSeenAt,
        pageCount: documentViews.pageCount,
        visibleMs: sql<number>`coalesce((select sum(${documentPageReads.visibleMs}) from ${documentPageReads} where ${documentPageReads.viewId} = ${documentViews.id}), 0)::int`,
        pagesRead: sql<number>`(select count(*) from ${documentPageReads} where ${documentPageReads.viewId} = ${documentViews.id} and ${documentPageReads.visibleMs} >= ${PAGE_READ_MS})::int`,
      })
      .from(documentViews)
      .innerJoin(users, eq(users.id, documentViews.userId))
      .innerJoin(documents, eq(documents.id, documentViews.documentId));

  const viewDto = (v: Awaited<ReturnType<ReturnType<typeof viewTotals>["execute"]>>[number]) => ({
    viewId: v.viewId,
    kind: v.kind,
    version: v.version,
    startedAt: v.startedAt.toISOString(),
    lastSeenAt: v.lastSeenAt.toISOString(),
    visibleMs: Number(v.visibleMs),
    pagesRead: Number(v.pagesRead),
    pageCount: v.pageCount,
  });

  /** Each view's pages (for the CSV): view id, page, time. */
  async function pageRows(where: ReturnType<typeof eq>) {
    return db
      .select({ viewId: documentViews.publicId, page: documentPageReads.page, visibleMs: documentPageReads.visibleMs })
      .from(documentPageReads)
      .innerJoin(documentViews, eq(documentViews.id, documentPageReads.viewId))
      .where(where)
      .orderBy(documentViews.id, documentPageReads.page);
  }

  function csv(views: Awaited<ReturnType<ReturnType<typeof viewTotals>["execute"]>>, pages: { viewId: string; page: number; visibleMs: number }[]) {
    const byView = new Map<string, { page: number; visibleMs: number }[]>();
    for (const p of pages) byView.set(p.viewId, [...(byView.get(p.viewId) ?? []), p]);
    let out =
      UTF8_BOM + csvRow(["view_id", "kind", "document_id", "document", "version", "user_id", "email", "name", "started_at", "page", "seconds_on_screen"]);
    for (const v of views) {
      const common = [v.viewId, v.kind, v.documentId, v.title, v.version, v.userId, v.email, v.fullName, v.startedAt.toISOString()];
      const rows = byView.get(v.viewId) ?? [];
      if (!rows.length) out += csvRow([...common, null, 0]);
      for (const p of rows) out += csvRow([...common, p.page, Math.round(p.visibleMs / 100) / 10]);
    }
    return out;
  }

  return {
    /** A document's analytics: every view of every version, pages of the current version. */
    async document(id: number) {
      const [doc] = await db
        .select({ id: documents.id, title: documents.title, pageCount: documentVersions.pageCount })
        .from(documents)
        .leftJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.number, documents.version)))
        .where(eq(documents.id, id));
      if (!doc) throw notFound("errors.notFound.document");
      const views = await viewTotals().where(eq(documentViews.documentId, id)).orderBy(desc(documentViews.createdAt), desc(documentViews.id));
      const opened = views.filter((v) => v.kind === "view");
      const perReader = new Map<number, number>();
      const completed = new Set<number>();
      for (const v of opened) {
        perReader.set(v.userId, (perReader.get(v.userId) ?? 0) + Number(v.visibleMs));
        if (v.pageCount && Number(v.pagesRead) >= v.pageCount) completed.add(v.userId);
      }
      const pages = doc.pageCount
        ? await db
            .select({
              page: documentPageReads.page,
              totalMs: sql<number>`sum(${documentPageReads.visibleMs})::int`,
              readers: sql<number>`count(distinct ${documentViews.userId}) filter (where ${documentPageReads.visibleMs} >= ${PAGE_READ_MS})::int`,
            })
            .from(documentPageReads)
            .innerJoin(documentViews, eq(documentViews.id, documentPageReads.viewId))
            .innerJoin(documents, and(eq(documents.id, documentViews.documentId), eq(documents.version, documentViews.version)))
            .where(eq(documentViews.documentId, id))
            .groupBy(documentPageReads.page)
        : [];
      const byPage = new Map(pages.map((p) => [p.page, p]));
      return {
        documentId: doc.id,
        title: doc.title,
        pageCount: doc.pageCount,
        readers: perReader.size,
        views: opened.length,
        downloads: views.length - opened.length,
        totalMs: [...perReader.values()].reduce((a, b) => a + b, 0),
        medianMs: median([...perReader.values()]),
        completion: perReader.size ? completed.size / perReader.size : 0,
        pages: Array.from({ length: doc.pageCount ?? 0 }, (_, i) => {
          const p = byPage.get(i + 1);
          return { page: i + 1, totalMs: Number(p?.totalMs ?? 0), readers: Number(p?.readers ?? 0) };
        }),
        viewList: views.slice(0, VIEW_LIST_MAX).map((v) => ({ ...viewDto(v), userId: v.userId, email: v.email, fullName: v.fullName })),
      };
    },

    async documentCsv(id: number) {
      const [doc] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, id));
      if (!doc) throw notFound("errors.notFound.document");
      const views = await viewTotals().where(eq(documentViews.documentId, id)).orderBy(desc(documentViews.createdAt), desc(documentViews.id));
      return csv(views, await pageRows(eq(documentViews.documentId, id)));
    },

    /** What one member opened and downloaded, newest first. */
    async investor(userId: number) {
      const [user] = await db.select({ id: users.id, email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, userId));
      if (!user) throw notFound("errors.notFound.user");
      const views = await viewTotals()
        .where(eq(documentViews.userId, userId))
        .orderBy(desc(documentViews.createdAt), desc(documentViews.id))
        .limit(VIEW_LIST_MAX);
      return {
        userId: user.id,
        email: user.email,
        fullName: user.fullName,
        views: views.map((v) => ({ ...viewDto(v), documentId: v.documentId, title: v.title })),
      };
    },

    async investorCsv(userId: number) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw notFound("errors.notFound.user");
      const views = await viewTotals().where(eq(documentViews.userId, userId)).orderBy(desc(documentViews.createdAt), desc(documentViews.id));
      return csv(views, await pageRows(eq(documentViews.userId, userId)));
    },
  };
}

export type ReadingAnalytics = ReturnType<typeof createReadingAnalytics>;
