import * as React from "react";
import { useFormat, useT } from "~/i18n/provider";
import type { ViewerSession } from "../../../shared/api/data-room";
import { useConfidentialityGate } from "./confidentiality-dialog";
import { useDocumentDownload } from "./use-document-download";
import { useReadingReports } from "./use-reading-reports";
import { useViewSession } from "./use-view-session";
import { imageWidthFor, MAX_ZOOM, MIN_ZOOM, pageAtLine, pageWidthFor, stepZoom, zoomScale, type Zoom } from "./viewer-layout";
import { ObserverHub, PageView } from "./viewer-page";
import { BackToLibrary, ViewerLoading, ViewerProblemPanel } from "./viewer-states";
import { ToolbarFrame, ViewerToolbar } from "./viewer-toolbar";

/** Space above a page the viewer moves to, under the bar (CSS pixels). */
const PAGE_GAP = 16;
/** The reading line, as a share of the visible height from its top: the page crossing it is the current page. */
const READING_LINE = 0.3;
/** The current page is announced once the reader stops on it for this long. */
const ANNOUNCE_AFTER_MS = 600;

/** Keys that move by page or zoom while focus is in the viewer; never inside a text field. */
function viewerKey(e: KeyboardEvent): "next" | "previous" | "first" | "last" | "zoomIn" | "zoomOut" | null {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  switch (e.key) {
    case "PageDown":
    case "ArrowDown":
    case "j":
    case "J":
      return "next";
    case "PageUp":
    case "ArrowUp":
    case "k":
    case "K":
      return "previous";
    case "Home":
      return "first";
    case "End":
      return "last";
    case "+":
    case "=":
      return "zoomIn";
    case "-":
    case "_":
      return "zoomOut";
    default:
      return null;
  }
}

const isTextField = (el: EventTarget | null) =>
  el instanceof HTMLElement && el.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])") !== null;

/**
 * The document viewer: opens a view of the document (behind the confidentiality gate when the document requires
 * it), then shows its bar and its pages, or why it cannot. The viewer fills the window under the site's header;
 * the pages scroll inside it, so both scroll bars stay at hand when the reader zooms in.
 */
export function DocumentViewer({ documentId }: { documentId: number }) {
  const t = useT();
  const gate = useConfidentialityGate();
  const { state, reopen, refresh } = useViewSession(documentId, gate.ensure);
  return (
    <div className="flex h-screen flex-col bg-slate-200/70 pt-16 supports-[height:100dvh]:h-dvh md:pt-[116px]" data-testid="document-viewer">
      {state.status === "ready" ? (
        <ViewerBody key={state.session.viewId} documentId={documentId} session={state.session} refresh={refresh} />
      ) : (
        <>
          <ToolbarFrame>
            <BackToLibrary className="order-1" />
            <h1 className="order-2 min-w-0 flex-1 truncate text-base font-semibold text-navy-950 sm:text-lg">{t("portal.viewer.heading")}</h1>
          </ToolbarFrame>
          {state.status === "opening" ? <ViewerLoading /> : <ViewerProblemPanel problem={state.problem} onReopen={() => void reopen()} />}
        </>
      )}
      {gate.dialog}
    </div>
  );
}

/** The padding beside the pages: the column's width is the scroller's less this on each side. */
const sidePadding = (width: number) => (width < 640 ? 12 : 24);

