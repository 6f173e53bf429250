import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pressReleaseSchema } from "../../shared/schemas";
import { createTestContext, type TestContext } from "../helpers/context";
import { pressBody } from "../helpers/factories";
import { createLogger } from "../../server/lib/logger";
import { catalog, translate } from "../../server/i18n";

let ctx: TestContext;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const rows: [string, Record<string, unknown>][] = [
    [
      "oldest",
      {
        title: "Kahwa opens cafés in Riyadh",
        company: "Kahwa Coffee Co.",
        sector: "food-security",
        date: "2022-06-02",
        summary: "Four cafés in Riyadh for the coffee roaster.",
      },
    ],
    [
      "funding",
      {
        title: "Boost Freight raises Series C",
        company: "Boost Freight",
        sector: "logistics",
        date: "2024-08-29",
        summary: "A USD 40 million round for the freight network.",
      },
    ],
    ["payouts", { title: "BravoPay launches instant payouts", company: "BravoPay", date: "2024-04-17", summary: "Merchants get paid within minutes." }],
    [
      "lending",
      { title: "BravoPay expands lending to Morocco", company: "BravoPay", date: "2026-10-12", summary: "Working-capital loans for Moroccan merchants." },
    ],
    [
      "percent",
      {
        title: "Net asset value up 18% in first half",
        company: "Meridian Crest Holdings",
        sector: "Energy",
        date: "2026-08-04",
        summary: "Record_results for the half year.",
      },
    ],
    // Same date as 'lending': the newer id comes first.
    [
      "sameDay",
      {
        title: "Motorly passes 25,000 cars sold",
        company: "Motorly",
        sector: "transportation",
        date: "2026-10-12",
        summary: "A milestone for the used-car marketplace.",
      },
    ],
  ];
  for (const [key, overrides] of rows) {
    const r = await ctx.services.press.create(pressReleaseSchema.parse(pressBody(overrides)));
    ids[key] = r.id;
  }
});
afterAll(() => ctx.close());

const titles = (items: { id: number }[]) => items.map((i) => Object.entries(ids).find(([, id]) => id === i.id)?.[0]);

