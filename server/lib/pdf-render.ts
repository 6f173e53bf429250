/**
 * A PDF's page count and sizes, its pages as images and their text, each drawn by poppler in a limited child
 * process (./pdf-tools.ts); the disk cache of page images is ./pdf-page-cache.ts.
 */
import { randomBytes } from "node:crypto";
import { stat, unlink } from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { AppError } from "./errors";
import { withImageJob } from "./image-jobs";
import { pageTempDir, pdfRenderLimits, run, TEMP_PREFIX, tooComplex, unreadable, type Priority } from "./pdf-tools";

export {
  PAGE_WIDTHS,
  checkPdfTools,
  closePdfTools,
  nearestWidth,
  onPdfChild,
  pdfQueueState,
  pdfRenderLimits,
  pdfToolsAvailable,
  probePdfTools,
  setPdfRenderLimits,
  type PageWidth,
  type PdfRenderLimits,
  type PdfToolsFound,
  type Priority,
} from "./pdf-tools";

// ---------------------------------------------------------------------------------------------------------------
// pdfinfo

/** A page's size as shown, in points: its CropBox, turned by its /Rotate. */
export type PageSize = { width: number; height: number; rotate: number };

export type PdfInfo = {
  pages: number;
  /** The size of each page as shown (CropBox, with width and height swapped for pages turned 90 or 270 degrees). */
  pageSizes: PageSize[];
  /** True when the file is encrypted but opens without a password (an owner password restricting copying, printing). */
  encrypted: boolean;
};

/** Checks the file exists and is not over the size limit; returns its size and modification time. */
async function checkFile(file: string): Promise<{ size: number; mtimeMs: number }> {
  const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
    throw new AppError("NOT_FOUND", "errors.notFound.document", { internal: `pdf ${file}: ${err.code ?? err.message}` });
  });
  if (!info.isFile()) throw new AppError("NOT_FOUND", "errors.notFound.document", { internal: `pdf ${file}: not a file` });
  if (info.size > pdfRenderLimits().maxFileBytes) {
    throw new AppError("UNPROCESSABLE", "errors.pdf.tooLarge", {
      values: { mb: Math.floor(pdfRenderLimits().maxFileBytes / 1024 / 1024) },
      internal: `pdf ${file}: ${info.size} bytes`,
    });
  }
  return info;
}

/**
 * Reads pdfinfo's report. Only what follows its last "Pages:" line counts: the document's own metadata (a title
 * that holds a line break and "Pages: 1") is printed before it.
 */
export function parsePdfInfo(text: string): PdfInfo {
  const lines = text.split("\n");
  let from = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (/^Pages:\s+\d+\s*$/.test(lines[i])) {
      from = i;
      break;
    }
  }
  if (from === -1) throw unreadable("pdfinfo printed no page count");
  const pages = Number(/^Pages:\s+(\d+)/.exec(lines[from])![1]);
  const sizes = new Map<number, { width: number; height: number }>();
  const rotations = new Map<number, number>();
  let isEncrypted = false;
  for (const line of lines.slice(from + 1)) {
    let m: RegExpExecArray | null;
    if ((m = /^Encrypted:\s+(\w+)/.exec(line))) isEncrypted = m[1] === "yes";
    else if ((m = /^Page\s+(\d+)\s+size:\s+([\d.]+) x ([\d.]+) pts/.exec(line))) sizes.set(Number(m[1]), { width: Number(m[2]), height: Number(m[3]) });
    else if ((m = /^Page\s+(\d+)\s+rot:\s+(-?\d+)/.exec(line))) rotations.set(Number(m[1]), Number(m[2]));
  }
  const pageSizes: PageSize[] = [];
  for (let page = 1; page <= Math.min(pages, sizes.size); page++) {
    const size = sizes.get(page);
    if (!size) break;
    const rotate = (((rotations.get(page) ?? 0) % 360) + 360) % 360;
    const turned = rotate === 90 || rotate === 270;
    pageSizes.push({ width: turned ? size.height : size.width, height: turned ? size.width : size.height, rotate });
  }
  return { pages, pageSizes, encrypted: isEncrypted };
}

