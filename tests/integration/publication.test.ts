/**
 * Publication states: a draft, a scheduled and a withdrawn item of every kind that has states (press releases,
 * portfolio companies) is absent from every public read (pages, their data, the REST API, search and its totals,
 * feeds, the home page's flags, related releases, the investor portal, the page cache) for visitors, members and
 * investors alike; the admin reads them; the scheduler publishes each due release once, at its time, and the cached
 * pages follow.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pressReleases } from "../../server/db/schema";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { portfolioBody, pressBody } from "../helpers/factories";
import { BROWSER, cachedPage, closeVite, servePages } from "../helpers/pages-server";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
let admin: Client;
let visitor: Client;
let member: Client;
let investor: Client;

// A word no seeded release uses, in every test release's title, so a page or answer that shows one is caught.
const MARK = "Zephyrquill";
type Release = { id: number; title: string; publication: string; updatedAt: string };
const releases: Record<"published" | "draft" | "scheduled" | "withdrawn", Release> = {} as never;
/** A company in each state: its name and its description carry the mark and the state ("Zephyrquill draft company"). */
const companies: Record<"published" | "draft" | "scheduled" | "withdrawn", { id: number; name: string }> = {} as never;

async function createCompany(state: "published" | "draft" | "scheduled" | "withdrawn") {
  const res = await admin.post(
    "/api/portfolio",
    portfolioBody({
      name: `${MARK} ${state} company`,
      description: `${MARK} ${state} company: an acquisition nobody has announced yet, described at length.`,
      publication: state === "draft" || state === "scheduled" ? "draft" : "published",
    }),
  );
  expect(res.status, res.text).toBe(201);
  if (state === "scheduled") expect((await admin.post(`/api/admin/portfolio/${res.json.id}/schedule`, { publishAt: { local: tomorrow() } })).status).toBe(200);
  if (state === "withdrawn") expect((await admin.post(`/api/admin/portfolio/${res.json.id}/withdraw`)).status).toBe(200);
  companies[state] = res.json;
}

async function create(state: string, extra: Record<string, unknown> = {}): Promise<Release> {
  const res = await admin.post("/api/press-releases", pressBody({ title: `${MARK} ${state} release`, company: "Boost Freight", date: "2026-11-25", ...extra }));
  expect(res.status, res.text).toBe(201);
  return res.json;
}

const tomorrow = () => {
  const d = new Date(Date.now() + 86_400_000);
  return d.toISOString().slice(0, 10) + "T11:00";
};

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  pages = await servePages(ctx.database, ctx.services.config, { pageCache: true });
  admin = (await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "admin")).client;
  member = (await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "regular")).client;
  investor = (await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "investor")).client;
  visitor = new Client(pages.baseUrl);

  // The hidden release below takes every home-page place there is and the star: the flags must not make it show.
  await ctx.services.database.db.update(pressReleases).set({ showOnHomepage: false });
  releases.published = await create("published");
  const draft = await create("draft", { showOnHomepage: true, featured: true });
  releases.draft = (await admin.post(`/api/admin/press-releases/${draft.id}/unpublish`)).json;
  const scheduled = await create("scheduled");
  await admin.post(`/api/admin/press-releases/${scheduled.id}/unpublish`);
  const sched = await admin.post(`/api/admin/press-releases/${scheduled.id}/schedule`, { publishAt: { local: tomorrow() } });
  expect(sched.status, sched.text).toBe(200);
  releases.scheduled = sched.json;
  const withdrawn = await create("withdrawn");
  const w = await admin.post(`/api/admin/press-releases/${withdrawn.id}/withdraw`);
  expect(w.status, w.text).toBe(200);
  releases.withdrawn = w.json;
  for (const state of ["published", "draft", "scheduled", "withdrawn"] as const) await createCompany(state);
  // The first render of each page compiles its modules; warm them up outside the tests' time limits (on a loaded
  // machine a first render may get the request deadline's 503: it is asked again).
  for (const path of ["/press-releases", "/", "/search?q=warm", "/sitemap", "/investors", "/investor-portal"]) {
    for (let i = 0; i < 5 && (await (path === "/investor-portal" ? investor : visitor).get(path, BROWSER)).status === 503; i++);
  }
}, 240_000);

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

