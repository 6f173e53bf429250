/**
 * Sign-in and registration limits, counted in the database so every app instance shares them: failed
 * sign-ins per address and per account, registrations per address. And the counter itself: exactly the
 * budget passes under concurrency, on PostgreSQL through two connection pools when TEST_DATABASE_URL is set.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { loginThrottles, rateLimits } from "../../server/db/schema";
import { createRateLimitService, visitorKey, type RateRule } from "../../server/features/rate-limits/rate-limit";
import { message } from "../../server/lib/messages";
import { Client, createTestContext, type TestContext } from "../helpers/context";
import { userInput } from "../helpers/factories";

const LOGIN_RATE_MESSAGE = "Too many sign-in attempts. Please wait a few minutes and try again.";
const REGISTER_RATE_MESSAGE = "Too many accounts have been created from your network. Please try again later.";

let ctx: TestContext;
/** A server whose per-account waits are a minute and more: tests that must not see a wait end on a slow machine. */
let slow: TestContext;
/**
 * A server whose first per-account wait is 10 s: long enough that no wait ends between two requests on a loaded
 * machine. The test ends a wait by moving its end to now (`endWait`) instead of sleeping through it.
 */
let paced: TestContext;
let secondDatabase: Database;
let n = 0;

beforeAll(async () => {
  // Behind a proxy, so each test can be a client of its own (X-Forwarded-For).
  ctx = await createTestContext({ env: { TRUST_PROXY: "true" } });
  slow = await createTestContext({ env: { TRUST_PROXY: "true" }, services: { throttleTimes: { firstDelayMs: 60_000, maxDelayMs: 5 * 60_000 } } });
  paced = await createTestContext({ env: { TRUST_PROXY: "true" }, services: { throttleTimes: { firstDelayMs: 10_000, maxDelayMs: 5 * 60_000 } } });
  const { databaseUrl, dataDir } = ctx.services.config;
  secondDatabase = databaseUrl ? await openDatabase({ databaseUrl, dataDir }) : ctx.database;
});

afterAll(async () => {
  if (secondDatabase && secondDatabase !== ctx.database) await secondDatabase.close();
  await slow?.close();
  await paced?.close();
  await ctx?.close();
});

const address = () => `203.0.113.${++n}`;
const from = (ip: string) => ({ "X-Forwarded-For": ip });
const client = (on: TestContext = ctx) => new Client(on.baseUrl);

/** Ends every wait on `on` as if its time had passed (how long it was is what Retry-After said). */
const endWait = (on: TestContext) =>
  on.services.database.db
    .update(loginThrottles)
    .set({ lockedUntil: sql`now()` })
    .where(sql`${loginThrottles.lockedUntil} is not null`);

async function newAccount(on: TestContext = ctx) {
  const email = `limit${++n}-${Date.now().toString(36)}@example.test`;
  const password = "the right password";
  await on.services.users.create(userInput({ email, password, fullName: "Limit Tester" }));
  return { email, password };
}

