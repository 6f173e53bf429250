/** Investor applications: a regular user applies, an admin approves (role becomes investor) or rejects. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { investorApplications, users } from "../../server/db/schema";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";

let ctx: TestContext;
let admin: Client;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await signedInClient(ctx, "admin");
  admin = a.client;
  adminId = a.user!.id;
});
afterAll(() => ctx.close());

const db = () => ctx.services.database.db;
const application = (overrides: Record<string, unknown> = {}) => ({
  company: "Nile Family Office",
  position: "Investment Director",
  motivation: "We co-invest in logistics and fintech across North Africa.",
  investmentInterests: "Logistics, fintech",
  ...overrides,
});
const roleOf = async (id: number) => (await db().select({ role: users.role }).from(users).where(eq(users.id, id)))[0].role;
const ALREADY_PENDING = "You already have an application under review.";

describe("[applications] applying", () => {
  it("[applications] a regular user applies: 201, pending, stored with the user's id", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    expect((await client.get("/api/investor-applications/mine")).json ?? null).toBeNull();
    const res = await client.post("/api/investor-applications", application());
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "pending", userId: user!.id, company: "Nile Family Office", reviewedAt: null, reviewedById: null });
    expect(Date.parse(res.json.submittedAt)).not.toBeNaN();
    const [row] = await db().select().from(investorApplications).where(eq(investorApplications.id, res.json.id));
    expect(row).toMatchObject({ userId: user!.id, status: "pending", motivation: application().motivation });
    const mine = await client.get("/api/investor-applications/mine");
    expect(mine.status).toBe(200);
    expect(mine.json.id).toBe(res.json.id);
  });

  it("[applications] a second application while one is pending is refused with 409", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    expect((await client.post("/api/investor-applications", application())).status).toBe(201);
    const again = await client.post("/api/investor-applications", application({ company: "Another Company" }));
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: ALREADY_PENDING, code: "CONFLICT" });
    expect(await db().select().from(investorApplications).where(eq(investorApplications.userId, user!.id))).toHaveLength(1);
  });

  it("[applications] two applications sent at the same time: one is stored, the other refused", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    const results = await Promise.all([client.post("/api/investor-applications", application()), client.post("/api/investor-applications", application())]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.json.message).toBe(ALREADY_PENDING);
    expect(await db().select().from(investorApplications).where(eq(investorApplications.userId, user!.id))).toHaveLength(1);
  });

  it.each(["investor", "admin"] as const)("[applications] an %s cannot apply", async (role) => {
    const { client, user } = await signedInClient(ctx, role);
    const res = await client.post("/api/investor-applications", application());
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("You already have investor access.");
    expect(await db().select().from(investorApplications).where(eq(investorApplications.userId, user!.id))).toEqual([]);
  });

  it("[applications] the application is validated with the shared schema", async () => {
    const { client } = await signedInClient(ctx, "regular");
    const res = await client.post("/api/investor-applications", { company: "A", position: "", motivation: "too short" });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      company: "Company is required",
      position: "Position is required",
      motivation: "Please tell us why you want investor access (at least 20 characters)",
    });
  });

  it("[applications] a userId or status in the body is ignored", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    const res = await client.post("/api/investor-applications", application({ userId: adminId, status: "approved", reviewedById: adminId }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ userId: user!.id, status: "pending", reviewedById: null });
  });
});

describe("[applications] reviewing", () => {
  it("[applications] approving makes the applicant an investor and records who and when", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    const app = (await client.post("/api/investor-applications", application())).json;
    const list = await admin.get("/api/admin/investor-applications");
    expect(list.status).toBe(200);
    expect(list.json.find((a: { id: number }) => a.id === app.id)).toMatchObject({ status: "pending", email: user!.email, fullName: user!.fullName });

    const before = Date.now();
    const res = await admin.post(`/api/admin/investor-applications/${app.id}/approve`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: app.id, status: "approved", reviewedById: adminId });
    expect(Date.parse(res.json.reviewedAt)).toBeGreaterThanOrEqual(before - 5000);

    const [row] = await db().select().from(investorApplications).where(eq(investorApplications.id, app.id));
    expect(row.status).toBe("approved");
    expect(row.reviewedById).toBe(adminId);
    expect(row.reviewedAt).toBeInstanceOf(Date);
    expect(await roleOf(user!.id)).toBe("investor");
    // The applicant's existing session sees the new role at once.
    const me = await client.get("/api/user");
    expect(me.json.role).toBe("investor");
    expect((await client.get("/api/investor-applications/mine")).json.status).toBe("approved");
  });

  it("[applications] rejecting keeps the applicant regular; they may apply again", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    const app = (await client.post("/api/investor-applications", application())).json;
    const res = await admin.post(`/api/admin/investor-applications/${app.id}/reject`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "rejected", reviewedById: adminId });
    expect(res.json.reviewedAt).not.toBeNull();
    expect(await roleOf(user!.id)).toBe("regular");
    expect((await client.get("/api/investor-applications/mine")).json.status).toBe("rejected");

    const again = await client.post("/api/investor-applications", application({ motivation: "Our fund has grown and we would like to try again." }));
    expect(again.status).toBe(201);
    expect((await client.get("/api/investor-applications/mine")).json.id).toBe(again.json.id);
  });

  it("[applications] an application is reviewed once", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    const app = (await client.post("/api/investor-applications", application())).json;
    expect((await admin.post(`/api/admin/investor-applications/${app.id}/reject`)).status).toBe(200);
    const approve = await admin.post(`/api/admin/investor-applications/${app.id}/approve`);
    expect(approve.status).toBe(409);
    expect(approve.json.message).toBe("This application has already been reviewed.");
    expect(await roleOf(user!.id)).toBe("regular");
  });

  it("[applications] two admins deciding at the same time: one decision wins", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    const app = (await client.post("/api/investor-applications", application())).json;
    const other = (await signedInClient(ctx, "admin")).client;
    const results = await Promise.all([
      admin.post(`/api/admin/investor-applications/${app.id}/approve`),
      other.post(`/api/admin/investor-applications/${app.id}/reject`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!.json.status;
    expect(await roleOf(user!.id)).toBe(winner === "approved" ? "investor" : "regular");
  });

  it("[applications] non-admins cannot review, and nothing changes", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    const app = (await client.post("/api/investor-applications", application())).json;
    const investor = (await signedInClient(ctx, "investor")).client;
    expect((await client.post(`/api/admin/investor-applications/${app.id}/approve`)).status).toBe(403);
    expect((await investor.post(`/api/admin/investor-applications/${app.id}/approve`)).status).toBe(403);
    expect((await new Client(ctx.baseUrl).post(`/api/admin/investor-applications/${app.id}/approve`)).status).toBe(401);
    expect(await roleOf(user!.id)).toBe("regular");
    expect((await client.get("/api/investor-applications/mine")).json.status).toBe("pending");
  });
});
