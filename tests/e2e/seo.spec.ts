import type { APIRequestContext } from "@playwright/test";
import { adminLogin, E2E_ADMIN, expect, test } from "./fixtures";

type Release = { id: number; title: string; displayTitle: string | null; summary: string; date: string };

const releases = async (request: APIRequestContext): Promise<Release[]> => (await request.get("/api/press-releases")).json();

test.describe("[seo] robots, sitemap and feed", () => {
  test("[seo] robots.txt keeps crawlers out of private areas and points at the sitemap", async ({ request, baseURL }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/plain");
    const body = await res.text();
    for (const path of ["/admin", "/investor-portal", "/environment-setup", "/api/", "/ar/admin", "/ar/investor-portal", "/ar/environment-setup"])
      expect(body).toContain(`Disallow: ${path}`);
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("[seo] sitemap.xml lists every public page and every release with absolute URLs, and lastmod where a time of change exists", async ({
    request,
    page,
    baseURL,
  }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/xml");
    const xml = await res.text();
    // Well-formed XML, parsed by the browser.
    await page.goto("/press-releases");
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      if (doc.querySelector("parsererror")) return null;
      return Array.from(doc.getElementsByTagName("url")).map((u) => ({
        loc: u.getElementsByTagName("loc")[0]?.textContent ?? "",
        lastmod: u.getElementsByTagName("lastmod")[0]?.textContent ?? "",
      }));
    }, xml);
    expect(parsed).not.toBeNull();
    const locs = parsed!.map((u) => u.loc);
    for (const p of ["/", "/press-releases", "/auth", "/developers/api", "/developers/api/press-releases"]) expect(locs).toContain(`${baseURL}${p}`);
    for (const r of await releases(request)) expect(locs).toContain(`${baseURL}/press-releases/${r.id}`);
    for (const u of parsed!) {
      expect(u.loc.startsWith(`${baseURL}/`)).toBe(true);
      if (/\/(auth|developers\/api(\/[a-z-]+)?)$/.test(u.loc)) expect(u.lastmod, u.loc).toBe("");
      else expect(Number.isNaN(Date.parse(u.lastmod)), u.loc).toBe(false);
    }
    // The API reference's sections may be named after the dashboard ("/developers/api/admin-documents"): pages only.
    expect(locs.some((l) => /^(\/ar)?\/(admin|investor-portal|environment-setup)(\/|$)/.test(new URL(l).pathname))).toBe(false);
  });

  test("[seo] rss.xml is a valid RSS 2.0 feed of the latest releases, escaped", async ({ request, page, playwright, baseURL }) => {
    const admin = await playwright.request.newContext({ baseURL });
    await adminLogin(admin, baseURL!, E2E_ADMIN);
    const created = await admin.post("/api/press-releases", {
      data: {
        publication: "published",
        title: 'Fish & Chips <Holdings> "quoted" deal',
        summary: "A summary with <b>markup</b> & ampersands that must be escaped.",
        content: "<p>The body of this press release has comfortably more than fifty characters.</p>",
        date: "2099-01-01",
        company: "Test & Co",
        sector: "finance",
        category: "News",
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    try {
      const res = await request.get("/rss.xml");
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toContain("application/rss+xml");
      const xml = await res.text();
      expect(xml).toContain("Fish &amp; Chips &lt;Holdings&gt; &quot;quoted&quot; deal");
      await page.goto("/press-releases");
      const feed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, "application/xml");
        if (doc.querySelector("parsererror")) return null;
        const channel = doc.querySelector("rss > channel")!;
        return {
          version: doc.documentElement.getAttribute("version"),
          title: channel.querySelector(":scope > title")?.textContent,
          link: channel.querySelector(":scope > link")?.textContent,
          items: Array.from(channel.querySelectorAll("item")).map((i) => ({
            title: i.querySelector("title")?.textContent,
            link: i.querySelector("link")?.textContent,
            guid: i.querySelector("guid")?.textContent,
            pubDate: i.querySelector("pubDate")?.textContent ?? "",
            description: i.querySelector("description")?.textContent,
          })),
        };
      }, xml);
      expect(feed).not.toBeNull();
      expect(feed!.version).toBe("2.0");
      expect(feed!.title).toContain("Press Releases");
      expect(feed!.link).toBe(`${baseURL}/press-releases`);
      const all = await releases(request);
      expect(feed!.items).toHaveLength(Math.min(50, all.length));
      // Newest first: the release dated 2099 leads, with its text intact after unescaping.
      expect(feed!.items[0]).toMatchObject({
        title: 'Fish & Chips <Holdings> "quoted" deal',
        link: `${baseURL}/press-releases/${id}`,
        guid: `${baseURL}/press-releases/${id}`,
        description: "A summary with <b>markup</b> & ampersands that must be escaped.",
      });
      expect(feed!.items[0].pubDate).toBe("Thu, 01 Jan 2099 00:00:00 GMT");
      for (const item of feed!.items) expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    } finally {
      await admin.delete(`/api/press-releases/${id}`);
      await admin.dispose();
    }
  });

  test("[seo] the sign-in page listed in the sitemap may be indexed; its redirect variants may not", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await page.goto("/auth?redirect=%2Finvestor-portal");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");
  });

  test("[seo] the press pages declare canonical URLs and the feed", async ({ page, request, baseURL }) => {
    await page.goto("/press-releases?count=13&q=bravopay");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseURL}/press-releases`);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");
    expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute("href")).toBe(`${baseURL}/rss.xml`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();

    await page.goto("/press-releases?company=BravoPay&count=13");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseURL}/press-releases?company=BravoPay`);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    const [first] = await releases(request);
    await page.goto(`/press-releases/${first.id}`);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseURL}/press-releases/${first.id}`);
  });
});
