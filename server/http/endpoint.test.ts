import type { AddressInfo } from "node:net";
import express from "express";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoint as declare, fileAnswer, idParams, messageSchema } from "../../shared/api/contract";
import { createLogger } from "../lib/logger";
import { endpoint, endpointRouter } from "./endpoint";
import { singleFile } from "./multipart";
import { AppError } from "../lib/errors";
import { apiErrorHandler } from "./errors";

// Endpoints declared as the contract declares them, served by the engine behind the API's error handler: what a
// client sees for each access kind, a bad id, a bad query or body, and each success status.
const tag = "Test";
const CONTRACT = {
  open: declare({
    method: "GET",
    path: "/api/things/open",
    tag,
    summary: "",
    access: "public",
    query: z.strictObject({ lang: z.enum(["en", "ar"], { error: "validation.required" }).optional() }),
    response: z.strictObject({ who: z.string(), lang: z.string().optional() }),
  }),
  mine: declare({ method: "GET", path: "/api/things/mine", tag, summary: "", access: "signed-in", response: z.strictObject({ id: z.number() }) }),
  investors: declare({ method: "GET", path: "/api/things/investors", tag, summary: "", access: "investor", response: messageSchema }),
  one: declare({
    method: "GET",
    path: "/api/things/:id",
    tag,
    summary: "",
    access: "admin",
    params: idParams,
    query: z.strictObject({ limit: z.coerce.number().int().max(50, { error: "validation.limit" }).default(10) }),
    response: z.strictObject({ id: z.number(), limit: z.number() }),
  }),
  create: declare({
    method: "POST",
    path: "/api/things",
    tag,
    summary: "",
    access: "admin",
    body: z.strictObject({ name: z.string().min(1, { error: "validation.required" }) }),
    status: 201,
    response: z.strictObject({ name: z.string() }),
  }),
  remove: declare({ method: "DELETE", path: "/api/things/:id", tag, summary: "", access: "admin", params: idParams, status: 204, response: z.null() }),
  revision: declare({
    method: "GET",
    path: "/api/things/:kind/:number",
    tag,
    summary: "",
    access: "admin",
    params: z.strictObject({ kind: z.enum(["press", "portfolio"], { error: "validation.required" }), number: z.coerce.number().int().positive() }),
    response: z.strictObject({ kind: z.string(), number: z.number() }),
  }),
  file: declare({ method: "GET", path: "/api/things/export.csv", tag, summary: "", access: "admin", response: fileAnswer("text/csv", "A file") }),
  upload: declare({
    method: "POST",
    path: "/api/things/upload",
    tag,
    summary: "",
    access: "admin",
    query: z.strictObject({ size: z.coerce.number().int().min(1).max(10) }),
    multipart: z.strictObject({}),
    status: 201,
    response: z.strictObject({ name: z.string(), bytes: z.number() }),
  }),
};
const checkedFirst = declare({
  method: "POST",
  path: "/api/things/checked",
  tag,
  summary: "",
  access: "signed-in",
  body: z.strictObject({ name: z.string().min(1, { error: "validation.required" }) }),
  response: z.strictObject({ name: z.string() }),
});
// How many multipart bodies the upload endpoint began to read: a refused caller's must not be read at all.
let uploadsRead = 0;

let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  // The session layer's result, for the test: the role in a header, an admin with or without a second factor.
  app.use((req, res, next) => {
    const role = req.get("x-role");
    if (role) res.locals.user = { id: 7, role: role.replace("-password-only", ""), secondFactorProved: !role.endsWith("-password-only") };
    next();
  });
  const things = endpointRouter("/api/things", [
    endpoint(CONTRACT.open, ({ user, query }) => ({ who: user ? user.role : "anyone", ...(query.lang ? { lang: query.lang } : {}) })),
    endpoint(checkedFirst, ({ body }) => ({ name: body.name }), {
      // Only an investor passes this check (a stand-in for "an address never confirmed is refused").
      beforeBody: ({ user }) => {
        if (user.role !== "investor") throw new AppError("FORBIDDEN", "errors.notAllowed");
      },
    }),
    endpoint(CONTRACT.upload, ({ file }) => ({ name: file!.originalname, bytes: file!.size }), {
      readBody: ({ query }) => {
        uploadsRead++;
        return singleFile({ maxBytes: query.size });
      },
    }),
    endpoint(CONTRACT.mine, ({ user }) => ({ id: user.id })),
    endpoint(CONTRACT.investors, () => ({ message: "for investors" })),
    endpoint(CONTRACT.file, ({ res }) => {
      res.type("text/csv").send("a,b\n");
    }),
    endpoint(CONTRACT.one, ({ params, query }) => ({ id: params.id, limit: query.limit }), { notFound: "errors.notFound.email" }),
    endpoint(CONTRACT.create, ({ body }) => ({ name: body.name })),
    endpoint(CONTRACT.remove, () => {}),
    endpoint(CONTRACT.revision, ({ params }) => params, { invalidParams: "bad-request" }),
  ]);
  app.use("/api/things", things);
  app.use(apiErrorHandler(createLogger({ level: "silent", pretty: false })));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(() => close?.());

async function call(method: string, path: string, role?: string, body?: unknown) {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (role) headers["x-role"] = role;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    text,
    json: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : undefined,
  };
}

