/**
 * The anonymous page cache and the Arabic pages: /ar pages are stored under their own URLs, and the writes that
 * change their content drop them as they drop the English pages (the cache follows the data a page read, not its
 * path).
 */
// On both engines: what a write makes stale is read from the statements each engine's client sends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { pressArabic, pressBody } from "../helpers/factories";
import { BROWSER, cachedPage, closeVite, servePages } from "../helpers/pages-server";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
let visitor: Client;
let admin: Client;
let release: { id: number; title: string; updatedAt: string };

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  pages = await servePages(ctx.database, ctx.services.config, { pageCache: true });
  visitor = new Client(pages.baseUrl);
  admin = (await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "admin")).client;
  const created = await admin.post(
    "/api/press-releases",
    pressBody({ ...pressArabic({ titleAr: "بيان عن الطاقة المتجددة للاختبار" }), showOnHomepage: false }),
  );
  expect(created.status, created.text).toBe(201);
  release = created.json;
  // The first render compiles every module; warm it up outside the tests' time limits.
  await visitor.get("/ar/press-releases");
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

const anonymous = (url: string) => visitor.get(url, BROWSER);
/** Asks twice, so the page is stored (the second answer is a HIT); returns that answer. */
const cached = (url: string) => cachedPage(visitor, url);

describe("[page cache] Arabic pages", () => {
  it("an Arabic page is stored apart from the English one and shows the Arabic text", async () => {
    const ar = await cached("/ar/press-releases");
    const en = await cached("/press-releases");
    expect(ar.text).not.toBe(en.text);
    expect(ar.text).toContain("بيان عن الطاقة المتجددة للاختبار");
    expect(en.text).toContain(release.title);
  });

  it("a press edit drops /ar/press-releases, the Arabic release page and the Arabic API read too", async () => {
    const urls = ["/ar/press-releases", `/ar/press-releases/${release.id}`, "/press-releases", `/press-releases/${release.id}`, "/api/press-releases?lang=ar"];
    for (const u of urls) await cached(u);
    const edit = await admin.put(`/api/press-releases/${release.id}`, {
      ...pressBody({ title: release.title, ...pressArabic({ titleAr: "عنوان عربي معدّل للاختبار" }) }),
      updatedAt: release.updatedAt,
    });
    expect(edit.status, edit.text).toBe(200);
    for (const u of urls) expect((await anonymous(u)).headers.get("x-cache"), u).not.toBe("HIT");
    const again = await anonymous("/ar/press-releases");
    expect(again.text).toContain("عنوان عربي معدّل للاختبار");
  });
});