describe("[press] server-side list query", () => {
  it("returns one page of cards newest first (ties by newest id) with the total", async () => {
    const page = await ctx.services.press.search({ limit: 3 });
    expect(page.total).toBe(6);
    expect(titles(page.items)).toEqual(["sameDay", "lending", "percent"]);
    // Cards leave out the (possibly large) HTML content.
    expect(page.items[0]).not.toHaveProperty("content");
    expect(Object.keys(page.items[0]).sort()).toEqual([
      "category",
      "company",
      "companyLogo",
      "contentLocale",
      "date",
      "id",
      "image",
      "sector",
      "summary",
      "title",
    ]);
  });

  it("pages with offset without gaps or repeats", async () => {
    const all = await ctx.services.press.search({ limit: 100 });
    const a = await ctx.services.press.search({ limit: 4 });
    const b = await ctx.services.press.search({ limit: 4, offset: 4 });
    expect([...a.items, ...b.items].map((i) => i.id)).toEqual(all.items.map((i) => i.id));
    expect(b.items).toHaveLength(2);
    expect(b.total).toBe(6);
  });

  it("leaves out the release shown as the spotlight", async () => {
    const page = await ctx.services.press.search({ limit: 3, excludeId: ids.lending });
    expect(titles(page.items)).toEqual(["sameDay", "percent", "funding"]);
    expect(page.total).toBe(5);
  });

  it("filters by company (exact) and counts only that company", async () => {
    const page = await ctx.services.press.search({ company: "BravoPay", limit: 10 });
    expect(titles(page.items)).toEqual(["lending", "payouts"]);
    expect(page.total).toBe(2);
    expect((await ctx.services.press.search({ company: "Bravo", limit: 10 })).total).toBe(0);
  });

  it("searches title, summary and company, case-insensitively, every word in any order", async () => {
    expect(titles((await ctx.services.press.search({ q: "bravopay", limit: 10 })).items)).toEqual(["lending", "payouts"]);
    expect(titles((await ctx.services.press.search({ q: "MOROCCAN", limit: 10 })).items)).toEqual(["lending"]);
    expect(titles((await ctx.services.press.search({ q: "morocco bravopay", limit: 10 })).items)).toEqual(["lending"]);
    expect(titles((await ctx.services.press.search({ q: "freight  riyadh", limit: 10 })).items)).toEqual([]);
    expect(titles((await ctx.services.press.search({ q: "Kahwa Coffee", limit: 10 })).items)).toEqual(["oldest"]);
  });

  it("combines search and company", async () => {
    const page = await ctx.services.press.search({ q: "merchants", company: "BravoPay", limit: 10 });
    expect(titles(page.items)).toEqual(["lending", "payouts"]);
    expect((await ctx.services.press.search({ q: "merchants", company: "Motorly", limit: 10 })).total).toBe(0);
  });

  it("matches word prefixes, so a partial word finds the release", async () => {
    expect(titles((await ctx.services.press.search({ q: "pay", limit: 10 })).items)).toEqual(["payouts"]);
    expect(titles((await ctx.services.press.search({ q: "bravo", limit: 10 })).items)).toEqual(["lending", "payouts"]);
    expect(titles((await ctx.services.press.search({ q: "caf", limit: 10 })).items)).toEqual(["oldest"]);
  });

  it("searches the display headline too", async () => {
    const r = await ctx.services.press.create(
      pressReleaseSchema.parse(
        pressBody({ title: "Half-year report published", displayTitle: "Quintessential headline", company: "Axis Urban", date: "2020-01-01" }),
      ),
    );
    expect((await ctx.services.press.search({ q: "quintessential", limit: 10 })).items.map((i) => i.id)).toEqual([r.id]);
    await ctx.services.press.remove(r.id);
  });

  it("ignores punctuation: wildcards and operators in the search are not syntax", async () => {
    expect(titles((await ctx.services.press.search({ q: "18%", limit: 10 })).items)).toEqual(["percent"]);
    expect(titles((await ctx.services.press.search({ q: "record_results", limit: 10 })).items)).toEqual(["percent"]);
    for (const q of ["%", "_", "\\", "&", "|", "!", ":*", "()", "'"]) {
      expect((await ctx.services.press.search({ q, limit: 10 })).total, q).toBe(0);
    }
    expect(titles((await ctx.services.press.search({ q: "bravopay & !morocco | (x", limit: 10 })).items)).toEqual([]);
    expect(titles((await ctx.services.press.search({ q: "bravopay:* morocco", limit: 10 })).items)).toEqual(["lending"]);
  });

  it("handles quotes and SQL-looking input as text", async () => {
    expect((await ctx.services.press.search({ q: "'; drop table press_releases; --", limit: 10 })).total).toBe(0);
    expect((await ctx.services.press.search({ limit: 1 })).total).toBe(6);
  });

  it("lists each company once, alphabetically, for the tabs", async () => {
    expect(await ctx.services.press.companyNames()).toEqual(["Boost Freight", "BravoPay", "Kahwa Coffee Co.", "Meridian Crest Holdings", "Motorly"]);
  });

  it("lists every release for the sitemap with its modification time", async () => {
    const entries = await ctx.services.press.sitemapEntries();
    expect(entries.map((e) => e.id).sort((a, b) => a - b)).toEqual(Object.values(ids).sort((a, b) => a - b));
    for (const e of entries) expect(Number.isNaN(Date.parse(e.updatedAt))).toBe(false);
  });

  it("finds related releases by company or sector, never the release itself", async () => {
    const lending = await ctx.services.press.get(ids.lending);
    const related = await ctx.services.press.related(lending, 3);
    expect(related.length).toBeLessThanOrEqual(3);
    expect(related.map((r) => r.id)).not.toContain(ids.lending);
    expect(related.map((r) => r.id)).toContain(ids.payouts);
  });
});

