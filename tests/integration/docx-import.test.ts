/**
 * POST /api/admin/press-releases/import-docx: a real Word document (made here with the `docx` package) comes back as
 * the editor's HTML with its headings, lists and links; images are dropped and counted; hostile files (not a zip, a
 * zip that is no Word document, a zip bomb, a bomb that understates its size, a file over the size limit, scripts and
 * linked images) are refused or cleaned with clear 4xx messages; the conversion never holds the request thread; only
 * admins may call it.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { deflateRawSync } from "node:zlib";
import { Document, ExternalHyperlink, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from "docx";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { postMultipart } from "../fixtures/files";
import { lyingZip, zerosDeflated } from "../fixtures/zip-bombs";

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, "admin")).client;
});
afterAll(() => ctx.close());

const URL_PATH = "/api/admin/press-releases/import-docx";
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
const importFile = (data: Uint8Array | string, name = "release.docx", client = admin) =>
  postMultipart(client, URL_PATH, { file: { data, name, type: DOCX_TYPE } });

// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** A release as a writer would type it in Word: headings, a link, bullets, numbers, an Arabic paragraph, a picture. */
async function wordDocument(extraParagraphs = 0) {
  const document = new Document({
    numbering: { config: [{ reference: "steps", levels: [{ level: 0, format: "decimal", text: "%1.", alignment: "start" }] }] },
    sections: [
      {
        children: [
          new Paragraph({ text: "Third-quarter results", heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: "Highlights", heading: HeadingLevel.HEADING_2 }),
          new Paragraph({
            children: [
              new TextRun({ text: "Revenue grew by 12%", bold: true }),
              new TextRun(", as the "),
              new ExternalHyperlink({ link: "https://example.com/report", children: [new TextRun("full report")] }),
              new TextRun(" shows."),
            ],
          }),
          new Paragraph({ text: "New warehouse in Sokhna", bullet: { level: 0 } }),
          new Paragraph({ text: "Margins up", bullet: { level: 0 } }),
          new Paragraph({ text: "Board approval", numbering: { reference: "steps", level: 0 } }),
          new Paragraph({ text: "Shareholder vote", numbering: { reference: "steps", level: 0 } }),
          new Paragraph({ text: "ارتفعت إيرادات Meridian Holdings بنسبة 12%.", bidirectional: true }),
          new Paragraph({ children: [new ImageRun({ type: "png", data: PNG, transformation: { width: 10, height: 10 } })] }),
          ...Array.from(
            { length: extraParagraphs },
            (_, i) => new Paragraph({ text: `Paragraph ${i} of a long annual report, with enough words to weigh something.` }),
          ),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** The smallest zip Word would open, with `documentXml` as its body and `rels` as the body's relationships. */
function handMadeDocx(documentXml: string, rels = "") {
  const w =
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return zipSync({
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    "word/_rels/document.xml.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    ),
    "word/document.xml": strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document ${w}><w:body>${documentXml}</w:body></w:document>`),
  });
}

describe("[docx import] a Word document", () => {
  it("keeps its headings, lists and links, drops its images and counts them", async () => {
    const res = await importFile(await wordDocument());
    expect(res.status, res.text).toBe(200);
    const html: string = res.json.html;
    // Word's Heading 1 sits under the release's own title (the page's h1).
    expect(html).toContain("<h2>Third-quarter results</h2>");
    expect(html).toContain("<h3>Highlights</h3>");
    expect(html).toContain('<strong>Revenue grew by 12%</strong>, as the <a href="https://example.com/report">full report</a> shows.');
    expect(html).toContain("<ul><li>New warehouse in Sokhna</li><li>Margins up</li></ul>");
    expect(html).toContain("<ol><li>Board approval</li><li>Shareholder vote</li></ol>");
    expect(html).toContain("ارتفعت إيرادات Meridian Holdings بنسبة 12%.");
    expect(html).not.toContain("<img");
    expect(res.json.droppedImages).toBe(1);
  });

  it("scripts stay text, unsafe links and linked images are dropped; nothing is fetched", async () => {
    const body = [
      "<w:p><w:r><w:t>&lt;script&gt;alert(1)&lt;/script&gt; stays text</w:t></w:r></w:p>",
      '<w:p><w:hyperlink r:id="rId7"><w:r><w:t>a javascript link</w:t></w:r></w:hyperlink></w:p>',
      '<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:docPr id="1" name="tracker"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:blipFill><a:blip r:link="rId8"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>',
    ].join("");
    const rels = [
      '<Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="javascript:alert(1)" TargetMode="External"/>',
      '<Relationship Id="rId8" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://127.0.0.1:9/tracker.png" TargetMode="External"/>',
    ].join("");
    const res = await importFile(handMadeDocx(body, rels));
    expect(res.status, res.text).toBe(200);
    expect(res.json.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; stays text");
    expect(res.json.html).not.toContain("<script");
    expect(res.json.html).not.toContain("javascript:");
    expect(res.json.html).toContain("a javascript link");
    expect(res.json.html).not.toContain("127.0.0.1");
    expect(res.json.html).not.toContain("<img");
  });
});

describe("[docx import] hostile files are refused with clear messages", () => {
  it("a file that is not a zip, and a zip that is not a Word document", async () => {
    const text = await importFile("Just some text, renamed to .docx", "notes.docx");
    expect(text.status).toBe(415);
    expect(text.json.message).toMatch(/not a Word document \(\.docx\)/);
    const pdf = await importFile("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n", "report.docx");
    expect(pdf.status).toBe(415);
    const zip = await importFile(zipSync({ "readme.txt": strToU8("not Word") }), "archive.docx");
    expect(zip.status).toBe(415);
    expect(zip.json.message).toMatch(/not a Word document/);
    // A zip's first bytes with nothing after them.
    const cut = await importFile((await wordDocument()).slice(0, 200), "cut.docx");
    expect(cut.status).toBe(415);
  });

  it("a zip bomb is refused: 60 MB that pack into a few kilobytes", async () => {
    const bomb = zipSync({ "word/document.xml": new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const res = await importFile(bomb, "bomb.docx");
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/unpacks to more than 50 MB/);
    // Under the total, but packed a thousand to one: a bomb too.
    const dense = zipSync({ "word/document.xml": new Uint8Array(5 * 1024 * 1024) }, { level: 9 });
    expect((await importFile(dense, "dense.docx")).status).toBe(413);
  });

  it("a zip that understates its size is refused by the bytes it inflates to, with memory bounded", async () => {
    const text = (xml: string) => new Uint8Array(deflateRawSync(Buffer.from(xml)));
    // About 1 MB that declares 2 KB for every part, while its body inflates to 1 GB.
    const bomb = lyingZip(
      {
        "[Content_Types].xml": text('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
        "word/document.xml": zerosDeflated(1024),
      },
      2048,
    );
    expect(bomb.length).toBeLessThan(1.1 * 1024 * 1024);
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const res = await importFile(bomb, "lying.docx");
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    expect(res.status, res.text).toBe(413);
    expect(res.json.code).toBe("PAYLOAD_TOO_LARGE");
    expect(res.json.message).toMatch(/unpacks to more than 50 MB/);
    expect((peak - before) / 1024 / 1024, "RSS growth, MB").toBeLessThan(100);
  });

  it("a file over 5 MB is refused before it is converted", async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    const res = await importFile(big, "huge.docx");
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/5 ?MB/);
  });

  it("only admins may import", async () => {
    const anonymous = await importFile(await wordDocument(), "r.docx", new Client(ctx.baseUrl));
    expect(anonymous.status).toBe(401);
    const member = (await signedInClient(ctx, "regular")).client;
    expect((await importFile(await wordDocument(), "r.docx", member)).status).toBe(403);
  });
});

describe("[docx import] the request thread stays free", () => {
  it("a long document converts in a worker: the event loop is never held for the conversion", async () => {
    const long = await wordDocument(6000);
    // Warm: the worker and its modules are loaded once per process.
    expect((await importFile(await wordDocument())).status).toBe(200);
    // What the machine's own load costs the event loop over as long a time, with nothing to convert: a busy CI
    // machine delays every timer a little. Converting on this thread would stall it for the whole conversion.
    const idle = monitorEventLoopDelay({ resolution: 10 });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const res = await importFile(long, "annual-report.docx");
    delay.disable();
    const took = performance.now() - started;
    idle.enable();
    await new Promise((resolve) => setTimeout(resolve, took));
    idle.disable();
    expect(res.status, res.text).toBe(200);
    expect(res.json.html).toContain("Paragraph 5999 of a long annual report");
    // Converting 6,000 paragraphs takes this thread well over a second of work; sending the answer takes a few ms.
    expect(delay.max / 1e6, `stalled ${Math.round(delay.max / 1e6)} ms; idle ${Math.round(idle.max / 1e6)} ms`).toBeLessThan(500 + idle.max / 1e6);
  });
});
