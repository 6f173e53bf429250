import { PDFDict, PDFDocument, PDFName, StandardFonts } from "@cantoo/pdf-lib";

/** A PDF of `pages` A4 pages, each saying "<label> page <n>" in large type (so a rendered page is not blank). */
export async function makePdf(pages: number, label = "Quarterly report"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`${label} page ${n}`, { x: 60, y: 760, size: 28, font });
    page.drawText(`Revenue grew in quarter ${n}.`, { x: 60, y: 700, size: 16, font });
  }
  return pdf.save();
}

/** The number of pages of a PDF, and how many of its pages draw an image (a stamped copy draws one on each). */
export async function pdfPages(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const pages = pdf.getPages();
  const withImage = pages.filter((p) => {
    const xobjects = p.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    return Boolean(xobjects && xobjects.keys().length > 0);
  }).length;
  return { count: pages.length, withImage };
}
