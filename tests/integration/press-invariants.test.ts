/**
 * The press-release invariants: one featured release at most, three on the
 * homepage at most, whichever client calls (REST via POST, PUT, PATCH, or the service directly),
 * including two requests racing for the last slot. Plus aliases, sanitizing and stale saves.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pressReleases } from "../../server/db/schema";
import { AppError } from "../../server/lib/errors";
import { HOMEPAGE_LIMIT_MESSAGE } from "../../shared/rules";
import { message } from "../../server/lib/messages";
import { pressReleaseSchema } from "../../shared/schemas";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { pressBody } from "../helpers/factories";

const LIMIT_MESSAGE = "Only 3 press releases can be shown on the homepage. Please remove one first.";
const STALE_MESSAGE = "This item was changed by someone else since you opened it. Reload to see the latest version.";

let ctx: TestContext;
let admin: Client;
let anon: Client;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, "admin")).client;
  anon = new Client(ctx.baseUrl);
});
afterAll(() => ctx.close());

// Each test starts with no release featured and none on the homepage.
beforeEach(async () => {
  await ctx.services.database.db.update(pressReleases).set({ featured: false, showOnHomepage: false });
});

const db = () => ctx.services.database.db;
const flagged = async (column: "featured" | "showOnHomepage") =>
  (await db().select({ id: pressReleases.id }).from(pressReleases).where(eq(pressReleases[column], true))).map((r) => r.id).sort((a, b) => a - b);
const total = async () =>
  (
    await db()
      .select({ c: sql<number>`count(*)::int` })
      .from(pressReleases)
  )[0].c;

async function create(overrides: Parameters<typeof pressBody>[0] = {}) {
  const res = await admin.post("/api/press-releases", pressBody(overrides));
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; updatedAt: string; featured: boolean; showOnHomepage: boolean };
}
/** Three releases on the homepage, made without going through the API. */
async function fillHomepage(slots = 3) {
  const ids: number[] = [];
  for (let i = 0; i < slots; i++) ids.push((await ctx.services.press.create(pressReleaseSchema.parse(pressBody({ showOnHomepage: true })))).id);
  return ids;
}

