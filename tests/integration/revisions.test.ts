/**
 * Revisions and corrections: every create and edit of a press release or a portfolio company keeps a numbered
 * revision with its author; the list, one revision and restore (as a draft, kept as a new revision, recorded in the
 * audit trail) through /api/admin/revisions, admins only, every bad input refused with a message; an edit of a
 * published release is a dated correction whose date and note the public page shows in both languages, while an edit
 * of a draft is not.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentRevisions } from "../../server/db/schema";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { portfolioBody, pressArabic, pressBody } from "../helpers/factories";
import { closeVite, servePages } from "../helpers/pages-server";

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
let admin: Client;
let adminEmail: string;

type Release = Record<string, unknown> & { id: number; title: string; updatedAt: string; publication: string };

const MARK = "Quillrevise";

/** A release created through the API: published (the body asks for it; older servers publish by default) or a draft. */
async function createRelease(extra: Record<string, unknown> = {}, state: "published" | "draft" = "published"): Promise<Release> {
  const res = await admin.post(
    "/api/press-releases",
    pressBody({ title: `${MARK} release one`, company: "Boost Freight", ...extra, publication: "published" }),
  );
  expect(res.status, res.text).toBe(201);
  if (state === "draft") {
    const draft = await admin.post(`/api/admin/press-releases/${res.json.id}/unpublish`);
    expect(draft.status, draft.text).toBe(200);
    return draft.json;
  }
  return res.json;
}

/** Replaces release `r` with `changes` (the body the edit form sends). */
async function edit(r: Release, changes: Record<string, unknown>) {
  const current = (await admin.get(`/api/admin/press-releases/${r.id}`)).json as Release;
  const { id: _id, ...fields } = current;
  return admin.put(`/api/press-releases/${r.id}`, { ...pick(fields), ...changes, updatedAt: current.updatedAt });
}

/** The fields of a release a body carries. */
function pick(r: Record<string, unknown>) {
  const keys = [
    "title",
    "displayTitle",
    "summary",
    "content",
    "date",
    "company",
    "sector",
    "category",
    "featured",
    "showOnHomepage",
    "image",
    "companyLogo",
    "originalUrl",
  ];
  return Object.fromEntries(keys.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]));
}

