/**
 * The home page's contact form posted without JavaScript answers in the page's language: on /ar the summary and
 * the field messages are Arabic; on / the spec's English. Against the real app with its pages (Vite in middleware mode).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../helpers/context";
import { closeVite, servePages } from "../helpers/pages-server";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: "true" } });
  pages = await servePages(ctx.database, ctx.services.config);
  // The first page render compiles the app; keep that out of the tests' time limits.
  await fetch(`${pages.baseUrl}/`);
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

let n = 0;
async function post(path: string, fields: Record<string, string>) {
  const res = await fetch(`${pages.baseUrl}${path}?index`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: pages.baseUrl, "X-Forwarded-For": `203.0.113.${++n}` },
    body: new URLSearchParams({ ...fields, website: "" }),
  });
  return { status: res.status, text: await res.text() };
}

const bad = { fullName: "A", email: "nope", subject: "x", message: "short" };

/** The text the form shows under a field (its element `contact-<field>-error`), not the page's message catalog. */
const fieldError = (html: string, field: string) => new RegExp(`id="contact-${field}-error"[^>]*>([^<]*)<`).exec(html)?.[1];

describe("[i18n/contact] the no-JavaScript contact form", () => {
  it("[i18n/contact] on /ar the refusal and its field messages are Arabic", async () => {
    const res = await post("/ar", bad);
    expect(res.status).toBe(400);
    expect(fieldError(res.text, "email")).toBe("يُرجى إدخال بريد إلكتروني صحيح");
    expect(fieldError(res.text, "message")).toBe("يجب ألا تقل الرسالة عن 10 أحرف");
    expect(fieldError(res.text, "fullName")).toBe("يجب ألا يقل الاسم عن حرفين");
  });

  it("[i18n/contact] on / the same post answers the spec's English", async () => {
    const res = await post("/", bad);
    expect(res.status).toBe(400);
    expect(fieldError(res.text, "email")).toBe("Please enter a valid email address");
    expect(fieldError(res.text, "message")).toBe("Message must be at least 10 characters");
  });
});
