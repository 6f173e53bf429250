/**
 * Content in two languages (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): reads in a language with
 * English per item until its Arabic is complete (`contentLocale` says which), admin reads with both languages and
 * the translation status, Arabic writes with the English limits, the Arabic search's folding, and the seed's
 * Arabic.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeSearchText } from "../../shared/search-normalize";
import { PORTFOLIO, PRESS, DOCUMENT_CATEGORIES, DOCUMENTS } from "../../server/db/seed/data";
import { LEGAL_DEFAULTS_AR } from "../../shared/legal-text";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { pressArabic, pressBody, portfolioBody } from "../helpers/factories";

let ctx: TestContext;
let admin: Client;
let visitor: Client;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  admin = (await signedInClient(ctx, "admin")).client;
  visitor = new Client(ctx.baseUrl);
});
afterAll(() => ctx?.close());

const createRelease = async (overrides: Record<string, unknown> = {}) => {
  const res = await admin.post("/api/press-releases", pressBody(overrides));
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; title: string; translation: string; titleAr: string | null };
};

describe("[content] press releases in two languages", () => {
  it("a translated release reads in Arabic; an untranslated one reads in English with contentLocale 'en'", async () => {
    const ar = pressArabic({ displayTitleAr: "عنوان رئيسي تجريبي" });
    const translated = await createRelease({ ...ar, displayTitle: "A headline" });
    const english = await createRelease({ titleAr: "عنوان بلا ملخص ولا نص" });
    expect(translated.translation).toBe("complete");
    expect(english.translation).toBe("missing");

    const one = (await visitor.get(`/api/press-releases/${translated.id}?lang=ar`)).json;
    expect(one).toMatchObject({ title: ar.titleAr, displayTitle: "عنوان رئيسي تجريبي", summary: ar.summaryAr, contentLocale: "ar" });
    expect(one.content).toContain("نص بيان صحفي تجريبي");
    expect(one).not.toHaveProperty("titleAr");
    expect(one).not.toHaveProperty("translation");

    // Incomplete Arabic: the whole release stays English (never half and half).
    const fallback = (await visitor.get(`/api/press-releases/${english.id}?lang=ar`)).json;
    expect(fallback).toMatchObject({ title: english.title, contentLocale: "en" });
    expect(fallback.summary).toBe(pressBody().summary);

    // English reads are unchanged.
    const en = (await visitor.get(`/api/press-releases/${translated.id}?lang=en`)).json;
    expect(en).toMatchObject({ title: translated.title, displayTitle: "A headline", contentLocale: "en" });
    expect(en).not.toHaveProperty("titleAr");

    // The cards (list page, home page, spotlight, related) follow the same rule.
    const { press } = ctx.services;
    expect(await press.card(translated.id, { locale: "ar" })).toMatchObject({ title: ar.titleAr, summary: ar.summaryAr, contentLocale: "ar" });
    expect(await press.card(english.id, { locale: "ar" })).toMatchObject({ title: english.title, contentLocale: "en" });
    expect(await press.card(translated.id)).toMatchObject({ title: translated.title, contentLocale: "en" });
    const page = await press.search({ limit: 100, locale: "ar" });
    expect(page.items.find((c) => c.id === translated.id)).toMatchObject({ title: ar.titleAr, contentLocale: "ar" });
    expect(page.items.find((c) => c.id === english.id)).toMatchObject({ title: english.title, contentLocale: "en" });
    const list = (await visitor.get("/api/press-releases?lang=ar")).json as { id: number; contentLocale: string }[];
    expect(list.find((r) => r.id === english.id)?.contentLocale).toBe("en");
    const titles = await press.newestTitles(200, { locale: "ar" });
    expect(titles.items.find((r) => r.id === translated.id)).toMatchObject({ title: ar.titleAr, contentLocale: "ar" });
  });

  it("the admin reads both languages and the translation status", async () => {
    const created = await createRelease(pressArabic());
    const res = await admin.get(`/api/press-releases/${created.id}`);
    expect(res.json).toMatchObject({ title: created.title, titleAr: created.titleAr, translation: "complete", contentLocale: "en" });
    expect(res.json).toHaveProperty("contentAr");
    const rows = await ctx.services.press.listWithoutContent();
    const row = rows.find((r) => r.id === created.id)!;
    expect(row).toMatchObject({ titleAr: created.titleAr, translation: "complete" });
    expect(row).not.toHaveProperty("contentAr");
    expect(row).not.toHaveProperty("content");
    const portal = await ctx.services.press.listWithoutContent({ locale: "ar" });
    expect(portal.find((r) => r.id === created.id)).toMatchObject({ title: created.titleAr, contentLocale: "ar" });
  });

  it("Arabic fields are validated with the English limits; empty clears them; absent keeps them", async () => {
    const tooShort = await admin.post("/api/press-releases", pressBody({ titleAr: "قصير", summaryAr: "x".repeat(201) }));
    expect(tooShort.status).toBe(400);
    expect(tooShort.json.errors).toMatchObject({ titleAr: "Title must be at least 5 characters", summaryAr: "Summary must be at most 200 characters" });
    const notText = await admin.post("/api/press-releases", pressBody({ contentAr: 42 }));
    expect(notText.status).toBe(400);
    expect(Object.keys(notText.json.errors)).toEqual(["contentAr"]);

    const created = await createRelease({
      ...pressArabic(),
      contentAr: '<p onclick="x()">نص عربي طويل بما يكفي لاجتياز التحقق من الطول الأدنى للمحتوى.</p><script>alert(1)</script>',
    });
    const stored = await ctx.services.press.get(created.id);
    // The Arabic content is sanitized like the English one.
    expect(stored.contentAr).not.toContain("script");
    expect(stored.contentAr).not.toContain("onclick");

    const body = { ...pressBody({ title: stored.title }), updatedAt: stored.updatedAt };
    const kept = await admin.put(`/api/press-releases/${created.id}`, body);
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.titleAr).toBe(stored.titleAr);
    const cleared = await admin.put(`/api/press-releases/${created.id}`, { ...body, updatedAt: kept.json.updatedAt, titleAr: "", summaryAr: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json).toMatchObject({ titleAr: null, summaryAr: null, translation: "missing" });
  });
});

describe("[content] portfolio, documents, settings in two languages", () => {
  it("portfolio descriptions read in Arabic when written, else in English", async () => {
    const withAr = await admin.post("/api/portfolio", portfolioBody({ descriptionAr: "شركة تجريبية بوصف عربي كافٍ للتحقق." }));
    expect(withAr.status, withAr.text).toBe(201);
    expect(withAr.json.translation).toBe("complete");
    const without = await admin.post("/api/portfolio", portfolioBody());
    expect(without.json.translation).toBe("missing");
    const bad = await admin.post("/api/portfolio", portfolioBody({ descriptionAr: "قصير" }));
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({ descriptionAr: "Description must be at least 10 characters" });

    const list = (await visitor.get("/api/portfolio?lang=ar")).json as { id: number; description: string; contentLocale: string }[];
    expect(list.find((p) => p.id === withAr.json.id)).toMatchObject({ description: "شركة تجريبية بوصف عربي كافٍ للتحقق.", contentLocale: "ar" });
    expect(list.find((p) => p.id === without.json.id)).toMatchObject({ description: portfolioBody().description, contentLocale: "en" });
    expect(list[0]).not.toHaveProperty("descriptionAr");
    expect(await ctx.services.portfolio.descriptionOf(withAr.json.name, { locale: "ar" })).toBe("شركة تجريبية بوصف عربي كافٍ للتحقق.");
  });

  it("documents and categories read in the page's language; the admin writes and reads their Arabic", async () => {
    const cat = await admin.post("/api/admin/document-categories", { name: `Reports ${Date.now()}`, nameAr: "تقارير", descriptionAr: null });
    expect(cat.status, cat.text).toBe(201);
    expect(cat.json).toMatchObject({ nameAr: "تقارير", translation: "complete" });
    const badCat = await admin.post("/api/admin/document-categories", { name: `Other ${Date.now()}`, nameAr: "ت" });
    expect(badCat.status).toBe(400);
    expect(badCat.json.errors).toMatchObject({ nameAr: "Category name must be at least 2 characters" });

    const investor = (await signedInClient(ctx, "investor")).client;
    const docs = (await investor.get("/api/documents?lang=ar")).json as {
      title: string;
      description: string | null;
      categoryName: string | null;
      contentLocale: string;
    }[];
    expect(docs.find((d) => d.title === "التقرير السنوي 2025")).toMatchObject({ categoryName: "التقارير المالية", contentLocale: "ar" });
    const cats = (await investor.get("/api/document-categories?lang=ar")).json as { name: string }[];
    expect(cats.map((c) => c.name)).toEqual(expect.arrayContaining(["التقارير المالية", "الحوكمة"]));
    const adminDocs = (await admin.get("/api/documents")).json as { title: string; titleAr: string | null; translation: string }[];
    expect(adminDocs.find((d) => d.title === "Annual Report 2025")).toMatchObject({ titleAr: "التقرير السنوي 2025", translation: "complete" });
  });

  it("brand texts, home figures and legal pages have Arabic defaults, admin overrides, and English fallback", async () => {
    const { settings } = ctx.services;
    expect(await settings.brand({ locale: "ar" })).toMatchObject({ tagline: "استثمارات استراتيجية", name: "Meridian Crest Holdings", contentLocale: "ar" });
    expect((await visitor.get("/api/home-stats?lang=ar")).json.stats[0]).toEqual({ value: "6", label: "استثمارات عالمية", contentLocale: "ar" });
    const legal = await settings.legalPage("privacy", { locale: "ar" });
    expect(legal).toMatchObject({ title: "سياسة الخصوصية", body: LEGAL_DEFAULTS_AR.privacy, contentLocale: "ar" });

    // An admin's English brand text without Arabic: Arabic pages show the English (the default Arabic would be stale).
    const brand = (await admin.get("/api/admin/settings/brand")).json;
    expect(brand).toMatchObject({ taglineAr: "استثمارات استراتيجية", translation: "complete" });
    const {
      contentLocale: _c,
      translation: _t,
      taglineAr: _ta,
      descriptionAr: _da,
      metaDescriptionAr: _ma,
      addressAr: _aa,
      metaDescription: _m,
      ...editable
    } = brand;
    const saved = await admin.put("/api/admin/settings/brand", { ...editable, tagline: "Patient Capital" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ tagline: "Patient Capital", taglineAr: null, translation: "missing" });
    expect(await settings.brand({ locale: "ar" })).toMatchObject({ tagline: "Patient Capital", contentLocale: "en" });
    const badAr = await admin.put("/api/admin/settings/brand", { ...editable, taglineAr: "x" });
    expect(badAr.status).toBe(400);
    expect(badAr.json.errors).toMatchObject({ taglineAr: "Tagline must be at least 2 characters" });
    await admin.put("/api/admin/settings/brand", { ...editable, tagline: "Patient Capital", taglineAr: "رأس مال صبور" });
    expect(await settings.brand({ locale: "ar" })).toMatchObject({ tagline: "رأس مال صبور", contentLocale: "ar" });

    // Figures: a changed label has no default Arabic; a labelAr is kept while its label is unchanged.
    const stats = [
      { value: "9", label: "Global Investments", labelAr: "استثمارات حول العالم" },
      { value: "6", label: "Sectors" },
      { value: "20+", label: "Years of Experience" },
    ];
    expect((await admin.put("/api/admin/settings/stats", { stats })).status).toBe(200);
    expect(await settings.homeStats({ locale: "ar" })).toEqual([
      { value: "9", label: "استثمارات حول العالم", contentLocale: "ar" },
      { value: "6", label: "Sectors", contentLocale: "en" },
      { value: "20+", label: "عامًا من الخبرة", contentLocale: "ar" },
    ]);
    const again = await admin.put("/api/admin/settings/stats", { stats: stats.map(({ labelAr: _l, ...s }) => s) });
    expect(again.json.stats[0]).toEqual({ value: "9", label: "Global Investments", labelAr: "استثمارات حول العالم" });

    // Legal: a saved English text without Arabic reads in English on Arabic pages; with Arabic, in Arabic.
    const body = "## Scope\n\nThis revised text is long enough to pass the minimum length rule of the legal pages.";
    expect((await admin.put("/api/admin/settings/legal/terms", { body })).status).toBe(200);
    expect(await settings.legalPage("terms", { locale: "ar" })).toMatchObject({ title: "Terms of Service", body, contentLocale: "en" });
    const bodyAr = "## النطاق\n\nهذا نص معدّل طويل بما يكفي لاجتياز قاعدة الحد الأدنى لطول نصوص الصفحات القانونية.";
    const both = await admin.put("/api/admin/settings/legal/terms", { body, bodyAr });
    expect(both.status, both.text).toBe(200);
    expect(both.json).toMatchObject({ bodyAr, translation: "complete" });
    expect(await settings.legalPage("terms", { locale: "ar" })).toMatchObject({ title: "شروط الخدمة", body: bodyAr, contentLocale: "ar" });
    expect((await admin.put("/api/admin/settings/legal/terms", { body, bodyAr: "قصير" })).status).toBe(400);
  });
});

describe("[search] Arabic", () => {
  const arabicTitles = async (q: string, client = visitor) => {
    const res = await client.get(`/api/search?lang=ar&q=${encodeURIComponent(q)}`);
    expect(res.status, res.text).toBe(200);
    return res.json.press.items.map((r: { title: string }) => r.title) as string[];
  };
  const SOLAR = "Meridian Crest تستثمر في الطاقة الشمسية الموزّعة للمصانع المصرية";

  it("'الطاقة' and 'طاقه' find the energy release", async () => {
    expect(await arabicTitles("الطاقة")).toContain(SOLAR);
    expect(await arabicTitles("طاقه")).toContain(SOLAR);
    // On the press list too, with the same total.
    const list = await ctx.services.press.search({ q: "الطاقة الشمسية", limit: 10, locale: "ar" });
    expect(list.items.map((r) => r.title)).toContain(SOLAR);
  });

  it("each folding on its own: diacritics, tatweel, alef forms, alef maqsura, ta marbuta, article after a prefix", async () => {
    expect(await arabicTitles("الطَّاقَة")).toContain(SOLAR);
    expect(await arabicTitles("الطـــاقة")).toContain(SOLAR);
    expect(await arabicTitles("بالطاقة")).toContain(SOLAR);
    expect(await arabicTitles("للطاقة")).toContain(SOLAR);
    expect(await arabicTitles("شمسيه")).toContain(SOLAR);
    // 'إستثمار' (hamza below) finds 'استثمار' / 'تستثمر' words written without it.
    const rel = await createRelease({
      ...pressArabic({ titleAr: "إطلاق منصة أولى للاستشارات", summaryAr: "مبادرة تجريبية في مستشفى القاهرة لتحسين الرعاية." }),
    });
    const titles = async (q: string) => (await ctx.services.press.search({ q, limit: 50, locale: "ar" })).items.map((r) => r.id);
    expect(await titles("اطلاق")).toContain(rel.id);
    expect(await titles("أولي")).toContain(rel.id); // alef with hamza and yeh for alef maqsura
    expect(await titles("مستشفي")).toContain(rel.id);
    expect(await titles("الاستشارات")).toContain(rel.id);
    expect(await titles("استش")).toContain(rel.id); // a prefix
    expect(await titles("مبادره تجريبيه")).toContain(rel.id);
  });

  it("portfolio companies and documents are found by their Arabic text", async () => {
    const res = await (await signedInClient(ctx, "investor")).client.get(`/api/search?lang=ar&q=${encodeURIComponent("التقرير السنوي")}`);
    expect(res.json.documents.items.map((d: { title: string }) => d.title)).toContain("التقرير السنوي 2025");
    const coffee = await visitor.get(`/api/search?lang=ar&q=${encodeURIComponent("القهوة")}`);
    expect(coffee.json.portfolio.items).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Kahwa Coffee Co.", contentLocale: "ar" })]));
  });

  it("English search is unchanged", async () => {
    const res = await visitor.get("/api/search?q=energy");
    expect(res.json.press.items.map((r: { title: string }) => r.title)).toContain("Meridian Crest Invests in Distributed Solar for Egyptian Factories");
    expect(res.json.press.items[0].contentLocale).toBe("en");
  });

  it("the database's search_normalize and normalizeSearchText agree", async () => {
    const samples = [
      "الطَّاقة الشمسيّة، «والطاقة» للطاقة إلى أحمد ـــ مصر",
      "إستثمار آمن في ٱلقاهرة ٢٠٢٦؟ وبالتمويل؛ كالسيارات",
      "Energy’s 18% — Boost Freight raises USD 40 Million",
      "ی ک ۀ رحمٰن مستشفى",
    ];
    for (const text of samples) {
      const result = (await ctx.database.db.execute(sql`select search_normalize(${text}) as n`)) as unknown as { rows: { n: string }[] };
      expect(result.rows[0].n, text).toBe(normalizeSearchText(text));
    }
  });
});

describe("[seed] Arabic content", () => {
  it("every demo text has its Arabic", async () => {
    for (const p of PORTFOLIO) expect(p.descriptionAr, p.name).toMatch(/[\u0600-\u06FF]/);
    for (const r of PRESS) {
      for (const f of [r.titleAr, r.summaryAr, r.contentAr]) expect(f, r.title).toMatch(/[\u0600-\u06FF]/);
      if (r.displayTitle) expect(r.displayTitleAr, r.title).toMatch(/[\u0600-\u06FF]/);
    }
    for (const c of DOCUMENT_CATEGORIES) expect(c.nameAr, c.name).toMatch(/[\u0600-\u06FF]/);
    for (const d of DOCUMENTS) expect(d.titleAr, d.title).toMatch(/[\u0600-\u06FF]/);

    // And the seeded database reads all of it in Arabic.
    const seededPress = (await ctx.services.press.list({ locale: "ar" })).filter((r) => PRESS.some((p) => p.titleAr === r.title));
    expect(seededPress).toHaveLength(PRESS.length);
    const seededPortfolio = (await ctx.services.portfolio.list()).filter((p) => PORTFOLIO.some((s) => s.name === p.name));
    expect(seededPortfolio.every((p) => p.translation === "complete")).toBe(true);
  });
});
