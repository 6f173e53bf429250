import { AlertTriangle, RotateCw } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { useFormat, useT } from "~/i18n/provider";
import { fetchPageText } from "~/lib/api/data-room";
import { cn } from "~/lib/utils";
import type { ViewerSession } from "../../../shared/api/data-room";

export type ViewerPage = ViewerSession["pages"][number];

/**
 * One IntersectionObserver for many elements, each with its own handler (a document may have two thousand pages).
 * Without IntersectionObserver (an old browser, a test DOM) nothing is reported; pages then load at once.
 */
export class ObserverHub {
  private readonly io: IntersectionObserver | null;
  private readonly handlers = new Map<Element, (entry: IntersectionObserverEntry) => void>();

  constructor(root: Element | null, init: Omit<IntersectionObserverInit, "root">) {
    this.io =
      typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver((entries) => entries.forEach((e) => this.handlers.get(e.target)?.(e)), { root, ...init });
  }

  get supported() {
    return this.io !== null;
  }

  observe(el: Element, handler: (entry: IntersectionObserverEntry) => void): () => void {
    this.handlers.set(el, handler);
    this.io?.observe(el);
    return () => {
      this.handlers.delete(el);
      this.io?.unobserve(el);
    };
  }

  disconnect() {
    this.io?.disconnect();
    this.handlers.clear();
  }
}

/** How many times a page image is asked for again with fresh addresses before the page says it failed. */
const IMAGE_RETRIES = 2;

type PageProps = {
  page: ViewerPage;
  pageCount: number;
  /** The page's width on screen (CSS pixels). */
  width: number;
  /** The image width to ask for (800, 1200 or 1600). */
  imageWidth: number;
  contentLocale: "en" | "ar";
  /** Pages near the viewport load; pages at least half visible count as read. */
  near: ObserverHub | null;
  visible: ObserverHub | null;
  onVisible: (page: number, visible: boolean) => void;
  /** An image was refused: fresh addresses are asked for; false when the view cannot go on. */
  onImageError: () => Promise<boolean>;
  elementRef: (page: number, el: HTMLDivElement | null) => void;
};

/**
 * A page of the document: a box with the page's shape until its image arrives (only once the page comes near the
 * viewport, at the width its box needs on this screen), and its text for screen readers, fetched at the same time.
 */
export const PageView = React.memo(function PageView({
  page,
  pageCount,
  width,
  imageWidth,
  contentLocale,
  near: nearHub,
  visible: visibleHub,
  onVisible,
  onImageError,
  elementRef,
}: PageProps) {
  const t = useT();
  const f = useFormat();
  const ref = React.useRef<HTMLDivElement>(null);
  const [near, setNear] = React.useState(false);
  const number = page.page;

  React.useEffect(() => {
    const el = ref.current;
    if (!el || !nearHub) return;
    if (!nearHub.supported) {
      setNear(true);
      return;
    }
    return nearHub.observe(el, (entry) => {
      if (entry.isIntersecting) setNear(true);
    });
  }, [nearHub]);

  React.useEffect(() => {
    const el = ref.current;
    if (!el || !visibleHub) return;
    const stop = visibleHub.observe(el, (entry) => onVisible(number, entry.isIntersecting && entry.intersectionRatio >= 0.5));
    return () => {
      stop();
      onVisible(number, false);
    };
  }, [visibleHub, onVisible, number]);

  // The image: its address is the freshest the view has when it is asked for; a sharper one replaces it when the
  // reader zooms in, never a smaller one when they zoom out.
  const latest = React.useRef(page);
  latest.current = page;
  const [attempt, setAttempt] = React.useState(0);
  const [image, setImage] = React.useState<{ src: string; w: number; attempt: number } | null>(null);
  const [loaded, setLoaded] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  React.useEffect(() => {
    if (!near) return;
    setImage((prev) => {
      const w = Math.max(imageWidth, prev?.w ?? 0);
      if (prev && prev.w === w && prev.attempt === attempt) return prev;
      return { src: `${latest.current.image}&w=${w}`, w, attempt };
    });
  }, [near, imageWidth, attempt]);

  const onError = React.useCallback(async () => {
    // An address that expired or a session that changed: ask for fresh addresses, then for the image again.
    const goOn = await onImageError();
    if (goOn && attempt < IMAGE_RETRIES) setAttempt((a) => a + 1);
    else setFailed(true);
  }, [onImageError, attempt]);

  const retry = async () => {
    setFailed(false);
    if (await onImageError()) setAttempt((a) => a + 1);
    else setFailed(true);
  };

  // The text, for screen readers, once the page is near; asked again with fresh addresses if it failed. A document
  // whose page text the company turned off has no text address: nothing is asked, and the reader is told why.
  const [text, setText] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!near || text !== null || page.text === null) return;
    const controller = new AbortController();
    fetchPageText(page.text, { signal: controller.signal })
      .then((answer) => setText(answer.text))
      .catch(() => {});
    return () => controller.abort();
  }, [near, page.text, text]);

  const label = t("portal.viewer.pageOf", { page: f.count(number), count: f.count(pageCount) });
  const setRef = (el: HTMLDivElement | null) => {
    ref.current = el;
    elementRef(number, el);
  };

  return (
    <div
      ref={setRef}
      data-page={number}
      className="relative mx-auto overflow-hidden bg-white shadow-md ring-1 ring-slate-900/10"
      style={{ width, aspectRatio: `1 / ${page.aspect > 0 ? page.aspect : 1.414}` }}
    >
      {!loaded && !failed ? (
        <span className="absolute inset-0 flex items-center justify-center text-3xl font-semibold text-slate-200" aria-hidden="true">
          {f.count(number)}
        </span>
      ) : null}
      {image && !failed ? (
        // Right-click and dragging are turned off on page images. This only deters casual saving: a screenshot or
        // the browser's tools still get the image, which is why every page carries the reader's watermark, burned
        // in on the server; that watermark is the real protection.
        <img
          key={image.attempt}
          src={image.src}
          alt={label}
          draggable={false}
          decoding="async"
          onLoad={() => setLoaded(true)}
          onError={() => void onError()}
          onContextMenu={(e) => e.preventDefault()}
          onDragStart={(e) => e.preventDefault()}
          className={cn(
            "absolute inset-0 h-full w-full select-none transition-opacity duration-200 [-webkit-touch-callout:none]",
            loaded ? "opacity-100" : "opacity-0",
          )}
        />
      ) : null}
      {failed ? (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center text-sm text-slate-600">
          <AlertTriangle className="h-6 w-6 text-amber-600" aria-hidden="true" />
          <span>
            <span className="sr-only">{label}: </span>
            {t("portal.viewer.pageFailed")}
          </span>
          <Button variant="outline" size="sm" onClick={() => void retry()}>
            <RotateCw className="h-4 w-4" aria-hidden="true" />
            {t("portal.viewer.retry")}
          </Button>
        </div>
      ) : null}
      <div className="sr-only" data-testid="page-text">
        <span>{t("portal.viewer.pageText", { page: f.count(number) })}: </span>
        {page.text === null ? (
          <span>{t("portal.viewer.pageTextOff")}</span>
        ) : text !== null && text.trim() ? (
          <div lang={contentLocale} dir={contentLocale === "ar" ? "rtl" : "ltr"} className="whitespace-pre-line">
            {text}
          </div>
        ) : (
          <span>{t(text === null ? "portal.viewer.pageTextLoading" : "portal.viewer.pageTextEmpty")}</span>
        )}
      </div>
    </div>
  );
});
