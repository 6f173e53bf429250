/**
 * The watermark burned into every page image of the data room and into every page of a stamped download: who is
 * looking (e-mail, name), when (Cairo time) and which view, repeated diagonally across the page in light grey, and
 * once more in a clear line along the bottom edge.
 *
 * The text is drawn by sharp (libvips' text input: Pango, HarfBuzz and FriBidi), so an Arabic name is shaped (its
 * letters joined) and ordered right to left, while digits and e-mail addresses stay left to right. It is drawn with
 * the font shipped in server/assets/fonts, which covers Arabic and Latin, never with whatever fonts a server has.
 *
 * The text reaches Pango as markup: every character of a name is escaped, and control, invisible and bidi-override
 * characters are removed, so no name can style, hide or reorder the rest of the watermark. The reader's e-mail and the
 * view come first and the typed name last, so no name can pass for the line that identifies the reader.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LRUCache } from "lru-cache";
import sharp, { type OverlayOptions } from "sharp";
import { instantToWallTime } from "../../shared/zoned-time";
import { AppError } from "./errors";
import { withImageJob } from "./image-jobs";

const FONT_FILE = "IBMPlexSansArabic-Regular.ttf";
const FONT_FAMILY = "IBM Plex Sans Arabic";

let fontFile: string | undefined;

/**
 * The watermark font: `server/assets/fonts/` under the working directory (the checkout the server runs from, built
 * or not, as for the migrations), or beside this module's source (development and tests started elsewhere). Throws
 * SERVICE_UNAVAILABLE errors.pdf.viewerUnavailable when neither has it: a watermark in a fallback font could lose the
 * Arabic.
 */
export function watermarkFontFile(): string {
  if (fontFile) return fontFile;
  const candidates = [
    path.join(process.cwd(), "server", "assets", "fonts", FONT_FILE),
    path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "assets", "fonts", FONT_FILE),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new AppError("SERVICE_UNAVAILABLE", "errors.pdf.viewerUnavailable", { internal: `watermark font missing: ${candidates.join(", ")}` });
  fontFile = found;
  return found;
}

// ---------------------------------------------------------------------------------------------------------------
// The text

/** C0 and C1 controls (line breaks among them) and the line and paragraph separators: each becomes a space. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/**
 * Removed: every character that draws nothing or changes how others are drawn: the default-ignorable characters
 * (zero-width space, word joiner, soft hyphen, bidi embeddings, overrides, isolates and marks, variation selectors,
 * tag characters, Hangul fillers, the byte-order mark), the braille blank, private-use and unassigned code points
 * (noncharacters among them) and unpaired surrogates. Only the zero-width non-joiner and joiner (U+200C, U+200D)
 * stay: they shape a name's own letters, nothing beyond it.
 */
const INVISIBLE = /(?![\u200c\u200d])[\p{Default_Ignorable_Code_Point}\p{Co}\p{Cn}\p{Cs}\u2800\ufff9-\ufffb]/gu;
/** A line with nothing but these draws nothing. */
const BLANK = /^[\s\u200c\u200d]*$/u;

/** The most characters of one watermark line (a longer one is cut, with an ellipsis). */
export const WATERMARK_LINE_MAX = 120;
/** The most characters of the reader's name as drawn (a longer name is cut, with an ellipsis). */
export const WATERMARK_NAME_MAX = 60;

/**
 * A name, address or id made safe for one watermark line: no controls, invisible characters or bidi overrides,
 * spaces collapsed, capped at `max` characters; empty when nothing visible is left.
 */
export function cleanWatermarkText(text: string, max = WATERMARK_LINE_MAX): string {
  const clean = text.replace(INVISIBLE, "").replace(CONTROLS, " ").replace(/\s+/g, " ").trim();
  if (BLANK.test(clean)) return "";
  const chars = Array.from(clean);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : clean;
}

export type WatermarkViewer = { name: string; email: string; at: Date; viewId: string };