function ViewerBody({ documentId, session, refresh }: { documentId: number; session: ViewerSession; refresh: () => Promise<boolean> }) {
  const t = useT();
  const f = useFormat();
  const keysId = React.useId();
  const root = React.useRef<HTMLDivElement>(null);
  const scroller = React.useRef<HTMLDivElement>(null);
  const pageEls = React.useRef<(HTMLDivElement | null)[]>([]);
  const pageCount = session.pages.length;

  // The column's width, followed as the window or the phone turns.
  const [available, setAvailable] = React.useState(0);
  React.useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setAvailable(Math.max(0, el.clientWidth - 2 * sidePadding(el.clientWidth)));
    measure();
    if (typeof ResizeObserver === "undefined") {
      window.addEventListener("resize", measure);
      return () => window.removeEventListener("resize", measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const [zoom, setZoom] = React.useState<Zoom>(1);
  const column = available || 800;
  const pageWidth = pageWidthFor(zoom, column);
  const scale = zoomScale(zoom, column);
  const [dpr, setDpr] = React.useState(1);
  React.useEffect(() => setDpr(window.devicePixelRatio || 1), []);
  const imageWidth = imageWidthFor(pageWidth, dpr);

  // The observers of the scroller: pages near it load, pages at least half in it count as read.
  const [hubs, setHubs] = React.useState<{ near: ObserverHub; visible: ObserverHub } | null>(null);
  React.useEffect(() => {
    const el = scroller.current;
    const near = new ObserverHub(el, { rootMargin: "100% 0px" });
    const visible = new ObserverHub(el, { threshold: [0, 0.5, 1] });
    setHubs({ near, visible });
    return () => {
      near.disconnect();
      visible.disconnect();
    };
  }, []);

  const visibleSet = React.useRef(new Set<number>());
  const [visiblePages, setVisiblePages] = React.useState<number[]>([]);
  const onVisible = React.useCallback((page: number, visible: boolean) => {
    const set = visibleSet.current;
    if (visible === set.has(page)) return;
    if (visible) set.add(page);
    else set.delete(page);
    setVisiblePages([...set].sort((a, b) => a - b));
  }, []);
  const elementRef = React.useCallback((page: number, el: HTMLDivElement | null) => {
    pageEls.current[page - 1] = el;
  }, []);

  // The current page: the one under the reading line, or the one the reader just went to while it is in sight.
  const [current, setCurrent] = React.useState(1);
  const currentRef = React.useRef(1);
  currentRef.current = current;
  const pinned = React.useRef<number | null>(null);
  const updateCurrent = React.useCallback(() => {
    const el = scroller.current;
    if (!el || el.clientHeight === 0) return;
    const box = el.getBoundingClientRect();
    let page = pageAtLine(pageCount, (i) => pageEls.current[i]?.getBoundingClientRect().bottom ?? 0, box.top + el.clientHeight * READING_LINE);
    const pin = pinned.current;
    if (pin !== null) {
      const r = pageEls.current[pin - 1]?.getBoundingClientRect();
      if (r && r.top < box.bottom && r.bottom > box.top) page = pin;
      else pinned.current = null;
    }
    setCurrent(page);
  }, [pageCount]);

  React.useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        updateCurrent();
      });
    };
    // The reader scrolls on their own: the page they went to no longer holds the counter.
    const release = () => {
      pinned.current = null;
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    el.addEventListener("wheel", release, { passive: true });
    el.addEventListener("touchstart", release, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener("scroll", onScroll);
      el.removeEventListener("wheel", release);
      el.removeEventListener("touchstart", release);
    };
  }, [updateCurrent]);

  const goTo = React.useCallback(
    (target: number) => {
      const page = Math.min(Math.max(Math.round(target), 1), pageCount);
      const el = scroller.current;
      const pageEl = pageEls.current[page - 1];
      pinned.current = page;
      setCurrent(page);
      if (!el || !pageEl) return;
      const top = el.scrollTop + pageEl.getBoundingClientRect().top - el.getBoundingClientRect().top - PAGE_GAP;
      el.scrollTo({ top: Math.max(0, top) });
    },
    [pageCount],
  );

  // A new zoom (or a new column width) keeps the reader on their page; at the top of the document there is nothing
  // to keep (and the first measurement of the column must not scroll past the line above the first page).
  const laidOut = React.useRef(pageWidth);
  React.useLayoutEffect(() => {
    if (laidOut.current === pageWidth) return;
    laidOut.current = pageWidth;
    if ((scroller.current?.scrollTop ?? 0) > 0) goTo(currentRef.current);
  }, [pageWidth, goTo]);

  const zoomIn = React.useCallback(() => setZoom((z) => stepZoom(z, column, 1)), [column]);
  const zoomOut = React.useCallback(() => setZoom((z) => stepZoom(z, column, -1)), [column]);

  // The keyboard, while focus is in the viewer (or nowhere in particular) and no dialog holds it.
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = viewerKey(e);
      if (!action || isTextField(e.target)) return;
      const active = document.activeElement;
      if (active && active !== document.body && !root.current?.contains(active)) return;
      e.preventDefault();
      if (action === "next") goTo(currentRef.current + 1);
      else if (action === "previous") goTo(currentRef.current - 1);
      else if (action === "first") goTo(1);
      else if (action === "last") goTo(pageCount);
      else if (action === "zoomIn") zoomIn();
      else zoomOut();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [goTo, zoomIn, zoomOut, pageCount]);

  // The page is announced once the reader settles on it.
  const [announced, setAnnounced] = React.useState("");
  const currentLabel = t("portal.viewer.pageOf", { page: f.count(current), count: f.count(pageCount) });
  React.useEffect(() => {
    const timer = window.setTimeout(() => setAnnounced(currentLabel), ANNOUNCE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [currentLabel]);

  // Reading time: the pages at least half on screen, and the page the reader is on.
  const readingPages = React.useMemo(() => [...new Set([...visiblePages, current])].sort((a, b) => a - b), [visiblePages, current]);
  useReadingReports({ viewId: session.viewId, pages: readingPages });

  const { busy, download, dialog } = useDocumentDownload();

  return (
    <div ref={root} className="flex min-h-0 flex-1 flex-col">
      <ViewerToolbar
        title={session.title}
        contentLocale={session.contentLocale}
        version={session.version}
        versionUpdatedAt={session.versionUpdatedAt}
        versionNote={session.versionNote}
        page={current}
        pageCount={pageCount}
        onGo={goTo}
        zoomScale={scale}
        canZoomIn={scale < MAX_ZOOM - 0.01}
        canZoomOut={scale > MIN_ZOOM + 0.01}
        fit={zoom === "fit"}
        onZoomIn={zoomIn}
        onZoomOut={zoomOut}
        onFit={() => setZoom("fit")}
        download={
          session.fileUrl
            ? {
                mode: session.downloadMode,
                busy,
                onDownload: () => void download({ id: documentId, fileName: `${session.title}.pdf` }),
              }
            : null
        }
      />
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="page-announcement">
        {announced}
      </p>
      <p id={keysId} className="sr-only">
        {t("portal.viewer.keys")}
      </p>
      {/* The pages are a region of their own: focusable, so the keyboard reaches them and scrolls them. */}
      <div
        ref={scroller}
        role="region"
        aria-label={t("portal.viewer.pages")}
        aria-describedby={keysId}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-auto overscroll-contain focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-gold-500"
        data-testid="viewer-pages"
      >
        <div className="w-max min-w-full px-3 pb-10 pt-3 sm:px-6 sm:pt-4">
          <div className="mx-auto" style={{ width: pageWidth }}>
            <p className="mb-3 text-center text-xs text-slate-500">{t("portal.viewer.watermark", { viewId: session.viewId })}</p>
            <div className="space-y-4">
              {session.pages.map((page) => (
                <PageView
                  key={page.page}
                  page={page}
                  pageCount={pageCount}
                  width={pageWidth}
                  imageWidth={imageWidth}
                  contentLocale={session.contentLocale}
                  near={hubs?.near ?? null}
                  visible={hubs?.visible ?? null}
                  onVisible={onVisible}
                  onImageError={refresh}
                  elementRef={elementRef}
                />
              ))}
            </div>
          </div>
        </div>
      </div>
      {dialog}
    </div>
  );
}
