import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOMEPAGE_LIMIT_MESSAGE } from "../../shared/rules";
import { FILE_TOO_LARGE } from "../../shared/schemas";
import { AppError } from "../lib/errors";
import { createLogger } from "../lib/logger";
import { apiErrorHandler, sendUnavailable } from "./errors";

let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use(express.json({ limit: "1kb" }));
  app.post("/api/echo", (req, res) => void res.json(req.body));
  app.get("/api/app-error", () => {
    throw new AppError("HOMEPAGE_LIMIT", HOMEPAGE_LIMIT_MESSAGE, { internal: "secret detail" });
  });
  app.get("/api/english-text", () => {
    throw AppError.fromText("NOT_FOUND", "Press release not found");
  });
  app.get("/api/field-error", () => {
    throw AppError.fromText("VALIDATION", "Title is required", { errors: { title: "Title is required" } });
  });
  app.get("/api/data-exception", () => {
    throw Object.assign(new Error("invalid byte sequence"), { code: "22021" });
  });
  app.get("/api/status-405", () => {
    throw Object.assign(new Error("method"), { status: 405 });
  });
  app.get("/api/crash", () => {
    throw new Error("select * from users -- leaked?");
  });
  app.get("/api/unavailable", (req, res) => sendUnavailable(req, res));
  app.get("/api/limit-id", () => {
    throw new AppError("HOMEPAGE_LIMIT", HOMEPAGE_LIMIT_MESSAGE);
  });
  app.get("/api/schema-error", () => {
    throw new AppError("VALIDATION", "validation.email", { errors: { email: "validation.email" } });
  });
  app.get("/api/too-large", () => {
    throw new AppError("PAYLOAD_TOO_LARGE", FILE_TOO_LARGE, { values: { mb: 10 } });
  });
  app.get(["/press-releases", "/ar/press-releases"], (req, res) => sendUnavailable(req, res));
  app.use(apiErrorHandler(createLogger({ level: "silent", pretty: false })));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

const get = async (path: string, init?: RequestInit) => {
  const res = await fetch(baseUrl + path, init);
  return { status: res.status, body: (await res.json()) as unknown };
};

