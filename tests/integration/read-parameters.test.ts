/**
 * What the reads of press releases, portfolio, search and the document library accept, and the headers they answer
 * with (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a `lang` that is neither language reads as none, a
 * parameter a read does not know is ignored, an editor's `updatedAt` that is not a text is ignored, the press list's
 * total is in X-Total-Count, and search's caching depends on who asks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL } from "../../shared/cache-policy";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { portfolioBody, pressBody } from "../helpers/factories";

let ctx: TestContext;
let admin: Client;
let member: Client;
let visitor: Client;
let release: { id: number; updatedAt: string };
let company: { id: number; updatedAt: string };

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  admin = (await signedInClient(ctx, "admin")).client;
  member = (await signedInClient(ctx, "regular")).client;
  visitor = new Client(ctx.baseUrl);
  release = (await admin.post("/api/press-releases", pressBody())).json;
  company = (await admin.post("/api/portfolio", portfolioBody())).json;
});
afterAll(() => ctx?.close());

describe("[api] public reads", () => {
  it("a lang that is neither language, or a parameter the read does not know, changes nothing", async () => {
    const paths = [
      "/api/press-releases",
      "/api/press-releases/featured",
      "/api/press-releases/homepage",
      `/api/press-releases/${release.id}`,
      "/api/portfolio",
      `/api/portfolio/${company.id}`,
      "/api/search?q=report",
    ];
    for (const path of paths) {
      const plain = await visitor.get(path);
      expect(plain.status, path).toBe(200);
      for (const extra of ["lang=fr", "lang=ar&lang=en", "v=3&utm_source=mail"]) {
        const res = await visitor.get(`${path}${path.includes("?") ? "&" : "?"}${extra}`);
        expect(res.status, `${path} ${extra}`).toBe(200);
        expect(res.json, `${path} ${extra}`).toEqual(plain.json);
      }
    }
  });

  it("a page of the press list carries the total in X-Total-Count; the whole list does not", async () => {
    const page = await visitor.get("/api/press-releases?limit=1");
    expect(page.json).toHaveLength(1);
    expect(Number(page.headers.get("x-total-count"))).toBe((await visitor.get("/api/press-releases")).json.length);
    expect(page.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect((await visitor.get("/api/press-releases")).headers.get("x-total-count")).toBeNull();
  });

  it("search is public for a visitor and private for a member, and says it varies with the cookie", async () => {
    const anonymous = await visitor.get("/api/search?q=report");
    expect(anonymous.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(anonymous.headers.get("vary") ?? "").toMatch(/\bCookie\b/);
    const signedIn = await member.get("/api/search?q=report");
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("vary") ?? "").toMatch(/\bCookie\b/);
  });
});

describe("[api] the document library's reads", () => {
  it("are a member's, private, and ignore a lang that is neither language and parameters they do not know", async () => {
    for (const path of ["/api/documents", "/api/document-categories"]) {
      expect((await visitor.get(path)).status, path).toBe(401);
      const plain = await member.get(path);
      expect(plain.status, path).toBe(200);
      expect(plain.headers.get("cache-control"), path).toBe("private, no-store");
      const extra = await member.get(`${path}?lang=fr&v=3`);
      expect(extra.status, path).toBe(200);
      expect(extra.json, path).toEqual(plain.json);
    }
    expect((await member.get("/api/documents?year=abc")).status).toBe(400);
  });
});

describe("[api] an editor's updatedAt", () => {
  it("that is not a text is ignored (the last write wins); a stale one is refused", async () => {
    const press = await admin.put(`/api/press-releases/${release.id}`, { ...pressBody(), updatedAt: 5 });
    expect(press.status, press.text).toBe(200);
    expect((await admin.put(`/api/press-releases/${release.id}`, { ...pressBody(), updatedAt: release.updatedAt })).status).toBe(409);
    const portfolio = await admin.put(`/api/portfolio/${company.id}`, { ...portfolioBody(), updatedAt: null });
    expect(portfolio.status, portfolio.text).toBe(200);
    expect((await admin.put(`/api/portfolio/${company.id}`, { ...portfolioBody(), updatedAt: company.updatedAt })).status).toBe(409);
  });
});
