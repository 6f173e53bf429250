/** Portfolio API: status and exit-year rules, year range messages, caching, unknown ids, deletes. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portfolioItems } from "../../server/db/schema";
import { portfolioSchema } from "../../shared/schemas";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { portfolioBody, pressBody } from "../helpers/factories";

let ctx: TestContext;
let admin: Client;
let anon: Client;
const thisYear = new Date().getFullYear();

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, "admin")).client;
  anon = new Client(ctx.baseUrl);
});
afterAll(() => ctx.close());

const db = () => ctx.services.database.db;
const rowCount = async () => (await db().select({ id: portfolioItems.id }).from(portfolioItems)).length;

async function create(overrides: Parameters<typeof portfolioBody>[0] = {}) {
  const res = await admin.post("/api/portfolio", portfolioBody(overrides));
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; updatedAt: string; name: string };
}

describe("[portfolio] status and exit year", () => {
  it.each(["Active", "Partial Exit", "Full Exit"])("[portfolio] accepts status %s", async (status) => {
    const exitYear = status === "Active" ? null : 2023;
    const res = await admin.post("/api/portfolio", portfolioBody({ status, exitYear, yearAcquired: 2019 }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status, exitYear });
  });

  it("[portfolio] status defaults to Active", async () => {
    const body: Record<string, unknown> = portfolioBody();
    delete body.status;
    delete body.exitYear;
    const res = await admin.post("/api/portfolio", body);
    expect(res.status).toBe(201);
    expect(res.json.status).toBe("Active");
    expect(res.json.exitYear).toBeNull();
  });

  it.each(["Sold", "active", "", 3])("[portfolio] refuses status %j with 400 and nothing stored", async (status) => {
    const before = await rowCount();
    const res = await admin.post("/api/portfolio", portfolioBody({ status, exitYear: null }));
    expect(res.status).toBe(400);
    expect(res.json.errors.status).toBe("Please select a status");
    expect(await rowCount()).toBe(before);
  });

  it("[portfolio] an exit year on an Active company is refused with a message on exitYear", async () => {
    const res = await admin.post("/api/portfolio", portfolioBody({ status: "Active", exitYear: 2022 }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ exitYear: "Exit year applies only to exited companies" });
    expect(res.json.message).toBe("Exit year applies only to exited companies");
  });

  it("[portfolio] an exit year before the acquisition is refused", async () => {
    const res = await admin.post("/api/portfolio", portfolioBody({ status: "Full Exit", yearAcquired: 2020, exitYear: 2018 }));
    expect(res.status).toBe(400);
    expect(res.json.errors.exitYear).toBe("Exit year cannot be before the year acquired");
  });

  it("[portfolio] an exit year in the future or before 1990 is refused", async () => {
    const future = await admin.post("/api/portfolio", portfolioBody({ status: "Full Exit", yearAcquired: 2020, exitYear: thisYear + 1 }));
    expect(future.status).toBe(400);
    expect(future.json.errors.exitYear).toBe("Year cannot be in the future");
    const early = await admin.post("/api/portfolio", portfolioBody({ status: "Full Exit", yearAcquired: 1990, exitYear: 1985 }));
    expect(early.status).toBe(400);
    expect(early.json.errors.exitYear).toBe("Year must be 1990 or later");
  });

  it("[portfolio] an empty exit year on an exited company is stored as no year", async () => {
    const res = await admin.post("/api/portfolio", portfolioBody({ status: "Partial Exit", exitYear: "" }));
    expect(res.status).toBe(201);
    expect(res.json.exitYear).toBeNull();
  });

  it("[portfolio] switching an exited company back to Active must drop its exit year", async () => {
    const item = await create({ status: "Partial Exit", yearAcquired: 2018, exitYear: 2021 });
    const refused = await admin.put(`/api/portfolio/${item.id}`, portfolioBody({ status: "Active", yearAcquired: 2018, exitYear: 2021 }));
    expect(refused.status).toBe(400);
    expect(refused.json.errors.exitYear).toBe("Exit year applies only to exited companies");
    const ok = await admin.put(`/api/portfolio/${item.id}`, portfolioBody({ status: "Active", yearAcquired: 2018, exitYear: null }));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ status: "Active", exitYear: null });
  });

  it("[portfolio] the database refuses an Active company with an exit year written around the API", async () => {
    const input = { ...portfolioSchema.parse(portfolioBody({ status: "Full Exit", exitYear: 2023, yearAcquired: 2019 })), status: "Active" as const };
    await expect(ctx.services.portfolio.create(input)).rejects.toThrow();
    await expect(
      db()
        .insert(portfolioItems)
        .values({ ...input, status: "Sold" as never, exitYear: null }),
    ).rejects.toThrow();
  });
});

describe("[portfolio] year acquired", () => {
  it("[portfolio] 1990 and the current year are accepted", async () => {
    for (const yearAcquired of [1990, thisYear]) {
      const res = await admin.post("/api/portfolio", portfolioBody({ yearAcquired }));
      expect(res.status).toBe(201);
      expect(res.json.yearAcquired).toBe(yearAcquired);
    }
  });

  it("[portfolio] 1989 is refused with 'Year must be 1990 or later'", async () => {
    const res = await admin.post("/api/portfolio", portfolioBody({ yearAcquired: 1989 }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ yearAcquired: "Year must be 1990 or later" });
  });

  it("[portfolio] next year is refused with 'Year cannot be in the future'", async () => {
    const res = await admin.post("/api/portfolio", portfolioBody({ yearAcquired: thisYear + 1 }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ yearAcquired: "Year cannot be in the future" });
  });

  it.each([["abc"], [2020.5], [null], [{}]])("[portfolio] %j is refused as not a valid year", async (yearAcquired) => {
    const res = await admin.post("/api/portfolio", portfolioBody({ yearAcquired }));
    expect(res.status).toBe(400);
    expect(res.json.errors.yearAcquired).toMatch(/year/i);
  });

  it("[portfolio] the other fields carry the spec's messages", async () => {
    const res = await admin.post("/api/portfolio", {
      name: "X",
      description: "short",
      sector: "",
      yearAcquired: 2020,
      image: "not a url",
      website: "ftp://example.com",
    });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      name: "Name must be at least 2 characters",
      description: "Description must be at least 10 characters",
      sector: "Please select a sector",
      image: "Please enter a valid image URL",
      website: "Please enter a valid website URL",
    });
  });
});

describe("[portfolio] reading", () => {
  it("[portfolio] GET /api/portfolio is cacheable for 300 seconds", async () => {
    await create();
    const res = await anon.get("/api/portfolio");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/(^|[ ,])max-age=300($|[ ,])/);
    expect(res.headers.get("cache-control")).not.toMatch(/no-store|private/);
    expect(Array.isArray(res.json)).toBe(true);
  });

  it("[portfolio] GET by id returns the item; an unknown id is a 404 with a JSON message", async () => {
    const item = await create({ name: "Readable Company" });
    const got = await anon.get(`/api/portfolio/${item.id}`);
    expect(got.status).toBe(200);
    expect(got.json.name).toBe("Readable Company");
    const missing = await anon.get("/api/portfolio/99999");
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: "Portfolio item not found", code: "NOT_FOUND" });
  });

  it("[portfolio] PUT and DELETE of an unknown id are 404", async () => {
    expect((await admin.put("/api/portfolio/99999", portfolioBody())).status).toBe(404);
    expect((await admin.delete("/api/portfolio/99999")).status).toBe(404);
  });
});

describe("[portfolio] writes", () => {
  it("[portfolio] PUT replaces the item and a stale updatedAt is refused with 409", async () => {
    const item = await create();
    const first = await admin.put(`/api/portfolio/${item.id}`, { ...portfolioBody({ name: "First Edit Ltd" }), updatedAt: item.updatedAt });
    expect(first.status).toBe(200);
    expect(first.json.name).toBe("First Edit Ltd");
    const stale = await admin.put(`/api/portfolio/${item.id}`, { ...portfolioBody({ name: "Lost Edit Ltd" }), updatedAt: item.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe("This item was changed by someone else since you opened it. Reload to see the latest version.");
    expect((await anon.get(`/api/portfolio/${item.id}`)).json.name).toBe("First Edit Ltd");
  });

  it("[portfolio] deleting a company keeps the press releases about it readable", async () => {
    const company = await create({ name: "Vanishing Ventures", companyLogo: "/uploads/motorly-logo.webp" });
    const release = await admin.post("/api/press-releases", pressBody({ company: "Vanishing Ventures", companyLogo: "/uploads/motorly-logo.webp" }));
    expect(release.status).toBe(201);

    const del = await admin.delete(`/api/portfolio/${company.id}`);
    expect(del.status).toBe(200);
    expect((await anon.get(`/api/portfolio/${company.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/portfolio/${company.id}`)).status).toBe(404);

    const after = await anon.get(`/api/press-releases/${release.json.id}`);
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ company: "Vanishing Ventures", companyLogo: "/uploads/motorly-logo.webp", company_logo: "/uploads/motorly-logo.webp" });
    const list = await anon.get("/api/press-releases");
    expect(list.json.some((r: { id: number }) => r.id === release.json.id)).toBe(true);
  });

  it("[portfolio] a deleted row is gone from the database", async () => {
    const item = await create();
    expect((await admin.delete(`/api/portfolio/${item.id}`)).json).toEqual({ message: "Portfolio item deleted" });
    expect(await db().select().from(portfolioItems).where(eq(portfolioItems.id, item.id))).toEqual([]);
  });
});
