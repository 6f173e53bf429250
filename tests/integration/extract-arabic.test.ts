/**
 * Extract from URL on Arabic pages (fixture pages served on 127.0.0.1, allowed only through the test-only
 * allow-list): the result says `language: "ar"` so the admin form fills the Arabic fields.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LookupFunction } from "../../server/lib/safe-fetch";
import { createTestContext, signedInClient, type Client, type TestContext } from "../helpers/context";

const BODY_AR =
  "<p>أعلنت الشركة اليوم عن استثمار جديد في قطاع الطاقة المتجددة بقيمة خمسين مليون دولار، يهدف إلى إنشاء محطات للطاقة الشمسية فوق أسطح المصانع في المدن الصناعية.</p>" +
  "<p>وسيُسهم المشروع في خفض تكاليف الكهرباء على المصانع المتوسطة، وتقليل الانبعاثات الكربونية بما يتماشى مع رؤية الدولة للتنمية المستدامة.</p>";
const BODY_EN =
  "<p>The company today announced a new investment of fifty million dollars in renewable energy, building rooftop solar plants for factories in industrial cities.</p>" +
  "<p>The project will lower electricity costs for mid-sized manufacturers and cut carbon emissions in line with national sustainability goals.</p>";

const page = (lang: string | null, title: string, description: string, body: string) => `<!doctype html>
<html${lang ? ` lang="${lang}"` : ""}><head><meta charset="utf-8"><title>${title}</title>
<meta property="og:title" content="${title}"><meta property="og:description" content="${description}">
<meta property="article:published_time" content="2026-03-01T09:00:00Z"></head>
<body><article><h1>${title}</h1>${body}</article></body></html>`;

const PAGES: Record<string, string> = {
  "/ar-declared.html": page("ar-EG", "استثمار جديد في الطاقة المتجددة", "الشركة تعلن استثمارًا بقيمة خمسين مليون دولار في الطاقة الشمسية.", BODY_AR),
  "/ar-undeclared.html": page(null, "استثمار جديد في الطاقة المتجددة", "الشركة تعلن استثمارًا بقيمة خمسين مليون دولار في الطاقة الشمسية.", BODY_AR),
  "/ar-missing-image.html": page("ar", "استثمار جديد في الطاقة المتجددة", "الشركة تعلن استثمارًا بقيمة خمسين مليون دولار في الطاقة الشمسية.", BODY_AR).replace(
    "</head>",
    '<meta property="og:image" content="/img/missing.jpg"></head>',
  ),
  "/en.html": page("en", "A New Investment in Renewable Energy", "The company announces a fifty million dollar solar investment.", BODY_EN),
};

let ctx: TestContext;
let admin: Client;
let origin: string;
let fixture: http.Server;
const noDns: LookupFunction = (_hostname, _options, callback) => callback(Object.assign(new Error("not found"), { code: "ENOTFOUND" }), []);

beforeAll(async () => {
  fixture = http.createServer((req, res) => {
    const html = PAGES[req.url ?? ""];
    if (!html) return res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((resolve) => fixture.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  ctx = await createTestContext({ services: { extract: { allowOrigins: [origin], timeoutMs: 2000, resolve: noDns } } });
  admin = (await signedInClient(ctx, "admin")).client;
});

afterAll(async () => {
  await ctx?.close();
  fixture?.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

describe("[extract] Arabic pages", () => {
  it("a page declared Arabic (<html lang='ar-EG'>) is extracted with language 'ar'", async () => {
    const res = await admin.post("/api/extract-url", { url: `${origin}/ar-declared.html` });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ language: "ar", title: "استثمار جديد في الطاقة المتجددة", date: "2026-03-01" });
    expect(res.json.content).toContain("الطاقة المتجددة");
  });

  it("a page that does not declare its language but is mostly Arabic is 'ar' too", async () => {
    const res = await admin.post("/api/extract-url", { url: `${origin}/ar-undeclared.html` });
    expect(res.status, res.text).toBe(200);
    expect(res.json.language).toBe("ar");
  });

  it("an English page is 'en'", async () => {
    const res = await admin.post("/api/extract-url", { url: `${origin}/en.html` });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ language: "en", title: "A New Investment in Renewable Energy" });
  });

  it("what was left out is told in the language of the admin's page: English by default, Arabic for an Arabic page", async () => {
    const url = `${origin}/ar-missing-image.html`;
    const english = await admin.post("/api/extract-url", { url });
    expect(english.status, english.text).toBe(200);
    expect(english.json.warnings).toEqual([`The featured image was left out (${origin}/img/missing.jpg): the site answered with HTTP 404.`]);

    const arabic = await admin.post("/api/extract-url", { url }, { "Accept-Language": "ar" });
    expect(arabic.status, arabic.text).toBe(200);
    // The address and the status code are isolated left-to-right runs inside the Arabic sentence.
    expect(arabic.json.warnings).toEqual([`استُبعدت الصورة الرئيسية (\u2068${origin}/img/missing.jpg\u2069): ردّ الموقع برمز HTTP \u2066404\u2069.`]);
  });
});
