/**
 * The investor library's reporting periods and publication dates: stored and answered through the admin's upload and
 * edit, the list's order (newest period first, undated last, then publication date), its year, category and word
 * filters in English and Arabic, and that no filter ever lets an Investor Only document reach a member or a visitor.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentCategories, documents } from "../../server/db/schema";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { documentCategoryRow, documentRow } from "../helpers/factories";
import { postMultipart, seedFile } from "../fixtures/files";

type Doc = {
  id: number;
  title: string;
  periodKind: string | null;
  periodYear: number | null;
  publishedAt: string;
  isPublic: boolean;
  categoryName: string | null;
};

let ctx: TestContext;
let admin: Client;
let investor: Client;
let member: Client;
let anonymous: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, "admin")).client;
  investor = (await signedInClient(ctx, "investor")).client;
  member = (await signedInClient(ctx, "regular")).client;
  anonymous = (await signedInClient(ctx, "anonymous")).client;
});
afterAll(() => ctx.close());

const db = () => ctx.services.database.db;
let n = 0;

/** A category of its own for one test, so the test reads only the documents it made. */
async function category(name = `Library ${++n} ${Math.random().toString(36).slice(2, 7)}`, nameAr: string | null = null) {
  const [row] = await db().insert(documentCategories).values(documentCategoryRow({ name, nameAr })).returning();
  return row;
}

async function addDoc(fields: Partial<typeof documents.$inferInsert> & { title: string }) {
  const [row] = await db()
    .insert(documents)
    .values(documentRow({ fileName: "report.pdf", fileUrl: `missing-${++n}.pdf`, ...fields }))
    .returning();
  return row;
}

async function list(client: Client, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await client.get(`/api/documents${qs ? `?${qs}` : ""}`);
  return { status: res.status, docs: res.json as Doc[], json: res.json as { code?: string; errors?: Record<string, string> } };
}