describe("[press] page loaders", () => {
  // The route loaders run against the real services; only the load context is built by hand.
  const context = (services = ctx.services) =>
    ({
      services,
      origin: "https://meridian.example",
      user: undefined,
      ip: undefined,
      logger: createLogger({ level: "silent", pretty: false }),
      locale: "en",
      i18n: { catalog, translate },
    }) as never;
  const listArgs = (url: string, services = ctx.services) =>
    ({ request: new Request(`https://meridian.example${url}`), context: context(services), params: {} }) as never;

  it("list: pages with ?count, clamps bad values, and shows the spotlight only on All without a search", async () => {
    const { loader } = await import("../../app/routes/press-list");
    await ctx.services.settings.setSpotlightId(ids.percent);
    const all = (await loader(listArgs("/press-releases"))) as Awaited<ReturnType<typeof loader>>;
    expect(all.spotlight?.id).toBe(ids.percent);
    expect(all.items.map((i) => i.id)).not.toContain(ids.percent);
    expect(all.total).toBe(5);
    expect(all.companies).toContain("BravoPay");

    const searched = (await loader(listArgs("/press-releases?q=bravopay"))) as Awaited<ReturnType<typeof loader>>;
    expect(searched.spotlight).toBeNull();
    const tab = (await loader(listArgs("/press-releases?company=Motorly"))) as Awaited<ReturnType<typeof loader>>;
    expect(tab.spotlight).toBeNull();
    expect(tab.items.map((i) => i.id)).toEqual([ids.sameDay]);

    const bad = (await loader(listArgs("/press-releases?count=-4"))) as Awaited<ReturnType<typeof loader>>;
    expect(bad.params.count).toBe(10);
    const huge = (await loader(listArgs("/press-releases?count=99999999"))) as Awaited<ReturnType<typeof loader>>;
    expect(huge.params.count).toBe(1000);
  });

  it("list: an unset or deleted spotlight shows none", async () => {
    const { loader } = await import("../../app/routes/press-list");
    await ctx.services.settings.setSpotlightId(null);
    expect(((await loader(listArgs("/press-releases"))) as { spotlight: unknown }).spotlight).toBeNull();
    await ctx.services.settings.setSpotlightId(2_000_000);
    const data = (await loader(listArgs("/press-releases"))) as { spotlight: unknown; total: number };
    expect(data.spotlight).toBeNull();
    expect(data.total).toBe(6);
  });

  it("list: a failing database gives an empty list, not an error page", async () => {
    const { loader } = await import("../../app/routes/press-list");
    const failing = new Error("connection refused");
    const broken = {
      ...ctx.services,
      press: { ...ctx.services.press, search: () => Promise.reject(failing), companyNames: () => Promise.reject(failing) },
      settings: { ...ctx.services.settings, spotlightId: () => Promise.reject(failing) },
    };
    const data = (await loader(listArgs("/press-releases", broken as never))) as { failed: boolean; items: unknown[]; total: number };
    expect(data).toMatchObject({ failed: true, items: [], total: 0 });
  });

  it("list: the no-JavaScript clear button redirects to the list without the search", async () => {
    const { loader } = await import("../../app/routes/press-list");
    const res = await (loader(listArgs("/press-releases?q=coffee&company=BravoPay&clear=1")) as Promise<unknown>).catch((e: unknown) => e);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get("Location")).toBe("/press-releases?company=BravoPay");
  });

  it("detail: unknown and malformed ids redirect to the list; a known id loads with related and blurb", async () => {
    const { loader } = await import("../../app/routes/press-detail");
    const args = (id: string) => ({ request: new Request(`https://meridian.example/press-releases/${id}`), context: context(), params: { id } }) as never;
    for (const id of ["999999", "abc", "0", "1e3", "12abc", "99999999999"]) {
      const res = await (loader(args(id)) as Promise<unknown>).catch((e: unknown) => e);
      expect(res, id).toBeInstanceOf(Response);
      expect((res as Response).headers.get("Location")).toBe("/press-releases?notFound=1");
    }
    const data = await loader(args(String(ids.lending)));
    expect(data.release.id).toBe(ids.lending);
    expect(data.url).toBe(`https://meridian.example/press-releases/${ids.lending}`);
    expect(data.about).toContain("BravoPay is a digital payments");
    expect(data.related.map((r) => r.id)).toContain(ids.payouts);
    expect(data.release).not.toHaveProperty("createdAt");
  });
});
