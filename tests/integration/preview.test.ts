/**
 * Previews of unpublished releases: an admin's own preview (`/preview/press/:id`, the dashboard's guard) and preview
 * links for colleagues without an account (`/preview/:token`), in English and Arabic. Every preview answer, page or
 * `.data`, is private, unindexed and sent with no Referer; the page cache never keeps one; an unknown, an expired and
 * a revoked token answer the same 404; no log line holds a token; guessing is rate-limited.
 */
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditEvents, previewLinks, rateLimits } from "../../server/db/schema";
import { createLogger } from "../../server/lib/logger";
import { RATE_RULES } from "../../shared/rate-limits";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { pressArabic, pressBody } from "../helpers/factories";
import { BROWSER, cachedPage, closeVite, servePages } from "../helpers/pages-server";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
let admin: Client;
let member: Client;
let visitor: Client;
/** Every log line exactly as written. */
const raw: string[] = [];

// A word no seeded release uses, in every test release's title.
const MARK = "Quillmarrow";
type Release = { id: number; title: string; publication: string; publishAt: string | null };
let draft: Release;
let scheduled: Release;
let published: Release;

const GONE_EN = "This preview link has expired or was revoked.";
const GONE_AR = "انتهت صلاحية رابط المعاينة هذا أو أُلغي.";

async function create(state: string, extra: Record<string, unknown> = {}): Promise<Release> {
  const res = await admin.post(
    "/api/press-releases",
    pressBody({
      title: `${MARK} ${state} release`,
      company: "Boost Freight",
      date: "2026-11-25",
      ...pressArabic({ titleAr: `${MARK} مسودة عربية` }),
      ...extra,
    }),
  );
  expect(res.status, res.text).toBe(201);
  return res.json;
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) + "T11:00";

/** A new preview link to `id` (the full URL, shown once) and its path on the test server. */
async function newLink(id: number, lang?: "en" | "ar") {
  const res = await admin.post("/api/admin/preview-links", { type: "press", id, ...(lang ? { lang } : {}) });
  expect(res.status, res.text).toBe(201);
  const { url, expiresAt, id: linkId } = res.json as { url: string; expiresAt: string; id: number };
  return { url, expiresAt, linkId, path: new URL(url).pathname, token: new URL(url).pathname.split("/").at(-1)! };
}

function expectPreviewHeaders(headers: Headers) {
  expect(headers.get("x-robots-tag")).toBe("noindex, nofollow");
  expect(headers.get("cache-control")).toBe("private, no-store");
  expect(headers.get("referrer-policy")).toBe("no-referrer");
  expect(headers.get("x-cache")).toBeNull();
}

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  const logger = createLogger({ level: "info", pretty: false, destination: { write: (line: string) => void raw.push(line) } });
  pages = await servePages(ctx.database, ctx.services.config, { pageCache: true, logger });
  admin = (await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "admin")).client;
  member = (await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "regular")).client;
  visitor = new Client(pages.baseUrl);

  published = await create("published");
  const d = await create("draft");
  draft = (await admin.post(`/api/admin/press-releases/${d.id}/unpublish`)).json;
  const s = await create("scheduled");
  await admin.post(`/api/admin/press-releases/${s.id}/unpublish`);
  const sched = await admin.post(`/api/admin/press-releases/${s.id}/schedule`, { publishAt: { local: tomorrow() } });
  expect(sched.status, sched.text).toBe(200);
  scheduled = sched.json;
  // The first render compiles every module; warm it up outside the tests' time limits.
  await admin.get(`/preview/press/${draft.id}`);
}, 120_000);