const hidden = ["draft", "scheduled", "withdrawn"] as const;

describe("[publication] what each state is", () => {
  it("the admin API answers each release with its state; a schedule keeps its zone and UTC instant", () => {
    expect(releases.published.publication).toBe("published");
    expect(releases.draft.publication).toBe("draft");
    expect(releases.withdrawn.publication).toBe("withdrawn");
    const s = releases.scheduled as Release & { publishAt: string; scheduleZone: string };
    expect(s.publication).toBe("scheduled");
    expect(s.scheduleZone).toBe("Africa/Cairo");
    // 11:00 in Cairo is 08:00 or 09:00 UTC depending on the season.
    expect(s.publishAt).toMatch(/T0[89]:00:00\.000Z$/);
  });

  it("the dashboard lists every state; the admin reads any release", async () => {
    const list = await admin.get("/api/admin/press-releases");
    expect(list.status).toBe(200);
    const states = Object.fromEntries((list.json as Release[]).filter((r) => r.title.startsWith(MARK)).map((r) => [r.title, r.publication]));
    expect(states).toEqual({
      [`${MARK} published release`]: "published",
      [`${MARK} draft release`]: "draft",
      [`${MARK} scheduled release`]: "scheduled",
      [`${MARK} withdrawn release`]: "withdrawn",
    });
    for (const state of hidden) expect((await admin.get(`/api/admin/press-releases/${releases[state].id}`)).json.title).toBe(`${MARK} ${state} release`);
  });

  it("the admin routes refuse visitors and members", async () => {
    for (const client of [visitor, member]) {
      expect((await client.get("/api/admin/press-releases")).status).toBe(client === visitor ? 401 : 403);
      expect((await client.get(`/api/admin/press-releases/${releases.draft.id}`)).status).toBe(client === visitor ? 401 : 403);
      expect((await client.post(`/api/admin/press-releases/${releases.draft.id}/publish`)).status).toBe(client === visitor ? 401 : 403);
    }
  });
});