describe("[endpoint engine] the contract's access", () => {
  it("a public endpoint answers anyone, and sees who is signed in", async () => {
    expect((await call("GET", "/api/things/open")).json).toEqual({ who: "anyone" });
    expect((await call("GET", "/api/things/open", "regular")).json).toEqual({ who: "regular" });
  });

  it("a signed-in endpoint refuses anonymous callers with 401", async () => {
    const anonymous = await call("GET", "/api/things/mine");
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ code: "UNAUTHORIZED", message: "You need to sign in to do that." });
    expect((await call("GET", "/api/things/mine", "regular")).json).toEqual({ id: 7 });
  });

  it("an investor endpoint refuses a regular member (403) and lets investors and admins in", async () => {
    expect((await call("GET", "/api/things/investors", "regular")).json).toEqual({ code: "FORBIDDEN", message: "You do not have permission to do that." });
    expect((await call("GET", "/api/things/investors", "investor")).status).toBe(200);
    expect((await call("GET", "/api/things/investors", "admin")).status).toBe(200);
  });

  it("an admin endpoint refuses an investor (403) and an admin without a proved second factor (403 TWO_FACTOR_REQUIRED)", async () => {
    expect((await call("GET", "/api/things/1", "investor")).status).toBe(403);
    const passwordOnly = await call("GET", "/api/things/1", "admin-password-only");
    expect(passwordOnly.status).toBe(403);
    expect(passwordOnly.json.code).toBe("TWO_FACTOR_REQUIRED");
    expect((await call("GET", "/api/things/1")).status).toBe(401);
  });
});

describe("[endpoint engine] the contract's parsing and status", () => {
  it("parses the path and the query (with its defaults) and answers 200", async () => {
    expect((await call("GET", "/api/things/12", "admin")).json).toEqual({ id: 12, limit: 10 });
    expect((await call("GET", "/api/things/12?limit=5", "admin")).json).toEqual({ id: 12, limit: 5 });
  });

  it("an id that does not parse is a 404 saying what was not found", async () => {
    for (const id of ["abc", "0", "-3", "1.5"]) {
      const res = await call("GET", `/api/things/${id}`, "admin");
      expect(res.status, id).toBe(404);
      expect(res.json, id).toEqual({ code: "NOT_FOUND", message: "E-mail not found" });
    }
  });

  it("a parameter the caller chose from a list (a kind, a number) can be a 400 naming the field instead", async () => {
    expect((await call("GET", "/api/things/press/3", "admin")).json).toEqual({ kind: "press", number: 3 });
    const bad = await call("GET", "/api/things/other/3", "admin");
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("VALIDATION");
    expect(Object.keys(bad.json.errors)).toEqual(["kind"]);
  });

  it("a query or a body that does not parse is a 400 with a message per field", async () => {
    const query = await call("GET", "/api/things/1?limit=500", "admin");
    expect(query.status).toBe(400);
    expect(query.json.code).toBe("VALIDATION");
    expect(Object.keys(query.json.errors)).toEqual(["limit"]);
    const body = await call("POST", "/api/things", "admin", { name: "" });
    expect(body.status).toBe(400);
    expect(body.json.errors).toEqual({ name: body.json.message });
    expect((await call("POST", "/api/things", "admin", { name: "x", extra: 1 })).status).toBe(400);
  });

  it("answers with the contract's status: 201 with the body, 204 with none", async () => {
    const created = await call("POST", "/api/things", "admin", { name: "Alpha" });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ name: "Alpha" });
    const removed = await call("DELETE", "/api/things/3", "admin");
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
  });

  it("a file endpoint writes its own answer; a fixed segment registered first wins over a parameter", async () => {
    const file = await call("GET", "/api/things/export.csv", "admin");
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/^text\/csv/);
    expect(file.text).toBe("a,b\n");
  });

  it("a public read ignores query parameters it does not know but still checks the ones it does", async () => {
    expect((await call("GET", "/api/things/open?lang=ar&v=3&utm_source=mail")).json).toEqual({ who: "anyone", lang: "ar" });
    const bad = await call("GET", "/api/things/open?lang=fr");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors)).toEqual(["lang"]);
    // Any other call refuses what it does not know.
    expect((await call("GET", "/api/things/12?limit=5&v=3", "admin")).status).toBe(400);
  });

  it("a check made before the body refuses the caller whatever the body says", async () => {
    expect((await call("POST", "/api/things/checked", "regular", { name: "" })).status).toBe(403);
    expect((await call("POST", "/api/things/checked", "regular", { name: "x" })).status).toBe(403);
    expect((await call("POST", "/api/things/checked", "investor", { name: "" })).status).toBe(400);
    expect((await call("POST", "/api/things/checked", "investor", { name: "x" })).json).toEqual({ name: "x" });
  });

  it("a multipart endpoint reads its file only after the guard and the query passed, with the limit the query chose", async () => {
    const send = (path: string, role: string | undefined, bytes: number) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes).fill(65)]), "report.pdf");
      return fetch(baseUrl + path, { method: "POST", headers: role ? { "x-role": role } : {}, body: form });
    };
    const before = uploadsRead;
    expect((await send("/api/things/upload?size=10", undefined, 5)).status).toBe(401);
    expect((await send("/api/things/upload?size=10", "investor", 5)).status).toBe(403);
    expect((await send("/api/things/upload?size=99", "admin", 5)).status).toBe(400);
    expect(uploadsRead).toBe(before);
    const stored = await send("/api/things/upload?size=10", "admin", 5);
    expect(stored.status).toBe(201);
    expect(await stored.json()).toEqual({ name: "report.pdf", bytes: 5 });
    const tooLarge = await send("/api/things/upload?size=4", "admin", 5);
    expect(tooLarge.status).toBe(413);
    expect(uploadsRead).toBe(before + 2);
  });

  it("refuses at start an endpoint whose path is not under the router's prefix", () => {
    expect(() => endpointRouter("/api/other", [endpoint(CONTRACT.open, () => ({ who: "x" }))])).toThrow("GET /api/things/open is not under /api/other");
  });
});
