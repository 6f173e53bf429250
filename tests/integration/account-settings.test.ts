import path from "node:path";
/**
 * The account page's API: profile and photo, password, e-mail address and sessions, with e-mails received by a real
 * SMTP server on 127.0.0.1 and parsed.
 */
import { existsSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, emailMessages, loginThrottles, securityEvents, users } from "../../server/db/schema";
import { hashToken } from "../../server/features/accounts/accounts";
import { accountKey } from "../../server/features/rate-limits/rate-limit";
import { Client, contextWithMailbox, type TestContext } from "../helpers/context";
import { userInput } from "../helpers/factories";
import { linkIn, type SmtpServer } from "../helpers/smtp";
import { photo, postMultipart } from "../fixtures/files";
import { diskDir } from "../../server/lib/storage-disk";

const ORIGIN = "https://www.meridian.test";
const PASSWORD = "the right password";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
let ctx: TestContext;
let smtp: SmtpServer;

beforeAll(async () => {
  ({ ctx, smtp } = await contextWithMailbox({ env: { PUBLIC_ORIGIN: ORIGIN, MAIL_FROM: '"Meridian Crest Holdings" <no-reply@meridian.test>' } }));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const db = () => ctx.services.database.db;
let n = 0;
const address = (label: string) => `${label}-${++n}-${Math.random().toString(36).slice(2, 7)}@example.test`;
const userById = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
const eventsOf = async (userId: number) => db().select().from(securityEvents).where(eq(securityEvents.userId, userId));
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

/** Signs a new browser in as `email` (optionally with a User-Agent or a language). */
async function signIn(email: string, password = PASSWORD, headers: Record<string, string> = {}) {
  const client = new Client(ctx.baseUrl);
  const res = await client.post("/api/login", { email, password }, headers);
  expect(res.status, res.text).toBe(200);
  return client;
}

/** A confirmed member and one browser signed in as them. */
async function member(opts: { verified?: boolean; fullName?: string; headers?: Record<string, string> } = {}) {
  const email = address("member");
  const user = await ctx.services.users.create(
    userInput({ email, password: PASSWORD, fullName: opts.fullName ?? "Layla Hassan", isVerified: opts.verified ?? true }),
  );
  return { user, email, client: await signIn(email, PASSWORD, opts.headers) };
}

describe("[account] profile and photo", () => {
  it("[account] the profile is saved with the registration rules; empty optional fields become empty", async () => {
    const { user, client } = await member();
    const res = await client.patch("/api/account/profile", { fullName: "  Layla H. Mansour ", company: "Nile Capital", position: "" });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Your profile has been saved.");
    expect(res.json.user).toMatchObject({ id: user.id, fullName: "Layla H. Mansour", company: "Nile Capital", position: null });
    expect(res.json.user.password).toBeUndefined();
    expect(await userById(user.id)).toMatchObject({ fullName: "Layla H. Mansour", company: "Nile Capital", position: null });

    const bad = await client.patch("/api/account/profile", { fullName: "L", company: "x".repeat(201) }, { "Accept-Language": "ar" });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("VALIDATION");
    expect(Object.keys(bad.json.errors).sort()).toEqual(["company", "fullName"]);
    expect(bad.json.errors.fullName).not.toMatch(/[A-Za-z]{4}/);
    expect((await userById(user.id)).fullName).toBe("Layla H. Mansour");
  });

  it("[account] a photo is stored as small WebP files and shown; a new one replaces the old files; removing it deletes them", async () => {
    const { user, client } = await member();
    const res = await postMultipart(client, "/api/account/avatar", { file: { data: await photo("jpeg", 900, 700), name: "me.jpg", type: "image/jpeg" } });
    expect(res.status, res.text).toBe(201);
    const url: string = res.json.avatar;
    expect(url).toMatch(/^\/uploads\/avatar-[0-9a-f-]{36}\.webp$/);
    expect((await userById(user.id)).avatar).toBe(url);
    const served = await fetch(ctx.baseUrl + url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(256);
    // Nothing of the original's metadata is kept.
    expect(meta.exif).toBeUndefined();
    const files = (u: string) => {
      const name = u.slice("/uploads/".length, -".webp".length);
      return [`${name}.webp`, `${name}-128.webp`].map((key) => path.join(diskDir(ctx.services.storage, "uploads"), key)!);
    };
    expect(files(url).every(existsSync)).toBe(true);

    const again = await postMultipart(client, "/api/account/avatar", { file: { data: await photo("png", 300, 300), name: "me.png", type: "image/png" } });
    expect(again.status).toBe(201);
    expect((await userById(user.id)).avatar).toBe(again.json.avatar);
    expect(files(url).some(existsSync)).toBe(false);

    const removed = await client.delete("/api/account/avatar");
    expect(removed.status).toBe(200);
    expect((await userById(user.id)).avatar).toBeNull();
    expect(files(again.json.avatar).some(existsSync)).toBe(false);
  });

  it("[account] anything but an image is refused by its content, whatever its name and type say; the photo stays", async () => {
    const { user, client } = await member();
    const text = await postMultipart(client, "/api/account/avatar", { file: { data: "not an image at all", name: "me.png", type: "image/png" } });
    expect(text.status).toBe(415);
    expect(text.json).toEqual({ code: "UNSUPPORTED_MEDIA", message: "Only image files can be uploaded (JPEG, PNG, WebP, GIF or AVIF)." });
    const svg = await postMultipart(client, "/api/account/avatar", {
      file: { data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', name: "me.svg", type: "image/svg+xml" },
    });
    expect(svg.status).toBe(415);
    const none = await postMultipart(client, "/api/account/avatar", {});
    expect(none.status).toBe(400);
    expect((await userById(user.id)).avatar).toBeNull();
  });
});

describe("[account] password", () => {
  it("[account] needs the right current password: a wrong one is a field error and changes nothing", async () => {
    const { email, client } = await member();
    const wrong = await client.post("/api/account/password", { currentPassword: "not my password", newPassword: "a brand new password" });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({
      code: "VALIDATION",
      message: "The current password is not correct.",
      errors: { currentPassword: "The current password is not correct." },
    });
    const ar = await client.post(
      "/api/account/password",
      { currentPassword: "not my password", newPassword: "a brand new password" },
      { "Accept-Language": "ar" },
    );
    expect(ar.json.errors.currentPassword).toBe("كلمة المرور الحالية غير صحيحة.");
    const short = await client.post("/api/account/password", { currentPassword: PASSWORD, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.json.errors).toEqual({ newPassword: "Password must be at least 8 characters" });
    const same = await client.post("/api/account/password", { currentPassword: PASSWORD, newPassword: PASSWORD });
    expect(same.json.errors).toEqual({ newPassword: "Choose a password different from your current one" });
    await signIn(email, PASSWORD);
  });

  it("[account] a change ends every other session at once but not this one, clears the sign-in throttle, and e-mails the user", async () => {
    const { user, email, client } = await member({ fullName: "Omar Farouk" });
    const other = await signIn(email);
    const third = await signIn(email);
    // Failed sign-ins from elsewhere: the account's throttle counts them.
    await new Client(ctx.baseUrl).post("/api/login", { email, password: "a wrong guess" });
    expect(
      await db()
        .select()
        .from(loginThrottles)
        .where(eq(loginThrottles.key, accountKey(email))),
    ).toHaveLength(1);

    const res = await client.post("/api/account/password", { currentPassword: PASSWORD, newPassword: "a brand new password" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      sessionsEnded: 2,
      message: "Your password has been changed. Every other session of your account has been signed out.",
    });
    expect((await other.get("/api/user")).status).toBe(401);
    expect((await third.get("/api/user")).status).toBe(401);
    expect((await client.get("/api/user")).status).toBe(200);
    expect(
      await db()
        .select()
        .from(loginThrottles)
        .where(eq(loginThrottles.key, accountKey(email))),
    ).toEqual([]);

    expect((await new Client(ctx.baseUrl).post("/api/login", { email, password: PASSWORD })).status).toBe(401);
    await signIn(email, "a brand new password");

    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "password-changed");
    expect(mail.subject).toBe("Your Meridian Crest Holdings password was changed");
    expect(mail.text).toContain("Hello Omar Farouk,");
    expect(mail.text).toMatch(/was changed on \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC\./);
    expect(mail.text).toContain("If this wasn't you");
    expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/forgot-password`);
    const events = await eventsOf(user.id);
    expect(events.find((e) => e.type === "password-changed")?.detail).toEqual({ sessionsEnded: 2 });
  });

  it("[account] the e-mail is written in the user's language", async () => {
    const email = address("arabic");
    await ctx.services.users.create(userInput({ email, password: PASSWORD, fullName: "ليلى حسن", isVerified: true }));
    // Signing in from an Arabic page makes Arabic the user's language.
    const client = await signIn(email, PASSWORD, { "Accept-Language": "ar" });
    expect((await client.post("/api/account/password", { currentPassword: PASSWORD, newPassword: "كلمة مرور جديدة طويلة" })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "password-changed");
    expect(mail.subject).toBe("تغيّرت كلمة مرورك في Meridian Crest Holdings");
    expect(mail.html).toContain('dir="rtl"');
    expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/ar/forgot-password`);
  });

  it("[account] wrong current passwords are limited per account; a right one is not counted", async () => {
    const { client } = await member();
    const attempt = (currentPassword: string) => client.post("/api/account/password", { currentPassword, newPassword: "a brand new password" });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong guess ${i}`)).status).toBe(400);
    const limited = await attempt(PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many wrong passwords. Please wait a few minutes and try again." });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("[account] e-mail address", () => {
  it("[account] the link goes to the new address, the old one is told without it, and nothing changes until the link is used", async () => {
    const { user, email, client } = await member({ fullName: "Karim Nabil" });
    const newEmail = address("moved");
    const res = await client.post(
      "/api/account/email",
      { newEmail: newEmail.toUpperCase(), currentPassword: PASSWORD },
      { "X-Forwarded-Host": "evil.example" },
    );
    expect(res.status).toBe(202);
    expect(res.json).toEqual({
      pending: { newEmail },
      message: `We have sent a confirmation link to ${newEmail}. Your address changes once you open it. The link works for 24 hours.`,
    });
    const link = linkIn(await smtp.waitFor((m) => m.to.includes(newEmail) && m.kind === "email-change-confirm"), `${ORIGIN}/confirm-email?token=`);
    const notice = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "email-change-requested");
    expect(notice.subject).toBe("A new e-mail address was requested for your Meridian Crest Holdings account");
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain(tokenOf(link));
    expect(notice.text).not.toContain("confirm-email");
    expect(linkIn(notice, ORIGIN)).toBe(`${ORIGIN}/forgot-password`);

    expect(await userById(user.id)).toMatchObject({ email });
    expect(await ctx.services.accountSettings.pendingEmailChange(user.id)).toMatchObject({ newEmail });
    // Only the token's hash is stored.
    const [row] = await db()
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, "change-email")));
    expect(row.tokenHash).toBe(hashToken(tokenOf(link)));
    expect(row.newEmail).toBe(newEmail);

    const confirmed = await client.post("/api/account/email/confirm", { token: tokenOf(link) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ email: newEmail, message: `Your e-mail address is now ${newEmail}.` });
    expect(await userById(user.id)).toMatchObject({ email: newEmail, isVerified: true });
    expect(await ctx.services.accountSettings.pendingEmailChange(user.id)).toBeNull();
    expect((await client.get("/api/user")).json.email).toBe(newEmail);

    const changed = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "email-changed");
    expect(changed.subject).toBe("Your Meridian Crest Holdings e-mail address was changed");
    expect(changed.text).toContain(newEmail);
    expect((await eventsOf(user.id)).map((e) => e.type)).toEqual(expect.arrayContaining(["email-change-requested", "email-changed"]));
    expect((await eventsOf(user.id)).find((e) => e.type === "email-changed")?.detail).toEqual({ from: email, to: newEmail });

    // The account signs in with the new address only.
    await signIn(newEmail);
    expect((await new Client(ctx.baseUrl).post("/api/login", { email, password: PASSWORD })).status).toBe(401);

    // The link works once.
    const again = await client.post("/api/account/email/confirm", { token: tokenOf(link) });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe("INVALID_TOKEN");
  });

  it("[account] needs the current password, and a different address", async () => {
    const { email, client } = await member();
    const wrong = await client.post("/api/account/email", { newEmail: address("x"), currentPassword: "not my password" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ currentPassword: "The current password is not correct." });
    const same = await client.post("/api/account/email", { newEmail: email.toUpperCase(), currentPassword: PASSWORD });
    expect(same.status).toBe(400);
    expect(same.json.errors).toEqual({ newEmail: "This is already the address of your account." });
    const invalid = await client.post("/api/account/email", { newEmail: "not an address", currentPassword: PASSWORD });
    expect(invalid.json.errors).toEqual({ newEmail: "Please enter a valid email address" });
  });

  it("[account] the link works only in a session of the account that asked, and not after it expires", async () => {
    const { user, client } = await member();
    const newEmail = address("guarded");
    await client.post("/api/account/email", { newEmail, currentPassword: PASSWORD });
    const token = tokenOf(linkIn(await smtp.waitFor((m) => m.to.includes(newEmail)), `${ORIGIN}/confirm-email?token=`));
    const stranger = await member();
    const refused = await stranger.client.post("/api/account/email/confirm", { token });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("INVALID_TOKEN");
    expect((await new Client(ctx.baseUrl).post("/api/account/email/confirm", { token })).status).toBe(401);
    expect(await ctx.services.accountSettings.emailChangeFor(token, stranger.user.id)).toBeNull();
    expect(await ctx.services.accountSettings.emailChangeFor(token, user.id)).toEqual({ newEmail });

    await db()
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(token)));
    expect((await client.post("/api/account/email/confirm", { token })).json.code).toBe("INVALID_TOKEN");
    expect((await userById(user.id)).email).not.toBe(newEmail);
  });

  it("[account] a newer request replaces the older one, and the change ends the account's other links", async () => {
    const { user, email, client } = await member();
    const first = address("first");
    const second = address("second");
    await client.post("/api/account/email", { newEmail: first, currentPassword: PASSWORD });
    const firstToken = tokenOf(linkIn(await smtp.waitFor((m) => m.to.includes(first)), `${ORIGIN}/confirm-email?token=`));
    await client.post("/api/account/email", { newEmail: second, currentPassword: PASSWORD });
    const secondToken = tokenOf(linkIn(await smtp.waitFor((m) => m.to.includes(second)), `${ORIGIN}/confirm-email?token=`));
    expect(await ctx.services.accountSettings.pendingEmailChange(user.id)).toMatchObject({ newEmail: second });
    expect((await client.post("/api/account/email/confirm", { token: firstToken })).json.code).toBe("INVALID_TOKEN");

    // A reset link sent to the old address before the change.
    await new Client(ctx.baseUrl).post("/api/password-reset", { email });
    const resetLink = linkIn(await smtp.waitFor((m) => m.to.includes(email) && m.kind === "password-reset"), `${ORIGIN}/reset-password?token=`);
    expect((await client.post("/api/account/email/confirm", { token: secondToken })).status).toBe(200);
    const reset = await new Client(ctx.baseUrl).post("/api/password-reset/confirm", { token: tokenOf(resetLink), password: "taken over password" });
    expect(reset.json.code).toBe("INVALID_TOKEN");
  });

  it("[account] a waiting change can be cancelled: its link stops working, the address stays, the event is recorded", async () => {
    const { user, email, client } = await member();
    const newEmail = address("cancelled");
    await client.post("/api/account/email", { newEmail, currentPassword: PASSWORD });
    const token = tokenOf(linkIn(await smtp.waitFor((m) => m.to.includes(newEmail)), `${ORIGIN}/confirm-email?token=`));
    expect(await ctx.services.accountSettings.pendingEmailChange(user.id)).toMatchObject({ newEmail });

    const cancelled = await client.delete("/api/account/email", { "Accept-Language": "en" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.message).toBe(`The change of address is cancelled: the link sent to ${newEmail} no longer works, and your address stays as it is.`);
    expect(await ctx.services.accountSettings.pendingEmailChange(user.id)).toBeNull();
    const used = await client.post("/api/account/email/confirm", { token });
    expect(used.status).toBe(400);
    expect(used.json.code).toBe("INVALID_TOKEN");
    expect((await userById(user.id)).email).toBe(email);
    const events = await eventsOf(user.id);
    expect(events.find((e) => e.type === "email-change-cancelled")?.detail).toEqual({ to: newEmail });

    // Nothing left to cancel: 404 with a sentence, in the visitor's language.
    const again = await client.delete("/api/account/email", { "Accept-Language": "ar" });
    expect(again.status).toBe(404);
    expect(again.json.message).toBe("لا يوجد تغيير لعنوان البريد بانتظار التأكيد.");
  });

  it("[account] cancelling touches only the account's own change", async () => {
    const owner = await member();
    const newEmail = address("kept");
    await owner.client.post("/api/account/email", { newEmail, currentPassword: PASSWORD });
    const other = await member();
    expect((await other.client.delete("/api/account/email")).status).toBe(404);
    expect(await ctx.services.accountSettings.pendingEmailChange(owner.user.id)).toMatchObject({ newEmail });
  });

  it("[account] an address that has an account is answered exactly like a free one; nothing that could take it is sent", async () => {
    const owner = await member({ fullName: "Taken Owner" });
    const { user, email, client } = await member();
    const free = address("free");
    const freeAnswer = await client.post("/api/account/email", { newEmail: free, currentPassword: PASSWORD });
    const takenAnswer = await client.post("/api/account/email", { newEmail: owner.email, currentPassword: PASSWORD });
    expect(takenAnswer.status).toBe(freeAnswer.status);
    expect(takenAnswer.json).toEqual({
      pending: { newEmail: owner.email },
      message: freeAnswer.json.message.replace(free, owner.email),
    });
    // The account page shows the same pending change.
    expect(await ctx.services.accountSettings.pendingEmailChange(user.id)).toMatchObject({ newEmail: owner.email });
    // The requester's own address is told, as for a free address.
    await smtp.waitFor((m) => m.to.includes(email) && m.kind === "email-change-requested" && m.text.includes(owner.email));
    // The owner learns that nothing changed; no link.
    const told = await smtp.waitFor((m) => m.to.includes(owner.email) && m.kind === "email-in-use");
    expect(told.subject).toBe("Your address was entered for another Meridian Crest Holdings account");
    expect(told.text).not.toContain("token=");
    const written = await db().select().from(emailMessages).where(eq(emailMessages.toAddress, owner.email));
    expect(written.map((m) => m.kind)).toEqual(["email-in-use"]);
    expect((await userById(owner.user.id)).email).toBe(owner.email);
    expect((await userById(user.id)).email).toBe(email);
  });

  it("[account] an address taken by another account after the link was sent is refused with 409; the link stays unused", async () => {
    const { user, email, client } = await member();
    const newEmail = address("raced");
    await client.post("/api/account/email", { newEmail, currentPassword: PASSWORD });
    const token = tokenOf(linkIn(await smtp.waitFor((m) => m.to.includes(newEmail)), `${ORIGIN}/confirm-email?token=`));
    await ctx.services.users.create(userInput({ email: newEmail, password: PASSWORD, fullName: "Quick Registrant" }));
    const res = await client.post("/api/account/email/confirm", { token });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      code: "CONFLICT",
      message: "This address now belongs to another account, so it cannot become yours. Choose another address.",
    });
    expect((await userById(user.id)).email).toBe(email);
    expect(await ctx.services.accountSettings.emailChangeFor(token, user.id)).toEqual({ newEmail });
  });

  it("[account] an address never confirmed cannot be changed: it is confirmed first (anyone could have registered it)", async () => {
    const { user, client } = await member({ verified: false });
    const newEmail = address("proved");
    const res = await client.post("/api/account/email", { newEmail, currentPassword: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ code: "EMAIL_NOT_VERIFIED", message: "Confirm your current e-mail address before changing it." });
    expect(await userById(user.id)).toMatchObject({ email: user.email, isVerified: false });
    expect(
      await ctx.services.database.db
        .select()
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, "change-email"))),
    ).toEqual([]);
  });
});

describe("[account] sessions", () => {
  it("[account] lists the account's sessions with browser, address and times; this one is marked", async () => {
    const { email, client } = await member({ headers: { "User-Agent": FIREFOX } });
    await signIn(email, PASSWORD, { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1" });
    const stranger = await member();
    const res = await client.get("/api/account/sessions");
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(2);
    expect(res.json.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const mine = res.json.find((s: { current: boolean }) => s.current);
    expect(mine).toMatchObject({ userAgent: FIREFOX, current: true });
    expect(mine.handle).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(mine.ipAddress).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(mine.lastActiveAt)).not.toBeNaN();
    // No session id or other account's session is given out.
    expect(JSON.stringify(res.json)).not.toContain(client.cookie.split("=")[1]?.slice(0, 20));
    const theirs = (await stranger.client.get("/api/account/sessions")).json;
    expect(theirs.map((s: { handle: string }) => s.handle)).not.toContain(mine.handle);
  });

  it("[account] signing out another session ends it at once; this one stays; the event is recorded", async () => {
    const { user, email, client } = await member();
    const other = await signIn(email);
    const list = (await client.get("/api/account/sessions")).json as { handle: string; current: boolean }[];
    const target = list.find((s) => !s.current)!;
    const res = await client.delete(`/api/account/sessions/${target.handle}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: "That session has been signed out." });
    expect((await other.get("/api/user")).status).toBe(401);
    expect((await client.get("/api/user")).status).toBe(200);
    expect((await eventsOf(user.id)).find((e) => e.type === "sessions-revoked")?.detail).toEqual({ count: 1 });
    // Gone now: 404, as for a handle that never existed or a malformed one.
    expect((await client.delete(`/api/account/sessions/${target.handle}`)).status).toBe(404);
    expect((await client.delete(`/api/account/sessions/${"x".repeat(22)}`)).json).toEqual({ code: "NOT_FOUND", message: "This session has already ended." });
    expect((await client.delete("/api/account/sessions/not-a-handle")).status).toBe(404);
  });

  it("[account] this browser's session and other accounts' sessions cannot be signed out from here", async () => {
    const { client } = await member();
    const stranger = await member();
    const own = ((await client.get("/api/account/sessions")).json as { handle: string; current: boolean }[]).find((s) => s.current)!;
    const refused = await client.delete(`/api/account/sessions/${own.handle}`);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe("This is the session you are using now. Use Log Out to end it.");
    const theirs = ((await stranger.client.get("/api/account/sessions")).json as { handle: string }[])[0];
    expect((await client.delete(`/api/account/sessions/${theirs.handle}`)).status).toBe(404);
    expect((await stranger.client.get("/api/user")).status).toBe(200);
  });

  it("[account] 'sign out everywhere else' ends every other session of the account and no one else's", async () => {
    const { user, email, client } = await member();
    const a = await signIn(email);
    const b = await signIn(email);
    const stranger = await member();
    const res = await client.post("/api/account/sessions/sign-out-others");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ended: 2, message: "2 other sessions have been signed out." });
    expect((await a.get("/api/user")).status).toBe(401);
    expect((await b.get("/api/user")).status).toBe(401);
    expect((await client.get("/api/user")).status).toBe(200);
    expect((await stranger.client.get("/api/user")).status).toBe(200);
    expect((await client.get("/api/account/sessions")).json).toHaveLength(1);
    expect((await eventsOf(user.id)).find((e) => e.type === "sessions-revoked")?.detail).toEqual({ count: 2, others: true });
    const none = await client.post("/api/account/sessions/sign-out-others", {}, { "Accept-Language": "ar" });
    expect(none.json.message).toBe("لم تكن هناك جلسة أخرى نشطة.");
  });
});
