/**
 * The press editor's documents through the API: the server renders a document to the stored HTML (headings, lists,
 * links, tables, each block's direction), refuses one with anything the editor's allow-list does not have with a 400
 * that names the field, ignores the HTML a client sends beside a document, still takes HTML alone from older
 * clients (and then forgets the document), and the public page shows the rendered HTML.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { pressBody } from "../helpers/factories";
import { closeVite, servePages } from "../helpers/pages-server";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
let admin: Client;
let visitor: Client;

beforeAll(async () => {
  ctx = await createTestContext();
  pages = await servePages(ctx.database, ctx.services.config);
  admin = (await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "admin")).client;
  visitor = new Client(pages.baseUrl);
  // The first render compiles every module; warm it up outside the tests' time limits.
  await visitor.get("/press-releases");
}, 120_000);

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

type Node = { type: string; attrs?: Record<string, unknown>; content?: Node[]; text?: string; marks?: { type: string; attrs?: Record<string, unknown> }[] };
const text = (value: string, marks?: Node["marks"]): Node => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const p = (value: string, dir: string | null = null): Node => ({ type: "paragraph", attrs: { dir }, content: [text(value)] });
const doc = (...content: Node[]): Node => ({ type: "doc", content });
const link = (href: string) => ({ type: "link", attrs: { href, target: "_blank", rel: "noopener noreferrer nofollow", class: null, title: null } });

/** A document with everything the toolbar makes, as the editor's getJSON() gives it. */
const FULL = doc(
  { type: "heading", attrs: { level: 2, dir: "auto" }, content: [text("Third-quarter results")] },
  {
    type: "paragraph",
    attrs: { dir: "auto" },
    content: [text("Revenue grew by 12% to EGP 4.2 billion; see "), text("the report", [link("https://example.com/report"), { type: "bold" }]), text(".")],
  },
  { type: "heading", attrs: { level: 3, dir: "auto" }, content: [text("Highlights")] },
  {
    type: "bulletList",
    attrs: { dir: "auto" },
    content: [
      { type: "listItem", attrs: { dir: "auto" }, content: [p("New warehouse in Sokhna", "auto")] },
      {
        type: "listItem",
        attrs: { dir: "auto" },
        content: [{ type: "paragraph", attrs: { dir: "auto" }, content: [text("Margins up", [{ type: "italic" }])] }],
      },
    ],
  },
  { type: "orderedList", attrs: { dir: "auto", start: 1, type: null }, content: [{ type: "listItem", attrs: { dir: "auto" }, content: [p("First", "auto")] }] },
  { type: "blockquote", attrs: { dir: "auto" }, content: [p("A quotation from the chairman.", "auto")] },
  {
    type: "table",
    attrs: { dir: "auto" },
    content: [
      {
        type: "tableRow",
        attrs: { dir: "auto" },
        content: [
          { type: "tableHeader", attrs: { dir: "auto", colspan: 1, rowspan: 1, colwidth: null }, content: [p("Quarter", "auto")] },
          { type: "tableHeader", attrs: { dir: "auto", colspan: 1, rowspan: 1, colwidth: null }, content: [p("Revenue", "auto")] },
        ],
      },
      {
        type: "tableRow",
        attrs: { dir: "auto" },
        content: [
          { type: "tableCell", attrs: { dir: "auto", colspan: 1, rowspan: 1, colwidth: null }, content: [p("Q3", "auto")] },
          { type: "tableCell", attrs: { dir: "auto", colspan: 1, rowspan: 1, colwidth: null }, content: [p("4.2", "auto")] },
        ],
      },
    ],
  },
  { type: "paragraph", attrs: { dir: "auto" }, content: [text("Contact "), text("ir@example.com", [link("mailto:ir@example.com")])] },
);

/** An Arabic document: right to left, with one English paragraph turned left to right and a name inside the Arabic. */
const ARABIC = doc(
  { type: "heading", attrs: { level: 2, dir: "rtl" }, content: [text("نتائج الربع الثالث")] },
  p("ارتفعت إيرادات Meridian Holdings بنسبة 12% لتصل إلى 4.2 مليار جنيه.", "rtl"),
  p("Meridian Holdings (EGX: MRDN)", "ltr"),
);

const create = (extra: Record<string, unknown>) => admin.post("/api/press-releases", pressBody({ title: "Rich text release", ...extra }));