describe("[library] period and publication date", () => {
  it("[library] an upload stores the period and the day it was published, and lists them", async () => {
    const res = await postMultipart(admin, "/api/admin/documents", {
      file: { data: seedFile("annual-report-2025.pdf"), name: "h1.pdf", type: "application/pdf" },
      fields: { title: "Interim Results H1 2026", periodKind: "H1", periodYear: "2026", publishedAt: "2026-08-13", isPublic: "true" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ periodKind: "H1", periodYear: 2026, publishedAt: "2026-08-13" });
    const [stored] = await db().select().from(documents).where(eq(documents.id, res.json.id));
    expect(stored).toMatchObject({ periodKind: "H1", periodYear: 2026, publishedAt: "2026-08-13" });
    const listed = (await list(member)).docs.find((d) => d.id === res.json.id);
    expect(listed).toMatchObject({ periodKind: "H1", periodYear: 2026, publishedAt: "2026-08-13" });
  });

  it("[library] an upload without them has no period and is published today", async () => {
    const res = await postMultipart(admin, "/api/admin/documents", {
      file: { data: seedFile("esg-policy.docx"), name: "charter.docx" },
      fields: { title: "Board Charter", periodKind: "", periodYear: "" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ periodKind: null, periodYear: null, publishedAt: new Date().toISOString().slice(0, 10) });
  });

  it("[library] an edit sets, keeps and clears the period and the date", async () => {
    const doc = await addDoc({ title: "Edited Statements", periodKind: "Q3", periodYear: 2026, publishedAt: "2026-11-12" });
    const body = { title: "Edited Statements", description: null, categoryId: null, isPublic: false };

    const set = await admin.put(`/api/admin/documents/${doc.id}`, { ...body, periodKind: "FY", periodYear: 2025, publishedAt: "2026-03-30" });
    expect(set.status).toBe(200);
    expect(set.json).toMatchObject({ periodKind: "FY", periodYear: 2025, publishedAt: "2026-03-30" });

    // Neither sent: what is stored stays.
    const kept = await admin.put(`/api/admin/documents/${doc.id}`, { ...body, title: "Edited Statements 2025" });
    expect(kept.json).toMatchObject({ title: "Edited Statements 2025", periodKind: "FY", periodYear: 2025, publishedAt: "2026-03-30" });

    const cleared = await admin.put(`/api/admin/documents/${doc.id}`, { ...body, periodKind: null, periodYear: null });
    expect(cleared.json).toMatchObject({ periodKind: null, periodYear: null, publishedAt: "2026-03-30" });
  });

  it("[library] a half-given or impossible period and a future date are refused with the field's message", async () => {
    const doc = await addDoc({ title: "Refusals" });
    const body = { title: "Refusals", description: null, categoryId: null, isPublic: false };
    const put = (extra: Record<string, unknown>) => admin.put(`/api/admin/documents/${doc.id}`, { ...body, ...extra });

    const noYear = await put({ periodKind: "Q2" });
    expect(noYear.status).toBe(400);
    expect(noYear.json.errors).toEqual({ periodYear: "Please enter the fiscal year of the period" });

    const noKind = await put({ periodYear: 2026 });
    expect(noKind.json.errors).toEqual({ periodKind: "Please choose whether the document covers the full year, a half or a quarter" });

    const wrongKind = await put({ periodKind: "Q5", periodYear: 2026 });
    expect(wrongKind.json.errors).toEqual({ periodKind: "Please choose a reporting period from the list" });

    const nextYear = new Date().getFullYear() + 1;
    const tooLate = await put({ periodKind: "FY", periodYear: nextYear + 1 });
    expect(tooLate.json.errors).toEqual({ periodYear: `Fiscal year must be between 1990 and ${nextYear}` });

    const future = await put({ publishedAt: `${nextYear + 1}-01-01` });
    expect(future.json.errors).toEqual({ publishedAt: "Please enter a valid publication date that is not in the future" });
    const notADay = await put({ publishedAt: "2026-02-30" });
    expect(notADay.status).toBe(400);

    const [stored] = await db().select().from(documents).where(eq(documents.id, doc.id));
    expect(stored).toMatchObject({ periodKind: null, periodYear: null });
  });
});

describe("[library] order and filters", () => {
  it("[library] newest period first, documents without a period last, then the latest publication", async () => {
    const c = await category();
    const fy2025 = await addDoc({ title: "Annual Report 2025", categoryId: c.id, periodKind: "FY", periodYear: 2025, publishedAt: "2026-03-30" });
    const q4 = await addDoc({ title: "Q4 2025 Update", categoryId: c.id, periodKind: "Q4", periodYear: 2025, publishedAt: "2026-02-10" });
    const q3 = await addDoc({ title: "Q3 2026 Statements", categoryId: c.id, periodKind: "Q3", periodYear: 2026, publishedAt: "2026-11-12" });
    const h1 = await addDoc({ title: "H1 2026 Results", categoryId: c.id, periodKind: "H1", periodYear: 2026, publishedAt: "2026-08-13" });
    const charter = await addDoc({ title: "Audit Committee Charter", categoryId: c.id, publishedAt: "2026-10-01" });
    const policy = await addDoc({ title: "Dividend Policy", categoryId: c.id, publishedAt: "2025-09-15" });

    const { status, docs } = await list(investor, { category: c.id });
    expect(status).toBe(200);
    expect(docs.map((d) => d.id)).toEqual([q3.id, h1.id, fy2025.id, q4.id, charter.id, policy.id]);
  });

  it("[library] filters by fiscal year and by category", async () => {
    const c = await category();
    const other = await category();
    const a = await addDoc({ title: "Q1 2026 Statements", categoryId: c.id, periodKind: "Q1", periodYear: 2026, isPublic: true });
    await addDoc({ title: "FY2024 Report", categoryId: c.id, periodKind: "FY", periodYear: 2024, isPublic: true });
    const b = await addDoc({ title: "Q2 2026 Statements", categoryId: other.id, periodKind: "Q2", periodYear: 2026, isPublic: true });

    expect((await list(investor, { category: c.id, year: 2026 })).docs.map((d) => d.id)).toEqual([a.id]);
    const in2026 = (await list(investor, { year: 2026 })).docs.map((d) => d.id);
    expect(in2026).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await list(investor, { year: 2026 })).docs.every((d) => d.periodYear === 2026)).toBe(true);
    expect((await list(investor, { category: other.id })).docs.map((d) => d.id)).toEqual([b.id]);
  });

  it("[library] searches titles and descriptions in English and Arabic, whatever the page's language", async () => {
    const c = await category("Treasury Papers", "أوراق الخزينة");
    const report = await addDoc({
      title: "Liquidity Review Zephyr",
      description: "Cash position and covenants.",
      titleAr: "مراجعة السيولة",
      descriptionAr: "المركز النقدي والتعهدات البنكية.",
      categoryId: c.id,
      isPublic: true,
    });
    await addDoc({ title: "Unrelated Zephyr Memo", categoryId: c.id, isPublic: true });
    const ids = async (q: string, lang?: string) => (await list(member, { q, category: c.id, ...(lang ? { lang } : {}) })).docs.map((d) => d.id);

    expect(await ids("liquidity")).toEqual([report.id]);
    expect(await ids("covenants")).toEqual([report.id]);
    // Arabic words find the document on an English page, with or without the article and hamza variants.
    expect(await ids("السيولة")).toEqual([report.id]);
    expect(await ids("سيوله")).toEqual([report.id]);
    expect(await ids("النقدي")).toEqual([report.id]);
    // English words find it on an Arabic page, which answers its Arabic title.
    const arabic = await list(member, { q: "cash", lang: "ar", category: c.id });
    expect(arabic.docs.map((d) => d.title)).toEqual(["مراجعة السيولة"]);
    expect(arabic.docs[0].categoryName).toBe("أوراق الخزينة");
    // Every word must match; the category's name counts.
    expect(await ids("zephyr liquidity")).toEqual([report.id]);
    expect((await ids("zephyr")).length).toBe(2);
    expect(await ids("الخزينة")).toHaveLength(2);
    expect(await ids("nothing-like-this")).toEqual([]);
  });

  it("[library] an impossible filter is refused with the field's message", async () => {
    const res = await list(investor, { year: "twenty" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("VALIDATION");
    expect(Object.keys(res.json.errors ?? {})).toEqual(["year"]);
    expect((await list(investor, { category: "-1" })).status).toBe(400);
  });
});

describe("[library] access whatever the filters", () => {
  it("[library] an Investor Only document reaches investors and admins only, with any filter", async () => {
    const c = await category("Restricted Shelf", "رف مقيد");
    const secret = await addDoc({
      title: "Confidential Valuation Kestrel",
      description: "Board-only valuation memo.",
      titleAr: "تقييم سري",
      descriptionAr: "مذكرة تقييم لمجلس الإدارة.",
      categoryId: c.id,
      isPublic: false,
      periodKind: "Q3",
      periodYear: 2026,
    });
    const filters: Record<string, string | number>[] = [
      {},
      { year: 2026 },
      { category: c.id },
      { q: "Kestrel" },
      { q: "تقييم" },
      { q: "valuation", lang: "ar" },
      { year: 2026, category: c.id, q: "confidential" },
    ];
    for (const query of filters) {
      expect(
        (await list(investor, query)).docs.map((d) => d.id),
        JSON.stringify(query),
      ).toContain(secret.id);
      expect(
        (await list(admin, query)).docs.map((d) => d.id),
        JSON.stringify(query),
      ).toContain(secret.id);
      const seen = await list(member, query);
      expect(seen.status).toBe(200);
      expect(
        seen.docs.every((d) => d.isPublic),
        JSON.stringify(query),
      ).toBe(true);
      expect(seen.docs.map((d) => d.id)).not.toContain(secret.id);
      const visitor = await list(anonymous, query);
      expect(visitor.status).toBe(401);
      expect(JSON.stringify(visitor.json)).not.toContain("Kestrel");
    }
  });
});
