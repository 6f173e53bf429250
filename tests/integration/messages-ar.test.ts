/**
 * The API answers in the request's language: Arabic when Accept-Language prefers it, the exact English texts
 * otherwise. Codes never change. Against the real app on a fresh database, as the other API tests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pressReleaseSchema } from "../../shared/schemas";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { pressBody } from "../helpers/factories";

let ctx: TestContext;
beforeAll(async () => {
  // Behind a proxy, so each test is a visitor of its own (X-Forwarded-For) for the rate limits.
  ctx = await createTestContext({ env: { TRUST_PROXY: "true" } });
});
afterAll(() => ctx.close());

const AR = { "Accept-Language": "ar" };
let n = 0;
const visitor = () => ({ "X-Forwarded-For": `198.51.100.${++n}` });

describe("[i18n/api] validation", () => {
  const badEmail = { email: "not-an-email", fullName: "Layla Hassan", password: "long enough password" };

  it("[i18n/api] a registration with a bad e-mail answers 400 with the Arabic field message under Accept-Language: ar", async () => {
    const res = await new Client(ctx.baseUrl).post("/api/register", badEmail, { ...AR, ...visitor() });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: "يُرجى إدخال بريد إلكتروني صحيح",
      errors: { email: "يُرجى إدخال بريد إلكتروني صحيح" },
      code: "VALIDATION",
    });
  });

  it("[i18n/api] the same request without the header answers the exact English text", async () => {
    const res = await new Client(ctx.baseUrl).post("/api/register", badEmail, visitor());
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      message: "Please enter a valid email address",
      errors: { email: "Please enter a valid email address" },
      code: "VALIDATION",
    });
  });

  it("[i18n/api] a browser that prefers English (Arabic second) gets English; region tags count", async () => {
    const en = await new Client(ctx.baseUrl).post("/api/register", badEmail, { "Accept-Language": "en-US,ar;q=0.8", ...visitor() });
    expect(en.json.errors.email).toBe("Please enter a valid email address");
    const ar = await new Client(ctx.baseUrl).post("/api/register", badEmail, { "Accept-Language": "ar-EG,en;q=0.8", ...visitor() });
    expect(ar.json.errors.email).toBe("يُرجى إدخال بريد إلكتروني صحيح");
  });

  it("[i18n/api] every field of a form answers in Arabic, never an id", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const res = await client.post("/api/portfolio", { name: "A", description: "short", sector: "nope", yearAcquired: 1980 }, AR);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("VALIDATION");
    expect(res.json.errors).toMatchObject({
      name: "يجب ألا يقل الاسم عن حرفين",
      description: "يجب ألا يقل الوصف عن 10 أحرف",
      sector: "يُرجى اختيار القطاع",
      yearAcquired: "يجب أن تكون السنة 1990 أو ما بعدها",
    });
    for (const text of Object.values(res.json.errors as Record<string, string>)) expect(text).not.toMatch(/^[a-z]+\.[A-Za-z.]+$/);
  });
});

describe("[i18n/api] refusals", () => {
  it("[i18n/api] the homepage limit answers 409 in Arabic, and in the spec's English without the header", async () => {
    const { client } = await signedInClient(ctx, "admin");
    for (let i = 0; i < 3; i++) await ctx.services.press.create(pressReleaseSchema.parse(pressBody({ showOnHomepage: true })));
    const ar = await client.post("/api/press-releases", pressBody({ showOnHomepage: true }), AR);
    expect(ar.status).toBe(409);
    expect(ar.json).toEqual({
      message: "لا يمكن عرض أكثر من ثلاثة بيانات صحفية على الصفحة الرئيسية. يُرجى إزالة أحدها أولًا.",
      code: "HOMEPAGE_LIMIT",
    });
    const en = await client.post("/api/press-releases", pressBody({ showOnHomepage: true }));
    expect(en.json).toEqual({ message: "Only 3 press releases can be shown on the homepage. Please remove one first.", code: "HOMEPAGE_LIMIT" });
  });

  it("[i18n/api] 404s in Arabic: an unknown release, and an unknown API address", async () => {
    const anon = new Client(ctx.baseUrl);
    expect((await anon.get("/api/press-releases/999999", AR)).json).toEqual({ message: "لم يُعثر على البيان الصحفي", code: "NOT_FOUND" });
    expect((await anon.get("/api/press-releases/999999")).json).toEqual({ message: "Press release not found", code: "NOT_FOUND" });
    const unknown = await anon.get("/api/no-such-thing", AR);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: "غير موجود", code: "NOT_FOUND" });
  });

  it("[i18n/api] a 429 in Arabic, with Retry-After; the accepted messages are thanked in Arabic", async () => {
    const anon = new Client(ctx.baseUrl);
    const ip = visitor();
    const body = { fullName: "Amina Youssef", email: "amina@example.com", subject: "Partnership", message: "We would like to discuss a partnership." };
    for (let i = 0; i < 5; i++) {
      const ok = await anon.post("/api/contact", body, { ...AR, ...ip });
      expect(ok.status).toBe(201);
      expect(ok.json).toEqual({ message: "شكرًا لرسالتك. سيتواصل معك فريقنا قريبًا." });
    }
    const refused = await anon.post("/api/contact", body, { ...AR, ...ip });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      message: "لقد أرسلت عدة رسائل خلال وقت قصير. يُرجى الانتظار بضع دقائق قبل إرسال رسالة أخرى.",
      code: "TOO_MANY_REQUESTS",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const english = await anon.post("/api/contact", body, ip);
    expect(english.json).toEqual({
      message: "You have sent several messages in a short time. Please wait a few minutes before sending another.",
      code: "TOO_MANY_REQUESTS",
    });
  });

  it("[i18n/api] 401, 403, a wrong sign-in and a cross-site request in Arabic", async () => {
    const anon = new Client(ctx.baseUrl);
    expect((await anon.get("/api/user", AR)).json).toEqual({ message: "يلزم تسجيل الدخول للقيام بذلك.", code: "UNAUTHORIZED" });
    const { client } = await signedInClient(ctx, "regular");
    expect((await client.get("/api/admin/settings/brand", AR)).json).toEqual({ message: "ليست لديك صلاحية للقيام بذلك.", code: "FORBIDDEN" });
    const login = await anon.post("/api/login", { email: "nobody@example.test", password: "wrong password!" }, { ...AR, ...visitor() });
    expect(login.json).toEqual({ message: "البريد الإلكتروني أو كلمة المرور غير صحيحة", code: "UNAUTHORIZED" });
    const crossSite = await anon.post("/api/contact", {}, { ...AR, Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json).toEqual({ message: "لا يُسمح بالطلبات الواردة من مواقع أخرى.", code: "FORBIDDEN" });
  });

  it("[i18n/api] a body that is not JSON and an upload over the limit in Arabic", async () => {
    const res = await fetch(`${ctx.baseUrl}/api/contact`, { method: "POST", headers: { "Content-Type": "application/json", ...AR }, body: "{nope" });
    expect(await res.json()).toEqual({ message: "محتوى الطلب ليس بصيغة JSON صحيحة.", code: "INVALID_JSON" });
    const { client } = await signedInClient(ctx, "admin");
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(1024 * 1024 + 10)], { type: "image/png" }), "big.png");
    const upload = await fetch(`${ctx.baseUrl}/api/admin/uploads?kind=logo`, { method: "POST", headers: { Cookie: client.cookie, ...AR }, body: form });
    expect(upload.status).toBe(413);
    expect(await upload.json()).toEqual({ message: "يتجاوز حجم الملف الحد الأقصى البالغ 1 ميغابايت", code: "PAYLOAD_TOO_LARGE" });
    const english = await fetch(`${ctx.baseUrl}/api/admin/uploads?kind=logo`, { method: "POST", headers: { Cookie: client.cookie }, body: form });
    expect(await english.json()).toEqual({ message: "File size exceeds 1MB limit", code: "PAYLOAD_TOO_LARGE" });
  });
});
