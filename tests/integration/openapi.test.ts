import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../shared/api";
import { apiRouter } from "../../server/api";
import { createLogger } from "../../server/lib/logger";
import { handWrittenRoutes, servedRoutes } from "../helpers/contract";
import { Client, createTestContext, type TestContext } from "../helpers/context";
import { closeVite, servePages } from "../helpers/pages-server";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe("the API contract", () => {
  it("lists exactly the routes Express serves, no more and no fewer", () => {
    const served = servedRoutes(apiRouter(ctx.services, createLogger({ level: "silent", pretty: false }))).sort();
    const documented = ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort();
    expect(served.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((r) => !served.includes(r))).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it("serves every route through the endpoint engine, from its contract entry, but two written by hand for a stated reason", () => {
    // GET /api/documents/:id/download logs an anonymous attempt on an investors' document before refusing it, which
    // the engine's guard would answer first; PUT /api/admin/settings/stats reads the figures' English part before
    // their Arabic part, which the contract's single body schema cannot.
    expect(handWrittenRoutes(apiRouter(ctx.services, createLogger({ level: "silent", pretty: false }))).sort()).toEqual([
      "GET /api/documents/:id/download",
      "PUT /api/admin/settings/stats",
    ]);
  });

  it("GET /api/openapi.json is the OpenAPI 3.1 document of every route, public and cacheable", async () => {
    const anon = new Client(ctx.baseUrl);
    const res = await anon.get("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.json.openapi).toBe("3.1.0");
    const operations = Object.entries(res.json.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(ENDPOINTS.map((e) => `${e.method} ${e.path.replace(/:([A-Za-z]+)/g, "{$1}")}`).sort());
    // Who may call it and the error codes are written on every operation.
    const create = res.json.paths["/api/press-releases"].post;
    expect(create["x-access"]).toBe("admin");
    expect(create.description).toContain("second factor");
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "403", "409"]));
    expect(create.responses["403"].description).toBe("FORBIDDEN, TWO_FACTOR_REQUIRED");
    expect(res.json.components.schemas.PressRelease.properties.title).toEqual({ type: "string" });

    // An answer without a body says so.
    expect(res.json.paths["/api/account/two-factor/app/disable"].post.responses["204"]).toEqual({ description: "Success, no body" });

    const again = await anon.get("/api/openapi.json", { "If-None-Match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("names the rate limit of a limited route", async () => {
    const res = await new Client(ctx.baseUrl).get("/api/openapi.json");
    const login = res.json.paths["/api/login"]?.post;
    expect(login?.description).toMatch(/Rate limit:\*\* 20 per 15 min/);
  });
});

describe("the API reference page", () => {
  let pages: Awaited<ReturnType<typeof servePages>>;
  beforeAll(async () => {
    pages = await servePages(ctx.database, ctx.services.config);
  });
  afterAll(async () => {
    await pages?.close();
    await closeVite();
  });

  it("lists every endpoint by section, each linking to its section's page; loads nothing from elsewhere", async () => {
    const res = await new Client(pages.baseUrl).get("/developers/api");
    expect(res.status).toBe(200);
    expect(res.text).toContain("<h1");
    expect(res.text).toContain("API reference");
    for (const e of ENDPOINTS) expect(res.text).toContain(`>${e.path.replace(/:([A-Za-z]+)/g, "{$1}")}</code>`);
    expect(res.text).toContain('href="/developers/api/press-releases"');
    expect(res.text).toMatch(/href="\/developers\/api\/press-releases#[A-Za-z]+"/);
    // The details are on the section pages: the list stays small.
    expect(res.text).not.toContain("An administrator whose session proved a second factor");
    expect(res.text.length).toBeLessThan(400_000);
    // Works offline: every script, style sheet and image is the site's own.
    const external = [...res.text.matchAll(/<(?:script|link|img)\b[^>]*(?:src|href)="((?:https?:)?\/\/[^"]+)"/g)]
      .map((m) => m[1])
      .filter((url) => !url.startsWith(`${pages.baseUrl}/`));
    expect(external).toEqual([]);
  });

  it("a section's page gives each of its endpoints in full: who may call it, its fields and errors; an unknown section is 404", async () => {
    const res = await new Client(pages.baseUrl).get("/developers/api/press-releases");
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<h1[^>]*>Press releases<\/h1>/);
    expect(res.text).toContain(">/api/press-releases</code>");
    expect(res.text).toContain("An administrator whose session proved a second factor");
    expect(res.text).toContain("5–100 characters");
    // An integer's notes are its own bounds, not JavaScript's safe-integer range.
    expect(res.text).not.toContain("9007199254740991");
    expect(res.text).toContain("date-time");
    expect(res.text).not.toContain("pattern ^(?:(?:");
    expect(res.text).toContain("FORBIDDEN, TWO_FACTOR_REQUIRED");
    expect(res.text).toMatch(/<link rel="canonical" href="[^"]*\/developers\/api\/press-releases"/);
    // Another section's endpoints are on their own page.
    expect(res.text).not.toContain(">/api/admin/documents</code>");
    expect((await new Client(pages.baseUrl).get("/developers/api/no-such-section")).status).toBe(404);
  });

  it("is linked from the footer of every page, whatever catalogs the page loads", async () => {
    for (const [path, text] of [
      ["/auth", "API reference"],
      ["/ar/auth", "مرجع واجهة البرمجة"],
      ["/press-releases", "API reference"],
    ]) {
      const res = await new Client(pages.baseUrl).get(path);
      expect(res.text).toMatch(new RegExp(`href="${path.startsWith("/ar") ? "/ar" : ""}/developers/api"[^>]*>${text}</a>`));
    }
  });

  it("has an Arabic page around the English endpoint texts", async () => {
    const res = await new Client(pages.baseUrl).get("/ar/developers/api");
    expect(res.status).toBe(200);
    expect(res.text).toContain('dir="rtl"');
    expect(res.text).toContain("مرجع واجهة البرمجة");
    expect(res.text).toContain("أوصاف نقاط الوصول باللغة الإنجليزية.");
    expect(res.text).toContain(">/api/press-releases/{id}</code>");
    const section = await new Client(pages.baseUrl).get("/ar/developers/api/press-releases");
    expect(section.status).toBe(200);
    expect(section.text).toContain('dir="rtl"');
    expect(section.text).toContain("مسؤول أثبتت جلسته عاملًا ثانيًا");
  });
});
