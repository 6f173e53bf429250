/**
 * One contact rule: 5 messages per 10 minutes per visitor address, counted in the database. The JSON API
 * and the no-JavaScript form draw on the same budget, and so does every app instance on the database.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (then each instance has its own pool).
 */
// On both engines: a second connection is the same PGlite, or a pool of its own on PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { contactSubmissions, rateLimits } from "../../server/db/schema";
import { Client, createTestContext, type TestContext } from "../helpers/context";
import { closeVite, servePages } from "../helpers/pages-server";

const CONTACT_RATE_MESSAGE = "You have sent several messages in a short time. Please wait a few minutes before sending another.";

type Instance = Awaited<ReturnType<typeof servePages>>;

let ctx: TestContext;
/** A second connection to the same database: its own pool on PostgreSQL, the same PGlite otherwise. */
let secondDatabase: Database;
let a: Instance;
let b: Instance;
let n = 0;

beforeAll(async () => {
  // Behind a proxy, so each test can be a visitor of its own (X-Forwarded-For).
  ctx = await createTestContext({ env: { TRUST_PROXY: "true" } });
  const config = ctx.services.config;
  secondDatabase = config.databaseUrl ? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }) : ctx.database;
  a = await servePages(ctx.database, config);
  b = await servePages(secondDatabase, config);
  // The first page render compiles the app; keep that out of the tests' time limits.
  await fetch(`${a.baseUrl}/`);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await closeVite();
  if (secondDatabase && secondDatabase !== ctx.database) await secondDatabase.close();
  await ctx?.close();
});

const visitor = () => `198.51.100.${++n}`;
const message = (subject: string) => ({
  fullName: "Amina Youssef",
  email: "amina@example.com",
  subject,
  message: "We would like to discuss a logistics partnership.",
});
const db = () => ctx.services.database.db;
const stored = async (prefix: string) =>
  (await db().select({ subject: contactSubmissions.subject }).from(contactSubmissions)).filter((r) => r.subject.startsWith(prefix)).length;

async function viaApi(instance: Instance, ip: string, subject: string, extra: Record<string, string> = {}) {
  return new Client(instance.baseUrl).post("/api/contact", { ...message(subject), ...extra }, { "X-Forwarded-For": ip });
}

