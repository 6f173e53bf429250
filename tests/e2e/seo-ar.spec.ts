import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Search-engine facts of the two languages, read from the served HTML and XML (no browser needed). */

const html = async (request: APIRequestContext, path: string) => {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return res.text();
};

/** The `attr` of every tag matching `pattern` (a crude reader; the server's markup is regular). */
const tags = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[0]);
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

function alternates(text: string) {
  const links = tags(text, /<link[^>]*rel="alternate"[^>]*hrefLang="[^"]*"[^>]*>/gi);
  return Object.fromEntries(links.map((l) => [attr(l, "hrefLang"), attr(l, "href")]));
}
const canonical = (text: string) => attr(tags(text, /<link[^>]*rel="canonical"[^>]*>/gi)[0] ?? "", "href");
const metaProperty = (text: string, property: string) => tags(text, new RegExp(`<meta[^>]*property="${property}"[^>]*>`, "gi")).map((m) => attr(m, "content"));

const firstReleaseId = async (request: APIRequestContext) => ((await (await request.get("/api/press-releases")).json()) as { id: number }[])[0].id;

test.describe("[seo-ar] both languages", () => {
  test("[seo-ar] hreflang alternates, canonical and og:locale on English and Arabic pages", async ({ request, baseURL }) => {
    const id = await firstReleaseId(request);
    const pages: [en: string, ar: string][] = [
      ["/", "/ar"],
      ["/press-releases", "/ar/press-releases"],
      [`/press-releases/${id}`, `/ar/press-releases/${id}`],
      ["/privacy", "/ar/privacy"],
      ["/sitemap", "/ar/sitemap"],
      ["/search", "/ar/search"],
    ];
    for (const [en, ar] of pages) {
      for (const [path, locale, og, other] of [
        [en, "en", "en_US", "ar_EG"],
        [ar, "ar", "ar_EG", "en_US"],
      ] as const) {
        const text = await html(request, path);
        expect(text, path).toContain(`<html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}"`);
        expect(alternates(text), path).toEqual({ en: `${baseURL}${en}`, ar: `${baseURL}${ar}`, "x-default": `${baseURL}${en}` });
        expect(canonical(text), path).toBe(`${baseURL}${path}`);
        expect(metaProperty(text, "og:locale"), path).toEqual([og]);
        expect(metaProperty(text, "og:locale:alternate"), path).toEqual([other]);
      }
    }
  });

  test("[seo-ar] Arabic titles and descriptions; a press release's JSON-LD names its language", async ({ request }) => {
    const id = await firstReleaseId(request);
    const list = await html(request, "/ar/press-releases");
    expect(list).toMatch(/<title>البيانات الصحفية \| [^<]+<\/title>/);
    expect(list).toContain('content="إعلانات واستثمارات وشراكات وأخبار شركات المحفظة من أنحاء أفريقيا والشرق الأوسط."');
    expect(list).toMatch(/<link[^>]*type="application\/rss\+xml"[^>]*href="[^"]*\/ar\/rss\.xml"/);
    for (const [path, lang] of [
      [`/press-releases/${id}`, "en"],
      [`/ar/press-releases/${id}`, "ar"],
    ] as const) {
      const text = await html(request, path);
      const ld = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(text)![1]) as { inLanguage: string; url: string };
      expect(ld.inLanguage, path).toBe(lang);
      expect(new URL(ld.url).pathname, path).toBe(path);
    }
  });

  test("[seo-ar] sitemap.xml lists every page in both languages with en, ar and x-default alternates", async ({ request, page, baseURL }) => {
    const id = await firstReleaseId(request);
    const xml = await (await request.get("/sitemap.xml")).text();
    await page.goto("/sitemap");
    const urls = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      if (doc.querySelector("parsererror")) return null;
      return Array.from(doc.getElementsByTagName("url")).map((u) => ({
        loc: u.getElementsByTagName("loc")[0]?.textContent ?? "",
        alternates: Object.fromEntries(
          Array.from(u.getElementsByTagNameNS("http://www.w3.org/1999/xhtml", "link")).map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]),
        ),
      }));
    }, xml);
    expect(urls).not.toBeNull();
    const byLoc = new Map(urls!.map((u) => [u.loc, u.alternates]));
    for (const [en, ar] of [
      ["/", "/ar"],
      ["/press-releases", "/ar/press-releases"],
      [`/press-releases/${id}`, `/ar/press-releases/${id}`],
      ["/privacy", "/ar/privacy"],
      ["/sitemap", "/ar/sitemap"],
    ]) {
      const expected = { en: `${baseURL}${en}`, ar: `${baseURL}${ar}`, "x-default": `${baseURL}${en}` };
      expect(byLoc.get(`${baseURL}${en}`), en).toEqual(expected);
      expect(byLoc.get(`${baseURL}${ar}`), ar).toEqual(expected);
    }
    // Every page is there in both languages.
    expect(urls!.filter((u) => new URL(u.loc).pathname.startsWith("/ar")).length * 2).toBe(urls!.length);
  });

  test("[seo-ar] one RSS feed per language: title, description, language and links in that language", async ({ request, baseURL }) => {
    const en = await request.get("/rss.xml");
    const ar = await request.get("/ar/rss.xml");
    expect(en.status()).toBe(200);
    expect(ar.status()).toBe(200);
    expect(ar.headers()["content-type"]).toContain("application/rss+xml");
    const enXml = await en.text();
    const arXml = await ar.text();
    expect(enXml).toContain("<language>en-us</language>");
    expect(enXml).toMatch(/<title>[^<]+ — Press Releases<\/title>/);
    expect(enXml).toContain(`<link>${baseURL}/press-releases</link>`);
    expect(arXml).toContain("<language>ar</language>");
    expect(arXml).toMatch(/<title>[^<]+ — البيانات الصحفية<\/title>/);
    expect(arXml).toMatch(/<description>إعلانات واستثمارات وأخبار المحفظة من [^<]+\.<\/description>/);
    expect(arXml).toContain(`<link>${baseURL}/ar/press-releases</link>`);
    expect(arXml).toContain(`<atom:link href="${baseURL}/ar/rss.xml" rel="self"`);
    const itemLinks = [...arXml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(itemLinks.length).toBeGreaterThan(0);
    for (const link of itemLinks) expect(link).toMatch(new RegExp(`^${baseURL}/ar/press-releases/\\d+$`));
    const enLinks = [...enXml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    for (const link of enLinks) expect(link).toMatch(new RegExp(`^${baseURL}/press-releases/\\d+$`));
  });

  test("[seo-ar] robots.txt points at the one sitemap, which holds both languages", async ({ request, baseURL }) => {
    const body = await (await request.get("/robots.txt")).text();
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
