import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";

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

  it("registration always creates a regular user, whatever the body says", async () => {
    const client = new Client(ctx.baseUrl);
    const res = await client.post("/api/register", {
      email: "Eve@Example.test",
      fullName: "Eve Example",
      password: "long enough password",
      role: "admin",
    });
    expect(res.status).toBe(201);
    expect(res.json.role).toBe("regular");
    expect(res.json.email).toBe("eve@example.test");
    expect(res.json.password).toBeUndefined();
    const me = await client.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.json.role).toBe("regular");
  });

  it("a duplicate e-mail is refused with 409", async () => {
    const body = { email: "dup@example.test", fullName: "Dup User", password: "long enough password" };
    expect((await new Client(ctx.baseUrl).post("/api/register", body)).status).toBe(201);
    const again = await new Client(ctx.baseUrl).post("/api/register", { ...body, email: "DUP@example.test" });
    expect(again.status).toBe(409);
    expect(again.json.errors.email).toBe("An account with this email already exists");
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
    const res = await client.post("/api/contact", { fullName: "Eve", email: "e@example.test", subject: "Hi", message: "Hello there from elsewhere" }, { Origin: "https://evil.example" });
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