describe("[publication] an item that is not published is on no public path", () => {
  const who = () =>
    [
      ["a visitor", visitor],
      ["a member", member],
      ["an investor", investor],
    ] as const;

  it("every kind with publication states is in this matrix", async () => {
    // A later kind of item with a `publication` column must be added to the matrix (and to ./public-rules.ts).
    const tables = (await ctx.services.database.db.execute(
      sql`select table_name as name from information_schema.columns where column_name = 'publication' and table_schema = current_schema() order by 1`,
    )) as unknown as { rows: { name: string }[] };
    expect(tables.rows.map((r) => r.name)).toEqual(["portfolio_items", "press_releases"]);
  });

  it("lists, search, feeds, sitemaps and the home page show the published release and company and none of the others", async () => {
    const paths = [
      "/press-releases",
      "/press-releases.data",
      "/ar/press-releases",
      `/press-releases?q=${MARK}`,
      `/search?q=${MARK}`,
      `/ar/search?q=${MARK}`,
      `/search.data?q=${MARK}`,
      `/ar/search.data?q=${MARK}`,
      "/",
      "/ar",
      "/_root.data",
      "/api/portfolio",
      "/api/portfolio?lang=ar",
      "/sitemap",
      "/sitemap.xml",
      "/rss.xml",
      "/investors",
      "/api/press-releases",
      "/api/press-releases?lang=ar",
      `/api/press-releases?q=${MARK}&limit=10`,
      "/api/press-releases/homepage",
      "/api/press-releases/featured",
      `/api/search?q=${MARK}`,
    ];
    for (const [name, client] of who()) {
      const answers = await Promise.all(paths.map(async (path) => ({ path, res: await client.get(path, BROWSER) })));
      for (const { path, res } of answers) {
        expect(res.status, `${name} ${path}`).toBeLessThan(400);
        for (const state of hidden) expect(res.text, `${name} ${path} shows the ${state} item`).not.toContain(`${MARK} ${state}`);
      }
      const list = await client.get(`/press-releases?q=${MARK}`, BROWSER);
      expect(list.text, name).toContain(`${MARK} published release`);
      const found = answers.find((a) => a.path === `/search?q=${MARK}`)!.res;
      expect(found.text, name).toContain(`${MARK} published company`);
    }
  }, 120_000);

  it("search counts only what is public: the totals of every kind, in both languages", async () => {
    for (const [name, client] of who()) {
      for (const lang of ["en", "ar"]) {
        const res = await client.get(`/api/search?q=${MARK}&lang=${lang}`);
        expect(res.status, res.text).toBe(200);
        const { total, press, portfolio } = res.json as { total: number; press: { total: number }; portfolio: { total: number; items: { name: string }[] } };
        expect({ press: press.total, portfolio: portfolio.total }, `${name} ${lang}`).toEqual({ press: 1, portfolio: 1 });
        expect(portfolio.items.map((c) => c.name)).toEqual([`${MARK} published company`]);
        expect(total, `${name} ${lang}`).toBe(2 + (res.json.documents.total as number));
      }
    }
  });

  it("the page cache never stores a hidden item: cached answers of search and the home page show none", async () => {
    for (const path of [`/api/search?q=${MARK}`, "/", "/ar", `/press-releases?q=${MARK}`]) {
      const res = await cachedPage(visitor, path);
      for (const state of hidden) expect(res.text, `cached ${path} shows the ${state} item`).not.toContain(`${MARK} ${state}`);
    }
  });

  it("a hidden company's API read answers as for a company that does not exist", async () => {
    for (const [name, client] of who()) {
      for (const state of hidden) {
        expect((await client.get(`/api/portfolio/${companies[state].id}`)).status, `${name} ${state}`).toBe(404);
        expect((await client.get(`/api/portfolio/${companies[state].id}?lang=ar`)).status).toBe(404);
      }
      expect((await client.get(`/api/portfolio/${companies.published.id}`)).status).toBe(200);
    }
  });

  it("the release's own page, its data and its API read answer as for a release that does not exist", async () => {
    for (const [name, client] of who()) {
      for (const state of hidden) {
        const { id } = releases[state];
        const page = await client.get(`/press-releases/${id}`, BROWSER);
        expect([302, 303, 307], `${name} /press-releases/${id}`).toContain(page.status);
        expect(page.headers.get("location")).toMatch(/\/press-releases\?notFound=1$/);
        expect((await client.get(`/api/press-releases/${id}`)).status, `${name} API ${state}`).toBe(404);
        expect((await client.get(`/api/press-releases/${id}?lang=ar`)).status).toBe(404);
        const data = await client.get(`/press-releases/${id}.data`, BROWSER);
        expect(data.text).not.toContain(`${MARK} ${state}`);
      }
    }
  });

  it("the published release's page lists no hidden release among its related ones", async () => {
    const page = await visitor.get(`/press-releases/${releases.published.id}`, BROWSER);
    expect(page.status).toBe(200);
    for (const state of hidden) expect(page.text).not.toContain(`${MARK} ${state}`);
  });

  it("the investor portal lists the published release and company only", async () => {
    for (const client of [investor, member]) {
      const portal = await client.get("/investor-portal", BROWSER);
      expect(portal.status).toBe(200);
      for (const state of hidden) expect(portal.text).not.toContain(`${MARK} ${state}`);
    }
  });
});