describe("[auth] sign-in limits", () => {
  it("after 5 failed sign-ins on one account, from 5 addresses, each attempt waits longer (10 s, then 20 s here; 1 s, then 2 s by default), the right password too; others are not affected", async () => {
    const target = await newAccount(paced);
    for (let i = 0; i < 5; i++) {
      const res = await client(paced).post("/api/login", { email: target.email, password: `wrong guess ${i}` }, from(address()));
      expect(res.status).toBe(401);
    }
    // Even the right password waits now: a guesser cannot tell a hit from a miss.
    const locked = await client(paced).post("/api/login", target, from(address()));
    expect(locked.status).toBe(429);
    expect(locked.json).toEqual({
      message: "Too many failed sign-ins to this account. Try again in 10 seconds, or reset your password.",
      code: "TOO_MANY_REQUESTS",
    });
    expect(locked.headers.get("retry-after")).toBe("10");
    const arabic = await client(paced).post("/api/login", target, { ...from(address()), "Accept-Language": "ar" });
    expect(arabic.json.message).toBe(message("ar", "errors.rate.loginAccount", { seconds: 10 }));
    expect(arabic.json.message).toMatch(/^محاولات دخول فاشلة كثيرة إلى هذا الحساب\. حاول مجددًا بعد .+ ثوانٍ، أو أعد تعيين كلمة المرور\.$/);

    const other = await newAccount(paced);
    expect((await client(paced).post("/api/login", other, from(address()))).status).toBe(200);

    await endWait(paced);
    expect((await client(paced).post("/api/login", { email: target.email, password: "wrong again" }, from(address()))).status).toBe(401);
    const longer = await client(paced).post("/api/login", target, from(address()));
    expect(longer.status).toBe(429);
    expect(longer.headers.get("retry-after")).toBe("20");

    // After the wait the owner signs in, and the count starts again from nothing.
    await endWait(paced);
    expect((await client(paced).post("/api/login", target, from(address()))).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await client(paced).post("/api/login", { email: target.email, password: `wrong guess again ${i}` }, from(address()))).status).toBe(401);
    const [row] = await paced.services.database.db.select().from(loginThrottles);
    expect(row.key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(row)).not.toContain("@");
  });

  it("an attacker cannot lock the owner out: a browser that signed in before is not held back", async () => {
    const target = await newAccount(slow);
    const signedIn = await fetch(`${slow.baseUrl}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...from(address()) },
      body: JSON.stringify(target),
    });
    expect(signedIn.status).toBe(200);
    const setCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith("mc_device="));
    expect(setCookie).toMatch(/; Path=\/api; Max-Age=31536000; HttpOnly; SameSite=Lax$/);
    const deviceCookie = setCookie!.split(";")[0];
    for (let i = 0; i < 8; i++) await client(slow).post("/api/login", { email: target.email, password: `attack ${i}` }, from(address()));
    expect((await client(slow).post("/api/login", target, from(address()))).status).toBe(429);
    // The owner's browser kept its 'known device' cookie (sent to /api only, httpOnly).
    const res = await fetch(`${slow.baseUrl}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: deviceCookie, ...from(address()) },
      body: JSON.stringify(target),
    });
    expect(res.status).toBe(200);
    // Its sign-in leaves the attacker's count as it was; a forged device cookie does not help.
    const forged = deviceCookie.replace(/\.([A-Za-z0-9_-]+)$/, ".AAAA$1");
    const refused = await fetch(`${slow.baseUrl}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: forged, ...from(address()) },
      body: JSON.stringify({ email: target.email, password: "attack again" }),
    });
    expect(refused.status).toBe(429);
  });

  it("successful sign-ins do not count: 30 in a row from one address all pass", async () => {
    const account = await newAccount();
    const ip = address();
    for (let i = 0; i < 30; i++) expect((await client().post("/api/login", account, from(ip))).status).toBe(200);
  });

  it("guesses sent all at once cannot slip past the per-account throttle: exactly 5 are checked", async () => {
    const target = await newAccount(slow);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => client(slow).post("/api/login", { email: target.email, password: `parallel guess ${i}` }, from(address()))),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
  });

  it("the per-address limit answers 429 with Retry-After after 20 failures", async () => {
    const ip = address();
    for (let i = 0; i < 20; i++)
      expect((await client().post("/api/login", { email: `nobody${i}-${ip}@example.test`, password: "wrong password" }, from(ip))).status).toBe(401);
    const res = await client().post("/api/login", { email: `nobody-last-${ip}@example.test`, password: "wrong password" }, from(ip));
    expect(res.status).toBe(429);
    expect(res.json).toEqual({ message: LOGIN_RATE_MESSAGE, code: "TOO_MANY_REQUESTS" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("[auth] registration limit", () => {
  it("30 registrations per address per hour, then 429 with a readable message and Retry-After; another address may register", async () => {
    const ip = address();
    for (let i = 0; i < 30; i++) {
      const res = await client().post(
        "/api/register",
        { email: `reg${i}-${ip}@example.test`, fullName: "New Member", password: "long enough password" },
        from(ip),
      );
      expect(res.status, res.text).toBe(202);
    }
    const refused = await client().post(
      "/api/register",
      { email: `reg-last-${ip}@example.test`, fullName: "New Member", password: "long enough password" },
      from(ip),
    );
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ message: REGISTER_RATE_MESSAGE, code: "TOO_MANY_REQUESTS" });
    const retry = Number(refused.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(59 * 60);
    expect(retry).toBeLessThanOrEqual(60 * 60);
    const elsewhere = address();
    expect(
      (
        await client().post(
          "/api/register",
          { email: `reg-other-${elsewhere}@example.test`, fullName: "New Member", password: "long enough password" },
          from(elsewhere),
        )
      ).status,
    ).toBe(202);
  });
});

describe("[limits] the shared counter", () => {
  const rule: RateRule = { name: "test", limit: 5, windowMs: 60_000, message: "errors.rate.contact" };

  it("50 attempts at once, through two instances (two pools on PostgreSQL), let exactly the budget through", async () => {
    const one = createRateLimitService({ db: ctx.database.db });
    const two = createRateLimitService({ db: secondDatabase.db });
    const subject = `burst-${++n}`;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? one : two).hit(rule, subject)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it("a refund gives one attempt back, never below zero", async () => {
    const limits = createRateLimitService({ db: ctx.database.db });
    const subject = `refund-${++n}`;
    for (let i = 0; i < 5; i++) await limits.consume(rule, subject);
    await expect(limits.consume(rule, subject)).rejects.toMatchObject({
      status: 429,
      message: "You have sent several messages in a short time. Please wait a few minutes before sending another.",
    });
    await limits.refund(rule, subject);
    await limits.refund(rule, subject);
    await expect(limits.consume(rule, subject)).resolves.toMatchObject({ allowed: true });
    for (let i = 0; i < 10; i++) await limits.refund(rule, subject);
    const [row] = await ctx.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `test:${subject}`));
    expect(row.hits).toBe(0);
  });

  it("the sweep deletes only expired counters", async () => {
    const limits = createRateLimitService({ db: ctx.database.db });
    const live = `live-${++n}`;
    const old = `old-${n}`;
    await limits.hit(rule, live);
    await limits.hit(rule, old);
    await ctx.database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 minute'` })
      .where(eq(rateLimits.key, `test:${old}`));
    await limits.sweep();
    const keys = (await ctx.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain(`test:${live}`);
    expect(keys).not.toContain(`test:${old}`);
  });

  it("addresses: IPv4 as is (also when mapped into IPv6), IPv6 by its /56, no e-mail addresses in the table", async () => {
    expect(visitorKey("203.0.113.9")).toBe("203.0.113.9");
    expect(visitorKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(visitorKey("2001:db8:1:2ab:3:4:5:6")).toBe("2001:db8:1:200::/56");
    expect(visitorKey("2001:db8:1:2ff::9")).toBe(visitorKey("2001:db8:1:200:ffff::1"));
    expect(visitorKey("2001:db8:1:300::1")).not.toBe(visitorKey("2001:db8:1:200::1"));
    expect(visitorKey(undefined)).toBe("unknown");
    const keys = (await ctx.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.some((k) => k.includes("@"))).toBe(false);
  });
});