/** The home page's form posted by a browser without JavaScript. */
async function viaForm(instance: Instance, ip: string, subject: string) {
  const res = await fetch(`${instance.baseUrl}/?index`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: instance.baseUrl, "X-Forwarded-For": ip },
    body: new URLSearchParams({ ...message(subject), website: "" }),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("[contact] one budget per visitor", () => {
  it("3 through the API and 2 through the no-JavaScript form use it up; then both refuse, with Retry-After", async () => {
    const ip = visitor();
    const p = `Shared budget ${ip}`;
    const statuses = [
      (await viaApi(a, ip, `${p} 1`)).status,
      (await viaApi(a, ip, `${p} 2`)).status,
      (await viaApi(a, ip, `${p} 3`)).status,
      (await viaForm(a, ip, `${p} 4`)).status,
      (await viaForm(a, ip, `${p} 5`)).status,
    ];
    expect(statuses).toEqual([201, 201, 201, 303, 303]);

    const api = await viaApi(a, ip, `${p} 6`);
    expect(api.status).toBe(429);
    expect(api.json).toEqual({ message: CONTACT_RATE_MESSAGE, code: "TOO_MANY_REQUESTS" });
    const apiRetry = Number(api.headers.get("retry-after"));
    expect(apiRetry).toBeGreaterThan(0);
    expect(apiRetry).toBeLessThanOrEqual(600);

    const form = await viaForm(a, ip, `${p} 7`);
    expect(form.status).toBe(429);
    expect(form.text).toContain(CONTACT_RATE_MESSAGE);
    // What the visitor typed is kept in the form.
    expect(form.text).toContain(`${p} 7`);
    expect(Number(form.headers.get("retry-after"))).toBeGreaterThan(0);

    expect(await stored(p)).toBe(5);
  });

  it("the form first: after 5 form posts the API refuses too", async () => {
    const ip = visitor();
    const p = `Form first ${ip}`;
    for (let i = 1; i <= 5; i++) expect((await viaForm(a, ip, `${p} ${i}`)).status).toBe(303);
    expect((await viaApi(a, ip, `${p} 6`)).status).toBe(429);
    expect(await stored(p)).toBe(5);
  });

  it("another visitor has a budget of their own", async () => {
    const first = visitor();
    for (let i = 1; i <= 5; i++) await viaApi(a, first, `Own budget ${first} ${i}`);
    expect((await viaApi(a, first, `Own budget ${first} 6`)).status).toBe(429);
    const second = visitor();
    expect((await viaApi(a, second, `Own budget ${second} 1`)).status).toBe(201);
  });

  it("addresses in one IPv6 /56 share a budget; another /56 does not", async () => {
    const p = `IPv6 ${++n}`;
    for (let i = 1; i <= 5; i++) expect((await viaApi(a, `2001:db8:${n}:1${i}::${i}`, `${p} ${i}`)).status).toBe(201);
    expect((await viaApi(a, `2001:db8:${n}:ff:ffff::9`, `${p} 6`)).status).toBe(429);
    expect((await viaApi(a, `2001:db8:${n}:100::1`, `${p} 7`)).status).toBe(201);
  });

  it("a filled honeypot is answered like a success, stored nowhere, and counted", async () => {
    const ip = visitor();
    const p = `Honeypot ${ip}`;
    for (let i = 1; i <= 5; i++) {
      const res = await viaApi(a, ip, `${p} ${i}`, { website: "https://spam.example" });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({ message: "Thank you for your message. Our team will get back to you shortly." });
    }
    expect(await stored(p)).toBe(0);
    expect((await viaApi(a, ip, `${p} 6`)).status).toBe(429);
  });

  it("invalid posts are answered with their field messages and do not use the budget", async () => {
    const ip = visitor();
    for (let i = 0; i < 6; i++) expect((await new Client(a.baseUrl).post("/api/contact", { fullName: "A" }, { "X-Forwarded-For": ip })).status).toBe(400);
    expect((await viaApi(a, ip, `Invalid first ${ip}`)).status).toBe(201);
  });

  it("once the 10-minute window has passed, the visitor may send again", async () => {
    const ip = visitor();
    const p = `Window ${ip}`;
    for (let i = 1; i <= 5; i++) await viaApi(a, ip, `${p} ${i}`);
    expect((await viaApi(a, ip, `${p} 6`)).status).toBe(429);
    const [row] = await db()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `contact:${ip}`));
    // The window is ten minutes from the first message.
    const minutes = (row.resetAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    await db()
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, `contact:${ip}`));
    expect((await viaApi(a, ip, `${p} 7`)).status).toBe(201);
    expect((await viaApi(a, ip, `${p} 8`)).status).toBe(201);
  });
});

describe("[contact] several app instances", () => {
  it("two instances on one database share one budget: 3 on one, 2 on the other, then both refuse", async () => {
    const ip = visitor();
    const p = `Two instances ${ip}`;
    expect((await viaApi(a, ip, `${p} 1`)).status).toBe(201);
    expect((await viaForm(b, ip, `${p} 2`)).status).toBe(303);
    expect((await viaApi(a, ip, `${p} 3`)).status).toBe(201);
    expect((await viaApi(b, ip, `${p} 4`)).status).toBe(201);
    expect((await viaForm(a, ip, `${p} 5`)).status).toBe(303);
    expect((await viaApi(b, ip, `${p} 6`)).status).toBe(429);
    expect((await viaForm(a, ip, `${p} 7`)).status).toBe(429);
    expect(await stored(p)).toBe(5);
  });

  it("20 messages sent at once, half to each instance, store exactly 5", async () => {
    const ip = visitor();
    const p = `Concurrent ${ip}`;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => viaApi(i % 2 ? a : b, ip, `${p} ${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(await stored(p)).toBe(5);
  });
});
