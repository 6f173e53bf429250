/**
 * A Word document (.docx) to the HTML the press editor loads, on this server only (a release's text is never sent to
 * a conversion service). It runs in an HTML worker thread (server/workers) under a time and memory limit; before
 * mammoth reads anything, the zip's central directory is checked: a document whose parts unpack to more than
 * DOCX_LIMITS.unpackedBytes, or compress far better than text does, is a zip bomb and is refused unread.
 *
 * Images are dropped (counted, so the editor can say so): embedded ones would need the upload pipeline, and linked
 * ones would make the server fetch addresses a document names. The writer adds images with the editor's image button.
 */
import { unzipSync } from "fflate";
import mammoth from "mammoth";
import sanitizeHtml from "sanitize-html";
import { AppError } from "./errors";
import { CONTENT_RULES } from "./sanitize-content";

export const DOCX_LIMITS = {
  /** The upload itself. */
  fileBytes: 5 * 1024 * 1024,
  /** Every part of the zip, unpacked, as its central directory declares them. */
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

/** Throws a 4xx AppError unless `bytes` is a zip holding a Word document whose parts unpack within DOCX_LIMITS. */
export function checkDocxZip(bytes: Uint8Array) {
  // A zip starts with a local file header ('PK\x03\x04').
  if (bytes.length < 22 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 0x03 || bytes[3] !== 0x04) {
    throw new AppError("UNSUPPORTED_MEDIA", "errors.docx.notDocx");
  }
  let total = 0;
  let entries = 0;
  let document = false;
  let bomb = false;
  try {
    // The filter sees each central-directory entry (declared sizes) and unpacks none of them.
    unzipSync(bytes, {
      filter: (file) => {
        entries++;
        total += file.originalSize;
        if (file.name === "word/document.xml") document = true;
        if (file.originalSize > DOCX_LIMITS.ratioFloorBytes && file.originalSize > Math.max(file.size, 1) * DOCX_LIMITS.ratio) bomb = true;
        return false;
      },
    });
  } catch (err) {
    throw new AppError("UNSUPPORTED_MEDIA", "errors.docx.notDocx", { internal: String(err) });
  }
  if (bomb || total > DOCX_LIMITS.unpackedBytes || entries > DOCX_LIMITS.entries) {
    throw new AppError("PAYLOAD_TOO_LARGE", "errors.docx.tooBig", {
      values: { mb: DOCX_LIMITS.unpackedBytes / MB },
      internal: `${entries} parts, ${total} bytes`,
    });
  }
  if (!document) throw new AppError("UNSUPPORTED_MEDIA", "errors.docx.notDocx", { internal: "no word/document.xml" });
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
  checkDocxZip(bytes);
  let droppedImages = 0;
  let result: { value: string };
  try {
    result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
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
