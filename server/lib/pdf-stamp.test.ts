import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, type PDFPage } from "@cantoo/pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { decompressionBomb, encryptedPdf, numberedPdf, pageTreeLoop, pageWords, randomWithHeader } from "../../tests/helpers/pdf-fixtures";
import { closeHtmlWorkers, runReaderTask, TaskTimeoutError } from "../workers/html-pool";
import { AppError } from "./errors";
import { closePdfTools, pageText, pdfInfo } from "./pdf-render";
import { overlayShapes, stampedPdf } from "./pdf-stamp";
import { watermarkLines } from "./watermark";

const dir = mkdtempSync(path.join(os.tmpdir(), "pdf-stamp-test-"));
const fixture = (name: string, bytes: Uint8Array) => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
};
const lines = watermarkLines({ name: "محمد عبد الله", email: "m.abdullah@example.com", at: new Date("2026-05-01T11:05:00Z"), viewId: "d1" });

afterAll(async () => {
  closePdfTools();
  await closeHtmlWorkers();
  rmSync(dir, { recursive: true, force: true });
});

/** The image XObjects in a page's resources: their names ("/Im1") and the objects they refer to ("12 0 R"). */
function pageImages(page: PDFPage): { name: string; ref: string }[] {
  const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  if (!xObjects) return [];
  return xObjects
    .keys()
    .filter((key) => {
      const object = xObjects.lookup(key);
      return (object instanceof PDFStream || object instanceof PDFRawStream) && object.dict.get(PDFName.of("Subtype"))?.toString() === "/Image";
    })
    .map((key) => ({ name: key.toString(), ref: String(xObjects.get(key)) }));
}
const imageNames = (page: PDFPage) => pageImages(page).map((image) => image.name);

describe("[data room] stamped PDF", () => {
  it("keeps every page and its text, and adds a watermark image to each page, turned pages included", async () => {
    const original = await numberedPdf(4, { rotate: [2] });
    const file = fixture("numbered.pdf", original);
    const stamped = await stampedPdf(file, lines);

    const before = await PDFDocument.load(original);
    const after = await PDFDocument.load(stamped);
    expect(after.getPageCount()).toBe(4);
    after.getPages().forEach((page, i) => {
      const old = new Set(imageNames(before.getPage(i)));
      expect(imageNames(page).filter((name) => !old.has(name)).length).toBeGreaterThanOrEqual(1);
      expect(page.getRotation().angle).toBe(i === 1 ? 90 : 0);
    });
    // Portrait and landscape pages share two images between them.
    const images = new Set(after.getPages().flatMap((page) => pageImages(page).map((image) => image.ref)));
    expect(images.size).toBe(2);

    const out = fixture("numbered-stamped.pdf", stamped);
    for (let n = 1; n <= 4; n++) expect(await pageText(out, n)).toContain(pageWords(n));
    // The first task starts a worker thread, which compiles its modules in development.
  }, 90_000);

  it("stamps pages of several sizes with at most eight images", () => {
    const sizes = Array.from({ length: 20 }, (_, i) => ({ width: 500 + i, height: 800, rotate: 0 }));
    expect(overlayShapes([...sizes, ...sizes.slice(0, 1)])[0]).toEqual({ width: 500, height: 800 });
    expect(overlayShapes(sizes)).toHaveLength(8);
  });

  it("refuses a password-protected PDF; one restricted by an owner password only is stamped", async () => {
    const locked = fixture("locked.pdf", await encryptedPdf({ userPassword: "open sesame" }));
    await expect(stampedPdf(locked, lines)).rejects.toMatchObject({ code: "UNPROCESSABLE", messageId: "errors.pdf.encrypted" });
    const restricted = fixture("restricted.pdf", await encryptedPdf({}));
    const stamped = await stampedPdf(restricted, lines);
    const doc = await PDFDocument.load(stamped);
    expect(doc.getPageCount()).toBe(1);
    expect(imageNames(doc.getPage(0)).length).toBe(1);
    const out = fixture("restricted-stamped.pdf", stamped);
    expect(await pageText(out, 1)).toContain("Restricted page words");
    // Decrypted to be stamped, and saved without the old encryption dictionary.
    expect((await pdfInfo(out)).encrypted).toBe(false);
  });

  it("refuses damaged files with a clear error", async () => {
    const good = await numberedPdf(2);
    for (const bytes of [good.subarray(0, good.length >> 1), randomWithHeader(32 * 1024), pageTreeLoop()]) {
      const err = await stampedPdf(fixture(`broken-${bytes.length}.pdf`, bytes), lines).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: "UNPROCESSABLE", messageId: "errors.pdf.unreadable" });
    }
  });

  it("in the worker, a page tree that loops ends in a refusal or the time limit, never a hang", async () => {
    const started = performance.now();
    const err = await runReaderTask(
      "stampPdf",
      { bytes: pageTreeLoop(), overlays: [{ width: 10, height: 10, png: new Uint8Array(0) }], maxPages: 2000 },
      { timeoutMs: 10_000 },
    ).catch((e: unknown) => e);
    expect(err instanceof AppError || err instanceof TaskTimeoutError).toBe(true);
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it("stamps a decompression bomb without inflating it", async () => {
    const file = fixture("bomb.pdf", await decompressionBomb(8000, 64 * 1024 * 1024));
    const started = performance.now();
    const stamped = await stampedPdf(file, lines);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect((await PDFDocument.load(stamped)).getPageCount()).toBe(1);
  }, 60_000);
});
