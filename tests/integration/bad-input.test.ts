/**
 * Bad input gets a clear JSON answer and nothing is lost: malformed JSON, wrong
 * types, oversized bodies, unknown ids and routes never give a 500, a stack trace or SQL. Plus the
 * contact form: committed before the 201, the exact field messages, the honeypot and the rate limit.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { contactSubmissions } from "../../server/db/schema";
import { createLogger } from "../../server/lib/logger";
import { createServices } from "../../server/features";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { portfolioBody, pressBody } from "../helpers/factories";

const CONTACT_RATE_MESSAGE = "You have sent several messages in a short time. Please wait a few minutes before sending another.";

let ctx: TestContext;
let admin: Client;
let investor: Client;
let anon: Client;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, "admin")).client;
  investor = (await signedInClient(ctx, "investor")).client;
  anon = new Client(ctx.baseUrl);
});
afterAll(() => ctx.close());

type Res = Awaited<ReturnType<Client["get"]>>;

/** Whatever went wrong, the answer is a JSON message with nothing internal in it. */
function expectSafeError(res: Res, status: number) {
  expect(res.status, res.text.slice(0, 300)).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(typeof res.json?.message).toBe("string");
  expect(res.json.message.length).toBeGreaterThan(0);
  expect(res.text).not.toMatch(/\bat [\w.<>]+ \(|\bat file:|\bat node:|\.ts:\d+|\.js:\d+/);
  expect(res.text).not.toMatch(/\b(select|insert into|update|delete from)\b.*\b(from|set|values|where)\b/i);
  expect(res.text).not.toMatch(/syntax error|violates|constraint|relation "|pglite|drizzle|ZodError|TypeError|SyntaxError/i);
}

const contact = (overrides: Record<string, unknown> = {}) => ({
  fullName: "Layla Hassan",
  email: "layla@example.test",
  subject: "Partnership enquiry",
  message: "We would like to talk about a partnership in logistics.",
  ...overrides,
});
const db = () => ctx.services.database.db;
const contactRows = () => db().select().from(contactSubmissions);

describe("[api] malformed and mistyped bodies", () => {
  it.each([
    ["a broken object", '{"fullName": "Layla",'],
    ["single quotes", "{'a': 1}"],
    ["a bare word", "hello"],
    ["a top-level null", "null"],
    ["a top-level string", '"text"'],
  ])("[api] malformed JSON (%s) is a 400 with a JSON message", async (_label, raw) => {
    const res = await anon.request("POST", "/api/contact", raw);
    expectSafeError(res, 400);
    expect(res.json.message).toBe("The request body is not valid JSON.");
    expect(await contactRows()).toEqual([]);
  });

  it("[api] malformed JSON to an admin route is a 400 too", async () => {
    expectSafeError(await admin.request("POST", "/api/press-releases", "{not json"), 400);
    expectSafeError(await admin.request("PUT", "/api/portfolio/1", "[1,2"), 400);
  });

  it("[api] a guarded route checks the role before it reads the body", async () => {
    expectSafeError(await anon.request("POST", "/api/portfolio", { name: 1 }), 401);
    expectSafeError(await investor.request("POST", "/api/portfolio", { name: 1 }), 403);
  });

  it("[api] wrong types get field messages, not a crash", async () => {
    const res = await anon.post("/api/contact", { fullName: 42, email: ["a@b.c"], subject: { x: 1 }, message: true });
    expectSafeError(res, 400);
    expect(res.json.errors).toEqual({
      fullName: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      subject: "Subject is required",
      message: "Message must be at least 10 characters",
    });
  });

  it("[api] an array or empty body where an object is expected is a 400", async () => {
    expectSafeError(await anon.post("/api/contact", []), 400);
    expectSafeError(await anon.post("/api/contact", {}), 400);
    expectSafeError(await admin.post("/api/press-releases", [pressBody()]), 400);
  });

  it("[api] a body sent as text/plain is not read as JSON", async () => {
    const res = await anon.request("POST", "/api/contact", JSON.stringify(contact()), { "Content-Type": "text/plain" });
    expectSafeError(res, 400);
    expect(await contactRows()).toEqual([]);
  });

  it("[api] wrong types on press releases and flags", async () => {
    const wrong = await admin.post("/api/press-releases", pressBody({ featured: "yes", showOnHomepage: 1, date: "15/01/2026", title: ["x"] }));
    expectSafeError(wrong, 400);
    expect(wrong.json.errors).toMatchObject({
      featured: "Featured must be true or false",
      showOnHomepage: "Show on homepage must be true or false",
      date: "Release date is required",
      title: "Title must be at least 5 characters",
    });
    const created = await admin.post("/api/press-releases", pressBody());
    const flag = await admin.patch(`/api/press-releases/${created.json.id}`, { featured: "true" });
    expectSafeError(flag, 400);
    expect(flag.json.errors.featured).toBe("Featured must be true or false");
    expectSafeError(await admin.patch(`/api/press-releases/${created.json.id}`, {}), 400);
  });

  it("[api] impossible dates and unsafe links are refused", async () => {
    const res = await admin.post("/api/press-releases", pressBody({ date: "2026-02-31x", image: "javascript:alert(1)", originalUrl: "data:text/html,hi" }));
    expectSafeError(res, 400);
    expect(res.json.errors).toMatchObject({
      date: "Release date is required",
      image: "Please enter a valid image URL",
      originalUrl: "Please enter a valid URL",
    });
  });

  it.each(["2026-02-31", "2025-04-31", "0000-01-01", "2026-00-10"])("[api] the impossible date %s is a 400, not a database error", async (date) => {
    const res = await admin.post("/api/press-releases", pressBody({ date }));
    expectSafeError(res, 400);
    expect(res.json.errors).toEqual({ date: "Release date is required" });
  });

  it("[api] a NUL character, which PostgreSQL text cannot hold, is a 400 and nothing is stored", async () => {
    const before = (await contactRows()).length;
    const cases: Res[] = [
      await anon.post("/api/contact", contact({ message: "hello\u0000 world, long enough" })),
      await admin.post("/api/press-releases", pressBody({ title: "Title\u0000 here" })),
      await admin.post("/api/portfolio", portfolioBody({ name: "Na\u0000me" })),
      await anon.post("/api/register", { email: "nul@example.test", fullName: "Fu\u0000ll", password: "12345678" }),
      await anon.get("/api/press-releases?q=a%00b"),
    ];
    for (const res of cases) {
      expectSafeError(res, 400);
      expect(res.json.message).toBe("The request contains a value that cannot be stored.");
    }
    expect((await contactRows()).length).toBe(before);
    expect(await ctx.services.users.byEmail("nul@example.test")).toBeUndefined();
  });

  it("[api] wrong types in the query string are a 400", async () => {
    expectSafeError(await anon.get("/api/press-releases?limit=abc"), 400);
    expectSafeError(await anon.get("/api/press-releases?limit=5&limit=6"), 400);
    expectSafeError(await anon.get("/api/press-releases?q=a&q=b"), 400);
    expectSafeError(await admin.get("/api/contact?limit=-1"), 400);
    expectSafeError(await admin.get("/api/contact?offset=x"), 400);
  });

  it("[api] search text is taken literally, SQL wildcards included", async () => {
    const res = await anon.get(`/api/press-releases?q=${encodeURIComponent("%' or 1=1 --")}&limit=10`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
    expect(res.headers.get("x-total-count")).toBe("0");
  });

  it("[api] a body over 200kb is refused with 413 and a JSON message", async () => {
    const big = contact({ message: "x".repeat(210 * 1024) });
    const res = await anon.post("/api/contact", big);
    expectSafeError(res, 413);
    expect(res.json.message).toBe("The request body is too large.");
    expect(await contactRows()).toEqual([]);
    // An administrator's press writes carry the editor's documents in both languages: their limit is 3 MB.
    const adminBig = await admin.post("/api/press-releases", pressBody({ content: `<p>${"y".repeat(3 * 1024 * 1024 + 1024)}</p>` }));
    expectSafeError(adminBig, 413);
    const adminLong = await admin.post("/api/press-releases", pressBody({ content: `<p>${"y".repeat(300 * 1024)}</p>` }));
    expectSafeError(adminLong, 400);
    expect(adminLong.json.errors.content).toBe("Content must be at most 100,000 characters");
  });

  it("[api] a body just under the limit is read (and refused only by the schema's own limit)", async () => {
    const res = await anon.post("/api/contact", contact({ message: "x".repeat(150 * 1024) }));
    expectSafeError(res, 400);
    expect(res.json.errors.message).toBe("Message must be at most 5,000 characters");
  });
});

describe("[api] unknown ids and routes", () => {
  const BAD_IDS = ["abc", "-1", "0", "1.5", "99999999999", "2147483648", "99999", "..%2F..%2Fetc%2Fpasswd", "%00", "1%3B%20drop%20table%20users"];

  it.each(BAD_IDS)("[api] id %s is a 404 on every id route", async (id) => {
    const gets = [`/api/portfolio/${id}`, `/api/press-releases/${id}`];
    for (const url of gets) expectSafeError(await anon.get(url), 404);
    expectSafeError(await investor.get(`/api/documents/${id}/download`), 404);
    expectSafeError(await admin.put(`/api/portfolio/${id}`, portfolioBody()), 404);
    expectSafeError(await admin.delete(`/api/portfolio/${id}`), 404);
    expectSafeError(await admin.put(`/api/press-releases/${id}`, pressBody()), 404);
    expectSafeError(await admin.patch(`/api/press-releases/${id}`, { featured: true }), 404);
    expectSafeError(await admin.delete(`/api/press-releases/${id}`), 404);
    expectSafeError(await admin.post(`/api/admin/investor-applications/${id}/approve`), 404);
    expectSafeError(await admin.post(`/api/admin/investor-applications/${id}/reject`), 404);
  });

  it("[api] the 404 messages name what was not found", async () => {
    expect((await anon.get("/api/portfolio/abc")).json).toEqual({ message: "Portfolio item not found", code: "NOT_FOUND" });
    expect((await anon.get("/api/press-releases/99999999999")).json).toEqual({ message: "Press release not found", code: "NOT_FOUND" });
    expect((await investor.get("/api/documents/-1/download")).json).toEqual({ message: "Document not found", code: "NOT_FOUND" });
    expect((await admin.post("/api/admin/investor-applications/99999/approve")).json).toEqual({ message: "Application not found", code: "NOT_FOUND" });
  });

  it.each([
    ["GET", "/api/nope"],
    ["POST", "/api/nope"],
    ["GET", "/api/"],
    ["GET", "/api/portfolio/1/extra"],
    ["GET", "/api/users"],
    ["GET", "/api/..%2F..%2Fetc%2Fpasswd"],
    ["GET", "/api/documents/1/download/..%2F..%2F..%2Fetc%2Fpasswd"],
  ])("[api] %s %s is a 404 JSON answer", async (method, url) => {
    const res = await admin.request(method, url, method === "GET" || method === "DELETE" ? undefined : {});
    expectSafeError(res, 404);
    expect(res.text).not.toContain("root:");
  });

  it.each([
    ["PATCH", "/api/portfolio/1", "GET, HEAD, PUT, DELETE"],
    ["DELETE", "/api/user", "GET, HEAD"],
  ])("[api] %s %s, a method the address does not serve, is a 405 JSON answer with Allow", async (method, url, allow) => {
    const res = await admin.request(method, url, method === "DELETE" ? undefined : {});
    expectSafeError(res, 405);
    expect(res.headers.get("allow")).toBe(allow);
  });

  it("[api] a traversal attempt never serves a file from outside the uploads folder", async () => {
    for (const url of [
      "/uploads/..%2F..%2F..%2Fetc%2Fpasswd",
      "/uploads/../../etc/passwd",
      "/uploads/%2e%2e/%2e%2e/etc/passwd",
      "/uploads/.session-secret",
      "/api/%2e%2e/%2e%2e/etc/passwd",
    ]) {
      const res = await anon.get(url);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
      expect(res.text).not.toContain("root:");
    }
  });
});

describe("[api] an unexpected failure", () => {
  it("[api] is a 500 with the generic message and nothing internal", async () => {
    const failing = {
      ...ctx.services,
      press: {
        ...ctx.services.press,
        list: async () => {
          throw new Error('relation "press_releases" does not exist: select * from press_releases');
        },
      },
    };
    const app = createApp({ services: failing, logger: createLogger({ level: "silent", pretty: false }) });
    const server: Server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    try {
      const res = await new Client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).get("/api/press-releases");
      expectSafeError(res, 500);
      expect(res.json).toEqual({ message: "Something went wrong on our side. Please try again.", code: "INTERNAL" });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("[contact] submissions", () => {
  it("[contact] the submission is in the database when the 201 arrives", async () => {
    const subject = `Stored before answer ${Date.now()}`;
    const res = await anon.post("/api/contact", contact({ subject }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ message: "Thank you for your message. Our team will get back to you shortly." });
    const rows = (await contactRows()).filter((r) => r.subject === subject);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fullName: "Layla Hassan", email: "layla@example.test", message: contact().message });
    expect(rows[0].submittedAt).toBeInstanceOf(Date);
  });

  it("[contact] the admin reads it back with createdAt, newest first, without the sender's IP", async () => {
    const subject = `Admin can read ${Date.now()}`;
    await anon.post("/api/contact", contact({ subject }));
    const res = await admin.get("/api/contact");
    expect(res.status).toBe(200);
    expect(res.json[0].subject).toBe(subject);
    expect(res.json[0].createdAt).toBe(res.json[0].submittedAt);
    expect(res.json[0]).not.toHaveProperty("ipAddress");
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1);
  });

  it("[contact] every field invalid gives the spec's four messages", async () => {
    const res = await anon.post("/api/contact", { fullName: "L", email: "not-an-email", subject: "x", message: "too short" });
    expectSafeError(res, 400);
    expect(res.json).toEqual({
      message: "Name must be at least 2 characters",
      errors: {
        fullName: "Name must be at least 2 characters",
        email: "Please enter a valid email address",
        subject: "Subject is required",
        message: "Message must be at least 10 characters",
      },
      code: "VALIDATION",
    });
  });

  it.each([
    ["fullName", { fullName: "   " }, "Name must be at least 2 characters"],
    ["email", { email: "layla@" }, "Please enter a valid email address"],
    ["subject", { subject: "" }, "Subject is required"],
    ["message", { message: "         short" }, "Message must be at least 10 characters"],
  ])("[contact] a bad %s alone gives exactly its message", async (field, overrides, message) => {
    const before = (await contactRows()).length;
    const res = await anon.post("/api/contact", contact(overrides));
    expectSafeError(res, 400);
    expect(res.json).toEqual({ message, errors: { [field]: message }, code: "VALIDATION" });
    expect((await contactRows()).length).toBe(before);
  });

  it("[contact] a missing field gives its message", async () => {
    const { message: _m, ...rest } = contact();
    const res = await anon.post("/api/contact", rest);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ message: "Message must be at least 10 characters" });
  });

  it("[contact] a filled honeypot field 'website' answers 201 but stores nothing", async () => {
    const before = (await contactRows()).length;
    const res = await anon.post("/api/contact", contact({ website: "https://spam.example" }));
    expect(res.status).toBe(201);
    expect(res.json.message).toBe("Thank you for your message. Our team will get back to you shortly.");
    expect((await contactRows()).length).toBe(before);
  });

  it("[contact] an empty honeypot does not stop a real message", async () => {
    const before = (await contactRows()).length;
    expect((await anon.post("/api/contact", contact({ website: "" }))).status).toBe(201);
    expect((await contactRows()).length).toBe(before + 1);
  });

  it("[contact] the sixth message within ten minutes is refused with 429 and a readable message", async () => {
    // A second instance on the same database behind a proxy, so this visitor's address is its own.
    const services = createServices(ctx.database, { ...ctx.services.config, trustProxy: true });
    const app = createApp({ services, logger: createLogger({ level: "silent", pretty: false }) });
    const server: Server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    try {
      const limited = new Client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const before = (await contactRows()).length;
      const statuses: number[] = [];
      for (let i = 1; i <= 6; i++) {
        const res = await limited.post("/api/contact", contact({ subject: `Rate limited message ${i}` }), { "X-Forwarded-For": "198.51.100.77" });
        statuses.push(res.status);
        if (i === 6) {
          expectSafeError(res, 429);
          expect(res.json).toEqual({ message: CONTACT_RATE_MESSAGE, code: "TOO_MANY_REQUESTS" });
          expect(CONTACT_RATE_MESSAGE).toBe("You have sent several messages in a short time. Please wait a few minutes before sending another.");
        }
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      expect((await contactRows()).length).toBe(before + 5);
      expect((await contactRows()).some((r) => r.subject === "Rate limited message 6")).toBe(false);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