describe("[errors] JSON error bodies carry the code beside the message", () => {
  it("[errors] an AppError: its status, message and code; the internal message stays in the log", async () => {
    const res = await get("/api/app-error");
    expect(res).toEqual({
      status: 409,
      body: { message: "Only 3 press releases can be shown on the homepage. Please remove one first.", code: "HOMEPAGE_LIMIT" },
    });
  });

  it("[errors] field errors keep their place next to the code", async () => {
    expect(await get("/api/field-error")).toEqual({
      status: 400,
      body: { message: "Title is required", errors: { title: "Title is required" }, code: "VALIDATION" },
    });
  });

  it("[errors] a body that is not JSON, and one that is too large", async () => {
    const post = (body: string) => get("/api/echo", { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(await post("{nope")).toEqual({ status: 400, body: { message: "The request body is not valid JSON.", code: "INVALID_JSON" } });
    expect(await post(JSON.stringify({ text: "x".repeat(2048) }))).toEqual({
      status: 413,
      body: { message: "The request body is too large.", code: "PAYLOAD_TOO_LARGE" },
    });
  });

  it("[errors] a value the database cannot store, another 4xx, and a crash", async () => {
    expect(await get("/api/data-exception")).toEqual({
      status: 400,
      body: { message: "The request contains a value that cannot be stored.", code: "INVALID_VALUE" },
    });
    expect(await get("/api/status-405")).toEqual({ status: 405, body: { message: "The request could not be processed.", code: "METHOD_NOT_ALLOWED" } });
    expect(await get("/api/crash")).toEqual({ status: 500, body: { message: "Something went wrong on our side. Please try again.", code: "INTERNAL" } });
  });

  it("[errors] the service is unavailable", async () => {
    expect(await get("/api/unavailable")).toEqual({
      status: 503,
      body: { message: "The service is temporarily unavailable. Please try again shortly.", code: "SERVICE_UNAVAILABLE" },
    });
  });
});

describe("[errors] in the request's language (Accept-Language)", () => {
  const ar = { headers: { "Accept-Language": "ar-EG,ar;q=0.9,en;q=0.5" } };

  it("[errors] a message id and field messages answer in Arabic; the code stays", async () => {
    expect(await get("/api/limit-id", ar)).toEqual({
      status: 409,
      body: { message: "لا يمكن عرض أكثر من ثلاثة بيانات صحفية على الصفحة الرئيسية. يُرجى إزالة أحدها أولًا.", code: "HOMEPAGE_LIMIT" },
    });
    expect(await get("/api/app-error", ar)).toMatchObject({ status: 409, body: { code: "HOMEPAGE_LIMIT", message: expect.stringContaining("ثلاثة") } });
    expect(await get("/api/schema-error", ar)).toEqual({
      status: 400,
      body: { message: "يُرجى إدخال بريد إلكتروني صحيح", errors: { email: "يُرجى إدخال بريد إلكتروني صحيح" }, code: "VALIDATION" },
    });
    expect(await get("/api/too-large", ar)).toEqual({
      status: 413,
      body: { message: "يتجاوز حجم الملف الحد الأقصى البالغ 10 ميغابايت", code: "PAYLOAD_TOO_LARGE" },
    });
  });

  it("[errors] the same ids answer the exact English texts without the header, or with English preferred", async () => {
    const english = { message: "Please enter a valid email address", errors: { email: "Please enter a valid email address" }, code: "VALIDATION" };
    expect(await get("/api/schema-error")).toEqual({ status: 400, body: english });
    expect(await get("/api/schema-error", { headers: { "Accept-Language": "en-GB,ar;q=0.5" } })).toEqual({ status: 400, body: english });
    expect(await get("/api/schema-error", { headers: { "Accept-Language": "fr-FR" } })).toEqual({ status: 400, body: english });
    expect(await get("/api/too-large")).toEqual({ status: 413, body: { message: "File size exceeds 10MB limit", code: "PAYLOAD_TOO_LARGE" } });
  });

  it("[errors] a text that is not an id stays English in English and becomes the code's message in Arabic", async () => {
    // Even a sentence the English catalog holds is not looked up: only ids are translated.
    expect(await get("/api/english-text")).toEqual({ status: 404, body: { message: "Press release not found", code: "NOT_FOUND" } });
    expect(await get("/api/english-text", ar)).toEqual({ status: 404, body: { message: "غير موجود", code: "NOT_FOUND" } });
    expect(await get("/api/field-error")).toMatchObject({ body: { message: "Title is required", errors: { title: "Title is required" } } });
    expect(await get("/api/field-error", ar)).toEqual({
      status: 400,
      body: { message: "بعض القيم المدخلة غير صالحة.", errors: { title: "هذه القيمة غير صالحة." }, code: "VALIDATION" },
    });
  });

  it("[errors] the handler's own answers: bad JSON, too large, 4xx, crash, 503", async () => {
    const post = (body: string) => get("/api/echo", { method: "POST", headers: { "Content-Type": "application/json", ...ar.headers }, body });
    expect(await post("{nope")).toEqual({ status: 400, body: { message: "محتوى الطلب ليس بصيغة JSON صحيحة.", code: "INVALID_JSON" } });
    expect(await post(JSON.stringify({ text: "x".repeat(2048) }))).toEqual({
      status: 413,
      body: { message: "حجم محتوى الطلب كبير جدًا.", code: "PAYLOAD_TOO_LARGE" },
    });
    expect(await get("/api/data-exception", ar)).toMatchObject({ status: 400, body: { message: "يتضمن الطلب قيمة لا يمكن حفظها.", code: "INVALID_VALUE" } });
    expect(await get("/api/status-405", ar)).toMatchObject({ status: 405, body: { message: "تعذّرت معالجة الطلب." } });
    expect(await get("/api/crash", ar)).toEqual({ status: 500, body: { message: "حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى.", code: "INTERNAL" } });
    expect(await get("/api/unavailable", ar)).toEqual({
      status: 503,
      body: { message: "الخدمة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد قليل.", code: "SERVICE_UNAVAILABLE" },
    });
  });

  it("[errors] the 503 page is in the language of the page asked for", async () => {
    const page = async (path: string) => (await fetch(baseUrl + path, { headers: { Accept: "text/html" } })).text();
    const arabic = await page("/ar/press-releases");
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain("<h1>الخدمة غير متاحة مؤقتًا</h1>");
    expect(arabic).toContain(">إعادة المحاولة</a>");
    const english = await page("/press-releases");
    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toContain("<h1>Service Temporarily Unavailable</h1>");
    expect(english).toContain("<p>The service is temporarily unavailable. Please try again shortly.</p>");
    expect(english).toContain(">Try Again</a>");
  });
});