const infoCache = new LRUCache<string, PdfInfo>({ max: 256 });
const infoInFlight = new Map<string, Promise<PdfInfo>>();

/**
 * The page count and page sizes of a PDF. Throws AppError:
 * - NOT_FOUND errors.notFound.document: no such file;
 * - UNPROCESSABLE errors.pdf.tooLarge ({mb}), errors.pdf.tooManyPages ({max}), errors.pdf.encrypted (a password is
 *   needed to open it), errors.pdf.unreadable (damaged, or not a PDF), errors.pdf.tooComplex (over a limit);
 * - SERVICE_UNAVAILABLE errors.pdf.viewerUnavailable (no poppler-utils), errors.pdf.busy (the queue is full).
 * Answers are remembered per file, size and modification time.
 */
export async function pdfInfo(file: string, priority: Priority = { background: false }): Promise<PdfInfo> {
  const { size, mtimeMs } = await checkFile(file);
  const key = `${size}:${mtimeMs}:${file}`;
  const known = infoCache.get(key);
  if (known) return known;
  let pending = infoInFlight.get(key);
  if (!pending) {
    pending = readInfo(file, priority)
      .then((info) => {
        infoCache.set(key, info);
        return info;
      })
      .finally(() => infoInFlight.delete(key));
    infoInFlight.set(key, pending);
  }
  return pending;
}

async function readInfo(file: string, priority: Priority): Promise<PdfInfo> {
  // Sizes of the first maxPages pages only: a file that claims a million pages prints no more than that.
  const { stdout } = await run("pdfinfo", ["-f", "1", "-l", String(pdfRenderLimits().maxPages), "--", file], {
    timeoutMs: pdfRenderLimits().infoTimeoutMs,
    maxStdout: 256 * 1024 + pdfRenderLimits().maxPages * 128,
    priority,
  });
  const info = parsePdfInfo(stdout.toString("utf8"));
  if (info.pages > pdfRenderLimits().maxPages) {
    throw new AppError("UNPROCESSABLE", "errors.pdf.tooManyPages", {
      values: { max: pdfRenderLimits().maxPages },
      internal: `pdf ${file}: ${info.pages} pages`,
    });
  }
  if (info.pages < 1 || info.pageSizes.length !== info.pages) throw unreadable(`pdf ${file}: ${info.pages} pages, ${info.pageSizes.length} sizes`);
  // A page without an area (no MediaBox that poppler could read, as in a page tree that loops) has nothing to show.
  const empty = info.pageSizes.findIndex((size) => !(size.width > 0 && size.height > 0));
  if (empty !== -1) throw unreadable(`pdf ${file}: page ${empty + 1} has no size`);
  return info;
}

// ---------------------------------------------------------------------------------------------------------------
// Page images

/**
 * The pixel size of a page drawn `width` pixels wide, within the limits: never wider than maxWidth, never taller
 * than maxHeight (a tall page is drawn narrower), at least one pixel each way.
 */
export function pageImageSize(size: Pick<PageSize, "width" | "height">, width: number): { width: number; height: number } {
  const w0 = Math.max(1, Math.min(Math.round(width), pdfRenderLimits().maxWidth));
  const aspect = size.width > 0 && size.height > 0 ? size.height / size.width : 1;
  let w = w0;
  let h = Math.round(w * aspect);
  if (h > pdfRenderLimits().maxHeight) {
    h = pdfRenderLimits().maxHeight;
    w = Math.round(h / aspect);
  }
  return { width: Math.max(1, Math.min(w, pdfRenderLimits().maxWidth)), height: Math.max(1, Math.min(h, pdfRenderLimits().maxHeight)) };
}

function checkPage(info: PdfInfo, page: number, file: string): PageSize {
  if (!Number.isInteger(page) || page < 1 || page > info.pages) {
    throw new AppError("NOT_FOUND", "errors.pdf.noPage", { internal: `pdf ${file}: page ${page} of ${info.pages}` });
  }
  return info.pageSizes[page - 1];
}

