/**
 * PDFs the viewer's tests and benchmark make for themselves: ordinary numbered pages (pdf-lib), and hostile files
 * written object by object (a page tree that loops, a stream that inflates to hundreds of megabytes, a document that
 * claims a hundred thousand pages).
 */
import { once } from "node:events";
import zlib from "node:zlib";
import { PDFDocument, StandardFonts, degrees } from "@cantoo/pdf-lib";

/** The words on page `n` of a numbered fixture: pageText finds them there and nowhere else. */
export const pageWords = (n: number) => `Page ${n} quarterly figures marker${n}x`;

/**
 * A PDF of `pages` numbered pages (A4 unless `size`), each with pageWords(n) and a few lines of text. `rotate` turns
 * the pages it names by 90 degrees.
 */
export async function numberedPdf(pages: number, opts: { size?: [number, number]; rotate?: number[]; lines?: number } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const [width, height] = opts.size ?? [595, 842];
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([width, height]);
    page.drawText(pageWords(n), { x: 40, y: height - 60, size: 18, font });
    for (let l = 0; l < (opts.lines ?? 12); l++) {
      page.drawText(`Line ${l + 1}: revenue, margin and capital for the period under review.`, { x: 40, y: height - 100 - l * 14, size: 10, font });
    }
    if (opts.rotate?.includes(n)) page.setRotation(degrees(90));
  }
  return doc.save();
}

/** A password-protected PDF (AES-256): `userPassword` is needed to open it; without one it opens but is restricted. */
export async function encryptedPdf(opts: { userPassword?: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText("Restricted page words", { x: 40, y: 780, size: 18, font });
  doc.encrypt({ userPassword: opts.userPassword, ownerPassword: "owner-secret", permissions: { copying: false, modifying: false } });
  return doc.save();
}

type Part = string | Uint8Array;

/**
 * A PDF written object by object: `objects[i]` is the body of object i + 1 (object 1 is the catalog), with a correct
 * cross-reference table, so a reader gets past the file's structure to whatever the objects hold.
 */
export function rawPdf(objects: Part[][]): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const push = (part: Part) => {
    const bytes = typeof part === "string" ? Buffer.from(part, "latin1") : part;
    chunks.push(bytes);
    length += bytes.length;
  };
  push("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n");
  const offsets: number[] = [];
  objects.forEach((parts, i) => {
    offsets.push(length);
    push(`${i + 1} 0 obj\n`);
    parts.forEach(push);
    push("\nendobj\n");
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks, length);
}

/** A stream object's parts: its dictionary (with /Length) and data. */
export const streamObject = (dict: string, data: Uint8Array): Part[] => [`<< ${dict} /Length ${data.length} >>\nstream\n`, data, "\nendstream"];

/** One page of text, as the content of a hand-written PDF. */
const TEXT_PAGE = Buffer.from("BT /F1 24 Tf 72 700 Td (Hello) Tj ET");
const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** A document whose page tree claims `count` pages but holds one. */
export function claimsManyPages(count: number): Uint8Array {
  return rawPdf([
    ["<< /Type /Catalog /Pages 2 0 R >>"],
    [`<< /Type /Pages /Kids [3 0 R] /Count ${count} >>`],
    ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"],
    streamObject("", TEXT_PAGE),
    [FONT],
  ]);
}

/** A document of `count` real pages (one shared content stream), written directly: 100,000 pages take about 13 MB. */
export function manyPages(count: number): Uint8Array {
  const kids = Array.from({ length: count }, (_, i) => `${i + 5} 0 R`).join(" ");
  const page: Part[] = ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 4 0 R >> >> >>"];
  return rawPdf([
    ["<< /Type /Catalog /Pages 2 0 R >>"],
    [`<< /Type /Pages /Kids [${kids}] /Count ${count} >>`],
    streamObject("", TEXT_PAGE),
    [FONT],
    ...Array.from({ length: count }, () => page),
  ]);
}

/** A page tree whose only kid is the tree itself. */
export function pageTreeLoop(): Uint8Array {
  return rawPdf([["<< /Type /Catalog /Pages 2 0 R >>"], ["<< /Type /Pages /Kids [2 0 R] /Count 1 /Parent 2 0 R >>"]]);
}

/** A page whose content stream's /Length refers to itself. */
export function selfReferentialLength(): Uint8Array {
  const body = TEXT_PAGE;
  return rawPdf([
    ["<< /Type /Catalog /Pages 2 0 R >>"],
    ["<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
    ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"],
    ["<< /Length 4 0 R >>\nstream\n", body, "\nendstream"],
    [FONT],
  ]);
}

/** `bytes` bytes of `fill`, deflated (a zlib stream, as FlateDecode reads it), made in pieces. */
async function deflatedFill(bytes: number, fill: number): Promise<Uint8Array> {
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  const piece = Buffer.alloc(16 * 1024 * 1024, fill);
  for (let left = bytes; left > 0; left -= piece.length) {
    if (!deflate.write(left >= piece.length ? piece : piece.subarray(0, left))) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return Buffer.concat(out);
}

/**
 * A decompression bomb: one page that draws an image of `side` x `side` grey pixels whose FlateDecode data is a few
 * hundred kilobytes and inflates to side² bytes (20000: 400 MB), beside a content stream that inflates to
 * `contentBytes` of spaces.
 */
export async function decompressionBomb(side = 20_000, contentBytes = 256 * 1024 * 1024): Promise<Uint8Array> {
  const image = await deflatedFill(side * side, 0x80);
  const spaces = await deflatedFill(contentBytes, 0x20);
  const draw = Buffer.from("q 612 0 0 792 0 0 cm /Im1 Do Q ");
  return rawPdf([
    ["<< /Type /Catalog /Pages 2 0 R >>"],
    ["<< /Type /Pages /Kids [3 0 R] /Count 1 >>"],
    ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [6 0 R 4 0 R] /Resources << /XObject << /Im1 5 0 R >> >> >>"],
    streamObject("/Filter /FlateDecode", spaces),
    streamObject(`/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`, image),
    streamObject("", draw),
  ]);
}

/** `bytes` with random bytes after a PDF header. */
export function randomWithHeader(bytes: number): Uint8Array {
  const data = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) data[i] = Math.floor(Math.random() * 256);
  data.write("%PDF-1.7\n", 0, "latin1");
  return data;
}