beforeEach(async () => {
  // Each test starts with the whole budget of preview tries.
  await ctx.services.database.db.delete(rateLimits).where(like(rateLimits.key, `${RATE_RULES.previewIp.name}:%`));
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

describe("[preview] an admin's preview of any release", () => {
  it("shows a draft and a scheduled release, in English and Arabic, with the banner and the preview headers", async () => {
    const en = await admin.get(`/preview/press/${draft.id}`, { Accept: "text/html" });
    expect(en.status).toBe(200);
    expect(en.text).toContain(`${MARK} draft release`);
    expect(en.text).toContain("Preview — not published");
    expect(en.text).toContain("Draft");
    expect(en.text).toContain('<meta name="robots" content="noindex"/>');
    expectPreviewHeaders(en.headers);

    const ar = await admin.get(`/ar/preview/press/${draft.id}`, { Accept: "text/html" });
    expect(ar.status).toBe(200);
    expect(ar.text).toContain(`${MARK} مسودة عربية`);
    expect(ar.text).toContain("معاينة — غير منشور");
    expect(ar.text).toContain('dir="rtl"');
    expectPreviewHeaders(ar.headers);

    const sched = await admin.get(`/preview/press/${scheduled.id}`, { Accept: "text/html" });
    expect(sched.status).toBe(200);
    expect(sched.text).toContain(`${MARK} scheduled release`);
    expect(sched.text).toContain("Scheduled");
    expect(sched.text).toContain("(Cairo time)");
    const schedAr = await admin.get(`/ar/preview/press/${scheduled.id}`, { Accept: "text/html" });
    expect(schedAr.status).toBe(200);
    expect(schedAr.text).toContain("مجدول");
    expect(schedAr.text).toContain("(بتوقيت القاهرة)");
    expectPreviewHeaders(schedAr.headers);
  });

  it("the phone view frames the same page at 390 px; the frame has no banner", async () => {
    const phone = await admin.get(`/preview/press/${draft.id}?view=phone`, { Accept: "text/html" });
    expect(phone.status).toBe(200);
    expect(phone.text).toMatch(new RegExp(`<iframe[^>]*src="/preview/press/${draft.id}\\?frame=1"`));
    expect(phone.text).toContain('width="390"');
    const frame = await admin.get(`/preview/press/${draft.id}?frame=1`, { Accept: "text/html" });
    expect(frame.status).toBe(200);
    expect(frame.text).toContain(`${MARK} draft release`);
    expect(frame.text).not.toContain('data-testid="preview-banner"');
  });

  it("the page's data request answers the same, with the same headers", async () => {
    const res = await admin.get(`/preview/press/${draft.id}.data`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`${MARK} draft release`);
    expectPreviewHeaders(res.headers);
  });

  it("is the dashboard's: anonymous visitors are sent to sign in, members are refused, neither sees the text", async () => {
    const anon = await visitor.get(`/preview/press/${draft.id}`, { Accept: "text/html" });
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toBe(`/auth?redirect=${encodeURIComponent(`/preview/press/${draft.id}`)}`);
    expectPreviewHeaders(anon.headers);
    const anonData = await visitor.get(`/preview/press/${draft.id}.data`);
    expect(anonData.text).not.toContain(MARK);
    const denied = await member.get(`/preview/press/${draft.id}`, { Accept: "text/html" });
    expect(denied.status).toBe(403);
    expect(denied.text).not.toContain(MARK);
  });

  it("an unknown release is a 404", async () => {
    const res = await admin.get("/preview/press/999999", { Accept: "text/html" });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain(MARK);
  });
});

describe("[preview] preview links", () => {
  it("a signed-out visitor reads the draft through a link, in either language; the link is stored only as a hash", async () => {
    const link = await newLink(draft.id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${pages.baseUrl}/preview/${link.token}`);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeGreaterThan(71 * 3_600_000);
    expect(new Date(link.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(72 * 3_600_000);

    const page = await visitor.get(link.path, BROWSER);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`${MARK} draft release`);
    expect(page.text).toContain("Preview — not published");
    expect(page.text).toContain('<meta name="robots" content="noindex"/>');
    expectPreviewHeaders(page.headers);

    const ar = await visitor.get(`/ar${link.path}`, BROWSER);
    expect(ar.status).toBe(200);
    expect(ar.text).toContain(`${MARK} مسودة عربية`);
    expectPreviewHeaders(ar.headers);

    const data = await visitor.get(`${link.path}.data`, BROWSER);
    expect(data.status).toBe(200);
    expect(data.text).toContain(`${MARK} draft release`);
    expectPreviewHeaders(data.headers);

    const arLink = await newLink(draft.id, "ar");
    expect(arLink.url).toBe(`${pages.baseUrl}/ar/preview/${arLink.token}`);

    const rows = await ctx.services.database.db.select().from(previewLinks).where(eq(previewLinks.entityId, draft.id));
    expect(JSON.stringify(rows)).not.toContain(link.token);
    const list = await admin.get(`/api/admin/preview-links?type=press&id=${draft.id}`);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(link.token);
    expect(list.json.links.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([link.linkId, arLink.linkId]));
    expect(list.json.links[0]).toMatchObject({ active: true, revokedAt: null, createdBy: { name: "admin user" } });
  });

  it("the page cache never stores a preview: after revoking, the next fetch is the 404; a public page is still cached", async () => {
    const link = await newLink(draft.id);
    for (let i = 0; i < 3; i++) {
      const res = await visitor.get(link.path, BROWSER);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-cache")).toBeNull();
    }
    // The store is keyed by scheme, host and URL (server/http/page-cache): nothing under the preview's address.
    const stored = (path: string) => pages.pageCache!.cache.get(` ${new URL(pages.baseUrl).host}${path}`);
    expect(stored(link.path)).toBeUndefined();
    expect(stored(`${link.path}.data`)).toBeUndefined();
    const revoked = await admin.post(`/api/admin/preview-links/${link.linkId}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.json).toMatchObject({ id: link.linkId, active: false });
    expect(revoked.json.revokedAt).toEqual(expect.any(String));
    for (const path of [link.path, `${link.path}.data`]) {
      const after = await visitor.get(path, BROWSER);
      expect(after.status).toBe(404);
      expect(after.text).not.toContain(MARK);
      expectPreviewHeaders(after.headers);
    }
    // A public page beside it is stored and served from the store as before.
    const pub = await cachedPage(visitor, `/press-releases/${published.id}`);
    expect(pub.headers.get("x-cache")).toBe("HIT");
    expect(stored(`/press-releases/${published.id}`)).toBeDefined();
    expect(stored(link.path)).toBeUndefined();
  });

  it("an expired, a revoked and an unknown token answer the same 404 page, in English and Arabic", async () => {
    const expired = await newLink(draft.id);
    await ctx.services.database.db
      .update(previewLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(previewLinks.id, expired.linkId));
    const revoked = await newLink(draft.id);
    await admin.post(`/api/admin/preview-links/${revoked.linkId}/revoke`);
    const unknown = `/preview/${"A".repeat(43)}`;
    const malformed = "/preview/not-a-token";
    const answers = [];
    for (const path of [expired.path, revoked.path, unknown, malformed]) {
      const res = await visitor.get(path, BROWSER);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain(GONE_EN);
      expect(res.text).not.toContain(MARK);
      expectPreviewHeaders(res.headers);
      // Apart from per-request values (the nonce, the request id), the pages are the same.
      answers.push(res.text.replace(/nonce="[^"]*"/g, "").replace(/\/preview\/[A-Za-z0-9_-]+/g, "/preview/X"));
      const ar = await visitor.get(`/ar${path}`, BROWSER);
      expect(ar.status).toBe(404);
      expect(ar.text).toContain(GONE_AR);
    }
    expect(new Set(answers).size).toBe(1);
  });

  it("no log line holds a link's token", async () => {
    const link = await newLink(draft.id);
    raw.length = 0;
    await visitor.get(link.path, { ...BROWSER, Referer: `${pages.baseUrl}${link.path}`, "X-Request-Id": "preview-log-1" });
    await visitor.get(`/ar${link.path}.data?frame=1`, { "X-Request-Id": "preview-log-2" });
    await vi.waitFor(() => {
      expect(raw.some((l) => l.includes("preview-log-2") && /request (completed|errored)/.test(l))).toBe(true);
    });
    const text = raw.join("\n");
    expect(text).toContain("/preview/[redacted]");
    expect(text).not.toContain(link.token);
  });

  it("guessing is rate-limited per visitor: past the budget even a good link answers 429", async () => {
    const link = await newLink(draft.id);
    for (let i = 0; i < RATE_RULES.previewIp.limit; i++) {
      const res = await visitor.get(`/preview/${"B".repeat(42)}${i % 10}.data`);
      expect(res.status).toBe(404);
    }
    const limited = await visitor.get(link.path, BROWSER);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.text).not.toContain(MARK);
    expectPreviewHeaders(limited.headers);
  });

  it("creating and revoking are audited, without the token; only admins may create, list or revoke", async () => {
    const link = await newLink(published.id);
    await admin.post(`/api/admin/preview-links/${link.linkId}/revoke`);
    const events = await ctx.services.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(published.id)));
    const actions = events.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["preview.create", "preview.revoke"]));
    expect(JSON.stringify(events)).not.toContain(link.token);

    expect((await visitor.post("/api/admin/preview-links", { type: "press", id: draft.id })).status).toBe(401);
    expect((await member.post("/api/admin/preview-links", { type: "press", id: draft.id })).status).toBe(403);
    expect((await member.get(`/api/admin/preview-links?type=press&id=${draft.id}`)).status).toBe(403);
    expect((await member.post(`/api/admin/preview-links/${link.linkId}/revoke`)).status).toBe(403);
    expect((await admin.post("/api/admin/preview-links", { type: "press", id: 999999 })).status).toBe(404);
    expect((await admin.post("/api/admin/preview-links/999999/revoke")).status).toBe(404);
  });
});

describe("[preview] the link lifetime setting", () => {
  it("defaults to 72 hours, takes 1 to 720, refuses anything else with 400, and new links follow it", async () => {
    expect((await admin.get("/api/admin/settings/preview")).json).toEqual({ hours: 72 });
    for (const hours of [0, 721, "x", 1.5, null]) {
      const res = await admin.put("/api/admin/settings/preview", { hours });
      expect(res.status, String(hours)).toBe(400);
      expect(res.json.code).toBe("VALIDATION");
      expect(res.json.errors.hours).toBe("Enter a whole number of hours from 1 to 720.");
    }
    expect((await admin.put("/api/admin/settings/preview", { hours: 1 })).json).toEqual({ hours: 1 });
    const link = await newLink(draft.id);
    const left = new Date(link.expiresAt).getTime() - Date.now();
    expect(left).toBeGreaterThan(55 * 60_000);
    expect(left).toBeLessThanOrEqual(3_600_000);
    expect((await admin.put("/api/admin/settings/preview", { hours: 720 })).status).toBe(200);
    expect((await member.put("/api/admin/settings/preview", { hours: 5 })).status).toBe(403);
    await admin.put("/api/admin/settings/preview", { hours: 72 });
  });
});
