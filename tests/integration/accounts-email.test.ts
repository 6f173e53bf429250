/**
 * Registration, e-mail verification, password reset and the notification e-mails, received by a real SMTP server on
 * 127.0.0.1 and parsed: what each message says, where its links point, and what using them changes.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, emailMessages, sessions, users } from "../../server/db/schema";
import { Client, contextWithMailbox, signedInClient, type TestContext } from "../helpers/context";
import { EVEN_ANSWER_MS } from "../../server/features/accounts/accounts";
import { userInput } from "../helpers/factories";
import { linkIn, type SmtpServer } from "../helpers/smtp";

const ORIGIN = "https://www.meridian.test";
let ctx: TestContext;
let smtp: SmtpServer;

beforeAll(async () => {
  ({ ctx, smtp } = await contextWithMailbox({
    env: { PUBLIC_ORIGIN: ORIGIN, MAIL_FROM: '"Meridian Crest Holdings" <no-reply@meridian.test>' },
    services: { evenAnswerMs: EVEN_ANSWER_MS },
  }));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const db = () => ctx.services.database.db;
// The test server's origin, allowed like a browser's own page.
const client = () => new Client(ctx.baseUrl);
let n = 0;
const address = (label: string) => `${label}-${++n}-${Math.random().toString(36).slice(2, 7)}@example.test`;
const registration = (email: string, password = "correct horse battery") => ({ email, fullName: "Layla Hassan", company: "Nile Capital", password });
const userByEmail = async (email: string) => (await db().select().from(users).where(eq(users.email, email)))[0];
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("[accounts] registration and verification", () => {
  it("[accounts] registering sends a confirmation link built from PUBLIC_ORIGIN, not the request's Host; no session yet", async () => {
    const email = address("new");
    const res = await client().post("/api/register", registration(email), { "X-Forwarded-Host": "evil.example" });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({
      message: "Check your inbox: we have sent a link to confirm your address. Open it to finish setting up your account, then sign in.",
    });
    expect(res.headers.get("set-cookie")).toBeNull();
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe("Confirm your e-mail address for Meridian Crest Holdings");
    expect(mail.from).toBe('"Meridian Crest Holdings" <no-reply@meridian.test>');
    expect(mail.language).toBe("en");
    // The address is not proved to be the registrant's yet: nothing they typed is in the mail.
    expect(mail.text).toContain("Hello,");
    expect(mail.text).not.toContain("Layla Hassan");
    expect(mail.text).not.toContain("Nile Capital");
    const link = linkIn(mail, `${ORIGIN}/verify-email?token=`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('dir="ltr"');
    const user = await userByEmail(email);
    expect(user).toMatchObject({ isVerified: false, role: "regular", locale: "en" });
    // Only the token's hash is stored.
    const [token] = await db().select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(token.tokenHash).not.toContain(tokenOf(link));
    expect(token.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("[accounts] registering an address that has an account answers exactly the same and e-mails its owner instead", async () => {
    const email = address("taken");
    await ctx.services.users.create(userInput({ email, password: "original password", fullName: "Omar Farouk", locale: "ar" }));
    const fresh = await client().post("/api/register", registration(address("fresh")));
    const taken = await client().post("/api/register", registration(email.toUpperCase(), "attacker password"));
    expect(taken.status).toBe(fresh.status);
    expect(taken.json).toEqual(fresh.json);
    expect(taken.headers.get("set-cookie")).toBe(fresh.headers.get("set-cookie"));
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    // The owner reads it in their own language (Arabic here), with a way to reset the password.
    expect(mail.subject).toBe("لديك حساب في Meridian Crest Holdings بالفعل");
    expect(mail.html).toContain('dir="rtl"');
    expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/ar/forgot-password`);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const login = await client().post("/api/login", { email, password: "attacker password" });
    expect(login.status).toBe(401);
  });

  it("[accounts] the confirmation link works once: the address is confirmed, a second use is refused", async () => {
    const email = address("verify");
    await client().post("/api/register", registration(email));
    const link = linkIn(await smtp.waitFor((m) => m.to.includes(email)), `${ORIGIN}/verify-email?token=`);
    const first = await client().post("/api/verify-email", { token: tokenOf(link) });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ message: "Your e-mail address is confirmed." });
    expect((await userByEmail(email)).isVerified).toBe(true);
    const again = await client().post("/api/verify-email", { token: tokenOf(link) });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ code: "INVALID_TOKEN", message: "This link has expired or has already been used. Ask for a new one." });
  });

  it("[accounts] an unverified user may not apply until confirmed; 'resend' sends a new link that works", async () => {
    const { client: c, user } = await signedInClient(ctx, "regular", { verified: false });
    const application = { company: "Nile Capital", position: "Partner", motivation: "Long-term co-investment in logistics.", investmentInterests: "Logistics" };
    const refused = await c.post("/api/investor-applications", application);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ code: "EMAIL_NOT_VERIFIED", message: "Confirm your e-mail address before applying for investor access." });
    const resend = await c.post("/api/verify-email/resend", {}, { "Accept-Language": "ar" });
    expect(resend.status).toBe(202);
    expect(resend.json.message).toBe("أرسلنا رابط تأكيد جديدًا إلى عنوانك.");
    const mail = await smtp.waitFor((m) => m.to.includes(user!.email));
    expect(mail.subject).toBe("أكّد عنوان بريدك الإلكتروني في Meridian Crest Holdings");
    const link = linkIn(mail, `${ORIGIN}/ar/verify-email?token=`);
    expect((await c.post("/api/verify-email", { token: tokenOf(link) })).status).toBe(200);
    expect((await c.post("/api/investor-applications", application)).status).toBe(201);
    expect((await c.post("/api/verify-email/resend", {})).json.code).toBe("CONFLICT");
  });

  it("[accounts] an expired confirmation link is refused", async () => {
    const email = address("expired");
    await client().post("/api/register", registration(email));
    const link = linkIn(await smtp.waitFor((m) => m.to.includes(email)), `${ORIGIN}/verify-email?token=`);
    const user = await userByEmail(email);
    await db()
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user.id));
    expect((await client().post("/api/verify-email", { token: tokenOf(link) })).json.code).toBe("INVALID_TOKEN");
    expect((await userByEmail(email)).isVerified).toBe(false);
  });
});

describe("[accounts] password reset", () => {
  it("[accounts] the same answer for a known and an unknown address; only the known one gets an e-mail", async () => {
    const email = address("reset");
    await ctx.services.users.create(userInput({ email, password: "old password 1", fullName: "Karim Nabil" }));
    const unknown = address("nobody");
    const a = await client().post("/api/password-reset", { email });
    const b = await client().post("/api/password-reset", { email: unknown });
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(a.json).toEqual(b.json);
    expect(a.json.message).toBe("If an account uses that address, we have sent it a link to choose a new password. The link works for one hour.");
    await smtp.waitFor((m) => m.to.includes(email));
    // The unknown address gets nothing (and nothing is written for it).
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to(unknown)).toEqual([]);
    expect(await db().select().from(emailMessages).where(eq(emailMessages.toAddress, unknown))).toEqual([]);
  });

  it("[accounts] no measurable timing difference between a known and an unknown address", async () => {
    const email = address("timing");
    await ctx.services.users.create(userInput({ email, password: "old password 1", fullName: "Karim Nabil" }));
    const time = async (body: unknown, url: string) => {
      const start = performance.now();
      const res = await client().post(url, body);
      expect(res.status).toBe(202);
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so load on the machine falls on both alike. Three requests per address stay within its limit.
    for (let i = 0; i < 3; i++) {
      known.push(await time({ email }, "/api/password-reset"));
      unknown.push(await time({ email: address("ghost") }, "/api/password-reset"));
    }
    for (let i = 0; i < 3; i++) {
      known.push(await time(registration(email), "/api/register"));
      unknown.push(await time(registration(address("ghost")), "/api/register"));
    }
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(60);
  });

  it("[accounts] a reset link sets a new password once, ends every session and kills the other links", async () => {
    const { client: signedIn, email, password } = await signedInClient(ctx, "investor");
    expect((await signedIn.get("/api/user")).status).toBe(200);
    await client().post("/api/password-reset", { email }, { "Accept-Language": "ar" });
    await client().post("/api/password-reset", { email });
    await smtp.waitFor((m) => m.to.includes(email!) && m.language === "en");
    const arabic = await smtp.waitFor((m) => m.to.includes(email!) && m.language === "ar");
    expect(arabic.subject).toBe("إعادة تعيين كلمة المرور في Meridian Crest Holdings");
    const firstLink = linkIn(arabic, `${ORIGIN}/ar/reset-password?token=`);
    const secondLink = linkIn(
      smtp.to(email!).find((m) => m.language === "en")!,
      `${ORIGIN}/reset-password?token=`,
    );

    const done = await client().post("/api/password-reset/confirm", { token: tokenOf(secondLink), password: "brand new password" });
    expect(done.status).toBe(200);
    expect(done.json.message).toBe("Your password has been changed, and every session of your account has been signed out. Sign in with the new password.");
    expect((await signedIn.get("/api/user")).status).toBe(401);
    const user = await userByEmail(email!);
    expect(await db().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await client().post("/api/login", { email, password })).status).toBe(401);
    expect((await client().post("/api/login", { email, password: "brand new password" })).status).toBe(200);
    // Used once; the older link sent before it stops working too.
    for (const link of [secondLink, firstLink]) {
      const again = await client().post("/api/password-reset/confirm", { token: tokenOf(link), password: "another password" });
      expect(again.json.code).toBe("INVALID_TOKEN");
    }
  });

  it("[accounts] a reset link expires after an hour", async () => {
    const email = address("late");
    const user = await ctx.services.users.create(userInput({ email, password: "old password 1", fullName: "Mona Adel" }));
    await client().post("/api/password-reset", { email });
    const link = linkIn(await smtp.waitFor((m) => m.to.includes(email)), `${ORIGIN}/reset-password?token=`);
    const [token] = await db().select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
    await db()
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.id, token.id));
    expect((await client().post("/api/password-reset/confirm", { token: tokenOf(link), password: "brand new password" })).json.code).toBe("INVALID_TOKEN");
    expect((await client().post("/api/login", { email, password: "old password 1" })).status).toBe(200);
  });

  it("[accounts] reset requests are limited per address (3 an hour), whether or not it has an account", async () => {
    const email = address("flood");
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await client().post("/api/password-reset", { email })).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const refused = await client().post("/api/password-reset", { email });
    expect(refused.json).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many password reset requests. Please wait a few minutes and try again." });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("[accounts] a malformed token is a 400 with the field named", async () => {
    const res = await client().post("/api/password-reset/confirm", { token: "abc", password: "brand new password" });
    expect(res.status).toBe(400);
    expect(res.json.errors.token).toBe("This link is incomplete. Open it again from the e-mail, or ask for a new one.");
  });
});

describe("[accounts] notifications", () => {
  it("[accounts] a contact message e-mails the company's contact address, replies going to the visitor", async () => {
    const visitor = address("visitor");
    const res = await client().post("/api/contact", {
      fullName: "Sara Ali",
      email: visitor,
      subject: "Partnership in Aswan",
      message: "We would like to talk.\nSecond line.",
    });
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.subject === "New contact message: Partnership in Aswan");
    expect(mail.to).toBe("contact@meridiancrest.example");
    expect(mail.replyTo).toBe(visitor);
    expect(mail.text).toContain(`From: Sara Ali <${visitor}>`);
    expect(mail.text).toContain("> We would like to talk.\n> Second line.");
    expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/admin/contact`);
  });

  it("[accounts] an application e-mails every admin; the decision e-mails the applicant with what comes next", async () => {
    const { client: admin, user: adminUser } = await signedInClient(ctx, "admin");
    const email = address("applicant");
    const applicant = await ctx.services.users.create(
      userInput({ email, password: "applicant pass", fullName: "Youssef Said", isVerified: true, locale: "ar" }),
    );
    const c = new Client(ctx.baseUrl);
    await c.post("/api/login", { email, password: "applicant pass" }, { "Accept-Language": "ar" });
    const applied = await c.post("/api/investor-applications", {
      company: "Delta Partners",
      position: "CFO",
      motivation: "We invest in the energy transition across North Africa.",
      investmentInterests: "Energy",
    });
    expect(applied.status).toBe(201);
    const notice = await smtp.waitFor((m) => m.to.includes(adminUser!.email) && m.kind === "application-received");
    expect(notice.subject).toBe("New investor application from Youssef Said");
    expect(notice.text).toContain("Company: Delta Partners");
    expect(notice.replyTo).toBe(email);

    expect((await admin.post(`/api/admin/investor-applications/${applied.json.id}/approve`)).status).toBe(200);
    const decision = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "application-approved");
    // The applicant signed in in Arabic last: the decision is written in Arabic.
    expect(decision.subject).toBe("تمت الموافقة على وصولك كمستثمر في Meridian Crest Holdings");
    expect(linkIn(decision, ORIGIN)).toBe(`${ORIGIN}/ar/investor-portal`);
    expect((await userByEmail(email)).role).toBe("investor");
    expect(applicant.id).toBeGreaterThan(0);
  });

  it("[accounts] a rejection tells the applicant they may apply again and where to write", async () => {
    const { client: admin } = await signedInClient(ctx, "admin");
    const email = address("rejected");
    await ctx.services.users.create(userInput({ email, password: "applicant pass", fullName: "Hana Mostafa", isVerified: true }));
    const c = new Client(ctx.baseUrl);
    await c.post("/api/login", { email, password: "applicant pass" });
    const applied = await c.post("/api/investor-applications", {
      company: "Cairo Angels",
      position: "Member",
      motivation: "Our members back food security ventures in Egypt.",
      investmentInterests: "Food",
    });
    await admin.post(`/api/admin/investor-applications/${applied.json.id}/reject`);
    const decision = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "application-rejected");
    expect(decision.subject).toBe("Your Meridian Crest Holdings investor application");
    expect(decision.text).toContain("you may apply again from the investor portal, or write to us at contact@meridiancrest.example.");
  });
});

describe("[accounts] the queue", () => {
  it("[accounts] an SMTP outage loses nothing: the message waits, is retried, and is delivered once", async () => {
    smtp.refuseWith(421);
    const email = address("outage");
    await client().post("/api/register", registration(email));
    const user = await userByEmail(email);
    const row = async () => (await db().select().from(emailMessages).where(eq(emailMessages.userId, user.id)))[0];
    await expect.poll(async () => (await row()).attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const waiting = await row();
    expect(["queued", "sending"]).toContain(waiting.status);
    expect(waiting.sentAt).toBeNull();
    expect(waiting.lastError).toContain("421");
    smtp.refuseWith(undefined);
    await smtp.waitFor((m) => m.to.includes(email));
    await expect.poll(async () => (await row()).status, { timeout: 10_000 }).toBe("sent");
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.to(email)).toHaveLength(1);
    // The link was delivered: its body is no longer kept.
    expect(await row()).toMatchObject({ html: null, textBody: null, sensitive: true });
  });

  it("[accounts] a permanent refusal (5xx) marks the message failed at once; an admin can put it back", async () => {
    smtp.refuseWith(550);
    const email = address("bounce");
    await client().post("/api/register", registration(email));
    const user = await userByEmail(email);
    const row = async () => (await db().select().from(emailMessages).where(eq(emailMessages.userId, user.id)))[0];
    await expect.poll(async () => (await row()).status, { timeout: 10_000 }).toBe("failed");
    expect((await row()).attempts).toBe(1);
    smtp.refuseWith(undefined);
    const { client: admin } = await signedInClient(ctx, "admin");
    const retried = await admin.post(`/api/admin/outbox/${(await row()).id}/retry`);
    expect(retried.status).toBe(202);
    await smtp.waitFor((m) => m.to.includes(email));
    await expect.poll(async () => (await row()).status, { timeout: 10_000 }).toBe("sent");
  });

  it("[accounts] the Outbox lists every message for admins only", async () => {
    const { client: admin } = await signedInClient(ctx, "admin");
    const { client: regular } = await signedInClient(ctx, "regular");
    expect((await regular.get("/api/admin/outbox")).status).toBe(403);
    expect((await client().get("/api/admin/outbox")).status).toBe(401);
    const list = await admin.get("/api/admin/outbox?status=sent");
    expect(list.status).toBe(200);
    expect(list.json.sending).toBe(true);
    expect(list.json.messages.length).toBeGreaterThan(0);
    expect(list.json.messages.every((m: { status: string }) => m.status === "sent")).toBe(true);
    expect((await admin.get("/api/admin/outbox?status=lost")).status).toBe(400);
    expect((await admin.get("/api/admin/outbox/999999")).status).toBe(404);
  });
});
