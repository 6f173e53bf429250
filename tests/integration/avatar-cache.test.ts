/**
 * A profile photo can be removed, so no cache may keep it for a year: it is served `private, no-cache` (the browser
 * asks again each time, a cheap 304 while it is there), and once removed or replaced its URL answers 404 with
 * `no-store`. Images an admin publishes keep their one-year `immutable` header. The whole site is served as in
 * production (pages, the page cache) so that a removed photo's address meets every layer a request can reach.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../server/db/schema";
import { createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { closeVite, servePages } from "../helpers/pages-server";
import { photo, postMultipart } from "../fixtures/files";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
let site: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  pages = await servePages(ctx.database, ctx.services.config, { pageCache: true });
  site = { ...ctx, baseUrl: pages.baseUrl };
  // The first render compiles every module; warm it up outside the tests' time limits.
  await fetch(`${pages.baseUrl}/uploads/not-there.webp`);
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

const YEAR = /max-age=31536000|immutable/;

/** A member with a photo: the client and the photo's URL and smaller variant. */
async function memberWithPhoto() {
  const { client } = await signedInClient(site, "regular");
  const res = await postMultipart(client, "/api/account/avatar", { file: { data: await photo("jpeg", 600, 600), name: "me.jpg", type: "image/jpeg" } });
  expect(res.status, res.text).toBe(201);
  const url = res.json.avatar as string;
  return { client, url, small: url.replace(/\.webp$/, "-128.webp") };
}

/** Asks for `url` the way anyone holding the address can: no cookie, twice (a store in between would answer the second). */
async function fetchTwice(url: string) {
  const first = await fetch(pages.baseUrl + url);
  await first.arrayBuffer();
  const second = await fetch(pages.baseUrl + url);
  await second.arrayBuffer();
  return [first, second].map((r) => ({ status: r.status, cacheControl: r.headers.get("cache-control") ?? "" }));
}

describe("[account] profile photos are never cached for long", () => {
  it("a photo is served private and revalidated, never public or immutable", async () => {
    const { url, small } = await memberWithPhoto();
    for (const address of [url, small]) {
      const res = await fetch(pages.baseUrl + address);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("private, no-cache");
      const etag = res.headers.get("etag");
      expect(etag).toBeTruthy();
      await res.arrayBuffer();
      // As a browser revalidates (fetch itself would add 'Cache-Control: no-cache', which asks for the full file).
      const again = await fetch(pages.baseUrl + address, { headers: { "If-None-Match": etag!, "Cache-Control": "max-age=0" } });
      expect(again.status).toBe(304);
    }
  });

  it("a removed photo's address answers 404, no-store, from then on", async () => {
    const { client, url, small } = await memberWithPhoto();
    expect((await fetchTwice(url))[0].status).toBe(200);
    expect((await client.delete("/api/account/avatar")).status).toBe(200);
    for (const address of [url, small]) {
      const answers = await fetchTwice(address);
      expect(answers).toEqual([
        { status: 404, cacheControl: "no-store" },
        { status: 404, cacheControl: "no-store" },
      ]);
    }
  });

  it("a replaced photo's old address answers 404, no-store; the new one is served", async () => {
    const { client, url } = await memberWithPhoto();
    const replaced = await postMultipart(client, "/api/account/avatar", { file: { data: await photo("png", 300, 300), name: "new.png", type: "image/png" } });
    expect(replaced.status).toBe(201);
    expect(await fetchTwice(url)).toEqual([
      { status: 404, cacheControl: "no-store" },
      { status: 404, cacheControl: "no-store" },
    ]);
    const current = await fetchTwice(replaced.json.avatar);
    expect(current.map((a) => a.status)).toEqual([200, 200]);
    expect(current[0].cacheControl).not.toMatch(YEAR);
  });

  it("a photo stored under the older naming (no prefix) is still deleted when removed, and its address is a 404", async () => {
    const { client, user } = await signedInClient(site, "regular");
    const old = await ctx.services.uploads.storeImage(await photo("jpeg", 300, 300), "image");
    expect(old.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    await ctx.services.database.db.update(users).set({ avatar: old.url }).where(eq(users.id, user!.id));
    expect((await fetchTwice(old.url))[0].status).toBe(200);
    expect((await client.delete("/api/account/avatar")).status).toBe(200);
    expect(await fetchTwice(old.url)).toEqual([
      { status: 404, cacheControl: "no-store" },
      { status: 404, cacheControl: "no-store" },
    ]);
  });

  it("an address under /uploads that never existed is a 404 no cache keeps either", async () => {
    expect(await fetchTwice("/uploads/00000000-0000-4000-8000-000000000000.webp")).toEqual([
      { status: 404, cacheControl: "no-store" },
      { status: 404, cacheControl: "no-store" },
    ]);
  });

  it("an image an admin publishes keeps its one-year immutable header", async () => {
    const { client: admin } = await signedInClient(site, "admin");
    const res = await postMultipart(admin, "/api/admin/uploads?kind=image", {
      file: { data: await photo("jpeg", 500, 400), name: "p.jpg", type: "image/jpeg" },
    });
    expect(res.status, res.text).toBe(201);
    const served = await fetch(pages.baseUrl + res.json.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await served.arrayBuffer();
  });
});
