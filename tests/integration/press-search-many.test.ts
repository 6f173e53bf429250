/**
 * The press search over more than a thousand matches, where pages are found by walking newest first
 * instead of sorting the matches: the same order, totals and pages as a search with few matches.
 */
// On both engines: full-text search over many rows is the engine's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pressReleaseSchema } from "../../shared/schemas";
import { pressReleases } from "../../server/db/schema";
import { createTestContext, type TestContext } from "../helpers/context";
import { pressBody } from "../helpers/factories";

type Row = { id: number; title: string; summary: string; date: string; company: string; sector: string; category: string };

let ctx: TestContext;
const rows: Row[] = [];

const ZEPHYR = 1001; // one more than are sorted directly
const ROWS = 1100;

beforeAll(async () => {
  ctx = await createTestContext();
  const all = Array.from({ length: ROWS }, (_, n) => ({
    title: n < ZEPHYR ? `Zephyr report ${n}` : `Other news ${n}`,
    summary: n % 37 === 0 ? "Quasar findings for the year." : "A routine update for shareholders.",
    content: "<p>The body of a release in the search test.</p>",
    // Dates repeat and do not follow the insertion order, so ties are broken by id.
    date: new Date(Date.UTC(2000, 0, 1) + ((n * 7919) % 400) * 86_400_000).toISOString().slice(0, 10),
    company: n % 2 ? "Alpha Co" : "Beta Co",
    // The text never says 'energy' or 'acquisition': only the labels do.
    sector: n < 1050 ? "Energy" : "Logistics",
    category: n % 50 === 0 ? "Acquisition" : "News",
  }));
  for (let i = 0; i < all.length; i += 500) {
    const inserted = await ctx.services.database.db
      .insert(pressReleases)
      .values(all.slice(i, i + 500).map((r) => ({ ...r, publication: "published" as const })))
      .returning({ id: pressReleases.id });
    inserted.forEach((r, j) => rows.push({ ...all[i + j], id: r.id }));
  }
});
afterAll(() => ctx.close());

/** Newest first, the newer id first on the same day: the order every press list shows. */
const newestFirst = (list: Row[]) => [...list].sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1)).map((r) => r.id);
const where = (test: (r: Row) => boolean) => newestFirst(rows.filter(test));
const ids = (page: { items: { id: number }[] }) => page.items.map((i) => i.id);

