/**
 * The same-origin check on state-changing requests. With PUBLIC_ORIGIN set, that origin is the
 * only one accepted: a request whose Origin merely repeats its own Host (which an attacker who
 * reaches the server under another name, or forges Host, controls) is refused. Without it, the
 * request's own origin is the site's origin.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, type TestContext } from "../helpers/context";

const contact = { fullName: "Olga Origin", email: "olga@example.test", subject: "Origin check", message: "Checking which origins may post here." };

describe("[security] same-origin check with PUBLIC_ORIGIN set", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_ORIGIN: "https://www.meridian.example" } });
  });
  afterAll(() => ctx?.close());

  it("accepts the public origin", async () => {
    const res = await new Client(ctx.baseUrl).post("/api/contact", contact, { Origin: "https://www.meridian.example" });
    expect(res.status).toBe(201);
  });

  it("refuses an Origin equal to the request's own Host", async () => {
    const own = new URL(ctx.baseUrl).origin; // http://127.0.0.1:<port>, the Host this request is sent to
    const res = await new Client(ctx.baseUrl).post("/api/contact", contact, { Origin: own });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("Cross-site requests are not allowed.");
  });

  it("refuses an Origin that matches a forged Host header", async () => {
    // fetch() cannot set Host, so this one goes through node:http.
    const body = JSON.stringify(contact);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${ctx.baseUrl}/api/contact`, {
        method: "POST",
        headers: { Host: "evil.example", Origin: "http://evil.example", "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
      });
      req.once("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.once("error", reject);
      req.end(body);
    });
    expect(status).toBe(403);
  });

  it("refuses other sites and a null origin", async () => {
    for (const origin of ["https://evil.example", "http://www.meridian.example", "https://www.meridian.example:8443", "null"]) {
      const res = await new Client(ctx.baseUrl).post("/api/contact", contact, { Origin: origin });
      expect(res.status, origin).toBe(403);
    }
  });
});

describe("[security] same-origin check without PUBLIC_ORIGIN", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it("accepts the request's own origin and refuses any other", async () => {
    const own = new URL(ctx.baseUrl).origin;
    expect((await new Client(ctx.baseUrl).post("/api/contact", contact, { Origin: own })).status).toBe(201);
    const evil = await new Client(ctx.baseUrl).post("/api/contact", contact, { Origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(evil.json.message).toBe("Cross-site requests are not allowed.");
  });
});
