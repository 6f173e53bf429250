/**
 * Page loaders that read server values through the load context or an app *.server.ts module, never by importing
 * server code into the page: the home page's thank-you after a contact post without JavaScript, and a press release
 * that does not exist. Against the real app with its pages (Vite in middleware mode).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../helpers/context";
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

  it("[press] a release that does not exist sends the visitor to the press list of the page's language", async () => {
    const en = await get("/press-releases/999999");
    expect(en.status).toBe(302);
    expect(en.headers.get("location")).toBe("/press-releases");
    const ar = await get("/ar/press-releases/999999");
    expect(ar.status).toBe(302);
    expect(ar.headers.get("location")).toBe("/ar/press-releases");
  });
});
