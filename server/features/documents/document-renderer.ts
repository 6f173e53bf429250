/**
 * The data room's page renderer, from the PDF tools (server/lib/pdf-render.ts: poppler in child processes with
 * limits), the watermark (server/lib/watermark.ts: sharp and Pango) and the stamper (server/lib/pdf-stamp.ts).
 * Rendered pages are cached under DATA_DIR/page-cache per stored file and width; the watermark is drawn on each
 * answer, never cached on disk.
 */
import path from "node:path";
import { VIEWER_PAGE_WIDTHS } from "../../../shared/data-room";
import { createPageCache } from "../../lib/pdf-page-cache";
import { checkPdfTools, pageText, pdfInfo, pdfToolsAvailable } from "../../lib/pdf-render";
import { stampedPdf } from "../../lib/pdf-stamp";
import { watermarkLines, watermarkPage } from "../../lib/watermark";
import type { Logger } from "../../lib/logger";

/** What the data room needs from the page renderer (poppler in child processes, sharp, a PDF stamper). */
export type DocumentRenderer = {
  /** Whether pages can be rendered on this server at all. */
  available(): Promise<boolean>;
  /** The PDF's page count and each page's height / width. */
  info(file: string): Promise<{ pages: number; aspects: number[] }>;
  /** One page as an image with `lines` burned in. `versionKey` names the file's rendered pages in the cache. */
  page(file: string, versionKey: string, page: number, width: number, lines: string[]): Promise<Buffer>;
  /** One page's text. */
  text(file: string, page: number): Promise<string>;
  /** The PDF with `lines` drawn on every page; `signal` cancels it while it still waits for a worker thread. */
  stamped(file: string, lines: string[], opts?: { signal?: AbortSignal }): Promise<Uint8Array>;
  /** Renders a version's pages ahead of the first reader (in the background; never fails the caller). */
  prerender(file: string, versionKey: string, pages: number): void;
  /** The watermark's lines for a reader and a view. */
  lines(who: { name: string; email: string; at: Date; viewId: string }): string[];
};

export function createDocumentRenderer({
  dataDir,
  logger,
  maxBytes,
}: {
  dataDir: string;
  logger?: Pick<Logger, "warn">;
  /** At most this many bytes of rendered pages on disk, the least recently used removed first. */
  maxBytes?: number;
}): DocumentRenderer {
  // The PDF tools are looked for now, at start, in child processes; the first viewer request awaits this check.
  void checkPdfTools();
  const cache = createPageCache(path.join(dataDir, "page-cache"), {
    maxBytes,
    onError: (err) => logger?.warn({ err: err instanceof Error ? err.message : String(err) }, "page cache: a rendered page could not be stored"),
  });
  return {
    available: () => pdfToolsAvailable(),
    async info(file) {
      const info = await pdfInfo(file);
      return { pages: info.pages, aspects: info.pageSizes.map((s) => (s.width > 0 ? s.height / s.width : 1.414)) };
    },
    async page(file, versionKey, page, width, lines) {
      return watermarkPage(await cache.renderCached(file, versionKey, page, width), lines);
    },
    text: (file, page) => pageText(file, page),
    stamped: (file, lines, opts) => stampedPdf(file, lines, opts),
    prerender(file, versionKey, pages) {
      cache.prerender(file, versionKey, VIEWER_PAGE_WIDTHS[1], pages).catch((err: unknown) => {
        logger?.warn({ err: err instanceof Error ? err.message : String(err) }, "page cache: pre-rendering stopped");
      });
    },
    lines: (who) => watermarkLines(who),
  };
}
