import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brand as defaultBrand } from "../../shared/brand";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";

let ctx: TestContext;
/** A second fresh install that no test writes to: what a new site shows before an admin saves anything. */
let pristine: TestContext;
beforeAll(async () => {
  [ctx, pristine] = await Promise.all([createTestContext(), createTestContext()]);
});
afterAll(() => Promise.all([ctx.close(), pristine.close()]));

const validBrand = {
  name: "Meridian Crest Capital",
  shortName: "Meridian",
  tagline: "Patient Capital",
  description: "A holding company that backs category leaders across Africa and the Middle East.",
  address: "12 Nile Corniche, Garden City, Cairo, Egypt",
  phone: "+20 2 2790 1234",
  email: "Hello@Meridian.example",
  social: { linkedin: "https://www.linkedin.com/company/meridian", twitter: "", facebook: "#", instagram: "https://instagram.com/meridian" },
};

const press = (over: Record<string, unknown> = {}) => ({
  title: "Meridian backs a regional logistics platform",
  summary: "A growth investment in a cross-border freight network.",
  content: "Meridian Crest Holdings announced a growth investment in a regional logistics platform today.",
  date: "2026-03-01",
  company: "Boost Freight",
  sector: "Logistics",
  ...over,
});

describe("[settings] brand texts", () => {
  it("refuses anonymous (401) and non-admin (403) callers", async () => {
    expect((await new Client(ctx.baseUrl).put("/api/admin/settings/brand", validBrand)).status).toBe(401);
    for (const role of ["regular", "investor"] as const) {
      const { client } = await signedInClient(ctx, role);
      expect((await client.put("/api/admin/settings/brand", validBrand)).status).toBe(403);
      expect((await client.get("/api/admin/settings/brand")).status).toBe(403);
    }
    expect((await ctx.services.settings.brand()).name).toBe(defaultBrand.name);
  });

  it("an admin saves the brand; the site reads it back, normalised", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const res = await client.put("/api/admin/settings/brand", validBrand);
    expect(res.status).toBe(200);
    expect(res.json.name).toBe("Meridian Crest Capital");
    expect(res.json.email).toBe("hello@meridian.example");
    // An empty field and the old '#' placeholder both mean "no profile": no icon is shown.
    expect(res.json.social).toEqual({
      linkedin: "https://www.linkedin.com/company/meridian",
      twitter: "",
      facebook: "",
      instagram: "https://instagram.com/meridian",
    });
    // Keys the form does not edit keep their defaults.
    expect(res.json.metaDescription).toBe(defaultBrand.metaDescription);
    const stored = await ctx.services.settings.brand();
    expect(stored.tagline).toBe("Patient Capital");
    expect((await client.get("/api/admin/settings/brand")).json.address).toBe(validBrand.address);
  });

  it("gives the schema's field messages and keeps unknown keys out", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const bad = await client.put("/api/admin/settings/brand", {
      ...validBrand,
      name: "M",
      phone: "call us",
      email: "not-an-email",
      social: { ...validBrand.social, linkedin: "javascript:alert(1)", twitter: "/uploads/x.png" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({
      name: "Company name must be at least 2 characters",
      phone: "Please enter a valid phone number",
      email: "Please enter a valid email address",
      "social.linkedin": "Please enter a full https:// address, or leave the field empty",
      "social.twitter": "Please enter a full https:// address, or leave the field empty",
    });

    const sneaky = await client.put("/api/admin/settings/brand", { ...validBrand, isAdmin: true, __proto__: { polluted: true } });
    expect(sneaky.status).toBe(200);
    const raw = await ctx.services.settings.read<Record<string, unknown>>("brand");
    expect(raw).not.toHaveProperty("isAdmin");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses a cross-site write even from an admin session", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const res = await client.put("/api/admin/settings/brand", validBrand, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});

describe("[settings] social links", () => {
  it("a fresh install has no social links (no icon points at '#')", async () => {
    expect((await pristine.services.settings.brand()).social).toEqual({ linkedin: "", twitter: "", facebook: "", instagram: "" });
  });

  it("only https addresses are accepted; a stored placeholder or http link reads as not set", async () => {
    const { client } = await signedInClient(ctx, "admin");
    for (const bad of ["http://linkedin.com/company/x", "linkedin.com/company/x", "https://", "ftp://x.example", "data:text/html,x", "https://localhost"]) {
      const res = await client.put("/api/admin/settings/brand", { ...validBrand, social: { ...validBrand.social, facebook: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.json.errors["social.facebook"], bad).toBe("Please enter a full https:// address, or leave the field empty");
    }
    // Values saved before this rule (or written by hand) are not shown as links.
    await ctx.services.settings.write("brand", {
      ...validBrand,
      social: { linkedin: "#", twitter: "http://x.example", facebook: "javascript:alert(1)", instagram: "https://instagram.com/mc" },
    });
    expect((await ctx.services.settings.brand()).social).toEqual({ linkedin: "", twitter: "", facebook: "", instagram: "https://instagram.com/mc" });
  });
});

describe("[settings] home page figures", () => {
  const figures = {
    stats: [
      { value: "6", label: "Portfolio Companies" },
      { value: "5", label: "Sectors" },
      { value: "Since 2004", label: "Investing in the Region" },
    ],
  };

  it("defaults to the three figures of the home page (6 companies, 5 sectors, 20+ years)", async () => {
    const res = await new Client(pristine.baseUrl).get("/api/home-stats");
    expect(res.status).toBe(200);
    expect(res.json.stats).toEqual([
      { value: "6", label: "Global Investments" },
      { value: "5", label: "Different Industries" },
      { value: "20+", label: "Years of Experience" },
    ]);
  });

  it("is admin only (401 anonymous, 403 regular and investor)", async () => {
    expect((await new Client(ctx.baseUrl).put("/api/admin/settings/stats", figures)).status).toBe(401);
    expect((await new Client(ctx.baseUrl).get("/api/admin/settings/stats")).status).toBe(401);
    for (const role of ["regular", "investor"] as const) {
      const { client } = await signedInClient(ctx, role);
      expect((await client.put("/api/admin/settings/stats", figures)).status).toBe(403);
      expect((await client.get("/api/admin/settings/stats")).status).toBe(403);
    }
  });

  it("an admin saves three figures; the public home figures follow", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const res = await client.put("/api/admin/settings/stats", { stats: figures.stats.map((s) => ({ value: ` ${s.value} `, label: s.label, extra: 1 })) });
    expect(res.status).toBe(200);
    expect(res.json.stats).toEqual(figures.stats);
    expect((await new Client(ctx.baseUrl).get("/api/home-stats")).json.stats).toEqual(figures.stats);
    expect(await ctx.services.settings.read("homeStats")).toEqual(figures.stats);
  });

  it("refuses anything but three filled figures with clear messages", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const two = await client.put("/api/admin/settings/stats", { stats: figures.stats.slice(0, 2) });
    expect(two.status).toBe(400);
    expect(two.json.message).toBe("Please enter three figures with their labels");
    const bad = await client.put("/api/admin/settings/stats", {
      stats: [
        { value: "", label: "Portfolio Companies" },
        { value: "1234567890123", label: "Sectors" },
        { value: "5", label: "x".repeat(41) },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({
      "stats.0.value": "Please enter a figure",
      "stats.1.value": "A figure must be at most 12 characters",
      "stats.2.label": "A label must be at most 40 characters",
    });
    expect((await client.put("/api/admin/settings/stats", { stats: "7+" })).status).toBe(400);
    expect((await client.put("/api/admin/settings/stats", [])).status).toBe(400);
  });
});

describe("[settings] legal pages", () => {
  const text = "## Who we are\n\nMeridian Crest Holdings is the controller of your data.\n\n- One\n- Two";

  it("has sensible default texts until an admin saves one", async () => {
    for (const page of ["privacy", "terms", "cookies"] as const) {
      const p = await pristine.services.settings.legalPage(page);
      expect(p.isDefault).toBe(true);
      expect(p.body.length).toBeGreaterThan(500);
      expect(p.body).not.toMatch(/lorem|ipsum/i);
      expect(p.body).toContain("## ");
    }
    expect((await pristine.services.settings.legalPage("privacy")).title).toBe("Privacy Policy");
  });

  it("is admin only (401 anonymous, 403 regular and investor); unknown pages are 404", async () => {
    expect((await new Client(ctx.baseUrl).put("/api/admin/settings/legal/privacy", { body: text })).status).toBe(401);
    expect((await new Client(ctx.baseUrl).get("/api/admin/settings/legal")).status).toBe(401);
    for (const role of ["regular", "investor"] as const) {
      const { client } = await signedInClient(ctx, role);
      expect((await client.put("/api/admin/settings/legal/terms", { body: text })).status).toBe(403);
      expect((await client.get("/api/admin/settings/legal")).status).toBe(403);
    }
    expect((await ctx.services.settings.legalPage("terms")).isDefault).toBe(true);
    const { client } = await signedInClient(ctx, "admin");
    for (const page of ["imprint", "__proto__", "privacy%00", "PRIVACY"]) {
      expect((await client.put(`/api/admin/settings/legal/${page}`, { body: text })).status, page).toBe(404);
    }
  });

  it("an admin saves a page's text; it is stored as given (trimmed) with the date of the save", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const before = Date.now();
    const res = await client.put("/api/admin/settings/legal/cookies", { body: `  ${text.replace(/\n/g, "\r\n")}\u0000  ` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ page: "cookies", title: "Cookie Policy", path: "/cookies", body: text, isDefault: false });
    expect(Date.parse(res.json.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    const list = await client.get("/api/admin/settings/legal");
    expect(list.json.pages.map((p: { page: string }) => p.page)).toEqual(["privacy", "terms", "cookies"]);
    expect(list.json.pages[2].body).toBe(text);
    expect(list.json.pages[0].isDefault).toBe(true);
  });

  it("refuses texts that are too short or too long, and bodies that are not text", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const short = await client.put("/api/admin/settings/legal/privacy", { body: "Too short." });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe("The text must be at least 50 characters");
    const long = await client.put("/api/admin/settings/legal/privacy", { body: "x".repeat(20_001) });
    expect(long.status).toBe(400);
    expect(long.json.message).toBe("The text must be at most 20,000 characters");
    expect((await client.put("/api/admin/settings/legal/privacy", { body: ["a"] })).status).toBe(400);
    expect((await client.put("/api/admin/settings/legal/privacy", {})).status).toBe(400);
    expect((await ctx.services.settings.legalPage("privacy")).isDefault).toBe(true);
  });
});

describe("[settings] press spotlight", () => {
  it("is admin only", async () => {
    expect((await new Client(ctx.baseUrl).put("/api/admin/settings/spotlight", { id: null })).status).toBe(401);
    const { client } = await signedInClient(ctx, "investor");
    expect((await client.put("/api/admin/settings/spotlight", { id: null })).status).toBe(403);
  });

  it("an admin chooses a release, then clears the choice", async () => {
    const release = await ctx.services.press.create(press() as never);
    const { client } = await signedInClient(ctx, "admin");
    const set = await client.put("/api/admin/settings/spotlight", { id: release.id });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ id: release.id });
    expect(await ctx.services.settings.spotlightId()).toBe(release.id);
    expect((await client.get("/api/admin/settings/spotlight")).json).toEqual({ id: release.id });

    const cleared = await client.put("/api/admin/settings/spotlight", { id: null });
    expect(cleared.json).toEqual({ id: null });
    expect(await ctx.services.settings.spotlightId()).toBeNull();
  });

  it("refuses unknown releases (404) and malformed ids (400)", async () => {
    const { client } = await signedInClient(ctx, "admin");
    expect((await client.put("/api/admin/settings/spotlight", { id: 999_999 })).status).toBe(404);
    for (const id of ["9", -1, 1.5, 2 ** 40, undefined]) {
      const res = await client.put("/api/admin/settings/spotlight", { id });
      expect(res.status, String(id)).toBe(400);
    }
  });
});

describe("[settings] environment mode", () => {
  it("is production automatically on PRODUCTION_HOSTNAME, else the stored mode", async () => {
    const prod = await createTestContext({ env: { PRODUCTION_HOSTNAME: "meridiancrest.example" } });
    try {
      const { client } = await signedInClient(prod, "admin");
      const port = new URL(prod.baseUrl).port;
      const local = await client.get("/api/admin/settings/environment");
      expect(local.json).toEqual({ mode: null, effectiveMode: "development" });

      expect((await client.put("/api/admin/settings/environment", { mode: "development" })).status).toBe(200);
      // fetch() will not send another Host header; node:http will.
      const onLiveHost = await new Promise<string>((resolve, reject) => {
        const req = http.get(
          { host: "127.0.0.1", port, path: "/api/admin/settings/environment", headers: { Host: `www.meridiancrest.example:${port}`, Cookie: client.cookie } },
          (res) => {
            let body = "";
            res.on("data", (c) => (body += c));
            res.on("end", () => resolve(body));
          },
        );
        req.on("error", reject);
      });
      expect(JSON.parse(onLiveHost)).toEqual({ mode: "development", effectiveMode: "production" });
      expect(await prod.services.settings.effectiveMode("www.meridiancrest.example")).toBe("production");
      expect(await prod.services.settings.effectiveMode("127.0.0.1")).toBe("development");
      expect(await prod.services.settings.effectiveMode("meridiancrest.example.attacker.net")).toBe("development");

      expect((await client.put("/api/admin/settings/environment", { mode: "staging" })).status).toBe(400);
      const { client: investor } = await signedInClient(prod, "investor");
      expect((await investor.put("/api/admin/settings/environment", { mode: "production" })).status).toBe(403);
    } finally {
      await prod.close();
    }
  });
});
