import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { sessions, users } from "../../server/db/schema";
import { createLogger } from "../../server/lib/logger";
import { createServices } from "../../server/features";
import { Client, createTestContext, signedInClient, totpCode, type TestContext } from "../helpers/context";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("[auth] sessions", () => {
  it("GET /api/user is 401 when anonymous", async () => {
    const res = await new Client(ctx.baseUrl).get("/api/user");
    expect(res.status).toBe(401);
  });

  it("registration always creates a regular, unconfirmed user, whatever the body says, and signs nobody in", async () => {
    const client = new Client(ctx.baseUrl);
    const res = await client.post("/api/register", {
      email: "Eve@Example.test",
      fullName: "Eve Example",
      password: "long enough password",
      role: "admin",
    });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({
      message: "Check your inbox: we have sent a link to confirm your address. Open it to finish setting up your account, then sign in.",
    });
    expect((await client.get("/api/user")).status).toBe(401);
    const [row] = await ctx.services.database.db.select().from(users).where(eq(users.email, "eve@example.test"));
    expect(row).toMatchObject({ role: "regular", isVerified: false });
    const login = await client.post("/api/login", { email: "eve@example.test", password: "long enough password" });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ role: "regular", email: "eve@example.test", isVerified: false });
  });

  it("a duplicate e-mail gets the answer a new one gets, and no second account", async () => {
    const body = { email: "dup@example.test", fullName: "Dup User", password: "long enough password" };
    const first = await new Client(ctx.baseUrl).post("/api/register", body);
    const again = await new Client(ctx.baseUrl).post("/api/register", { ...body, email: "DUP@example.test", password: "another password" });
    expect(again.status).toBe(first.status);
    expect(again.json).toEqual(first.json);
    expect(await ctx.services.database.db.select().from(users).where(eq(users.email, "dup@example.test"))).toHaveLength(1);
    expect((await new Client(ctx.baseUrl).post("/api/login", { email: "dup@example.test", password: "another password" })).status).toBe(401);
  });

  it("login failure does not tell whether the e-mail exists", async () => {
    const { email } = await signedInClient(ctx, "regular");
    const wrongPassword = await new Client(ctx.baseUrl).post("/api/login", { email, password: "wrong password!" });
    const unknownEmail = await new Client(ctx.baseUrl).post("/api/login", { email: "nobody@example.test", password: "wrong password!" });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.json).toEqual(unknownEmail.json);
    expect(wrongPassword.json.message).toBe("Invalid email or password");
  });

  it("login issues a new session id, and logout deletes the row", async () => {
    const { client, email, password } = await signedInClient(ctx, "investor");
    const first = client.cookie;
    expect(first).toMatch(/^mc_session=/);
    const again = await client.post("/api/login", { email, password });
    expect(again.status).toBe(200);
    expect(client.cookie).not.toBe(first);
    // The previous session no longer works.
    const stale = new Client(ctx.baseUrl);
    stale.cookie = first;
    expect((await stale.get("/api/user")).status).toBe(401);

    const rowsBefore = await ctx.services.database.db.query.sessions.findMany();
    const out = await client.post("/api/logout");
    expect(out.status).toBe(200);
    const rowsAfter = await ctx.services.database.db.query.sessions.findMany();
    expect(rowsAfter.length).toBe(rowsBefore.length - 1);
    expect((await client.get("/api/user")).status).toBe(401);
  });

  it("sets an httpOnly, SameSite=Lax cookie holding only a signed random id", async () => {
    const { email, password } = await signedInClient(ctx, "regular");
    const res = await fetch(`${ctx.baseUrl}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=\d+/);
    expect(cookie).not.toContain(email);
  });

  it("refuses a state-changing request from another origin", async () => {
    const client = new Client(ctx.baseUrl);
    const res = await client.post(
      "/api/contact",
      { fullName: "Eve", email: "e@example.test", subject: "Hi", message: "Hello there from elsewhere" },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    const rows = await ctx.services.contact.count();
    expect(rows).toBe(0);
  });

  it("validation messages come from the shared schemas", async () => {
    const res = await new Client(ctx.baseUrl).post("/api/register", { email: "not-an-email", fullName: "A", password: "short" });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      email: "Please enter a valid email address",
      fullName: "Full name must be at least 2 characters",
      password: "Password must be at least 8 characters",
    });
    expect(res.json.message).toBe("Please enter a valid email address");
  });
});

describe("[auth] session hardening", () => {
  /** The same app createTestContext builds, on the same services, served on its own port. */
  async function serveApp(services: TestContext["services"]) {
    const app = createApp({ services, logger: createLogger({ level: "silent", pretty: false }) });
    const server: Server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
  const sessionRowsOf = (userId: number) => ctx.services.database.db.select().from(sessions).where(eq(sessions.userId, userId));

  it("an expired session is treated as anonymous", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    expect((await client.get("/api/user")).status).toBe(200);
    await ctx.services.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user!.id));
    expect((await client.get("/api/user")).status).toBe(401);
  });

  it("a tampered or unsigned cookie is treated as anonymous", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const [name, value] = client.cookie.split("=");
    const flipped = value.slice(0, -3) + (value.at(-3) === "A" ? "B" : "A") + value.slice(-2);
    for (const cookie of [`${name}=${flipped}`, `${name}=${randomBytes(32).toString("base64url")}`, `${name}=`]) {
      const forged = new Client(ctx.baseUrl);
      forged.cookie = cookie;
      expect((await forged.get("/api/user")).status, cookie).toBe(401);
      expect((await forged.get("/api/contact")).status, cookie).toBe(401);
    }
  });

  it("the cookie is not Secure on plain http, and is Secure when the site is served over https", async () => {
    const { email, password } = await signedInClient(ctx, "regular");
    const plain = await fetch(`${ctx.baseUrl}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(plain.headers.get("set-cookie")).not.toMatch(/;\s*Secure/i);

    const secure = await serveApp(createServices(ctx.services.database, { ...ctx.services.config, secureCookies: true }));
    try {
      const res = await fetch(`${secure.url}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("set-cookie")).toMatch(/;\s*Secure/i);
      expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });

  it("a role change applies on the next request, without signing in again (an admin's second factor first)", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    expect((await client.get("/api/contact")).status).toBe(403);
    await ctx.services.users.setRole(user!.id, "admin");
    expect((await client.get("/api/user")).json.role).toBe("admin");
    // A new admin without two-factor sign-in is kept out of the dashboard's API until they set it up.
    const refused = await client.get("/api/contact");
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      code: "TWO_FACTOR_REQUIRED",
      message: "The dashboard needs two-factor sign-in: set it up on your account page, or sign in again with your authenticator app or passkey.",
    });
    const { secret } = (await client.post("/api/account/two-factor/app")).json;
    expect((await client.post("/api/account/two-factor/app/confirm", { code: await totpCode(secret) })).status).toBe(200);
    expect((await client.get("/api/contact")).status).toBe(200);
  });

  it("the answers never carry the password hash", async () => {
    const client = new Client(ctx.baseUrl);
    const reg = await client.post("/api/register", { email: "nohash@example.test", fullName: "No Hash", password: "long enough password" });
    const me = await client.get("/api/user");
    const login = await client.post("/api/login", { email: "nohash@example.test", password: "long enough password" });
    for (const res of [reg, me, login]) {
      expect(res.json).not.toHaveProperty("password");
      expect(res.json).not.toHaveProperty("totpSecret");
      expect(res.text).not.toContain("$argon2");
    }
  });

  it("logout without a session answers 200 and leaves nothing behind", async () => {
    const res = await new Client(ctx.baseUrl).post("/api/logout");
    expect(res.status).toBe(200);
  });

  it("logout ends only that session; the user's other sessions stay", async () => {
    const { client, user, email, password } = await signedInClient(ctx, "investor");
    const other = new Client(ctx.baseUrl);
    expect((await other.post("/api/login", { email, password })).status).toBe(200);
    expect(await sessionRowsOf(user!.id)).toHaveLength(2);
    await client.post("/api/logout");
    expect(await sessionRowsOf(user!.id)).toHaveLength(1);
    expect((await other.get("/api/user")).status).toBe(200);
  });

  it.each([
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["Origin: null", { Origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ])("a state-changing request with %s is refused before it does anything", async (_label, headers) => {
    const { email, password } = await signedInClient(ctx, "regular");
    const client = new Client(ctx.baseUrl);
    const login = await client.post("/api/login", { email, password }, headers);
    expect(login.status).toBe(403);
    expect(login.json).toEqual({ message: "Cross-site requests are not allowed.", code: "FORBIDDEN" });
    expect(login.headers.get("set-cookie")).toBeNull();
    const register = await client.post(
      "/api/register",
      { email: `csrf-${randomBytes(3).toString("hex")}@example.test`, fullName: "Csrf", password: "long enough password" },
      headers,
    );
    expect(register.status).toBe(403);
  });

  it("the site's own origin and same-site fetches are accepted; reads from anywhere are fine", async () => {
    const { email, password } = await signedInClient(ctx, "regular");
    expect((await new Client(ctx.baseUrl).post("/api/login", { email, password }, { Origin: ctx.baseUrl })).status).toBe(200);
    expect((await new Client(ctx.baseUrl).post("/api/login", { email, password }, { "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await new Client(ctx.baseUrl).get("/api/portfolio", { Origin: "https://evil.example" })).status).toBe(200);
  });

  it("repeated failed sign-ins from one address are slowed down with a readable 429", async () => {
    // Behind a proxy, so this test's address is its own; a different account each time, so only the
    // per-address limit applies.
    const limited = await serveApp(createServices(ctx.services.database, { ...ctx.services.config, trustProxy: true }));
    try {
      const client = new Client(limited.url);
      const from = { "X-Forwarded-For": "198.51.100.21" };
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++)
        statuses.push((await client.post("/api/login", { email: `guess${i}@example.test`, password: `wrong password ${i}` }, from)).status);
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
      const res = await client.post("/api/login", { email: "guess@example.test", password: "another guess" }, from);
      expect(res.status).toBe(429);
      expect(res.json).toEqual({ message: "Too many sign-in attempts. Please wait a few minutes and try again.", code: "TOO_MANY_REQUESTS" });
    } finally {
      await limited.close();
    }
  });
});