/**
 * The watermark's lines. First the verified e-mail and the view ('mona@example.com · View 7f3a'): the reader's own
 * words never come ahead of them, and a long address is cut before the view id is. Then the time in Cairo
 * ('2026-05-01 14:05 Cairo'). Last the name the reader typed, on one line of its own, at most WATERMARK_NAME_MAX
 * characters; a name with nothing visible in it is left out.
 */
export function watermarkLines(viewer: WatermarkViewer): string[] {
  const { wall } = instantToWallTime(viewer.at, "Africa/Cairo");
  const view = `View ${cleanWatermarkText(viewer.viewId, 64)}`;
  const email = cleanWatermarkText(viewer.email, WATERMARK_LINE_MAX - view.length - 3);
  const name = cleanWatermarkText(viewer.name, WATERMARK_NAME_MAX);
  return [email ? `${email} · ${view}` : view, `${wall.replace("T", " ")} Cairo`, ...(name ? [name] : [])];
}

/** Text for Pango markup: `& < > " '` as entities, so a name prints as typed and never as markup. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** First strong isolate ... pop directional isolate: a line's own direction, without moving its neighbours. */
const isolate = (text: string) => `\u2068${text}\u2069`;

// ---------------------------------------------------------------------------------------------------------------
// The overlay

/** The tiled text: grey, a third opaque, so it is read over white and black alike and leaves the page readable. */
const TILE_COLOUR = "#5f5f5f";
const TILE_ALPHA = "34%";
/** Degrees; negative turns the text counter-clockwise, so it rises to the right. */
const TILE_ANGLE = -30;
const FOOTER_COLOUR = "#262626";
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** sharp's text input: an RGBA image of `markup` in the watermark font, `size` pixels, wrapped at `width` if given. */
function textImage(markup: string, size: number, opts: { align?: "left" | "centre" | "right"; width?: number } = {}) {
  return sharp({
    text: {
      text: markup,
      font: `${FONT_FAMILY} ${size}px`,
      fontfile: watermarkFontFile(),
      rgba: true,
      align: opts.align ?? "centre",
      dpi: 72,
      ...(opts.width ? { width: opts.width, wrap: "word-char" as const } : {}),
    },
  });
}

/** `input` cut to at most `width` x `height` (a composite may not be larger than the image it goes on). */
async function fitWithin(input: Buffer, width: number, height: number): Promise<Buffer> {
  const meta = await sharp(input).metadata();
  if ((meta.width ?? 0) <= width && (meta.height ?? 0) <= height) return input;
  return sharp(input)
    .extract({ left: 0, top: 0, width: Math.min(width, meta.width ?? width), height: Math.min(height, meta.height ?? height) })
    .png()
    .toBuffer();
}

/** The lines as the tile and the footer use them: cleaned again, whatever the caller built them from. */
const cleanLines = (lines: readonly string[]) => lines.map((line) => cleanWatermarkText(line)).filter(Boolean);

/**
 * A transparent PNG of exactly `width` x `height` pixels: the lines, centred in a block, turned 30 degrees and
 * repeated across the whole image in translucent grey, and the same lines once in one line along the bottom edge, dark
 * on a light band. The text's size follows the width, so the watermark looks the same at every width.
 */