describe("[press] search with more than a thousand matches", () => {
  it("finds the first page newest first, with the exact total", async () => {
    const page = await ctx.services.press.search({ q: "zephyr", limit: 10 });
    expect(page.total).toBe(ZEPHYR);
    expect(ids(page)).toEqual(where((r) => r.title.startsWith("Zephyr")).slice(0, 10));
  });

  it("pages through every match without gaps or repeats, the last page partly filled", async () => {
    const expected = where((r) => r.title.startsWith("Zephyr"));
    const seen: number[] = [];
    for (let offset = 0; offset < ZEPHYR; offset += 100) {
      const page = await ctx.services.press.search({ q: "zephyr", limit: 100, offset });
      expect(page.total).toBe(ZEPHYR);
      seen.push(...ids(page));
    }
    expect(seen).toEqual(expected);
    const last = await ctx.services.press.search({ q: "zephyr", limit: 10, offset: 1000 });
    expect(ids(last)).toEqual(expected.slice(1000));
    expect(await ctx.services.press.search({ q: "zephyr", limit: 10, offset: ZEPHYR })).toEqual({ items: [], total: ZEPHYR });
  });

  it("a prefix finds the same releases as the whole word", async () => {
    for (const q of ["zeph", "ZEPHY", "z"]) {
      const page = await ctx.services.press.search({ q, limit: 20, offset: 20 });
      const expected = where((r) =>
        r.title
          .toLowerCase()
          .split(" ")
          .some((w) => w.startsWith(q.toLowerCase())),
      );
      expect(page.total, q).toBe(expected.length);
      expect(ids(page), q).toEqual(expected.slice(20, 40));
    }
  });

  it("the same order one match either side of the thousand (sorted, then walked)", async () => {
    const expected = where((r) => r.title.startsWith("Zephyr"));
    const left = expected[3];
    const fewer = await ctx.services.press.search({ q: "zephyr", excludeId: left, limit: 10 });
    expect(fewer.total).toBe(ZEPHYR - 1);
    expect(ids(fewer)).toEqual(expected.filter((id) => id !== left).slice(0, 10));
    const more = await ctx.services.press.search({ q: "zephyr", limit: 10 });
    expect(ids(more)).toEqual(expected.slice(0, 10));
  });

  it("a sector label finds its releases, many or few; a category label too", async () => {
    const energy = await ctx.services.press.search({ q: "energy", limit: 10, offset: 10 });
    expect(energy.total).toBe(1050);
    expect(ids(energy)).toEqual(where((r) => r.sector === "Energy").slice(10, 20));
    const logistics = await ctx.services.press.search({ q: "logistics", limit: 10 });
    expect(logistics.total).toBe(ROWS - 1050);
    expect(ids(logistics)).toEqual(where((r) => r.sector === "Logistics").slice(0, 10));
    const acquisitions = await ctx.services.press.search({ q: "acquisition", limit: 100 });
    expect(ids(acquisitions)).toEqual(where((r) => r.category === "Acquisition"));
  });

  it("combines a company tab, several words and the spotlight left out", async () => {
    const alpha = where((r) => r.company === "Alpha Co" && r.title.startsWith("Zephyr"));
    const tab = await ctx.services.press.search({ q: "zephyr", company: "Alpha Co", limit: 10, offset: 10 });
    expect(tab.total).toBe(alpha.length);
    expect(ids(tab)).toEqual(alpha.slice(10, 20));

    const both = where((r) => r.title.startsWith("Zephyr") && r.summary.startsWith("Quasar"));
    const two = await ctx.services.press.search({ q: "quasar zephyr", limit: 100 });
    expect([two.total, ids(two)]).toEqual([both.length, both]);

    const spotlight = where((r) => r.sector === "Energy")[0];
    const withoutSpotlight = await ctx.services.press.search({ q: "energy", excludeId: spotlight, limit: 10 });
    expect(withoutSpotlight.total).toBe(1049);
    expect(ids(withoutSpotlight)).toEqual(where((r) => r.sector === "Energy" && r.id !== spotlight).slice(0, 10));
    expect(await ctx.services.press.search({ q: "zephyr nothingmatches", limit: 10 })).toEqual({ items: [], total: 0 });
  });
});

describe("[press] the stored search words", () => {
  it("follow every edit: new words are found at once, removed words no longer find the release", async () => {
    const created = await ctx.services.press.create(
      pressReleaseSchema.parse(pressBody({ title: "Xylophone orchestra sponsorship", company: "Gamma Co", date: "1999-05-05" })),
    );
    expect(ids(await ctx.services.press.search({ q: "xylophone", limit: 10 }))).toEqual([created.id]);

    await ctx.services.press.update(
      created.id,
      pressReleaseSchema.parse(pressBody({ title: "Marimba orchestra sponsorship", company: "Gamma Co", sector: "Energy", date: "1999-05-05" })),
    );
    expect((await ctx.services.press.search({ q: "xylophone", limit: 10 })).total).toBe(0);
    expect(ids(await ctx.services.press.search({ q: "marimba energy", limit: 10 }))).toEqual([created.id]);
    expect((await ctx.services.press.search({ q: "energy", limit: 10 })).total).toBe(1051);

    await ctx.services.press.remove(created.id);
    expect((await ctx.services.press.search({ q: "marimba", limit: 10 })).total).toBe(0);
  });

  it("are never part of a release as pages and the API see it", async () => {
    const id = rows[0].id;
    const release = await ctx.services.press.get(id);
    expect(release).not.toHaveProperty("searchDocument");
    expect(release).not.toHaveProperty("search_document");
    const res = await fetch(`${ctx.baseUrl}/api/press-releases/${id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.title).toBe(rows[0].title);
    expect(Object.keys(body).filter((k) => /search/i.test(k))).toEqual([]);
  });
});
