/**
 * The anonymous page cache, through the real app (React Router pages under Vite, the API) on PGlite, or on
 * PostgreSQL when TEST_DATABASE_URL is set. Every write that changes what a cached page shows drops exactly the
 * pages built from it; nothing a signed-in user sees is ever served from, or stored in, the shared store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { pressBody, portfolioBody } from "../helpers/factories";
import { BROWSER, cachedPage, closeVite, servePages } from "../helpers/pages-server";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
let visitor: Client;
let admin: Client;
let adminEmail: string;
let releaseId: number;
let releaseTitle: string;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  pages = await servePages(ctx.database, ctx.services.config, { pageCache: true });
  visitor = new Client(pages.baseUrl);
  const signedIn = await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "admin");
  admin = signedIn.client;
  adminEmail = signedIn.email!;
  const list = (await visitor.get("/api/press-releases")).json as { id: number; title: string }[];
  releaseId = list[0].id;
  releaseTitle = list[0].title;
  // The first render compiles every module; warm it up outside the tests' time limits.
  await admin.get("/");
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

/** Requests `url` as an anonymous visitor; `X-Cache` says whether it came from the store. */
const anonymous = (url: string) => visitor.get(url, BROWSER);

/** Asks twice, so the page is stored (the second answer is a HIT); returns that answer. */
const cached = (url: string) => cachedPage(visitor, url);

const CACHED = [
  "/",
  "/press-releases",
  "/press-releases?q=energy",
  `/press-releases/ID`,
  "/privacy",
  "/terms",
  "/sitemap",
  "/sitemap.xml",
  "/rss.xml",
  "/robots.txt",
  "/api/portfolio",
  "/api/press-releases",
  "/api/home-stats",
  "/press-releases.data",
];
const url = (u: string) => u.replace("ID", String(releaseId));

/** Warms every cached URL, runs `write`, then returns which URLs were dropped (a MISS on the next request). */
async function droppedBy(write: () => Promise<{ status: number }>, expectedStatus = 200) {
  for (const u of CACHED) await cached(url(u));
  const res = await write();
  expect(res.status).toBe(expectedStatus);
  const dropped: string[] = [];
  for (const u of CACHED) {
    const again = await anonymous(url(u));
    if (again.headers.get("x-cache") !== "HIT") dropped.push(u);
  }
  return dropped;
}

