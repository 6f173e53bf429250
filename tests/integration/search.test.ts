/** The site search: what each kind of visitor finds, and how hostile input is answered. */
// On both engines: full-text search and its ranking are the engine's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";

type Results = {
  q: string;
  total: number;
  press: { items: Array<{ id: number; title: string }>; total: number };
  portfolio: { items: Array<{ id: number; name: string; category: string }>; total: number };
  documents: { items: Array<{ id: number; title: string; isPublic: boolean }>; total: number };
};

let ctx: TestContext;
const clients = {} as Record<"anonymous" | "regular" | "investor" | "admin", Client>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  for (const role of ["anonymous", "regular", "investor", "admin"] as const) clients[role] = (await signedInClient(ctx, role)).client;
});
afterAll(() => ctx.close());

const search = async (client: Client, q: string) => {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}`);
  expect(res.status, res.text).toBe(200);
  return res.json as Results;
};

describe("[search] results", () => {
  it("finds press releases (word prefixes), portfolio companies and public documents", async () => {
    const axis = await search(clients.anonymous, "axis");
    expect(axis.press.items.map((r) => r.title)).toEqual(
      expect.arrayContaining([
        "Axis Urban Breaks Ground on Green Logistics Park in the Suez Canal Zone",
        "Meridian Crest Sells Minority Stake in Axis Urban to Gulf Pension Fund",
      ]),
    );
    expect(axis.portfolio.items).toEqual([expect.objectContaining({ name: "Axis Urban", category: "Energy" })]);
    expect(axis.total).toBe(axis.press.total + axis.portfolio.total + axis.documents.total);

    // A prefix of a word matches; so does a word of the sector ('food-security').
    expect((await search(clients.anonymous, "kahw")).portfolio.items.map((p) => p.name)).toEqual(["Kahwa Coffee Co."]);
    expect((await search(clients.anonymous, "security")).portfolio.items.map((p) => p.name).sort()).toEqual(["Delta Harvest Foods", "Kahwa Coffee Co."]);

    const profile = await search(clients.anonymous, "corporate profile");
    expect(profile.documents.items.map((d) => d.title)).toEqual(["Corporate Profile 2026"]);
  });

  it("a sector or category label finds the releases it labels, even when their text never uses the word", async () => {
    const energy = await search(clients.anonymous, "energy");
    expect(energy.press.items.map((r) => r.title)).toContain("Meridian Crest Invests in Distributed Solar for Egyptian Factories");
    const partnership = await search(clients.anonymous, "partnership");
    expect(partnership.press.items.map((r) => r.title)).toContain("Meridian Crest Partners with Port Operator on Red Sea Logistics Corridor");
  });

  it("every word must match, in any order", async () => {
    const both = await search(clients.anonymous, "coffee riyadh");
    expect(both.press.items.map((r) => r.title)).toEqual(["Kahwa Coffee Co. Opens Its First Cafés in Riyadh"]);
    expect(both.portfolio.items.map((p) => p.name)).toEqual(["Kahwa Coffee Co."]);
    expect((await search(clients.anonymous, "coffee lagos")).portfolio.total).toBe(0);
    expect((await search(clients.anonymous, "zzqx nothing")).total).toBe(0);
  });

  it("an empty query, or one of SQL wildcards and quotes only, finds nothing (no error, no match-everything)", async () => {
    for (const q of ["", "   ", "%%%", "__", "'\";--"]) {
      const res = await search(clients.anonymous, q);
      expect(res.total, q).toBe(0);
    }
    const bare = await clients.anonymous.get("/api/search");
    expect(bare.status).toBe(200);
    expect(bare.json.total).toBe(0);
  });
});

describe("[search] documents follow the read rule", () => {
  const INVESTOR_ONLY = ["Annual Report 2025", "Q3 2026 Financial Statements", "Shareholder Meeting Minutes — June 2026"];

  it("anonymous and regular users never see an investor-only document, not even its title", async () => {
    for (const role of ["anonymous", "regular"] as const) {
      for (const q of ["annual report", "2026", "financial", "minutes", "report"]) {
        const res = await clients[role].get(`/api/search?q=${encodeURIComponent(q)}`);
        expect(res.status).toBe(200);
        for (const title of INVESTOR_ONLY) expect(res.text, `${role} ${q}`).not.toContain(title);
        expect(res.json.documents.items.every((d: { isPublic: boolean }) => d.isPublic)).toBe(true);
      }
      // Not even the number of hidden matches shows.
      const annual = await search(clients[role], "annual report");
      expect(annual.documents).toEqual({ items: [], total: 0 });
      const year = await search(clients[role], "2026");
      expect(year.documents.items.map((d) => d.title)).toEqual(["Corporate Profile 2026"]);
    }
  });

  it("investors and admins find investor-only documents too", async () => {
    for (const role of ["investor", "admin"] as const) {
      const annual = await search(clients[role], "annual report");
      expect(annual.documents.items.map((d) => d.title)).toEqual(["Annual Report 2025"]);
      const year = await search(clients[role], "2026");
      expect(year.documents.items.map((d) => d.title).sort()).toEqual([
        "Annual Report 2025",
        "Corporate Profile 2026",
        "Q3 2026 Financial Statements",
        "Shareholder Meeting Minutes — June 2026",
      ]);
    }
  });

  it("the answer is not cacheable by shared caches", async () => {
    const res = await clients.investor.get("/api/search?q=report");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("[search] hostile input is a 400, never a 500", () => {
  it("too long, a list, an object, control characters", async () => {
    const long = await clients.anonymous.get(`/api/search?q=${"a".repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.json.message).toBe("Search words must be at most 100 characters");
    expect((await clients.anonymous.get(`/api/search?q=${"a".repeat(100)}`)).status).toBe(200);
    expect((await clients.anonymous.get(`/api/search?q=${"%F0%9F%98%80".repeat(500)}`)).status).toBe(400);

    const list = await clients.anonymous.get("/api/search?q=a&q=b");
    expect(list.status).toBe(400);
    expect(list.json.message).toBe("Please enter search words as text");
    // Brackets are not object syntax here: 'q[$ne]' is just an unknown parameter.
    const bracket = await clients.anonymous.get("/api/search?q[$ne]=1");
    expect([bracket.status, bracket.json.total]).toEqual([200, 0]);

    for (const raw of ["%00", "axis%00urban", "%ED%A0%80", "%E0%A4%A", "%", "%C0%AF", "\\", "'", "%EF%BF%BF"]) {
      const res = await clients.anonymous.get(`/api/search?q=${raw}`);
      expect([200, 400], raw).toContain(res.status);
      expect(res.json, raw).toBeDefined();
    }
    const nul = await search(clients.anonymous, "axis\u0000urban");
    expect(nul.portfolio.items.map((p) => p.name)).toEqual(["Axis Urban"]);
  });
});
