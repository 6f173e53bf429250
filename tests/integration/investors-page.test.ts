/**
 * The public investors page through the real app (pages under Vite, the page cache on): what it lists, the call to
 * action for each reader, and that anonymous visitors share one cached copy that a new release drops.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { pressBody } from "../helpers/factories";
import { BROWSER, cachedPage, closeVite, servePages } from "../helpers/pages-server";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
let visitor: Client;

beforeAll(async () => {
  // The first renders compile the app: on a loaded machine they (and their queries) may take longer than the
  // production deadlines.
  ctx = await createTestContext({ seed: true, env: { REQUEST_TIMEOUT: "120", DB_QUERY_TIMEOUT: "60" } });
  pages = await servePages(ctx.database, ctx.services.config, { pageCache: true });
  visitor = new Client(pages.baseUrl);
  // The first render compiles every module; warm it up outside the tests' time limits.
  await visitor.get("/investors");
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

/** The page's text without tags. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("[investors] the public investors page", () => {
  it("an anonymous visitor: the newest Public documents and releases, the register button, the IR address", async () => {
    const res = await cachedPage(visitor, "/investors");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const html = res.text;
    expect(html).toContain('href="/auth?tab=register&amp;redirect=%2Finvestor-portal"');
    expect(text(html)).toContain("Register for investor access");
    expect(html).toContain('href="mailto:ir@meridiancrest.example"');
    // Public documents only, newest first, at most four; files are offered after signing in.
    const documents = await ctx.services.documents.latestPublic(10, { locale: "en" });
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.every((d) => d.isPublic)).toBe(true);
    for (const d of documents.slice(0, 4)) expect(text(html)).toContain(d.title);
    expect(text(html)).toContain("Sign in to download");
    expect(html).not.toMatch(/href="\/api\/documents\//);
    // The three newest releases.
    const newest = (await visitor.get("/api/press-releases?limit=3")).json as { id: number }[];
    for (const r of newest) expect(html).toContain(`href="/press-releases/${r.id}"`);
  });

  it("in Arabic, the page and its button in Arabic", async () => {
    const res = await visitor.get("/ar/investors", BROWSER);
    expect(res.status).toBe(200);
    expect(text(res.text)).toContain("سجّل للحصول على صلاحية المستثمر");
    expect(res.text).toContain('href="/ar/auth?tab=register&amp;redirect=%2Finvestor-portal"');
  });

  it("a signed-in member gets the portal's application and real download links, never from the shared store", async () => {
    const { client } = await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "regular");
    const res = await client.get("/investors", BROWSER);
    expect(res.headers.get("x-cache")).not.toBe("HIT");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(text(res.text)).toContain("Apply for investor access");
    expect(res.text).toMatch(/href="\/api\/documents\/\d+\/download"/);
  });

  it("a new press release shows at once: the cached copy is dropped", async () => {
    await cachedPage(visitor, "/investors");
    const { client: admin } = await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "admin");
    const created = await admin.post("/api/press-releases", pressBody({ title: "Investors page: a brand-new release", date: "2026-11-26" }));
    expect(created.status).toBe(201);
    const again = await visitor.get("/investors", BROWSER);
    expect(again.headers.get("x-cache")).not.toBe("HIT");
    expect(text(again.text)).toContain("Investors page: a brand-new release");
  });
});