describe("[publication] actions", () => {
  it("a published release cannot be scheduled, only a published one withdrawn; times in the past are refused", async () => {
    const res = await admin.post(`/api/admin/press-releases/${releases.published.id}/schedule`, { publishAt: { local: tomorrow() } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "PUBLICATION_STATE", message: "This item is already published. Unpublish it before scheduling it." });
    const w = await admin.post(`/api/admin/press-releases/${releases.draft.id}/withdraw`);
    expect(w.status).toBe(409);
    expect(w.json.message).toBe("Only a published item can be withdrawn.");
    const past = await admin.post(`/api/admin/press-releases/${releases.draft.id}/schedule`, { publishAt: { local: "2020-01-01T10:00" } });
    expect(past.status).toBe(400);
    expect(past.json.errors).toEqual({ publishAt: "Choose a time in the future." });
  });

  it("a schedule that is not one is a 400 with a message, never a 500", async () => {
    const url = `/api/admin/press-releases/${releases.draft.id}/schedule`;
    for (const body of [
      {},
      { publishAt: "2030-01-01T10:00" },
      { publishAt: { local: "tomorrow" } },
      { publishAt: { local: "2030-13-01T10:00" } },
      { publishAt: { local: "2030-01-01T10:00", offset: "three" } },
      { publishAt: { local: "2030-01-01T10:00" }, zone: "Mars/Olympus" },
      { publishAt: { local: "2030-01-01T10:00" }, extra: true },
      { publishAt: { local: `2030-01-01T10:00${"0".repeat(10_000)}` } },
    ]) {
      const res = await admin.post(url, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof res.json.message).toBe("string");
    }
    const takedownFirst = await admin.post(url, { publishAt: { local: "2030-01-02T10:00" }, unpublishAt: { local: "2030-01-01T10:00" } });
    expect(takedownFirst.json.errors).toEqual({ unpublishAt: "The take-down time must come after the publication time." });
    expect((await admin.post("/api/admin/press-releases/abc/publish")).status).toBe(404);
    expect((await admin.post("/api/admin/press-releases/999999/publish")).status).toBe(404);
    const [row] = await ctx.services.database.db.select().from(pressReleases).where(eq(pressReleases.id, releases.draft.id));
    expect(row.publication).toBe("draft");
  });

  it("Cairo's daylight-saving changes: a skipped time is refused, a repeated one needs its offset", async () => {
    // 2030: clocks go forward at 00:00 on Friday 26 April and back at 24:00 on Thursday 31 October.
    const gap = await admin.post(`/api/admin/press-releases/${releases.draft.id}/schedule`, { publishAt: { local: "2030-04-26T00:30" } });
    expect(gap.status).toBe(400);
    expect(gap.json.errors.publishAt).toBe("This time does not exist in Cairo on that day: the clocks move forward an hour. Choose another time.");
    const twice = await admin.post(`/api/admin/press-releases/${releases.draft.id}/schedule`, { publishAt: { local: "2030-10-31T23:30" } });
    expect(twice.status).toBe(400);
    expect(twice.json.message).toBe(
      "This time happens twice in Cairo on that day (the clocks go back an hour). Choose which by its offset from UTC: +03:00, +02:00.",
    );
    const summer = await admin.post(`/api/admin/press-releases/${releases.draft.id}/schedule`, { publishAt: { local: "2030-10-31T23:30", offset: "+03:00" } });
    expect(summer.status, summer.text).toBe(200);
    expect(summer.json.publishAt).toBe("2030-10-31T20:30:00.000Z");
    const winter = await admin.post(`/api/admin/press-releases/${releases.draft.id}/schedule`, { publishAt: { local: "2030-10-31T23:30", offset: "+02:00" } });
    expect(winter.json.publishAt).toBe("2030-10-31T21:30:00.000Z");
    const afterSpring = await admin.post(`/api/admin/press-releases/${releases.draft.id}/schedule`, { publishAt: { local: "2030-04-26T01:00" } });
    expect(afterSpring.json.publishAt).toBe("2030-04-25T22:00:00.000Z");
    await admin.post(`/api/admin/press-releases/${releases.draft.id}/unpublish`);
  });
});

