import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brand as defaultBrand } from "../../shared/brand";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

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
    expect((await new Client(ctx.baseUrl).put("/api/settings/brand", validBrand)).status).toBe(401);
    for (const role of ["regular", "investor"] as const) {
      const { client } = await signedInClient(ctx, role);
      expect((await client.put("/api/settings/brand", validBrand)).status).toBe(403);
      expect((await client.get("/api/settings/brand")).status).toBe(403);
    }
    expect((await ctx.services.settings.brand()).name).toBe(defaultBrand.name);
  });

  it("an admin saves the brand; the site reads it back, normalised", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const res = await client.put("/api/settings/brand", validBrand);
    expect(res.status).toBe(200);
    expect(res.json.name).toBe("Meridian Crest Capital");
    expect(res.json.email).toBe("hello@meridian.example");
    expect(res.json.social.twitter).toBe("#");
    // Keys the form does not edit keep their defaults.
    expect(res.json.metaDescription).toBe(defaultBrand.metaDescription);
    const stored = await ctx.services.settings.brand();
    expect(stored.tagline).toBe("Patient Capital");
    expect((await client.get("/api/settings/brand")).json.address).toBe(validBrand.address);
  });

  it("gives the schema's field messages and keeps unknown keys out", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const bad = await client.put("/api/settings/brand", {
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
      "social.linkedin": "Please enter a valid URL (https://…) or #",
      "social.twitter": "Please enter a valid URL (https://…) or #",
    });

    const sneaky = await client.put("/api/settings/brand", { ...validBrand, isAdmin: true, __proto__: { polluted: true } });
    expect(sneaky.status).toBe(200);
    const raw = await ctx.services.settings.read<Record<string, unknown>>("brand");
    expect(raw).not.toHaveProperty("isAdmin");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses a cross-site write even from an admin session", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const res = await client.put("/api/settings/brand", validBrand, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});

describe("[settings] press spotlight", () => {
  it("is admin only", async () => {
    expect((await new Client(ctx.baseUrl).put("/api/settings/spotlight", { id: null })).status).toBe(401);
    const { client } = await signedInClient(ctx, "investor");
    expect((await client.put("/api/settings/spotlight", { id: null })).status).toBe(403);
  });

  it("an admin chooses a release, then clears the choice", async () => {
    const release = await ctx.services.press.create(press() as never);
    const { client } = await signedInClient(ctx, "admin");
    const set = await client.put("/api/settings/spotlight", { id: release.id });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ id: release.id });
    expect(await ctx.services.settings.spotlightId()).toBe(release.id);
    expect((await client.get("/api/settings/spotlight")).json).toEqual({ id: release.id });

    const cleared = await client.put("/api/settings/spotlight", { id: null });
    expect(cleared.json).toEqual({ id: null });
    expect(await ctx.services.settings.spotlightId()).toBeNull();
  });

  it("refuses unknown releases (404) and malformed ids (400)", async () => {
    const { client } = await signedInClient(ctx, "admin");
    expect((await client.put("/api/settings/spotlight", { id: 999_999 })).status).toBe(404);
    for (const id of ["9", -1, 1.5, 2 ** 40, undefined]) {
      const res = await client.put("/api/settings/spotlight", { id });
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
      const local = await client.get("/api/settings/environment");
      expect(local.json).toEqual({ mode: null, effectiveMode: "development" });

      expect((await client.put("/api/settings/environment", { mode: "development" })).status).toBe(200);
      // fetch() will not send another Host header; node:http will.
      const onLiveHost = await new Promise<string>((resolve, reject) => {
        const req = http.get(
          { host: "127.0.0.1", port, path: "/api/settings/environment", headers: { Host: `www.meridiancrest.example:${port}`, Cookie: client.cookie } },
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

      expect((await client.put("/api/settings/environment", { mode: "staging" })).status).toBe(400);
      const { client: investor } = await signedInClient(prod, "investor");
      expect((await investor.put("/api/settings/environment", { mode: "production" })).status).toBe(403);
    } finally {
      await prod.close();
    }
  });
});
