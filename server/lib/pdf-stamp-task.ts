/**
 * The worker-thread half of a stamped download (server/lib/pdf-stamp.ts has the other): parses a PDF with pdf-lib,
 * draws a watermark image over every page and saves it. Parsing and saving are CPU work in JavaScript, so this runs
 * in the worker pool (server/workers/html-tasks.ts), with its time and memory limits, never in the request thread.
 *
 * The watermark comes in as images (drawn by sharp on the main thread): pdf-lib's own text cannot shape Arabic.
 */
import { EncryptedPDFError, PDFDict, PDFDocument, PDFName, PDFPage, PDFRawStream, degrees } from "@cantoo/pdf-lib";
import { AppError } from "./errors";

/** A watermark image made for pages of one shape: its size as shown, in points, and the PNG. */
export type StampOverlay = { width: number; height: number; png: Uint8Array };

export type StampInput = { bytes: Uint8Array; overlays: StampOverlay[]; maxPages: number };

/** The page's box as shown: the CropBox (which defaults to the MediaBox) and the page's turn, 0, 90, 180 or 270. */
function shownBox(page: PDFPage) {
  const box = page.getCropBox();
  const rotate = (((Math.round(page.getRotation().angle / 90) * 90) % 360) + 360) % 360;
  const turned = rotate === 90 || rotate === 270;
  return { box, rotate, width: turned ? box.height : box.width, height: turned ? box.width : box.height };
}

/**
 * Removes the objects a saved file must not carry over: the cross-reference and object streams the file was read from
 * (pdf-lib keeps them as objects, and a stale cross-reference stream read back would still name the file's old
 * /Encrypt dictionary), and, when the file was decrypted, its security handler's dictionary.
 */
function dropStructureObjects(doc: PDFDocument) {
  const TYPE = PDFName.of("Type");
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : undefined;
    if (!dict) continue;
    const type = dict.get(TYPE);
    const isStructure = object instanceof PDFRawStream && (type === PDFName.of("XRef") || type === PDFName.of("ObjStm"));
    const isSecurityHandler =
      !(object instanceof PDFRawStream) && dict.get(PDFName.of("Filter")) === PDFName.of("Standard") && dict.has(PDFName.of("O")) && dict.has(PDFName.of("U"));
    if (isStructure || isSecurityHandler) doc.context.delete(ref);
  }
}

/** The overlay whose shape is nearest the page's (by the ratio of the aspect ratios). */
function nearestOverlay<T extends { width: number; height: number }>(overlays: T[], width: number, height: number): T {
  const aspect = Math.log(Math.max(height, 1e-6) / Math.max(width, 1e-6));
  let best = overlays[0];
  let bestDistance = Infinity;
  for (const o of overlays) {
    const distance = Math.abs(Math.log(o.height / o.width) - aspect);
    if (distance < bestDistance) [best, bestDistance] = [o, distance];
  }
  return best;
}

const refuse = (id: "errors.pdf.encrypted" | "errors.pdf.unreadable" | "errors.pdf.tooManyPages", internal: string, values?: { max: number }) =>
  new AppError("UNPROCESSABLE", id, { internal, values });

/**
 * The PDF with the overlay nearest each page's shape drawn over the whole page, upright as the page is shown (a page
 * turned by /Rotate gets the image turned back), each overlay embedded once. The page's own content is wrapped in
 * q ... Q first, so a content stream that leaves the graphics state changed cannot move or hide the watermark.
 * A PDF that opens without a password but carries an owner password (restrictions on copying, printing) is decrypted
 * and saved without encryption. Throws UNPROCESSABLE errors.pdf.encrypted, errors.pdf.unreadable,
 * errors.pdf.tooManyPages.
 */
export async function stampPdfTask(input: StampInput): Promise<Uint8Array> {
  if (input.overlays.length === 0) throw new Error("stampPdf needs at least one overlay");
  let doc: PDFDocument;
  try {
    // The empty user password opens a file restricted only by an owner password.
    doc = await PDFDocument.load(input.bytes, { password: "", updateMetadata: false });
  } catch (err) {
    const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    if (err instanceof EncryptedPDFError || /password/i.test(text)) throw refuse("errors.pdf.encrypted", `pdf-lib: ${text}`);
    throw refuse("errors.pdf.unreadable", `pdf-lib: ${text}`);
  }
  let pages: PDFPage[];
  try {
    pages = doc.getPages();
  } catch (err) {
    // A page tree that refers back to itself ends in a stack overflow, caught here.
    throw refuse("errors.pdf.unreadable", `pdf-lib page tree: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (pages.length === 0) throw refuse("errors.pdf.unreadable", "pdf-lib: no pages");
  if (pages.length > input.maxPages) throw refuse("errors.pdf.tooManyPages", `pdf-lib: ${pages.length} pages`, { max: input.maxPages });

  const embedded = new Map<StampOverlay, Awaited<ReturnType<PDFDocument["embedPng"]>>>();
  try {
    for (const page of pages) {
      const { box, rotate, width, height } = shownBox(page);
      if (!(width > 0 && height > 0)) continue;
      const overlay = nearestOverlay(input.overlays, width, height);
      let image = embedded.get(overlay);
      if (!image) embedded.set(overlay, (image = await doc.embedPng(overlay.png)));

      page.node.normalize();
      const q = doc.context.register(doc.context.stream("q"));
      const Q = doc.context.register(doc.context.stream("Q"));
      page.node.wrapContentStreams(q, Q);

      // The image is drawn `width` x `height` (as shown) and turned with the page's /Rotate undone, about its lower
      // left corner, which is put where that corner of the shown page lies in the page's own coordinates.
      const anchor = {
        0: { x: box.x, y: box.y },
        90: { x: box.x + box.width, y: box.y },
        180: { x: box.x + box.width, y: box.y + box.height },
        270: { x: box.x, y: box.y + box.height },
      }[rotate as 0 | 90 | 180 | 270];
      page.drawImage(image, { ...anchor, width, height, rotate: degrees(rotate) });
    }
    dropStructureObjects(doc);
    return await doc.save({ updateFieldAppearances: false });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse("errors.pdf.unreadable", `pdf-lib stamp: ${err instanceof Error ? err.message : String(err)}`);
  }
}