describe("[publication] the scheduler", () => {
  const db = () => ctx.services.database.db;

  it("publishes a due release once, records how late, and the cached pages show it", async () => {
    const release = await create("due");
    await admin.post(`/api/admin/press-releases/${release.id}/unpublish`);
    await admin.post(`/api/admin/press-releases/${release.id}/schedule`, { publishAt: { local: tomorrow() } });
    const before = await cachedPage(visitor, "/press-releases");
    expect(before.text).not.toContain(`${MARK} due release`);
    // Due two seconds ago (as if its time had just passed).
    await db()
      .update(pressReleases)
      .set({ publishAt: sql`now() - interval '2 seconds'` })
      .where(eq(pressReleases.id, release.id));
    const [first, second] = await Promise.all([ctx.services.publication.step(), ctx.services.publication.step()]);
    const published = [...first.press.published, ...second.press.published].filter((p) => p.id === release.id);
    expect(published).toHaveLength(1);
    expect(published[0].lagMs).toBeGreaterThanOrEqual(2000);
    const [row] = await db().select().from(pressReleases).where(eq(pressReleases.id, release.id));
    expect(row.publication).toBe("published");
    expect(row.publishLagMs).toBeGreaterThanOrEqual(2000);
    await expect.poll(async () => (await visitor.get("/press-releases", BROWSER)).text, { timeout: 10_000 }).toContain(`${MARK} due release`);
  });

  it("a release due while no instance ran is published when the scheduler starts", async () => {
    const release = await create("overdue");
    await admin.post(`/api/admin/press-releases/${release.id}/unpublish`);
    await admin.post(`/api/admin/press-releases/${release.id}/schedule`, { publishAt: { local: tomorrow() } });
    await db()
      .update(pressReleases)
      .set({ publishAt: sql`now() - interval '1 hour'` })
      .where(eq(pressReleases.id, release.id));
    const logs: unknown[] = [];
    const logger = { info: (o: unknown) => logs.push(o), warn: (o: unknown) => logs.push(o) };
    ctx.services.publication.start(logger);
    try {
      await expect
        .poll(async () => (await db().select().from(pressReleases).where(eq(pressReleases.id, release.id)))[0].publication, { timeout: 10_000 })
        .toBe("published");
    } finally {
      await ctx.services.publication.stop();
    }
    expect(logs).toContainEqual({ kind: "press", id: release.id, lagMs: expect.any(Number) });
  });

  it("a take-down time returns a published release to a draft", async () => {
    const release = await create("takedown");
    await db()
      .update(pressReleases)
      .set({ unpublishAt: sql`now() - interval '1 second'` })
      .where(eq(pressReleases.id, release.id));
    const result = await ctx.services.publication.step();
    expect(result.press.unpublished).toContain(release.id);
    expect((await visitor.get(`/api/press-releases/${release.id}`)).status).toBe(404);
  });
});

describe("[publication] the audit trail", () => {
  it("records who published, scheduled and unpublished a release, and the scheduler's publication as the system", async () => {
    const release = await create("audited");
    await admin.post(`/api/admin/press-releases/${release.id}/unpublish`);
    await admin.post(`/api/admin/press-releases/${release.id}/schedule`, { publishAt: { local: tomorrow() } });
    await ctx.services.database.db
      .update(pressReleases)
      .set({ publishAt: sql`now() - interval '1 second'` })
      .where(eq(pressReleases.id, release.id));
    await ctx.services.publication.step();
    const res = await admin.get(`/api/admin/audit?entityType=press&entityId=${release.id}`);
    expect(res.status, res.text).toBe(200);
    const events = (res.json.events as { action: string; actorEmail: string | null; actorId: number | null; summary: Record<string, unknown> }[]).reverse();
    expect(events.map((e) => e.action)).toEqual(["press.create", "press.unpublish", "press.schedule", "press.publish"]);
    expect(events.slice(0, 3).every((e) => e.actorEmail !== null)).toBe(true);
    expect(events[3].actorId).toBeNull();
    expect(events[1].summary.publication).toEqual({ from: "published", to: "draft" });
    expect(events[3].summary.publication).toEqual({ from: "scheduled", to: "published" });
    const verify = await admin.get("/api/admin/audit/verify");
    expect(verify.json.ok).toBe(true);
  });
});
