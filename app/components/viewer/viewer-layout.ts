/**
 * The viewer's arithmetic, kept pure so it is tested without a browser: which image width to ask for, the zoom
 * steps, which page a scroll position is on, and a page number typed by the reader.
 */
import { VIEWER_PAGE_WIDTHS } from "../../../shared/data-room";

/** The width a page is laid out at by default: the column's width, at most this (a comfortable reading width). */
export const READING_WIDTH = 960;
/** Zoom steps, as a share of the default width. */
export const ZOOM_STEPS = [0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1];

/** The zoom the reader chose: a share of the default width, or 'fit' (the column's whole width). */
export type Zoom = number | "fit";

/**
 * The image width to ask the server for: the smallest width it makes (800, 1200 or 1600) that covers the page's
 * rendered width in device pixels, so a phone gets a small image, a sharp screen a large one, and no page is
 * enlarged (and blurred) from a smaller image; the widest for anything wider.
 */
export function imageWidthFor(cssWidth: number, devicePixelRatio = 1): number {
  const wanted = cssWidth * (Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1);
  return VIEWER_PAGE_WIDTHS.find((w) => w >= wanted) ?? VIEWER_PAGE_WIDTHS[VIEWER_PAGE_WIDTHS.length - 1];
}

/** The default width of a page in a column `available` pixels wide. */
export const defaultWidth = (available: number) => Math.max(1, Math.min(available, READING_WIDTH));

/** The zoom as a share of the default width ('fit' is the column's width over the default one). */
export function zoomScale(zoom: Zoom, available: number): number {
  return zoom === "fit" ? Math.max(available, 1) / defaultWidth(available) : zoom;
}

/** A page's width in CSS pixels at `zoom` in a column `available` pixels wide (whole pixels, at least 120). */
export function pageWidthFor(zoom: Zoom, available: number): number {
  return Math.max(120, Math.round(defaultWidth(available) * zoomScale(zoom, available)));
}

/** The next zoom step in a direction from the current zoom; the same value at either end. */
export function stepZoom(zoom: Zoom, available: number, direction: 1 | -1): number {
  const scale = zoomScale(zoom, available);
  const eps = 0.01;
  if (direction > 0) return ZOOM_STEPS.find((s) => s > scale + eps) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((s) => s < scale - eps) ?? MIN_ZOOM;
}

/**
 * The page a reader is on: the first page whose lower edge is below the reading line (a point a third of the way
 * down the visible area). `bottomOf(i)` is the lower edge of the page at index i (pages in order, in the same
 * coordinates as `line`). A binary search: a document may have two thousand pages, and this runs as the reader
 * scrolls, so only a dozen pages are measured.
 */
export function pageAtLine(count: number, bottomOf: (index: number) => number, line: number): number {
  if (count <= 0) return 1;
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bottomOf(mid) > line) hi = mid;
    else lo = mid + 1;
  }
  return lo + 1;
}

/** A page number as typed (Western or Arabic-Indic digits), within 1..pageCount; null when it is not a number. */
export function parsePageInput(text: string, pageCount: number): number | null {
  const western = text.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  if (!/^\d{1,6}$/.test(western)) return null;
  return Math.min(Math.max(Number(western), 1), Math.max(pageCount, 1));
}