export async function watermarkOverlay(lines: readonly string[], width: number, height: number): Promise<Buffer> {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const clean = cleanLines(lines);
  const composites: OverlayOptions[] = [];
  if (clean.length > 0 && w >= 16 && h >= 16) {
    const tileSize = Math.round(clamp(w * 0.022, 9, 72));
    const block = await textImage(
      `<span foreground="${TILE_COLOUR}" alpha="${TILE_ALPHA}">${clean.map((line) => escapeMarkup(line)).join("\n")}</span>`,
      tileSize,
    )
      .png()
      .toBuffer();
    const turned = await sharp(block).rotate(TILE_ANGLE, { background: TRANSPARENT }).png().toBuffer({ resolveWithObject: true });
    // Room between repeats: about three lines of text each way.
    const gap = tileSize * 3;
    const tile = await sharp(turned.data)
      .extend({ top: gap >> 1, bottom: gap - (gap >> 1), left: gap, right: gap, background: TRANSPARENT })
      .png()
      .toBuffer();
    composites.push({ input: await fitWithin(tile, w, h), tile: true, gravity: "northwest" });

    const footerSize = Math.round(clamp(w * 0.012, 8, 32));
    const pad = Math.max(2, Math.round(footerSize * 0.4));
    const footerText = await textImage(
      // Left to right whatever script the name is in (the left-to-right mark first), each part isolated from the next.
      `<span foreground="${FOOTER_COLOUR}">\u200e${clean.map((line) => escapeMarkup(isolate(line))).join("  ·  ")}</span>`,
      footerSize,
      { width: Math.max(1, w - 2 * pad) },
    )
      .png()
      .toBuffer({ resolveWithObject: true });
    const bandHeight = Math.min(footerText.info.height + 2 * pad, Math.max(1, Math.floor(h / 4)));
    const band = await sharp({ create: { width: w, height: bandHeight, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0.8 } } })
      .composite([{ input: await fitWithin(footerText.data, w, bandHeight), gravity: "centre" }])
      .png()
      .toBuffer();
    composites.push({ input: band, gravity: "south" });
  }
  return sharp({ create: { width: w, height: h, channels: 4, background: TRANSPARENT } })
    .composite(composites)
    .png()
    .toBuffer();
}

const overlays = new LRUCache<string, Buffer>({ max: 64, maxSize: 64 * 1024 * 1024, sizeCalculation: (b) => Math.max(1, b.length) });
const overlaysInFlight = new Map<string, Promise<Buffer>>();

/**
 * watermarkOverlay, remembered: one view asks for many pages of the same size, and the overlay is the same for each.
 * At most 64 overlays (and 64 MB of them) are kept; the least recently used goes first.
 */
export function cachedWatermarkOverlay(lines: readonly string[], width: number, height: number): Promise<Buffer> {
  const key = JSON.stringify([lines, Math.round(width), Math.round(height)]);
  const known = overlays.get(key);
  if (known) return Promise.resolve(known);
  let pending = overlaysInFlight.get(key);
  if (!pending) {
    pending = watermarkOverlay(lines, width, height)
      .then((png) => {
        overlays.set(key, png);
        return png;
      })
      .finally(() => overlaysInFlight.delete(key));
    overlaysInFlight.set(key, pending);
  }
  return pending;
}

/** The type watermarkPage answers with. */
export const WATERMARKED_PAGE_TYPE = "image/webp";

/**
 * A page drawn as text and lines compresses to well under this many PNG bytes a pixel; a scan or a photograph takes
 * more (at 1200 px: text pages 0.15-0.3, a photograph 1.7).
 */
const LOSSLESS_BELOW_BYTES_PER_PIXEL = 0.5;

/**
 * A page image with the watermark burned in, as WebP. Text pages are encoded losslessly: small type stays exact and
 * the file is about 6 times smaller than a JPEG at quality 82, which rings and grows around sharp black edges (40
 * lines of text at 1200 px: 48 KB against 309 KB, for about 100 ms more encoding). Scans and photographs, which
 * lossless encoding would make megabytes, are encoded lossy at quality 80 (about half the size of JPEG 82).
 * docs/performance.md, "Data-room viewer", has the measurements.
 */
export async function watermarkPage(pagePng: Uint8Array, lines: readonly string[]): Promise<Buffer> {
  return withImageJob(() => encodePage(pagePng, lines));
}

async function encodePage(pagePng: Uint8Array, lines: readonly string[]): Promise<Buffer> {
  const page = sharp(pagePng);
  const { width, height } = await page.metadata();
  if (!width || !height) throw new AppError("UNPROCESSABLE", "errors.pdf.unreadable", { internal: "page image without a size" });
  const overlay = await cachedWatermarkOverlay(lines, width, height);
  const lossless = pagePng.length / (width * height) < LOSSLESS_BELOW_BYTES_PER_PIXEL;
  return page
    .composite([{ input: overlay }])
    .flatten({ background: "#ffffff" })
    .webp(lossless ? { lossless: true, effort: 1 } : { quality: 80, effort: 2 })
    .toBuffer();
}
