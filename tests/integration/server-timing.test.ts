/**
 * Who is told what an answer cost. `Server-Timing` counts the database statements of a request, so on the routes
 * that take an e-mail address it tells a taken address from a free one even where status, body and time are the
 * same. It goes only to signed-in admins, or to everyone when SERVER_TIMING=1, and never on the sign-in,
 * registration, reset and confirmation routes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/env";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";

const FORMAT = /^db;dur=\d+\.\d;desc="\d+ queries", app;dur=\d+\.\d$/;

let off: TestContext;
let on: TestContext;

beforeAll(async () => {
  off = await createTestContext();
  on = await createTestContext({ env: { SERVER_TIMING: "1" } });
});

afterAll(async () => {
  await off?.close();
  await on?.close();
});

const timing = (res: { headers: Headers }) => res.headers.get("server-timing");

/** What each route that takes an address answers, for an address with an account and for one without. */
async function probes(ctx: TestContext, client: Client) {
  const { email, password } = await signedInClient(ctx, "regular");
  const free = `nobody-${Math.random().toString(36).slice(2, 9)}@example.test`;
  const register = (address: string) => client.post("/api/register", { email: address, fullName: "Probe", password: "long enough password" });
  const reset = (address: string) => client.post("/api/password-reset", { email: address });
  const login = (address: string) => client.post("/api/login", { email: address, password: "not the password" });
  const pairs = {
    register: [await register(email!), await register(free)],
    reset: [await reset(email!), await reset(free)],
    wrongPassword: [await login(email!), await login(free)],
  };
  // The right password too: its answer may differ, its cost must not be shown either.
  const signIn = await new Client(ctx.baseUrl).post("/api/login", { email, password });
  return {
    ...Object.fromEntries(Object.entries(pairs).map(([name, [taken, fresh]]) => [name, { taken: timing(taken), fresh: timing(fresh) }])),
    signIn: timing(signIn),
  };
}

describe("[server-timing] off by default", () => {
  it("anonymous visitors and members get no Server-Timing", async () => {
    expect(timing(await new Client(off.baseUrl).get("/api/portfolio"))).toBeNull();
    const { client } = await signedInClient(off, "regular");
    expect(timing(await client.get("/api/user"))).toBeNull();
    const { client: investor } = await signedInClient(off, "investor");
    expect(timing(await investor.get("/api/documents"))).toBeNull();
  });

  it("a signed-in admin (with a second factor) gets it", async () => {
    const { client } = await signedInClient(off, "admin");
    expect(timing(await client.get("/api/user"))).toMatch(FORMAT);
    expect(timing(await client.get("/api/admin/outbox"))).toMatch(FORMAT);
  });

  it("registration, reset and sign-in answers show no cost, for a taken address or a free one", async () => {
    const nothing = { taken: null, fresh: null };
    expect(await probes(off, new Client(off.baseUrl))).toEqual({ register: nothing, reset: nothing, wrongPassword: nothing, signIn: null });
  });

  it("not even a signed-in admin is shown the cost of those routes", async () => {
    const { client } = await signedInClient(off, "admin");
    expect(timing(await client.post("/api/password-reset", { email: "someone@example.test" }))).toBeNull();
    expect(timing(await client.post("/api/register", { email: "someone@example.test", fullName: "X", password: "long enough password" }))).toBeNull();
    expect(timing(await client.post("/api/account/email", { newEmail: "someone@example.test", currentPassword: "wrong" }))).toBeNull();
    expect(timing(await client.get("/api/user"))).toMatch(FORMAT);
  });
});

describe("[server-timing] SERVER_TIMING=1 shows it to everyone, except on the account routes", () => {
  it("an anonymous API read and page carry it", async () => {
    const visitor = new Client(on.baseUrl);
    expect(timing(await visitor.get("/api/portfolio"))).toMatch(FORMAT);
    // This app has no pages (no build): a page address is answered 404 by Express, still through the metrics.
    expect(timing(await visitor.get("/privacy"))).toMatch(FORMAT);
    expect(timing(await visitor.get("/ar/press-releases.data"))).toMatch(FORMAT);
  });

  it("registration, reset and sign-in answers still show no cost", async () => {
    const nothing = { taken: null, fresh: null };
    expect(await probes(on, new Client(on.baseUrl))).toEqual({ register: nothing, reset: nothing, wrongPassword: nothing, signIn: null });
  });

  const accountRoutes: [string, string, unknown?][] = [
    ["POST", "/api/login/two-factor", { code: "123456" }],
    ["POST", "/api/login/passkey/options", {}],
    ["POST", "/api/password-reset/confirm", { token: "x".repeat(43), password: "long enough password" }],
    ["POST", "/api/verify-email", { token: "x".repeat(43) }],
    ["POST", "/api/verify-email/resend", {}],
    ["POST", "/api/account/email", { newEmail: "a@example.test", currentPassword: "x" }],
    ["POST", "/API/Register/", { email: "a@example.test" }],
    ["GET", "/auth"],
    ["GET", "/auth?redirect=%2Fadmin"],
    ["GET", "/auth/"],
    ["GET", "/auth.data"],
    ["POST", "/auth.data?tab=register", {}],
    ["GET", "/ar/auth"],
    ["GET", "/ar/auth.data"],
    ["GET", "/forgot-password"],
    ["GET", "/reset-password?token=abc"],
    ["GET", "/reset-password.data?token=abc"],
    ["GET", "/ar/reset-password?token=abc"],
    ["GET", "/verify-email?token=abc"],
    ["GET", "/confirm-email?token=abc"],
    ["GET", "/ar/confirm-email.data?token=abc"],
    ["GET", "/%61uth"],
  ];
  it.each(accountRoutes)("%s %s: no Server-Timing", async (method, url, body) => {
    const res = await new Client(on.baseUrl).request(method, url, body);
    expect(res.status).toBeLessThan(500);
    expect(timing(res)).toBeNull();
  });
});

describe("[server-timing] the setting", () => {
  const config = (value?: string) => loadConfig({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), DATA_DIR: "/tmp", SERVER_TIMING: value });
  it("is off unless set; 1/true turn it on, 0/false off; anything else stops the start with a readable line", () => {
    expect(config().serverTiming).toBe(false);
    expect(config("").serverTiming).toBe(false);
    expect(config("1").serverTiming).toBe(true);
    expect(config("true").serverTiming).toBe(true);
    expect(config("0").serverTiming).toBe(false);
    expect(config("false").serverTiming).toBe(false);
    expect(() => config("yes")).toThrow(ConfigError);
    expect(() => config("yes")).toThrow("Invalid configuration: SERVER_TIMING must be 1 (on for everyone) or 0 (only signed-in admins)");
  });
});
