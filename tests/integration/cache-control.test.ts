/**
 * Responses rendered for a signed-in user carry their e-mail and role: they are `private, no-store`, so a
 * shared cache (a CDN, a company proxy) never stores one and serves it to someone else. Anonymous pages keep
 * what they had. Pages run through the real React Router handler (Vite in middleware mode, as `npm run dev`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { closeVite, servePages } from "../helpers/pages-server";
import { PUBLIC_CACHE_CONTROL } from "../../shared/cache-policy";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
let baseUrl: string;
let admin: Client;
let adminEmail: string;
let regular: Client;
let regularEmail: string;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  pages = await servePages(ctx.database, ctx.services.config);
  baseUrl = pages.baseUrl;
  const signedIn = async (role: "admin" | "regular") => {
    const { client, email } = await signedInClient({ ...ctx, baseUrl }, role);
    return { client, email: email! };
  };
  ({ client: admin, email: adminEmail } = await signedIn("admin"));
  ({ client: regular, email: regularEmail } = await signedIn("regular"));
  // The first render compiles every module; warm it up outside the tests' time limits.
  await admin.get("/");
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

const PAGES = ["/", "/press-releases", "/admin", "/environment-setup"];
// What the browser fetches on client-side navigation to those pages.
const DATA = ["/_root.data", "/press-releases.data", "/admin.data", "/environment-setup.data"];

describe("[cache] pages and data rendered for a signed-in user", () => {
  it.each([...PAGES, ...DATA])("%s signed in as an admin is private, no-store and varies with the cookie", async (url) => {
    const res = await admin.get(url);
    expect(res.status).toBe(200);
    // The reason: the answer holds who is signed in.
    expect(res.text).toContain(adminEmail);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("vary") ?? "").toMatch(/\bCookie\b/i);
  });

  it.each(["/", "/press-releases", "/_root.data", "/press-releases.data"])("%s signed in as a regular user is private, no-store", async (url) => {
    const res = await regular.get(url);
    expect(res.status).toBe(200);
    expect(res.text).toContain(regularEmail);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("the Access Denied page a regular user gets on /admin is private too", async () => {
    const res = await regular.get("/admin");
    expect(res.status).toBe(403);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("API answers with user data are private, no-store; so is every API answer to a signed-in user", async () => {
    for (const url of ["/api/user", "/api/contact", "/api/portfolio"]) {
      const res = await admin.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("cache-control"), url).toBe("private, no-store");
    }
  });

  it("signing in answers private, no-store (it sets the session cookie)", async () => {
    const { email, password } = await signedInClient({ ...ctx, baseUrl }, "regular");
    const res = await new Client(baseUrl).post("/api/login", { email, password });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeTruthy();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("[cache] anonymous responses are public", () => {
  it.each(["/", "/press-releases", "/_root.data", "/press-releases.data"])("%s anonymous: public, and varies with the cookie", async (url) => {
    const res = await new Client(baseUrl).get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.headers.get("vary") ?? "").toMatch(/\bCookie\b/i);
  });

  it("guarded pages still redirect anonymous visitors to sign in", async () => {
    for (const url of ["/admin", "/environment-setup"]) {
      const res = await new Client(baseUrl).get(url);
      expect(res.status, url).toBe(302);
      expect(res.headers.get("location")).toBe(`/auth?redirect=${encodeURIComponent(url)}`);
    }
  });

  it("public API reads are public; resources keep their own caching", async () => {
    const anon = new Client(baseUrl);
    expect((await anon.get("/api/portfolio")).headers.get("cache-control")).toBe("public, max-age=300, s-maxage=60, stale-while-revalidate=300");
    expect((await anon.get("/api/press-releases")).headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
    const robots = await anon.get("/robots.txt");
    expect(robots.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(robots.headers.get("vary") ?? "").not.toMatch(/\bCookie\b/i);
  });
});
