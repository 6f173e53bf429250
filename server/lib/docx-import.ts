/**
 * A Word document (.docx) to the HTML the press editor loads, on this server only (a release's text is never sent to
 * a conversion service). It runs in an HTML worker thread (server/workers) under a time and memory limit. Before it
 * is queued there, checkDocxZip inflates every part of the zip and counts the bytes that actually come out (never the
 * sizes the zip declares, which a hostile file can understate): a document whose parts unpack to more than
 * DOCX_LIMITS.unpackedBytes, or compress far better than text does, is a zip bomb and is refused at the first byte
 * over the limit. The conversion itself reads only what that count verified: mammoth gets a zip rebuilt from the
 * counted parts, never the upload.
 *
 * Images are dropped (counted, so the editor can say so): embedded ones would need the upload pipeline, and linked
 * ones would make the server fetch addresses a document names. The writer adds images with the editor's image button.
 */
import { zipSync } from "fflate";
import mammoth from "mammoth";
import sanitizeHtml from "sanitize-html";
import { AppError } from "./errors";
import { CONTENT_RULES } from "./sanitize-content";
import { unpackZip, ZipFormatError, ZipLimitError } from "./zip-entries";

export const DOCX_LIMITS = {
  /** The upload itself. */
  fileBytes: 5 * 1024 * 1024,
  /** Every part of the zip, unpacked: the bytes inflated, counted as they come out. */
  unpackedBytes: 50 * 1024 * 1024,
  /** Unpacked to packed, for any part over `ratioFloorBytes` (Word's XML packs about 10:1; a bomb 1000:1). */
  ratio: 100,
  ratioFloorBytes: 1024 * 1024,
  /** Parts in the zip. */
  entries: 2000,
  /** The conversion's time in its worker thread; over it the thread is stopped. */
  timeMs: 10_000,
} as const;

const MB = 1024 * 1024;
const ZIP_LIMITS = {
  totalBytes: DOCX_LIMITS.unpackedBytes,
  entries: DOCX_LIMITS.entries,
  ratio: DOCX_LIMITS.ratio,
  ratioFloorBytes: DOCX_LIMITS.ratioFloorBytes,
};

async function unpackDocx(bytes: Uint8Array, keep: boolean): Promise<Record<string, Uint8Array>> {
  // A zip starts with a local file header ('PK\x03\x04').
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) {
    throw new AppError("UNSUPPORTED_MEDIA", "errors.docx.notDocx");
  }
  let unpacked;
  try {
    unpacked = await unpackZip(bytes, ZIP_LIMITS, { keep });
  } catch (err) {
    if (err instanceof ZipLimitError) {
      throw new AppError("PAYLOAD_TOO_LARGE", "errors.docx.tooBig", { values: { mb: DOCX_LIMITS.unpackedBytes / MB }, internal: err.message });
    }
    if (err instanceof ZipFormatError) throw new AppError("UNSUPPORTED_MEDIA", "errors.docx.notDocx", { internal: err.message });
    throw err;
  }
  if (!unpacked.names.includes("word/document.xml")) throw new AppError("UNSUPPORTED_MEDIA", "errors.docx.notDocx", { internal: "no word/document.xml" });
  return unpacked.files;
}

/**
 * Throws a 4xx AppError unless `bytes` is a zip holding a Word document whose parts, inflated and counted, unpack
 * within DOCX_LIMITS. Memory stays bounded whatever the zip declares; the inflating runs off the event loop. Call it
 * before queueing a conversion, so a hostile file is refused at once with its own message.
 */
export async function checkDocxZip(bytes: Uint8Array): Promise<void> {
  await unpackDocx(bytes, false);
}

/** Word's headings under the release's title (the page's h1): Title and Heading 1 become h2, Headings 2 and 3 h3. */
const STYLE_MAP = [
  "p[style-name='Title'] => h2:fresh",
  "p[style-name='Heading 1'] => h2:fresh",
  "p[style-name='Heading 2'] => h3:fresh",
  "p[style-name='Heading 3'] => h3:fresh",
  "p[style-name='Heading 4'] => h3:fresh",
];

/** The content rules without images (see above). */
export const DOCX_RULES: sanitizeHtml.IOptions = {
  ...CONTENT_RULES,
  allowedTags: (CONTENT_RULES.allowedTags as string[]).filter((tag) => tag !== "img" && tag !== "figure" && tag !== "figcaption"),
  // A paragraph left empty (it held only an image) is not content.
  exclusiveFilter: (frame) => frame.tag === "p" && !frame.text.trim() && !frame.mediaChildren.length,
};

export type DocxImport = { html: string; droppedImages: number };

/** The document's HTML, cleaned: headings, paragraphs, lists, links, tables, bold and italics. */
export async function docxToHtml(bytes: Uint8Array): Promise<DocxImport> {
  // The parts as counted, stored again (no compression): mammoth unpacks only bytes that were counted within the limits.
  const verified = zipSync(await unpackDocx(bytes, true), { level: 0 });
  let droppedImages = 0;
  let result: { value: string };
  try {
    result = await mammoth.convertToHtml(
      { buffer: Buffer.from(verified.buffer, verified.byteOffset, verified.byteLength) },
      {
        styleMap: STYLE_MAP,
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(() => {
          droppedImages++;
          return Promise.resolve({ src: "" });
        }),
      },
    );
  } catch (err) {
    throw new AppError("UNPROCESSABLE", "errors.docx.unreadable", { internal: String(err) });
  }
  return { html: sanitizeHtml(result.value, DOCX_RULES), droppedImages };
}