describe("[rich text] a document becomes the stored HTML", () => {
  it("headings, lists, links, tables and marks are rendered; the admin reads the document back, the public API not", async () => {
    const res = await create({ content: "<p>What the browser sent as HTML is not what is stored, whatever it says.</p>", contentDoc: FULL });
    expect(res.status, res.text).toBe(201);
    const html: string = res.json.content;
    expect(html).toContain('<h2 dir="auto">Third-quarter results</h2>');
    expect(html).toContain('<h3 dir="auto">Highlights</h3>');
    expect(html).toMatch(/<ul dir="auto"><li dir="auto"><p dir="auto">New warehouse in Sokhna<\/p><\/li>/);
    expect(html).toContain('<ol dir="auto">');
    expect(html).toContain("<em>Margins up</em>");
    expect(html).toMatch(
      /<a [^>]*href="https:\/\/example\.com\/report"[^>]*><strong>the report<\/strong><\/a>|<strong><a [^>]*href="https:\/\/example\.com\/report"/,
    );
    expect(html).toContain('href="mailto:ir@example.com"');
    expect(html).toContain('<blockquote dir="auto"><p dir="auto">A quotation from the chairman.</p></blockquote>');
    expect(html).toMatch(/<table dir="auto">.*<th dir="auto"[^>]*><p dir="auto">Quarter<\/p><\/th>.*<td dir="auto"[^>]*><p dir="auto">4\.2<\/p><\/td>/s);
    // The renderer's inline widths and column groups are not content.
    expect(html).not.toContain("style=");
    expect(html).not.toContain("colgroup");
    expect(html).not.toContain("What the browser sent");

    const adminRead = await admin.get(`/api/admin/press-releases/${res.json.id}`);
    expect(adminRead.json.contentDoc).toEqual(FULL);
    const publicRead = await visitor.get(`/api/press-releases/${res.json.id}`);
    expect(publicRead.json.content).toBe(html);
    expect(publicRead.json).not.toHaveProperty("contentDoc");
    // The dashboard's table reads no bodies: neither the HTML nor the documents (the edit form reads them).
    const row = (await admin.get("/api/admin/press-releases")).json.find((r: { id: number }) => r.id === res.json.id);
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty("contentDoc");
    expect(row).not.toHaveProperty("contentArDoc");
  });

  it("an Arabic document keeps each block's direction, and reads so in Arabic", async () => {
    const res = await create({ contentDoc: FULL, titleAr: "بيان منسق للاختبار", summaryAr: "ملخص عربي طويل بما يكفي للتحقق.", contentArDoc: ARABIC });
    expect(res.status, res.text).toBe(201);
    const ar: string = res.json.contentAr;
    expect(ar).toContain('<h2 dir="rtl">نتائج الربع الثالث</h2>');
    expect(ar).toContain('<p dir="rtl">ارتفعت إيرادات Meridian Holdings بنسبة 12% لتصل إلى 4.2 مليار جنيه.</p>');
    expect(ar).toContain('<p dir="ltr">Meridian Holdings (EGX: MRDN)</p>');
    const read = await visitor.get(`/api/press-releases/${res.json.id}?lang=ar`);
    expect(read.json.contentLocale).toBe("ar");
    expect(read.json.content).toBe(ar);
    expect((await admin.get(`/api/admin/press-releases/${res.json.id}`)).json.contentArDoc).toEqual(ARABIC);
  });

  it("an Arabic document with no text clears the Arabic content", async () => {
    const res = await create({ contentDoc: FULL, contentArDoc: doc({ type: "paragraph", attrs: { dir: "rtl" } }) });
    expect(res.status, res.text).toBe(201);
    expect(res.json.contentAr).toBeNull();
    expect((await admin.get(`/api/admin/press-releases/${res.json.id}`)).json.contentArDoc).toBeNull();
  });

  it("the public page shows the rendered HTML, in English and in Arabic", async () => {
    const res = await create({ contentDoc: FULL, titleAr: "بيان منسق للصفحة", summaryAr: "ملخص عربي طويل بما يكفي للتحقق.", contentArDoc: ARABIC });
    const page = await visitor.get(`/press-releases/${res.json.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 dir="auto">Third-quarter results</h2>');
    expect(page.text).toMatch(/<td dir="auto"[^>]*><p dir="auto">Q3<\/p><\/td>/);
    const arabic = await visitor.get(`/ar/press-releases/${res.json.id}`);
    expect(arabic.status).toBe(200);
    expect(arabic.text).toContain('<p dir="ltr">Meridian Holdings (EGX: MRDN)</p>');
  });

  it("a document as large as the content may be, in both languages, fits in one request (rendered off the request thread)", async () => {
    // About 96,000 characters of HTML per language: over the API's usual 200 kB body, within the press routes' limit.
    const english = doc(...Array.from({ length: 850 }, (_, i) => p(`Paragraph ${i}: ${"Meridian ".repeat(9)}`.padEnd(95, "x"), "auto")));
    const arabic = doc(...Array.from({ length: 850 }, (_, i) => p(`فقرة ${i}: ${"ميريديان ".repeat(9)}`.padEnd(95, "ع"), "rtl")));
    const body = pressBody({
      title: "Largest release",
      contentDoc: english,
      titleAr: "أطول بيان",
      summaryAr: "ملخص عربي طويل بما يكفي للتحقق.",
      contentArDoc: arabic,
    });
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(200 * 1024);
    const res = await admin.post("/api/press-releases", body);
    expect(res.status, res.text).toBe(201);
    expect(res.json.content.length).toBeGreaterThan(90_000);
    expect(res.json.content.length).toBeLessThanOrEqual(100_000);
    // One more paragraph each and the HTML is over the content's limit: refused, naming the document.
    const over = await admin.post("/api/press-releases", { ...body, contentDoc: doc(...english.content!, ...english.content!.slice(0, 60)) });
    expect(over.status).toBe(400);
    expect(over.json.errors.contentDoc).toMatch(/at most 100,000 characters/);
    expect(res.json.contentAr).toContain('<p dir="rtl">فقرة 849');
  });
});

describe("[rich text] anything outside the editor's allow-list is refused with a 400 naming the field", () => {
  const refused = async (contentDoc: unknown, message: RegExp) => {
    const res = await create({ contentDoc });
    expect(res.status, res.text).toBe(400);
    expect(res.json.code).toBe("VALIDATION");
    expect(res.json.errors.contentDoc).toMatch(message);
    expect(res.json.message).toMatch(message);
  };

  it("a node the editor does not have (a code block, a script)", async () => {
    await refused(doc({ type: "codeBlock", content: [text("rm -rf /")] }), /does not allow \(codeBlock\)/);
    await refused(doc({ type: "script", content: [text("alert(1)")] }), /does not allow \(script\)/);
  });

  it("an attribute the editor does not write (an event handler, a style)", async () => {
    await refused(doc({ type: "paragraph", attrs: { dir: "auto", onclick: "alert(1)" }, content: [text("Click")] }), /paragraph onclick/);
    await refused(doc({ type: "paragraph", attrs: { style: "position:fixed" }, content: [text("Cover")] }), /paragraph style/);
    await refused(doc({ type: "heading", attrs: { level: 1 }, content: [text("A second h1")] }), /heading level/);
    await refused(doc({ type: "paragraph", attrs: { dir: "sideways" }, content: [text("x")] }), /paragraph dir/);
  });

  it("a javascript:, data: or plain http link, and an image from elsewhere than the uploads", async () => {
    for (const href of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "http://example.com",
    ]) {
      await refused(doc({ type: "paragraph", content: [text("Click", [link(href)])] }), /https:\/\/ or mailto:/);
    }
    await refused(doc({ type: "image", attrs: { src: "data:image/png;base64,AAAA" } }), /image button/);
    await refused(doc({ type: "image", attrs: { src: "/api/logout" } }), /image button/);
  });

  it("a mark the editor does not have, and structure the schema forbids", async () => {
    await refused(doc({ type: "paragraph", content: [text("Struck", [{ type: "strike" }])] }), /does not allow \(strike\)/);
    await refused(doc({ type: "listItem", content: [p("A list item outside a list")] }), /could not be read/);
    await refused(doc({ type: "paragraph", content: [{ type: "paragraph", content: [text("nested")] }] }), /could not be read/);
    await refused({ type: "paragraph" }, /could not be read/);
    await refused("<p>not a document</p>", /could not be read/);
  });

  it("a document nested deeper than the limit", async () => {
    let node: Node = p("deep");
    for (let i = 0; i < 40; i++) node = { type: "blockquote", content: [node] };
    await refused(doc(node), /too long or too deeply nested/);
  });

  it("the refusal is in the request's language", async () => {
    const res = await admin.post(
      "/api/press-releases",
      pressBody({ contentDoc: doc({ type: "paragraph", content: [text("x", [link("javascript:alert(1)")])] }) }),
      {
        "Accept-Language": "ar",
      },
    );
    expect(res.status).toBe(400);
    expect(res.json.errors.contentDoc).toContain("يجب أن تبدأ الروابط");
  });
});

describe("[rich text] older clients send HTML", () => {
  it("HTML alone is sanitized as before, and an edit with HTML alone forgets the document", async () => {
    const res = await create({ content: "<h2>Old client</h2><p onclick='x()'>A paragraph long enough to be a release body.</p><script>alert(1)</script>" });
    expect(res.status, res.text).toBe(201);
    expect(res.json.content).toBe("<h2>Old client</h2><p>A paragraph long enough to be a release body.</p>");
    expect((await admin.get(`/api/admin/press-releases/${res.json.id}`)).json.contentDoc).toBeNull();

    const withDoc = await admin.put(`/api/press-releases/${res.json.id}`, pressBody({ title: "Rich text release", contentDoc: FULL }));
    expect(withDoc.status, withDoc.text).toBe(200);
    expect((await admin.get(`/api/admin/press-releases/${res.json.id}`)).json.contentDoc).toEqual(FULL);

    const htmlAgain = await admin.put(
      `/api/press-releases/${res.json.id}`,
      pressBody({ title: "Rich text release", content: "<p>Edited by an older client, long enough to be stored.</p>" }),
    );
    expect(htmlAgain.status, htmlAgain.text).toBe(200);
    expect(htmlAgain.json.content).toBe("<p>Edited by an older client, long enough to be stored.</p>");
    expect((await admin.get(`/api/admin/press-releases/${res.json.id}`)).json.contentDoc).toBeNull();
  });

  it("only an administrator's press writes are read with the larger body limit", async () => {
    const anonymous = new Client(pages.baseUrl);
    const res = await anonymous.post("/api/press-releases", { content: "x".repeat(300 * 1024) });
    expect(res.status).toBe(413);
  });
});
