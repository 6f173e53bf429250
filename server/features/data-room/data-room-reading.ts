// The viewer's reports of reading time: visible time per page of a view, bounded so that a view's recorded time
// never exceeds the time it has been open.
import { eq, sql } from "drizzle-orm";
import type { ReadingReport } from "../../../shared/data-room-schemas";
import type { Db } from "../../db/client";
import { documentPageReads, documentViews } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { PublicUser } from "../accounts/users";
import { sha256, type ViewAccess } from "./view-access";

/** A reading report may claim this much more than the time since the view's last report (reports that were late). */
const READING_SLACK = 3;

export function createReadingReports({ db, access }: { db: Db; access: ViewAccess }) {
  const { readable } = access;
  return {
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
  };
}
