import * as React from "react";
import { READING_BATCH_MAX_MS, READING_BATCH_MAX_PAGES } from "../../../shared/data-room";
import type { ReadingReport } from "../../../shared/data-room-schemas";
import { dataRoomApi, sendReadingBeacon } from "~/lib/api/data-room";

/** How often the viewer reports while the reader reads. */
export const REPORT_EVERY_MS = 15_000;

/**
 * Counts how long each page was on screen. A page counts while it is among the pages on screen (at least half of
 * it visible, or the page the reader is on) and only while the tab itself is visible; pages on screen together share
 * the time, so a view's pages add up to no more than the time it was read (the server holds it to that too); `take` hands over what was
 * counted since the last time, in batches the API accepts, and starts again from zero.
 */
export class ReadingClock {
  private pages = new Set<number>();
  private pending = new Map<number, number>();
  private since: number;

  constructor(
    now: number,
    private tabVisible: boolean,
  ) {
    this.since = now;
  }

  /** Credits the time since the last change to the pages that were on screen meanwhile. */
  private accrue(now: number) {
    const elapsed = now - this.since;
    if (this.tabVisible && elapsed > 0) for (const page of this.pages) this.pending.set(page, (this.pending.get(page) ?? 0) + elapsed / this.pages.size);
    this.since = now;
  }

  /** The pages on screen from `now` on. */
  setPages(pages: Iterable<number>, now: number) {
    this.accrue(now);
    this.pages = new Set(pages);
  }

  /** Whether the tab is visible from `now` on (a hidden tab counts nothing). */
  setTabVisible(visible: boolean, now: number) {
    this.accrue(now);
    this.tabVisible = visible;
  }

  /**
   * What was counted up to `now`: pages in order, whole milliseconds, at most READING_BATCH_MAX_MS a page (more in
   * one report is impossible while reports go out every few seconds, and the API refuses it), at most
   * READING_BATCH_MAX_PAGES pages a batch. Empty when nothing was counted.
   */
  take(now: number): ReadingReport[] {
    this.accrue(now);
    const entries = [...this.pending]
      .map(([page, ms]) => ({ page, ms: Math.min(Math.round(ms), READING_BATCH_MAX_MS) }))
      .filter((p) => p.ms > 0)
      .sort((a, b) => a.page - b.page);
    this.pending.clear();
    const batches: ReadingReport[] = [];
    for (let i = 0; i < entries.length; i += READING_BATCH_MAX_PAGES) batches.push({ pages: entries.slice(i, i + READING_BATCH_MAX_PAGES) });
    return batches;
  }
}

type Send = (viewId: string, report: ReadingReport) => Promise<unknown>;
type Beacon = (viewId: string, report: ReadingReport) => boolean;

const sendReport: Send = (viewId, report) => dataRoomApi.reading({ params: { viewId }, body: report });
/** A closing page's last report: a beacon, or a request that outlives the page when the browser has none. */
const sendKeepalive: Send = (viewId, report) => dataRoomApi.reading({ params: { viewId }, body: report, init: { keepalive: true } });

const tabIsVisible = () => typeof document === "undefined" || document.visibilityState === "visible";

/**
 * Reports reading time for an open view: every REPORT_EVERY_MS while the reader reads, and once with
 * `navigator.sendBeacon` when the tab is hidden, the page closes (pagehide) or the viewer goes away. `pages` are
 * the pages on screen now; `viewId` null while no view is open (nothing is counted). Reports are analytics: a
 * failed one is dropped, never retried into the next.
 */
export function useReadingReports({
  viewId,
  pages,
  send = sendReport,
  beacon = sendReadingBeacon,
  everyMs = REPORT_EVERY_MS,
}: {
  viewId: string | null;
  pages: readonly number[];
  send?: Send;
  beacon?: Beacon;
  everyMs?: number;
}) {
  const clock = React.useRef<ReadingClock | null>(null);
  const pagesRef = React.useRef(pages);
  pagesRef.current = pages;
  const transport = React.useRef({ send, beacon });
  transport.current = { send, beacon };

  React.useEffect(() => {
    if (!viewId) return;
    const c = new ReadingClock(Date.now(), tabIsVisible());
    c.setPages(pagesRef.current, Date.now());
    clock.current = c;

    const flush = (closing: boolean) => {
      for (const report of c.take(Date.now())) {
        if (closing) {
          if (!transport.current.beacon(viewId, report)) void sendKeepalive(viewId, report).catch(() => {});
        } else {
          void transport.current.send(viewId, report).catch(() => {});
        }
      }
    };
    const onVisibility = () => {
      const visible = tabIsVisible();
      c.setTabVisible(visible, Date.now());
      if (!visible) flush(true);
    };
    const onPageHide = () => flush(true);
    const timer = window.setInterval(() => flush(false), everyMs);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      // The viewer closes (another page of the site, or another view): what it counted goes out now.
      flush(true);
      if (clock.current === c) clock.current = null;
    };
  }, [viewId, everyMs]);

  const key = pages.join(",");
  React.useEffect(() => {
    clock.current?.setPages(pagesRef.current, Date.now());
  }, [key]);
}
