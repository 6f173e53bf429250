/**
 * New items start as drafts through the API (a release or a company is public only when an admin publishes it),
 * and portfolio companies have the same publication actions as releases: publish now, schedule in Cairo time,
 * back to a draft, withdraw, and the scheduler's publication on time, each recorded in the audit trail.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portfolioItems } from "../../server/db/schema";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { portfolioBody, pressBody } from "../helpers/factories";
import { BROWSER, closeVite, servePages } from "../helpers/pages-server";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
let admin: Client;
let visitor: Client;
let investor: Client;

// A word no seeded company uses, so a page that shows a test company is caught.
const MARK = "Quorvantis";
type Company = { id: number; name: string; publication: string; publishAt: string | null; scheduleZone: string | null };

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) + "T11:00";

async function draftCompany(label: string): Promise<Company> {
  const { publication: _published, ...body } = portfolioBody({ name: `${MARK} ${label}` });
  const res = await admin.post("/api/portfolio", body);
  expect(res.status, res.text).toBe(201);
  return res.json;
}

/** Whether the company shows on the public paths that list companies. */
async function isPublic(company: Company) {
  const [api, apiAr, one, home, homeAr] = await Promise.all([
    visitor.get("/api/portfolio"),
    visitor.get("/api/portfolio?lang=ar"),
    visitor.get(`/api/portfolio/${company.id}`),
    visitor.get("/", BROWSER),
    visitor.get("/ar", BROWSER),
  ]);
  const seen = [
    (api.json as Company[]).some((c) => c.id === company.id),
    (apiAr.json as Company[]).some((c) => c.id === company.id),
    one.status === 200,
    home.text.includes(company.name),
    homeAr.text.includes(company.name),
  ];
  // Every path agrees: a company is on all of them or on none.
  expect(new Set(seen).size, `paths disagree: ${seen.join(", ")}`).toBe(1);
  return seen[0];
}

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  pages = await servePages(ctx.database, ctx.services.config, { pageCache: true });
  admin = (await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "admin")).client;
  investor = (await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "investor")).client;
  visitor = new Client(pages.baseUrl);
  await visitor.get("/", BROWSER);
});
afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

describe("[publication] a new item is a draft unless the body asks to publish it", () => {
  it("a release created without `publication` is a draft: the admin reads it, no public path does", async () => {
    const { publication: _p, ...body } = pressBody({ title: `${MARK} draft release` });
    const res = await admin.post("/api/press-releases", body);
    expect(res.status, res.text).toBe(201);
    expect(res.json.publication).toBe("draft");
    expect(res.json.publishedAt).toBeNull();
    expect((await visitor.get(`/api/press-releases/${res.json.id}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/press-releases/${res.json.id}`)).json.title).toBe(`${MARK} draft release`);
  });

  it('`publication: "published"` publishes at once; anything else is a 400 with a message', async () => {
    const published = await admin.post("/api/press-releases", pressBody({ title: `${MARK} published release` }));
    expect(published.json.publication).toBe("published");
    expect((await visitor.get(`/api/press-releases/${published.json.id}`)).status).toBe(200);
    for (const publication of ["scheduled", "withdrawn", true, ""]) {
      const bad = await admin.post("/api/press-releases", pressBody({ publication }));
      expect(bad.status, bad.text).toBe(400);
      expect(bad.json.errors.publication).toBe('A new item is either a draft or published at once: send publication as "draft" or "published".');
    }
    const bad = await admin.post("/api/portfolio", portfolioBody({ publication: "scheduled" }));
    expect(bad.status).toBe(400);
  });

  it("a company created without `publication` is a draft and on no public path", async () => {
    const company = await draftCompany("Draft Holdings");
    expect(company.publication).toBe("draft");
    expect(await isPublic(company)).toBe(false);
    const list = await admin.get("/api/admin/portfolio");
    expect(list.status).toBe(200);
    expect((list.json as Company[]).find((c) => c.id === company.id)?.publication).toBe("draft");
    expect((await admin.get(`/api/admin/portfolio/${company.id}`)).json.name).toBe(company.name);
  });
});

