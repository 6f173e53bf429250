/** The security log: what is recorded for sign-ins, resets, confirmations and role changes, and who may read it. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, securityEvents } from "../../server/db/schema";
import { hashToken } from "../../server/features/accounts/accounts";
import { Client, createTestContext, enrolAuthenticator, signedInClient, totpCode, type TestContext } from "../helpers/context";
import { userInput } from "../helpers/factories";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: "true" } });
});
afterAll(() => ctx.close());

let n = 0;
const from = (ip: string) => ({ "X-Forwarded-For": ip, "User-Agent": "Mozilla/5.0 (Test) Chrome/156" });
const eventsOf = async (userId: number) =>
  (await ctx.services.database.db.select().from(securityEvents).where(eq(securityEvents.userId, userId))).map((e) => e.type);
async function account() {
  const email = `events${++n}-${Date.now().toString(36)}@example.test`;
  const user = await ctx.services.users.create(userInput({ email, password: "the right password", fullName: "Event Tester", isVerified: true }));
  return { user, email, password: "the right password" };
}

describe("[security] events", () => {
  it("[security] sign-ins, failed and successful, are recorded with the address and browser; unknown addresses are not", async () => {
    const { user, email, password } = await account();
    expect((await new Client(ctx.baseUrl).post("/api/login", { email, password: "wrong password" }, from("198.51.100.7"))).status).toBe(401);
    expect((await new Client(ctx.baseUrl).post("/api/login", { email, password }, from("198.51.100.8"))).status).toBe(200);
    const before = (await ctx.services.database.db.select().from(securityEvents)).length;
    await new Client(ctx.baseUrl).post("/api/login", { email: "nobody@example.test", password: "whatever pass" }, from("198.51.100.9"));
    expect((await ctx.services.database.db.select().from(securityEvents)).length).toBe(before);
    const rows = await ctx.services.database.db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
    expect(rows.map((r) => [r.type, r.ipAddress, r.userAgent])).toEqual([
      ["sign-in-failed", "198.51.100.7", "Mozilla/5.0 (Test) Chrome/156"],
      ["sign-in", "198.51.100.8", "Mozilla/5.0 (Test) Chrome/156"],
    ]);
  });

  it("[security] a user reads their own recent sign-ins, newest first, and no one else's", async () => {
    const mine = await account();
    const other = await account();
    const client = new Client(ctx.baseUrl);
    await client.post("/api/login", { email: mine.email, password: "wrong password" }, from("203.0.113.50"));
    await client.post("/api/login", { email: mine.email, password: mine.password }, from("203.0.113.51"));
    await new Client(ctx.baseUrl).post("/api/login", { email: other.email, password: other.password }, from("203.0.113.52"));
    const res = await client.get("/api/user/sign-ins");
    expect(res.status).toBe(200);
    expect(res.json.map((e: { type: string; ipAddress: string }) => [e.type, e.ipAddress])).toEqual([
      ["sign-in", "203.0.113.51"],
      ["sign-in-failed", "203.0.113.50"],
    ]);
    expect((await new Client(ctx.baseUrl).get("/api/user/sign-ins")).status).toBe(401);
  });

  it("[security] a wrong code after the right password is a failed second step, told apart from a wrong password in the user's sign-ins and the admin's log", async () => {
    const { user, email, password } = await account();
    const { secret } = await enrolAuthenticator(ctx, user.id);
    const client = new Client(ctx.baseUrl);
    expect((await client.post("/api/login", { email, password: "wrong password" }, from("203.0.113.60"))).status).toBe(401);
    expect((await client.post("/api/login", { email, password }, from("203.0.113.61"))).json.twoFactorRequired).toBe(true);
    expect((await client.post("/api/login/two-factor", { code: "000000" }, from("203.0.113.61"))).status).not.toBe(200);
    expect((await client.post("/api/login/two-factor", { code: await totpCode(secret) }, from("203.0.113.61"))).status).toBe(200);
    const mine = await client.get("/api/user/sign-ins");
    expect(mine.json.map((e: { type: string; step: string | null }) => [e.type, e.step])).toEqual([
      ["sign-in", null],
      ["sign-in-failed", "two-factor"],
      ["sign-in-failed", null],
    ]);
    const { client: admin } = await signedInClient(ctx, "admin");
    const log = await admin.get(`/api/admin/security-events?userId=${user.id}`);
    const signIns = log.json.events.filter((e: { type: string }) => e.type.startsWith("sign-in"));
    expect(signIns.map((e: { type: string; detail: unknown }) => [e.type, e.detail])).toEqual([
      ["sign-in", { method: "authenticator-app" }],
      ["sign-in-failed", { step: "two-factor" }],
      ["sign-in-failed", null],
    ]);
  });

  it("[security] a reset asked for and made, and a confirmed address, are recorded", async () => {
    const { user, email } = await account();
    await new Client(ctx.baseUrl).post("/api/password-reset", { email }, from("192.0.2.10"));
    // The link is only in the e-mail; the test makes its own token the same way.
    const token = "R".repeat(43);
    await ctx.services.database.db
      .insert(accountTokens)
      .values({ userId: user.id, purpose: "password-reset", tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 60_000) });
    expect((await new Client(ctx.baseUrl).post("/api/password-reset/confirm", { token, password: "a new password" }, from("192.0.2.11"))).status).toBe(200);
    const verify = "V".repeat(43);
    await ctx.services.database.db
      .insert(accountTokens)
      .values({ userId: user.id, purpose: "verify-email", tokenHash: hashToken(verify), expiresAt: new Date(Date.now() + 60_000) });
    expect((await new Client(ctx.baseUrl).post("/api/verify-email", { token: verify }, from("192.0.2.12"))).status).toBe(200);
    expect(await eventsOf(user.id)).toEqual(["password-reset-requested", "password-reset", "email-verified"]);
  });

  it("[security] approving an application records the role change and who made it; admins read the log, others may not", async () => {
    const { client: admin, user: adminUser } = await signedInClient(ctx, "admin");
    const { client: applicant, user } = await signedInClient(ctx, "regular");
    const applied = await applicant.post("/api/investor-applications", {
      company: "Delta",
      position: "CFO",
      motivation: "We invest in the energy transition in Egypt.",
    });
    await admin.post(`/api/admin/investor-applications/${applied.json.id}/approve`, {}, from("192.0.2.20"));
    const log = await admin.get(`/api/admin/security-events?type=role-changed&userId=${user!.id}`);
    expect(log.status).toBe(200);
    // How long the log keeps an event (SECURITY_LOG_KEEP_DAYS, a year unless set).
    expect(log.json.keepDays).toBe(365);
    expect(log.json.events).toHaveLength(1);
    expect(log.json.events[0]).toMatchObject({
      type: "role-changed",
      userId: user!.id,
      actorId: adminUser!.id,
      actorEmail: adminUser!.email,
      email: user!.email,
      ipAddress: "192.0.2.20",
      detail: { from: "regular", to: "investor", reason: "application-approved" },
    });
    expect((await applicant.get("/api/admin/security-events")).status).toBe(403);
    expect((await admin.get("/api/admin/security-events?type=nothing")).status).toBe(400);
  });
});
