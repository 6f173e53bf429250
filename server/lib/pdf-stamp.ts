/**
 * A PDF to download with the viewer's watermark on every page. The page sizes come from pdfinfo (a child process,
 * which also refuses a damaged or password-protected file before any parsing in JavaScript); one watermark image is
 * drawn by sharp per distinct page shape (sharp works in libuv's thread pool, not in the request thread); pdf-lib then
 * parses the file, draws the images and saves it in a worker thread (server/lib/pdf-stamp-task.ts).
 */
import { readFile } from "node:fs/promises";
import { runReaderTask, TaskTimeoutError } from "../workers/html-pool";
import { AppError } from "./errors";
import { pdfInfo, pdfRenderLimits, type PageSize } from "./pdf-render";
import type { StampOverlay } from "./pdf-stamp-task";
import { cachedWatermarkOverlay } from "./watermark";

/** Pixels of watermark per point of page: 2 (144 dpi) keeps the text sharp in print; the pixel limits still hold. */
const PIXELS_PER_POINT = 2;
/** The most watermark images one file carries; pages of any other shape take the nearest one, stretched a little. */
const MAX_OVERLAYS = 8;
/** Parsing, drawing and saving one file in the worker (its own run; time waiting for a thread is not counted). */
const STAMP_TIMEOUT_MS = 120_000;

/** The overlay image size, in pixels, for a page shown `width` x `height` points. */
export function overlayPixels(width: number, height: number): { width: number; height: number } {
  const { maxWidth, maxHeight } = pdfRenderLimits();
  const scale = Math.min(PIXELS_PER_POINT, maxWidth / width, maxHeight / height);
  return { width: Math.max(16, Math.round(width * scale)), height: Math.max(16, Math.round(height * scale)) };
}

/** The page shapes to draw overlays for: the most common distinct sizes (to a tenth of a point), at most MAX_OVERLAYS. */
export function overlayShapes(sizes: PageSize[]): { width: number; height: number }[] {
  const counts = new Map<string, { width: number; height: number; n: number }>();
  for (const { width, height } of sizes) {
    if (!(width > 0 && height > 0)) continue;
    const key = `${width.toFixed(1)}x${height.toFixed(1)}`;
    const entry = counts.get(key);
    if (entry) entry.n++;
    else counts.set(key, { width, height, n: 1 });
  }
  return [...counts.values()]
    .sort((a, b) => b.n - a.n)
    .slice(0, MAX_OVERLAYS)
    .map(({ width, height }) => ({ width, height }));
}

/**
 * The PDF at `filePath` with `lines` (watermarkLines) drawn over every page. Throws AppError:
 * - what pdfInfo throws (NOT_FOUND errors.notFound.document; UNPROCESSABLE errors.pdf.encrypted, errors.pdf.unreadable,
 *   errors.pdf.tooManyPages, errors.pdf.tooLarge, errors.pdf.tooComplex; SERVICE_UNAVAILABLE
 *   errors.pdf.viewerUnavailable, errors.pdf.busy);
 * - UNPROCESSABLE errors.pdf.tooComplex when the worker runs over its time or memory limit;
 * - BUSY errors.serverBusy (503, BusyError with Retry-After) when the readers' lane has as many copies waiting as
 *   it queues; TaskCancelledError when `signal` fires (the client is gone) before the copy's turn came.
 */
export async function stampedPdf(filePath: string, lines: readonly string[], opts: { signal?: AbortSignal } = {}): Promise<Uint8Array> {
  const info = await pdfInfo(filePath);
  const overlays: StampOverlay[] = await Promise.all(
    overlayShapes(info.pageSizes).map(async ({ width, height }) => {
      const px = overlayPixels(width, height);
      return { width, height, png: new Uint8Array(await cachedWatermarkOverlay(lines, px.width, px.height)) };
    }),
  );
  if (overlays.length === 0) throw new AppError("UNPROCESSABLE", "errors.pdf.unreadable", { internal: `pdf ${filePath}: no page has a size` });
  const bytes = new Uint8Array(await readFile(filePath));
  try {
    return await runReaderTask("stampPdf", { bytes, overlays, maxPages: pdfRenderLimits().maxPages }, { timeoutMs: STAMP_TIMEOUT_MS, signal: opts.signal });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // The pool stops a thread that runs over its time or out of its memory: the file is too much to stamp.
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (err instanceof TaskTimeoutError || code === "ERR_WORKER_OUT_OF_MEMORY") {
      throw new AppError("UNPROCESSABLE", "errors.pdf.tooComplex", { internal: `stamp ${filePath}: ${(err as Error).message}` });
    }
    throw err;
  }
}