describe("[page cache] anonymous visitors", () => {
  it("a public page is rendered once, then answered from the store with the same body, ETag and 304", async () => {
    const first = await anonymous("/press-releases?q=logistics");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const second = await anonymous("/press-releases?q=logistics");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.text).toBe(first.text);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(second.headers.get("vary")).toMatch(/^Accept-Encoding, (.+, )?Cookie$/);
    const revalidated = await visitor.get("/press-releases?q=logistics", { ...BROWSER, "If-None-Match": first.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe("");
  });

  it("the site search API is stored for anonymous visitors (public documents only) and dropped when a document changes", async () => {
    const first = await cached("/api/search?q=report");
    expect(first.headers.get("vary")).toMatch(/^Accept-Encoding, (.+, )?Cookie$/);
    const mine = await admin.get("/api/search?q=report", BROWSER);
    expect(mine.headers.get("x-cache")).toBeNull();
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect((await admin.post("/api/admin/document-categories", { name: "Report search category" })).status).toBe(201);
    expect((await anonymous("/api/search?q=report")).headers.get("x-cache")).toBe("MISS");
  });

  it("each query string is its own page", async () => {
    const energy = await cached("/press-releases?q=energy");
    const logistics = await cached("/press-releases?q=logistics");
    expect(energy.text).not.toBe(logistics.text);
  });

  it("the body is stored in brotli and gzip and sent in the encoding the browser accepts", async () => {
    await cached("/api/portfolio");
    const plain = await visitor.get("/api/portfolio", { "Accept-Encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("x-cache")).toBe("HIT");
    for (const [accept, encoding] of [
      ["gzip", "gzip"],
      ["br", "br"],
      ["gzip, deflate, br", "br"],
      ["br;q=0.1, gzip;q=0.9", "gzip"],
    ]) {
      // fetch() decodes the body itself: the JSON arrives the same in every encoding.
      const res = await visitor.get("/api/portfolio", { "Accept-Encoding": accept });
      expect(res.headers.get("content-encoding"), accept).toBe(encoding);
      expect(res.json).toEqual(plain.json);
    }
  });

  it("pages that are not public (sign-in, search, an unknown release) are never stored", async () => {
    for (const u of ["/auth", "/search?q=energy", "/press-releases/999999", "/no-such-page"]) {
      await anonymous(u);
      const res = await anonymous(u);
      expect(res.headers.get("x-cache"), u).toBeNull();
    }
  });
});

describe("[page cache] signed-in visitors", () => {
  it("a signed-in visitor never gets the stored page: their own, private and fresh", async () => {
    const stored = await cached("/");
    expect(stored.text).not.toContain(adminEmail);
    const mine = await admin.get("/", BROWSER);
    expect(mine.headers.get("x-cache")).toBeNull();
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.text).toContain(adminEmail);
  });

  it("a signed-in render is never stored for anonymous visitors", async () => {
    // The admin asks first for a page nobody has asked for yet.
    const fresh = "/press-releases?q=harvest";
    const mine = await admin.get(fresh, BROWSER);
    expect(mine.text).toContain(adminEmail);
    const theirs = await anonymous(fresh);
    expect(theirs.headers.get("x-cache")).toBe("MISS");
    expect(theirs.text).not.toContain(adminEmail);
  });

  it("an expired or forged session cookie is not served from the store either", async () => {
    await cached("/press-releases");
    const res = await visitor.get("/press-releases", { ...BROWSER, Cookie: "mc_session=forged" });
    expect(res.headers.get("x-cache")).toBeNull();
    expect(res.status).toBe(200);
  });
});

describe("[page cache] every write drops exactly the pages it changes", () => {
  it("a new press release: the press pages, the feed, the sitemaps and the press API; not the portfolio or the legal pages", async () => {
    const body = pressBody({ title: "Cache test: a new release" });
    const dropped = await droppedBy(() => admin.post("/api/press-releases", body), 201);
    expect(dropped).toEqual(
      expect.arrayContaining([
        "/",
        "/press-releases",
        "/press-releases?q=energy",
        "/press-releases/ID",
        "/sitemap",
        "/sitemap.xml",
        "/rss.xml",
        "/api/press-releases",
        "/press-releases.data",
      ]),
    );
    expect(dropped).not.toContain("/api/portfolio");
    expect(dropped).not.toContain("/privacy");
    expect(dropped).not.toContain("/api/home-stats");
    expect((await anonymous("/press-releases")).text).toContain("Cache test: a new release");
  });

  it("an edited press release shows at once on its page and in the list", async () => {
    await cached(`/press-releases/${releaseId}`);
    const current = (await anonymous(`/api/press-releases/${releaseId}`)).json;
    const res = await admin.put(`/api/press-releases/${releaseId}`, { ...current, title: "Cache test: an edited title", expectedUpdatedAt: undefined });
    expect(res.status).toBe(200);
    expect((await anonymous(`/press-releases/${releaseId}`)).text).toContain("Cache test: an edited title");
    expect((await anonymous("/press-releases")).text).toContain("Cache test: an edited title");
    expect((await anonymous(`/press-releases/${releaseId}`)).text).not.toContain(releaseTitle);
  });

  it("homepage and featured flags, and a deleted release", async () => {
    const onHome = (await anonymous("/api/press-releases/homepage")).json as { id: number }[];
    // At most three releases on the home page: make room for one more.
    await admin.patch(`/api/press-releases/${onHome[0].id}`, { showOnHomepage: false });
    const created = (await admin.post("/api/press-releases", pressBody({ title: "Cache test: to the home page" }))).json;
    let dropped = await droppedBy(() => admin.patch(`/api/press-releases/${created.id}`, { showOnHomepage: true }));
    expect(dropped).toContain("/");
    expect((await anonymous("/")).text).toContain("Cache test: to the home page");
    dropped = await droppedBy(() => admin.patch(`/api/press-releases/${created.id}`, { featured: true }));
    expect(dropped).toEqual(expect.arrayContaining(["/", "/press-releases", "/api/press-releases"]));
    dropped = await droppedBy(() => admin.delete(`/api/press-releases/${created.id}`));
    expect(dropped).toContain("/");
    expect((await anonymous("/")).text).not.toContain("Cache test: to the home page");
    expect((await anonymous(`/press-releases/${created.id}`)).status).toBe(302);
  });

  it("portfolio changes: the home page and the portfolio API; not the press list or the legal pages", async () => {
    const dropped = await droppedBy(() => admin.post("/api/portfolio", portfolioBody({ name: "Cache Test Holdings" })), 201);
    expect(dropped).toEqual(expect.arrayContaining(["/", "/api/portfolio"]));
    expect(dropped).not.toContain("/privacy");
    expect(dropped).not.toContain("/api/press-releases");
    expect(JSON.stringify((await anonymous("/api/portfolio")).json)).toContain("Cache Test Holdings");
  });

  it("the brand (name, contact, social links) shows on every page: all of them are dropped", async () => {
    const brand = (await admin.get("/api/admin/settings/brand")).json;
    const dropped = await droppedBy(() => admin.put("/api/admin/settings/brand", { ...brand, name: "Cache Test Capital" }));
    expect(dropped).toEqual(expect.arrayContaining(["/", "/press-releases", "/press-releases/ID", "/privacy", "/terms", "/sitemap"]));
    expect((await anonymous("/privacy")).text).toContain("Cache Test Capital");
    await admin.put("/api/admin/settings/brand", brand);
  });

  it("the home figures: only the home page and its API", async () => {
    const dropped = await droppedBy(() =>
      admin.put("/api/admin/settings/stats", {
        stats: [
          { value: "42", label: "Cache test figure" },
          { value: "6", label: "Sectors" },
          { value: "20+", label: "Countries" },
        ],
      }),
    );
    expect(dropped.sort()).toEqual(["/", "/api/home-stats"]);
    expect((await anonymous("/")).text).toContain("Cache test figure");
  });

  it("one legal page: that page and sitemap.xml (which dates it)", async () => {
    const body = "## Cache test\n\nThis privacy text was changed by the page cache test and must show at once.";
    const dropped = await droppedBy(() => admin.put("/api/admin/settings/legal/privacy", { body }));
    expect(dropped.sort()).toEqual(["/privacy", "/sitemap.xml"]);
    expect((await anonymous("/privacy")).text).toContain("This privacy text was changed by the page cache test");
  });

  it("the press list's spotlight: the press list only", async () => {
    const dropped = await droppedBy(() => admin.put("/api/admin/settings/spotlight", { id: releaseId }));
    expect(dropped.every((u) => u.startsWith("/press-releases") && !u.startsWith("/press-releases/"))).toBe(true);
    expect(dropped).toContain("/press-releases");
  });

  it("things no public page shows (a contact message, a document, a category) drop nothing", async () => {
    expect(
      await droppedBy(
        () =>
          visitor.post("/api/contact", { fullName: "Cache Visitor", email: "cache@example.test", subject: "Cache", message: "A message that drops nothing." }),
        201,
      ),
    ).toEqual([]);
    expect(await droppedBy(() => admin.post("/api/admin/document-categories", { name: "Cache test category" }), 201)).toEqual([]);
  });
});

describe("[page cache] what a stored page is keyed by", () => {
  it("a forged X-Forwarded-Proto or Host header gets a page of its own, never the one other visitors get", async () => {
    const normal = await cached("/terms");
    const forged = await visitor.get("/terms", { ...BROWSER, "X-Forwarded-Proto": "gopher", Host: "evil.example" });
    expect(forged.headers.get("x-cache")).toBe("MISS");
    expect((await anonymous("/terms")).text).toBe(normal.text);
  });
});