/** The width and height a PNG declares (its IHDR chunk), or undefined when `png` is not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 24 || signature.some((b, i) => png[i] !== b)) return undefined;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * One page as a PNG `width` pixels wide (within the limits: see pageImageSize), drawn by pdftoppm in a child process.
 * Throws what pdfInfo throws, and NOT_FOUND errors.pdf.noPage for a page the document does not have.
 */
export async function renderPage(file: string, page: number, width: number, priority: Priority = { background: false }): Promise<Buffer> {
  const info = await pdfInfo(file, priority);
  const size = checkPage(info, page, file);
  const target = pageImageSize(size, width);
  // pdftoppm scales the page as stored, before its /Rotate turns it: for a page turned a quarter, the shown width is
  // its stored height.
  const turned = size.rotate === 90 || size.rotate === 270;
  const [x, y] = turned ? [target.height, target.width] : [target.width, target.height];
  // pdftoppm writes the pixels, uncompressed, to a file that sharp then reads and encodes as PNG in libuv's thread
  // pool: pdftoppm's own PNG encoder takes ten times as long as drawing a text page (330 ms against 30 ms at 1200
  // px), and 6 MB of pixels through a pipe would all pass through this thread.
  const base = path.join(await pageTempDir(), `${TEMP_PREFIX}${randomBytes(8).toString("hex")}`);
  const tiff = `${base}.tif`;
  try {
    await run(
      "pdftoppm",
      [
        "-f",
        String(page),
        "-l",
        String(page),
        "-cropbox",
        "-scale-to-x",
        String(x),
        "-scale-to-y",
        String(y),
        "-tiff",
        "-tiffcompression",
        "none",
        "-singlefile",
        "--",
        file,
        base,
      ],
      // The pixels of the page, and room for the TIFF's own structure; a larger file stops the child (SIGXFSZ).
      { timeoutMs: pdfRenderLimits().renderTimeoutMs, maxStdout: 64 * 1024, maxFileBytes: (target.width + 2) * (target.height + 2) * 3 + 256 * 1024, priority },
    );
    return await withImageJob(async () => {
      const image = sharp(tiff, { limitInputPixels: (pdfRenderLimits().maxWidth + 2) * (pdfRenderLimits().maxHeight + 2) });
      const drawn = await image.metadata().catch((err: Error) => {
        throw unreadable(`pdftoppm drew no image of page ${page} of ${file}: ${err.message}`);
      });
      // A page poppler measures differently from pdfinfo (an odd UserUnit) still may not grow past the pdfRenderLimits().
      if (!drawn.width || !drawn.height || drawn.width > pdfRenderLimits().maxWidth + 1 || drawn.height > pdfRenderLimits().maxHeight + 1) {
        throw tooComplex(`pdftoppm drew page ${page} of ${file} at ${drawn.width}x${drawn.height}`);
      }
      return await image.png({ compressionLevel: 3 }).toBuffer();
    });
  } finally {
    await unlink(tiff).catch(() => {});
  }
}

/**
 * The text of one page, laid out as on the page (pdftotext -layout), at most maxTextChars characters. Throws what
 * renderPage throws.
 */
export async function pageText(file: string, page: number, priority: Priority = { background: false }): Promise<string> {
  const info = await pdfInfo(file, priority);
  checkPage(info, page, file);
  const { stdout } = await run("pdftotext", ["-f", String(page), "-l", String(page), "-layout", "-enc", "UTF-8", "--", file, "-"], {
    timeoutMs: pdfRenderLimits().textTimeoutMs,
    // UTF-8 takes at most 4 bytes a character.
    maxStdout: pdfRenderLimits().maxTextChars * 4,
    truncate: true,
    priority,
  });
  // A character cut in half at the cap decodes as U+FFFD; the page break pdftotext ends with is not text.
  return stdout
    .toString("utf8")
    .replace(/\uFFFD$/, "")
    .replace(/\f/g, "")
    .slice(0, pdfRenderLimits().maxTextChars);
}