describe("[press] only one featured release", () => {
  it("[press] creating a featured release through POST clears the previous one", async () => {
    const a = await create({ featured: true });
    const b = await create({ featured: true });
    expect(b.featured).toBe(true);
    expect(await flagged("featured")).toEqual([b.id]);
    expect((await anon.get(`/api/press-releases/${a.id}`)).json.featured).toBe(false);
  });

  it("[press] featuring through PUT clears the previous one", async () => {
    const a = await create({ featured: true });
    const b = await create();
    const res = await admin.put(`/api/press-releases/${b.id}`, pressBody({ featured: true }));
    expect(res.status).toBe(200);
    expect(res.json.featured).toBe(true);
    expect(await flagged("featured")).toEqual([b.id]);
    expect((await anon.get(`/api/press-releases/${a.id}`)).json.featured).toBe(false);
  });

  it("[press] featuring through PATCH clears the previous one; toggling it again removes the flag", async () => {
    const a = await create({ featured: true });
    const b = await create();
    const on = await admin.patch(`/api/press-releases/${b.id}`, { featured: true });
    expect(on.status).toBe(200);
    expect(on.json.featured).toBe(true);
    expect(await flagged("featured")).toEqual([b.id]);
    expect((await anon.get(`/api/press-releases/${a.id}`)).json.featured).toBe(false);

    const off = await admin.patch(`/api/press-releases/${b.id}`, { featured: false });
    expect(off.status).toBe(200);
    expect(off.json.featured).toBe(false);
    expect(await flagged("featured")).toEqual([]);
  });

  it("[press] re-saving the featured release keeps it featured", async () => {
    const a = await create({ featured: true });
    const res = await admin.put(`/api/press-releases/${a.id}`, pressBody({ featured: true, title: "Same release, new headline" }));
    expect(res.status).toBe(200);
    expect(await flagged("featured")).toEqual([a.id]);
  });

  it("[press] two concurrent requests featuring different releases leave exactly one featured", async () => {
    const a = await create();
    const b = await create();
    const results = await Promise.all([
      admin.patch(`/api/press-releases/${a.id}`, { featured: true }),
      admin.patch(`/api/press-releases/${b.id}`, { featured: true }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const featured = await flagged("featured");
    expect(featured).toHaveLength(1);
    expect([a.id, b.id]).toContain(featured[0]);
  });

  it("[press] GET /featured returns exactly the featured release", async () => {
    await create();
    const b = await create({ featured: true });
    const res = await anon.get("/api/press-releases/featured");
    expect(res.status).toBe(200);
    expect(res.json.map((r: { id: number }) => r.id)).toEqual([b.id]);
    expect(res.json[0].featured).toBe(true);
  });
});

describe("[press] at most three on the homepage", () => {
  it("[press] the fourth through POST is refused with 409 and the spec's message, and nothing is created", async () => {
    const ids = await fillHomepage();
    const before = await total();
    const res = await admin.post("/api/press-releases", pressBody({ showOnHomepage: true }));
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: LIMIT_MESSAGE, code: "HOMEPAGE_LIMIT" });
    expect(await total()).toBe(before);
    expect(await flagged("showOnHomepage")).toEqual(ids);
  });

  it("[press] the fourth through POST with the snake_case alias is refused too", async () => {
    await fillHomepage();
    const body: Record<string, unknown> = pressBody({ show_on_homepage: true });
    delete body.showOnHomepage;
    const res = await admin.post("/api/press-releases", body);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(LIMIT_MESSAGE);
  });

  it("[press] the fourth through PUT is refused and the release is left as it was", async () => {
    await fillHomepage();
    const d = await create();
    const res = await admin.put(`/api/press-releases/${d.id}`, pressBody({ showOnHomepage: true, title: "Should not be saved" }));
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(LIMIT_MESSAGE);
    const after = (await anon.get(`/api/press-releases/${d.id}`)).json;
    expect(after.showOnHomepage).toBe(false);
    expect(after.title).not.toBe("Should not be saved");
  });

  it("[press] the fourth through PATCH is refused (camelCase and snake_case)", async () => {
    await fillHomepage();
    const d = await create();
    for (const body of [{ showOnHomepage: true }, { show_on_homepage: true }]) {
      const res = await admin.patch(`/api/press-releases/${d.id}`, body);
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ message: LIMIT_MESSAGE, code: "HOMEPAGE_LIMIT" });
    }
    expect(await flagged("showOnHomepage")).not.toContain(d.id);
  });

  it("[press] a release already on the homepage can be saved again while three are there", async () => {
    const [first] = await fillHomepage();
    const res = await admin.put(`/api/press-releases/${first}`, pressBody({ showOnHomepage: true, title: "Edited while on the homepage" }));
    expect(res.status).toBe(200);
    expect(res.json.showOnHomepage).toBe(true);
    expect((await admin.patch(`/api/press-releases/${first}`, { showOnHomepage: true })).status).toBe(200);
  });

  it("[press] removing one frees a slot", async () => {
    const [first] = await fillHomepage();
    const d = await create();
    expect((await admin.patch(`/api/press-releases/${first}`, { showOnHomepage: false })).status).toBe(200);
    const res = await admin.patch(`/api/press-releases/${d.id}`, { showOnHomepage: true });
    expect(res.status).toBe(200);
    expect((await flagged("showOnHomepage")).length).toBe(3);
  });

  for (let round = 1; round <= 3; round++) {
    it(`[press] two concurrent PATCH requests racing for the last slot: exactly one wins (round ${round})`, async () => {
      await fillHomepage(2);
      const a = await create();
      const b = await create();
      const results = await Promise.all([
        admin.patch(`/api/press-releases/${a.id}`, { showOnHomepage: true }),
        admin.patch(`/api/press-releases/${b.id}`, { show_on_homepage: true }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.json.message).toBe(LIMIT_MESSAGE);
      const onHomepage = await flagged("showOnHomepage");
      expect(onHomepage).toHaveLength(3);
      const winner = results.find((r) => r.status === 200)!.json.id;
      expect(onHomepage).toContain(winner);
    });
  }

  it("[press] two concurrent POST requests racing for the last slot: exactly one is created", async () => {
    await fillHomepage(2);
    const before = await total();
    const results = await Promise.all([
      admin.post("/api/press-releases", pressBody({ showOnHomepage: true })),
      admin.post("/api/press-releases", pressBody({ showOnHomepage: true })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await total()).toBe(before + 1);
    expect(await flagged("showOnHomepage")).toHaveLength(3);
  });

  it("[press] a POST and a PATCH racing for the last slot: exactly one wins", async () => {
    await fillHomepage(2);
    const a = await create();
    const results = await Promise.all([
      admin.post("/api/press-releases", pressBody({ showOnHomepage: true })),
      admin.patch(`/api/press-releases/${a.id}`, { showOnHomepage: true }),
    ]);
    expect(results.filter((r) => r.status === 200 || r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(1);
    expect(await flagged("showOnHomepage")).toHaveLength(3);
  });

  it("[press] GET /homepage returns exactly the homepage releases, newest first", async () => {
    const older = await create({ showOnHomepage: true, date: "2024-01-01" });
    const newer = await create({ showOnHomepage: true, date: "2025-06-30" });
    await create({ date: "2026-01-01" });
    const res = await anon.get("/api/press-releases/homepage");
    expect(res.status).toBe(200);
    expect(res.json.map((r: { id: number }) => r.id)).toEqual([newer.id, older.id]);
    expect(res.json.every((r: { showOnHomepage: boolean; show_on_homepage: boolean }) => r.showOnHomepage && r.show_on_homepage)).toBe(true);
  });
});

describe("[press] field aliases", () => {
  it("[press] accepts show_on_homepage and company_logo and returns both spellings", async () => {
    const body: Record<string, unknown> = pressBody({ show_on_homepage: true, company_logo: "/uploads/motorly-logo.webp" });
    delete body.showOnHomepage;
    delete body.companyLogo;
    const res = await admin.post("/api/press-releases", body);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      showOnHomepage: true,
      show_on_homepage: true,
      companyLogo: "/uploads/motorly-logo.webp",
      company_logo: "/uploads/motorly-logo.webp",
    });
    for (const url of ["/api/press-releases", "/api/press-releases/homepage", `/api/press-releases/${res.json.id}`]) {
      const got = (await anon.get(url)).json;
      const item = Array.isArray(got) ? got.find((r: { id: number }) => r.id === res.json.id) : got;
      expect(item, url).toMatchObject({
        show_on_homepage: true,
        showOnHomepage: true,
        company_logo: "/uploads/motorly-logo.webp",
        companyLogo: "/uploads/motorly-logo.webp",
      });
    }
  });

  it("[press] PUT accepts the snake_case aliases", async () => {
    const a = await create();
    const body: Record<string, unknown> = pressBody({ show_on_homepage: true, company_logo: "https://cdn.example.com/logo.png" });
    delete body.showOnHomepage;
    delete body.companyLogo;
    const res = await admin.put(`/api/press-releases/${a.id}`, body);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      showOnHomepage: true,
      show_on_homepage: true,
      companyLogo: "https://cdn.example.com/logo.png",
      company_logo: "https://cdn.example.com/logo.png",
    });
  });
});

describe("[press] content is sanitized before it is stored", () => {
  const dirty = [
    "<p>Safe paragraph that stays in the release body.</p>",
    "<script>alert('xss')</script>",
    '<img src="https://cdn.example.com/a.png" onerror="alert(1)" alt="chart">',
    '<a href="javascript:alert(1)">click me</a>',
    '<p onclick="steal()" style="color:red">Styled <strong>bold</strong> text</p>',
    '<iframe src="https://evil.example"></iframe>',
  ].join("\n");

  const expectClean = (content: string) => {
    expect(content).toContain("Safe paragraph that stays in the release body.");
    expect(content).toContain("<strong>bold</strong>");
    expect(content).toContain('src="https://cdn.example.com/a.png"');
    expect(content).not.toMatch(/<script/i);
    expect(content).not.toContain("alert('xss')");
    expect(content).not.toMatch(/onerror|onclick|style=/i);
    expect(content).not.toMatch(/javascript:/i);
    expect(content).not.toMatch(/<iframe/i);
  };

  it("[press] POST strips script, event handlers and javascript: links", async () => {
    const res = await admin.post("/api/press-releases", pressBody({ content: dirty }));
    expect(res.status).toBe(201);
    expectClean(res.json.content);
    const [row] = await db().select().from(pressReleases).where(eq(pressReleases.id, res.json.id));
    expectClean(row.content);
  });

  it("[press] PUT sanitizes too", async () => {
    const a = await create();
    const res = await admin.put(`/api/press-releases/${a.id}`, pressBody({ content: dirty }));
    expect(res.status).toBe(200);
    expectClean((await anon.get(`/api/press-releases/${a.id}`)).json.content);
  });

  it("[press] plain text with blank lines becomes escaped paragraphs", async () => {
    const res = await admin.post(
      "/api/press-releases",
      pressBody({ content: "First paragraph of the release, long enough to pass.\n\nSecond one with 5 < 6 & a <b tag" }),
    );
    expect(res.status).toBe(201);
    expect(res.json.content).toContain("<p>First paragraph of the release, long enough to pass.</p>");
    expect(res.json.content).toContain("<p>Second one with 5 &lt; 6 &amp; a &lt;b tag</p>");
  });
});

describe("[press] optimistic concurrency", () => {
  it("[press] a PUT carrying a stale updatedAt is refused with 409 and the newer edit survives", async () => {
    const a = await create();
    const first = await admin.put(`/api/press-releases/${a.id}`, { ...pressBody({ title: "First editor's headline" }), updatedAt: a.updatedAt });
    expect(first.status).toBe(200);
    expect(first.json.updatedAt).not.toBe(a.updatedAt);

    const stale = await admin.put(`/api/press-releases/${a.id}`, { ...pressBody({ title: "Second editor's headline" }), updatedAt: a.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe(STALE_MESSAGE);
    expect((await anon.get(`/api/press-releases/${a.id}`)).json.title).toBe("First editor's headline");

    const fresh = await admin.put(`/api/press-releases/${a.id}`, { ...pressBody({ title: "Second editor, after reload" }), updatedAt: first.json.updatedAt });
    expect(fresh.status).toBe(200);
  });

  it("[press] an unparseable updatedAt is treated as stale", async () => {
    const a = await create();
    const res = await admin.put(`/api/press-releases/${a.id}`, { ...pressBody(), updatedAt: "yesterday" });
    expect(res.status).toBe(409);
  });
});

describe("[press] the same invariants in the service layer", () => {
  const input = (overrides: Parameters<typeof pressBody>[0] = {}) => pressReleaseSchema.parse(pressBody(overrides));
  const conflict = (message: string) => expect.objectContaining({ code: "CONFLICT", message });
  const overLimit = expect.objectContaining({ code: "HOMEPAGE_LIMIT", status: 409, message: LIMIT_MESSAGE });

  it("[press/service] create and update keep one featured release", async () => {
    const press = ctx.services.press;
    const a = await press.create(input({ featured: true }));
    const b = await press.create(input({ featured: true }));
    expect(await flagged("featured")).toEqual([b.id]);
    await press.update(a.id, input({ featured: true }));
    expect(await flagged("featured")).toEqual([a.id]);
    await press.setFlags(b.id, { featured: true });
    expect(await flagged("featured")).toEqual([b.id]);
  });

  it("[press/service] the fourth homepage release is refused by create, update and setFlags", async () => {
    const press = ctx.services.press;
    await fillHomepage();
    const d = await press.create(input());
    await expect(press.create(input({ showOnHomepage: true }))).rejects.toEqual(overLimit);
    await expect(press.update(d.id, input({ showOnHomepage: true }))).rejects.toEqual(overLimit);
    await expect(press.setFlags(d.id, { showOnHomepage: true })).rejects.toBeInstanceOf(AppError);
    // The rule names a message id; its English text is the spec's.
    expect(message("en", HOMEPAGE_LIMIT_MESSAGE)).toBe(LIMIT_MESSAGE);
    expect(await flagged("showOnHomepage")).toHaveLength(3);
  });

  it("[press/service] two concurrent setFlags calls racing for the last slot: one succeeds, one is refused", async () => {
    const press = ctx.services.press;
    await fillHomepage(2);
    const a = await press.create(input());
    const b = await press.create(input());
    const results = await Promise.allSettled([press.setFlags(a.id, { showOnHomepage: true }), press.setFlags(b.id, { showOnHomepage: true })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect(rejected[0].reason).toEqual(overLimit);
    expect(await flagged("showOnHomepage")).toHaveLength(3);
  });

  it("[press/service] two concurrent creates racing for the last slot: one row is added", async () => {
    const press = ctx.services.press;
    await fillHomepage(2);
    const before = await total();
    const results = await Promise.allSettled([press.create(input({ showOnHomepage: true })), press.create(input({ showOnHomepage: true }))]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await total()).toBe(before + 1);
  });

  it("[press/service] a stale update is refused", async () => {
    const press = ctx.services.press;
    const a = await press.create(input());
    await press.update(a.id, input({ title: "Newer headline here" }), { expectedUpdatedAt: a.updatedAt });
    await expect(press.update(a.id, input({ title: "Older headline" }), { expectedUpdatedAt: a.updatedAt })).rejects.toEqual(conflict(STALE_MESSAGE));
    expect((await press.get(a.id)).title).toBe("Newer headline here");
  });

  it("[press/service] the database itself refuses a second featured row written around the service", async () => {
    const a = await ctx.services.press.create(input({ featured: true }));
    await expect(
      db()
        .insert(pressReleases)
        .values({ ...input(), featured: true, publication: "published" }),
    ).rejects.toThrow();
    expect(await flagged("featured")).toEqual([a.id]);
    // A release not yet published may carry the star (it takes it when it is published).
    await expect(
      db()
        .insert(pressReleases)
        .values({ ...input(), featured: true, publication: "draft" }),
    ).resolves.toBeDefined();
  });
});