describe("[publication] portfolio companies", () => {
  it("publish, back to a draft, withdraw: each shows or hides the company everywhere at once", async () => {
    const company = await draftCompany("Lifecycle Logistics");
    const published = await admin.post(`/api/admin/portfolio/${company.id}/publish`);
    expect(published.status, published.text).toBe(200);
    expect(published.json.publication).toBe("published");
    expect(await isPublic(company)).toBe(true);

    const again = await admin.post(`/api/admin/portfolio/${company.id}/unpublish`);
    expect(again.json.publication).toBe("draft");
    expect(await isPublic(company)).toBe(false);

    const refused = await admin.post(`/api/admin/portfolio/${company.id}/withdraw`);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ code: "PUBLICATION_STATE", message: "Only a published item can be withdrawn." });

    await admin.post(`/api/admin/portfolio/${company.id}/publish`);
    const withdrawn = await admin.post(`/api/admin/portfolio/${company.id}/withdraw`);
    expect(withdrawn.json.publication).toBe("withdrawn");
    expect(await isPublic(company)).toBe(false);
  });

  it("a schedule is kept in Cairo time; the scheduler publishes the company once when it is due", async () => {
    const company = await draftCompany("Scheduled Energy");
    const res = await admin.post(`/api/admin/portfolio/${company.id}/schedule`, { publishAt: { local: tomorrow() } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.publication).toBe("scheduled");
    expect(res.json.scheduleZone).toBe("Africa/Cairo");
    expect(await isPublic(company)).toBe(false);

    const db = ctx.services.database.db;
    await db
      .update(portfolioItems)
      .set({ publishAt: sql`now() - interval '2 seconds'` })
      .where(eq(portfolioItems.id, company.id));
    const [first, second] = await Promise.all([ctx.services.publication.step(), ctx.services.publication.step()]);
    const published = [...first.portfolio.published, ...second.portfolio.published].filter((p) => p.id === company.id);
    expect(published).toHaveLength(1);
    expect(published[0].lagMs).toBeGreaterThanOrEqual(2000);
    await expect.poll(() => isPublic(company), { timeout: 10_000 }).toBe(true);

    const audit = await admin.get(`/api/admin/audit?entityType=portfolio&entityId=${company.id}`);
    const events = (audit.json.events as { action: string; actorId: number | null }[]).reverse();
    expect(events.map((e) => e.action)).toEqual(["portfolio.create", "portfolio.schedule", "portfolio.publish"]);
    expect(events[1].actorId).not.toBeNull();
    expect(events[2].actorId).toBeNull();
  });

  it("a published company cannot be scheduled; a time in the past is refused", async () => {
    const company = await draftCompany("Past Finance");
    const past = await admin.post(`/api/admin/portfolio/${company.id}/schedule`, { publishAt: { local: "2020-01-01T10:00" } });
    expect(past.status).toBe(400);
    await admin.post(`/api/admin/portfolio/${company.id}/publish`);
    const twice = await admin.post(`/api/admin/portfolio/${company.id}/schedule`, { publishAt: { local: tomorrow() } });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe("This item is already published. Unpublish it before scheduling it.");
  });

  it("the admin routes refuse visitors and members; an unknown company is a 404", async () => {
    const company = await draftCompany("Guarded Foods");
    expect((await visitor.get("/api/admin/portfolio")).status).toBe(401);
    expect((await investor.get("/api/admin/portfolio")).status).toBe(403);
    expect((await investor.post(`/api/admin/portfolio/${company.id}/publish`)).status).toBe(403);
    expect((await visitor.post(`/api/admin/portfolio/${company.id}/publish`)).status).toBe(401);
    expect(await isPublic(company)).toBe(false);
    expect((await admin.post("/api/admin/portfolio/999999/publish")).status).toBe(404);
    expect((await admin.post("/api/admin/portfolio/abc/publish")).status).toBe(404);
  });
});