const list = async (entity: string, id: number) => {
  const res = await admin.get(`/api/admin/revisions/${entity}/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.json.revisions as { number: number; actorEmail: string | null; actorId: number | null; reason: string | null; changed: string[] | null }[];
};

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  pages = await servePages(ctx.database, ctx.services.config);
  const signed = await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "admin");
  admin = signed.client;
  adminEmail = signed.email!;
  // The first render compiles every module; warm it up outside the tests' time limits.
  await new Client(pages.baseUrl).get("/press-releases");
}, 240_000);

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

describe("[revisions] every save keeps a revision", () => {
  it("[revisions] a release's creation and each edit: numbered, newest first, with who and the fields that changed", async () => {
    const r = await createRelease();
    let revisions = await list("press", r.id);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ number: 1, actorEmail: adminEmail, reason: null, changed: null });
    expect(revisions[0].actorId).toEqual(expect.any(Number));

    const res = await edit(r, { title: `${MARK} release one, revised`, titleAr: "عنوان البيان بعد المراجعة" });
    expect(res.status, res.text).toBe(200);
    revisions = await list("press", r.id);
    expect(revisions.map((v) => v.number)).toEqual([2, 1]);
    expect(revisions[0].actorEmail).toBe(adminEmail);
    expect(revisions[0].changed).toEqual(expect.arrayContaining(["title", "titleAr"]));
    expect(revisions[0].changed).not.toContain("updatedAt");

    const first = await admin.get(`/api/admin/revisions/press/${r.id}/1`);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ entity: "press", entityId: r.id, number: 1, actorEmail: adminEmail });
    expect(first.json.texts.title).toBe(`${MARK} release one`);
    expect(first.json.texts.titleAr).toBeNull();
    const second = await admin.get(`/api/admin/revisions/press/${r.id}/2`);
    expect(second.json.texts).toMatchObject({ title: `${MARK} release one, revised`, titleAr: "عنوان البيان بعد المراجعة" });
    expect(second.json.texts.content).toContain("<p>");
  });

  it("[revisions] a portfolio company's creation and edit", async () => {
    const created = await admin.post("/api/portfolio", portfolioBody({ name: `${MARK} Foods`, description: "Makes food for many people." }));
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as number;
    const updated = await admin.put(
      `/api/portfolio/${id}`,
      portfolioBody({ name: `${MARK} Foods`, description: "Makes better food for more people.", descriptionAr: "تصنع طعامًا أفضل." }),
    );
    expect(updated.status, updated.text).toBe(200);
    const revisions = await list("portfolio", id);
    expect(revisions.map((v) => v.number)).toEqual([2, 1]);
    expect(revisions.every((v) => v.actorEmail === adminEmail)).toBe(true);
    expect(revisions[0].changed).toEqual(expect.arrayContaining(["description", "descriptionAr"]));
    const first = await admin.get(`/api/admin/revisions/portfolio/${id}/1`);
    expect(first.json.texts).toEqual({ name: `${MARK} Foods`, description: "Makes food for many people.", descriptionAr: null });
  });

  it("[revisions] an item saved before revisions existed: none listed, then its first edit keeps the text before (baseline) and the edit", async () => {
    const r = await createRelease({ title: `${MARK} older release` });
    await ctx.database.db.delete(contentRevisions).where(and(eq(contentRevisions.entityType, "press"), eq(contentRevisions.entityId, r.id)));
    expect(await list("press", r.id)).toEqual([]);
    expect((await edit(r, { title: `${MARK} older release, edited` })).status).toBe(200);
    const revisions = await list("press", r.id);
    expect(revisions).toHaveLength(2);
    expect(revisions[1]).toMatchObject({ number: 1, reason: "baseline", actorEmail: null, actorId: null, changed: null });
    expect(revisions[0]).toMatchObject({ number: 2, reason: null, actorEmail: adminEmail });
    expect((await admin.get(`/api/admin/revisions/press/${r.id}/1`)).json.texts.title).toBe(`${MARK} older release`);
  });

  it("[revisions] saves racing on one item never take one number", async () => {
    const r = await createRelease({ title: `${MARK} raced release` });
    const current = (await admin.get(`/api/admin/press-releases/${r.id}`)).json as Release;
    const saves = await Promise.all(
      [1, 2, 3, 4].map((n) => admin.put(`/api/press-releases/${r.id}`, { ...pick(current), title: `${MARK} raced release ${n}` })),
    );
    expect(saves.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect((await list("press", r.id)).map((v) => v.number)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe("[revisions] restore as a draft", () => {
  it("[revisions] a published release gets the old texts back as a draft: a new revision 'restore:<n>' and an audit event", async () => {
    const r = await createRelease({ title: `${MARK} to restore`, ...pressArabic({ titleAr: "عنوان أصلي للاستعادة" }), featured: false });
    expect((await edit(r, { title: `${MARK} to restore, changed`, titleAr: "عنوان معدل" })).status).toBe(200);
    const res = await admin.post(`/api/admin/revisions/press/${r.id}/1/restore`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ number: 3, restored: 1 });

    const after = (await admin.get(`/api/admin/press-releases/${r.id}`)).json as Release;
    expect(after.title).toBe(`${MARK} to restore`);
    expect(after.titleAr).toBe("عنوان أصلي للاستعادة");
    expect(after.publication).toBe("draft");
    expect(after.publishAt).toBeNull();
    // The public read no longer has it.
    expect((await new Client(pages.baseUrl).get(`/api/press-releases/${r.id}`)).status).toBe(404);

    const revisions = await list("press", r.id);
    expect(revisions[0]).toMatchObject({ number: 3, reason: "restore:1", actorEmail: adminEmail });
    expect(revisions[0].changed).toEqual(expect.arrayContaining(["title", "titleAr", "publication"]));

    const audit = await admin.get(`/api/admin/audit?entityType=press&entityId=${r.id}`);
    expect(audit.status, audit.text).toBe(200);
    const restore = (audit.json.events as { action: string; actorEmail: string; summary: Record<string, unknown> }[]).find((e) => e.action === "press.restore");
    expect(restore).toBeDefined();
    expect(restore!.actorEmail).toBe(adminEmail);
    expect(restore!.summary.publication).toEqual({ from: "published", to: "draft" });
  });

  it("[revisions] a company's description comes back as a draft, with its audit event", async () => {
    const created = await admin.post("/api/portfolio", portfolioBody({ name: `${MARK} Logistics`, description: "Moves goods across the region." }));
    const id = created.json.id as number;
    await admin.put(`/api/portfolio/${id}`, portfolioBody({ name: `${MARK} Logistics`, description: "Moves goods across the world." }));
    const res = await admin.post(`/api/admin/revisions/portfolio/${id}/1/restore`);
    expect(res.status, res.text).toBe(200);
    const row = await ctx.services.portfolio.getAny(id);
    expect(row.description).toBe("Moves goods across the region.");
    expect(row.publication).toBe("draft");
    expect((await list("portfolio", id))[0].reason).toBe("restore:1");
    const audit = await admin.get(`/api/admin/audit?entityType=portfolio&entityId=${id}`);
    expect((audit.json.events as { action: string }[]).some((e) => e.action === "portfolio.restore")).toBe(true);
  });
});

describe("[revisions] corrections", () => {
  it("[revisions] an edit of a published release is dated with its notes; the page says 'Updated on' and shows the note in English and Arabic", async () => {
    const r = await createRelease({ title: `${MARK} corrected release`, ...pressArabic({ titleAr: "بيان صحفي مصحح للاختبار" }) });
    expect(r.correctedAt).toBeNull();
    const res = await edit(r, {
      ...pressArabic({ titleAr: "بيان صحفي مصحح للاختبار" }),
      summary: "The corrected summary of this release, now right.",
      correctionNote: "The revenue figure was corrected.",
      correctionNoteAr: "صُحِّح رقم الإيرادات.",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.correctedAt).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(res.json.correctedAt)).toBeLessThan(60_000);
    expect(res.json.correctionNote).toBe("The revenue figure was corrected.");
    expect(res.json.correctionNoteAr).toBe("صُحِّح رقم الإيرادات.");

    // An edit that leaves the notes out keeps them (and is a correction again).
    const again = await edit(r, { ...pressArabic({ titleAr: "بيان صحفي مصحح للاختبار" }), summary: "The corrected summary of this release, right again." });
    expect(again.json.correctionNote).toBe("The revenue figure was corrected.");

    const visitor = new Client(pages.baseUrl);
    const en = await visitor.get(`/press-releases/${r.id}`);
    expect(en.status).toBe(200);
    expect(en.text).toMatch(/Updated on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(en.text).toContain("The revenue figure was corrected.");
    const ar = await visitor.get(`/ar/press-releases/${r.id}`);
    expect(ar.status).toBe(200);
    expect(ar.text).toContain("حُدِّث في");
    expect(ar.text).toContain("صُحِّح رقم الإيرادات.");

    const api = await visitor.get(`/api/press-releases/${r.id}?lang=ar`);
    expect(api.json.correctionNote).toBe("صُحِّح رقم الإيرادات.");
  });

  it("[revisions] an edit of a draft is not a correction, and its notes are not stored; a page never corrected says nothing", async () => {
    const r = await createRelease({ title: `${MARK} draft edited` }, "draft");
    const res = await edit(r, { summary: "A new summary for the draft release.", correctionNote: "Not a correction." });
    expect(res.status, res.text).toBe(200);
    expect(res.json.correctedAt).toBeNull();
    expect(res.json.correctionNote).toBeNull();

    const plain = await createRelease({ title: `${MARK} never corrected` });
    const page = await new Client(pages.baseUrl).get(`/press-releases/${plain.id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("Updated on");
  });

  it("[revisions] a note longer than 500 characters is refused with a message, in either language", async () => {
    const r = await createRelease({ title: `${MARK} long note` });
    const long = await edit(r, { correctionNote: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(long.json.errors.correctionNote).toMatch(/500/);
    const longAr = await edit(r, { correctionNoteAr: "ب".repeat(501) });
    expect(longAr.status).toBe(400);
    expect(longAr.json.errors.correctionNoteAr).toMatch(/500/);
  });
});

describe("[revisions] access and inputs", () => {
  it("[revisions] anonymous 401, members and investors 403, an admin without a second factor 403 TWO_FACTOR_REQUIRED", async () => {
    const r = await createRelease({ title: `${MARK} guarded` });
    const anonymous = new Client(pages.baseUrl);
    const { client: member } = await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "regular");
    const { client: investor } = await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "investor");
    const { client: weakAdmin } = await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, "admin", { twoFactor: false });
    const calls = [
      (c: Client) => c.get(`/api/admin/revisions/press/${r.id}`),
      (c: Client) => c.get(`/api/admin/revisions/press/${r.id}/1`),
      (c: Client) => c.post(`/api/admin/revisions/press/${r.id}/1/restore`),
    ];
    for (const call of calls) {
      expect((await call(anonymous)).status).toBe(401);
      expect((await call(member)).status).toBe(403);
      expect((await call(investor)).status).toBe(403);
      const weak = await call(weakAdmin);
      expect(weak.status).toBe(403);
      expect(weak.json.code).toBe("TWO_FACTOR_REQUIRED");
    }
    // Nothing was restored.
    expect((await admin.get(`/api/admin/press-releases/${r.id}`)).json.publication).toBe("published");
  });

  it("[revisions] a malformed item type, id or number is a 400 with a message; an unknown item or revision a 404", async () => {
    const r = await createRelease({ title: `${MARK} inputs` });
    for (const path of [
      `/api/admin/revisions/blog/${r.id}`,
      "/api/admin/revisions/press/abc",
      "/api/admin/revisions/press/0",
      "/api/admin/revisions/press/-3",
      "/api/admin/revisions/press/99999999999",
      `/api/admin/revisions/press/${r.id}/1.5`,
      `/api/admin/revisions/press/${r.id}/0`,
    ]) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(400);
      expect(res.json.code).toBe("VALIDATION");
      expect(res.json.message).toEqual(expect.any(String));
      expect(res.json.message).not.toMatch(/^validation\./);
    }
    expect((await admin.get("/api/admin/revisions/press/abc", { "Accept-Language": "ar" })).json.message).toMatch(/[\u0600-\u06FF]/);
    expect((await admin.post(`/api/admin/revisions/portfolio/${r.id}x/1/restore`)).status).toBe(400);

    expect((await admin.get("/api/admin/revisions/press/2000000000")).status).toBe(404);
    expect((await admin.get("/api/admin/revisions/portfolio/2000000000/1")).status).toBe(404);
    const missing = await admin.get(`/api/admin/revisions/press/${r.id}/42`);
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("NOT_FOUND");
    expect((await admin.post(`/api/admin/revisions/press/${r.id}/42/restore`)).status).toBe(404);
    expect((await admin.post("/api/admin/revisions/press/2000000000/1/restore")).status).toBe(404);
  });
});
