/**
 * Page loaders that read server values through the load context or an app *.server.ts module, never by importing
 * server code into the page: the home page's thank-you after a contact post without JavaScript, and a press release
 * that does not exist. Against the real app with its pages (Vite in middleware mode).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { pressReleases } from "../../server/db/schema";
import { pressReleaseSchema } from "../../shared/schemas";
import { createTestContext, type TestContext } from "../helpers/context";
import { pressBody } from "../helpers/factories";
import { closeVite, servePages } from "../helpers/pages-server";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;

beforeAll(async () => {
  ctx = await createTestContext();
  pages = await servePages(ctx.database, ctx.services.config);
  // The first page render compiles the app; keep that out of the tests' time limits.
  await fetch(`${pages.baseUrl}/`);
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

const get = (path: string) => fetch(`${pages.baseUrl}${path}`, { redirect: "manual" });

describe("[pages] loaders", () => {
  it("[home] after a sent message the contact section thanks the visitor in the page's language", async () => {
    const en = await (await get("/?sent")).text();
    expect(en).toContain("Thank you for your message. Our team will get back to you shortly.");
    const ar = await (await get("/ar?sent")).text();
    expect(ar).toContain("شكرًا لرسالتك. سيتواصل معك فريقنا قريبًا.");
    expect(await (await get("/")).text()).not.toContain("Thank you for your message.");
  });

  it("[press] a release that does not exist (or an id that is no number) sends the visitor to the list of the page's language, which says so", async () => {
    for (const id of ["999999", "99999", "abc"]) {
      const en = await get(`/press-releases/${id}`);
      expect(en.status, id).toBe(302);
      expect(en.headers.get("location"), id).toBe("/press-releases?notFound=1");
    }
    const ar = await get("/ar/press-releases/999999");
    expect(ar.status).toBe(302);
    expect(ar.headers.get("location")).toBe("/ar/press-releases?notFound=1");

    const list = await (await get("/press-releases?notFound=1")).text();
    expect(list).toContain("That press release was not found: it may have been removed, or the link may be mistyped. Here are our latest releases.");
    expect(await (await get("/ar/press-releases?notFound=1")).text()).toContain(
      "لم نعثر على هذا البيان الصحفي، فربما حُذف أو أن الرابط غير صحيح. إليك أحدث بياناتنا الصحفية.",
    );
    expect(await (await get("/press-releases")).text()).not.toContain("That press release was not found");
  });

  it("[routes] an unknown path answers 404 with a helpful line and links home, to the press releases and to search, in both languages", async () => {
    const en = await get("/no-such-page");
    expect(en.status).toBe(404);
    const html = await en.text();
    expect(html).toContain("404 Page Not Found");
    expect(html).not.toContain("Did you forget");
    expect(html).toContain("The page you are looking for does not exist or has moved. These pages may help:");
    for (const [href, label] of [
      ["/", "Return to Home"],
      ["/press-releases", "Press releases"],
      ["/search", "Search the site"],
    ]) {
      expect(html, label).toMatch(new RegExp(`<a[^>]*href="${href}"[^>]*>(?:<svg.*?</svg>)?${label}`));
    }
    const ar = await get("/ar/no-such-page");
    expect(ar.status).toBe(404);
    const arHtml = await ar.text();
    expect(arHtml).toContain("الصفحة التي تبحث عنها غير موجودة أو ربما نُقلت. قد تساعدك هذه الصفحات:");
    for (const [href, label] of [
      ["/ar", "العودة إلى الصفحة الرئيسية"],
      ["/ar/press-releases", "البيانات الصحفية"],
      ["/ar/search", "البحث في الموقع"],
    ]) {
      expect(arHtml, label).toMatch(new RegExp(`<a[^>]*href="${href}"[^>]*>(?:<svg.*?</svg>)?${label}`));
    }
  });

  it("[seo] sitemap.xml: a release's lastmod is its stored update time, the press list's the newest release's, sign-in and the API reference carry none", async () => {
    const created = await ctx.services.press.create(pressReleaseSchema.parse(pressBody({ title: "A release for the sitemap's lastmod" })));
    const db = ctx.services.database.db;
    const [stored] = await db.select({ updatedAt: pressReleases.updatedAt }).from(pressReleases).where(eq(pressReleases.id, created.id));
    const [newest] = await db.select({ updatedAt: pressReleases.updatedAt }).from(pressReleases).orderBy(desc(pressReleases.updatedAt)).limit(1);
    const xml = await (await get("/sitemap.xml")).text();
    const entries = xml.split("<url>").slice(1);
    const lastmodOf = (path: string) => {
      const entry = entries.find((e) => new RegExp(`<loc>https?://[^<]+${path.replace(/[/?]/g, "\\$&")}</loc>`).test(e));
      expect(entry, path).toBeDefined();
      return /<lastmod>([^<]+)<\/lastmod>/.exec(entry!)?.[1] ?? null;
    };
    expect(lastmodOf(`/press-releases/${created.id}`)).toBe(stored.updatedAt.toISOString());
    expect(lastmodOf(`/ar/press-releases/${created.id}`)).toBe(stored.updatedAt.toISOString());
    expect(lastmodOf("/press-releases")).toBe(newest.updatedAt.toISOString());
    expect(lastmodOf("/auth")).toBeNull();
    expect(lastmodOf("/developers/api")).toBeNull();
  });
});
