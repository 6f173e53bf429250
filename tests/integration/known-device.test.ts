/**
 * Known devices: a browser that signed in to an account carries a signed `mc_device` cookie that spares it the
 * account's growing waits. The cookie is bound to the account's current password (a change or a reset makes every
 * older one worthless), and it spares the wait only: wrong passwords and wrong codes sent from it still count
 * toward the account's failures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../../server/features/accounts/accounts";
import { accountKey, RateLimitedError } from "../../server/features/rate-limits/rate-limit";
import { createTestContext, enrolAuthenticator, totpCode, type TestContext } from "../helpers/context";
import { userInput } from "../helpers/factories";

let ctx: TestContext;
let n = 0;

beforeAll(async () => {
  // Behind a proxy, so each request can come from an address of its own (X-Forwarded-For). The per-account waits
  // are a minute and more, so no wait ends between two requests of a test on a slow machine.
  ctx = await createTestContext({ env: { TRUST_PROXY: "true" }, services: { throttleTimes: { firstDelayMs: 60_000, maxDelayMs: 5 * 60_000 } } });
});
afterAll(async () => {
  await ctx?.close();
});

const PASSWORD = "the right password";
const NEW_PASSWORD = "a brand new password";

async function newAccount() {
  const email = `device${++n}-${Date.now().toString(36)}@example.test`;
  const user = await ctx.services.users.create(userInput({ email, password: PASSWORD, fullName: "Device Tester", isVerified: true }));
  return { user, email };
}

/** A browser: keeps every cookie the site sets (the session and the known-device cookie), and sends them back. */
class Browser {
  cookies = new Map<string, string>();
  private ip = `203.0.113.${(n % 250) + 1}`;

  async post(url: string, body: unknown, fromNewAddress = true) {
    if (fromNewAddress) this.ip = `198.18.${Math.floor(++n / 250) % 250}.${(n % 250) + 1}`;
    const res = await fetch(ctx.baseUrl + url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": this.ip, Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      body: JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair.indexOf("=");
      const value = pair.slice(at + 1);
      if (value) this.cookies.set(pair.slice(0, at), value);
      else this.cookies.delete(pair.slice(0, at));
    }
    return { status: res.status, json: (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined };
  }

  login(email: string, password: string) {
    return this.post("/api/login", { email, password });
  }
}

/** Wrong passwords from fresh browsers until the account makes everyone else wait. */
async function lockOut(email: string) {
  for (let i = 0; i < 8; i++) await new Browser().login(email, `attacker guess ${i}`);
  expect((await new Browser().login(email, "one more guess")).status).toBe(429);
}

describe("[auth] known devices: the service", () => {
  it("[auth] a known-device cookie is bound to the account's password: after a change or a reset it is no longer known", async () => {
    const { user, email } = await newAccount();
    const throttle = ctx.services.loginThrottle;
    const first = (await throttle.deviceCookie(email)).split(";")[0];
    expect(first).toMatch(/^mc_device=/);
    expect(await throttle.isKnownDevice(first, email)).toBe(true);
    expect(await throttle.isKnownDevice(first, `other-${email}`)).toBe(false);

    await ctx.services.accountSettings.changePassword(user.id, "no-session", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(await throttle.isKnownDevice(first, email)).toBe(false);
    const second = (await throttle.deviceCookie(email)).split(";")[0];
    expect(await throttle.isKnownDevice(second, email)).toBe(true);

    const token = await issueToken(ctx.services.database.db, user.id, "password-reset");
    await ctx.services.accounts.resetPassword(token, "a third password, reset");
    expect(await throttle.isKnownDevice(second, email)).toBe(false);
    expect(await throttle.isKnownDevice((await throttle.deviceCookie(email)).split(";")[0], email)).toBe(true);
  });

  it("[auth] failures counted for a known device are never refused, and make every other browser wait after 5", async () => {
    const { email } = await newAccount();
    const key = accountKey(email);
    const throttle = ctx.services.loginThrottle;
    for (let i = 0; i < 7; i++) await throttle.failed(key);
    await expect(throttle.attempt(key)).rejects.toBeInstanceOf(RateLimitedError);
  });
});

describe("[auth] known devices: through the API", () => {
  it("[auth] after a password change, the old browser's known-device cookie no longer skips the account's wait", async () => {
    const { email } = await newAccount();
    const owner = new Browser();
    expect((await owner.login(email, PASSWORD)).status).toBe(200);
    const oldDevice = owner.cookies.get("mc_device");
    expect(oldDevice).toBeTruthy();
    // Someone who copied this browser's cookies keeps the old known-device cookie.
    const thief = new Browser();
    thief.cookies.set("mc_device", oldDevice!);

    expect((await owner.post("/api/account/password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    await lockOut(email);
    expect((await thief.login(email, NEW_PASSWORD)).status).toBe(429);
  });

  it("[auth] after a password reset, the old known-device cookie no longer skips the account's wait", async () => {
    const { user, email } = await newAccount();
    const thief = new Browser();
    expect((await thief.login(email, PASSWORD)).status).toBe(200);
    const token = await issueToken(ctx.services.database.db, user.id, "password-reset");
    expect((await new Browser().post("/api/password-reset/confirm", { token, password: NEW_PASSWORD })).status).toBe(200);
    await lockOut(email);
    expect((await thief.login(email, NEW_PASSWORD)).status).toBe(429);
  });

  it("[auth] wrong passwords from a known device count: after 5, a new browser waits, while the known device itself does not", async () => {
    const { email } = await newAccount();
    const owner = new Browser();
    expect((await owner.login(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await owner.login(email, `a typo ${i}`)).status).toBe(401);
    expect((await new Browser().login(email, PASSWORD)).status).toBe(429);
    // The known device skips the wait, with the right password only.
    expect((await owner.login(email, "still a typo")).status).toBe(401);
    expect((await owner.login(email, PASSWORD)).status).toBe(200);
    expect((await new Browser().login(email, PASSWORD)).status).toBe(429);
  });

  it("[auth] wrong codes from a known device count: after 5, a new browser waits even with the right password", async () => {
    const { user, email } = await newAccount();
    const { secret } = await enrolAuthenticator(ctx, user.id);
    const owner = new Browser();
    expect((await owner.login(email, PASSWORD)).json?.twoFactorRequired).toBe(true);
    expect((await owner.post("/api/login/two-factor", { code: await totpCode(secret) })).status).toBe(200);
    expect(owner.cookies.get("mc_device")).toBeTruthy();

    // Five wrong codes, in sign-ins of two, two and one (three in one sign-in ask for the password again).
    for (const codes of [2, 2, 1]) {
      expect((await owner.login(email, PASSWORD)).json?.twoFactorRequired).toBe(true);
      for (let i = 0; i < codes; i++) expect((await owner.post("/api/login/two-factor", { code: "000000" })).status).not.toBe(200);
    }
    expect((await new Browser().login(email, PASSWORD)).status).toBe(429);
    const events = await ctx.services.securityEvents.list({ userId: user.id, type: "sign-in-failed" });
    expect(events.events.filter((e) => e.detail?.step === "two-factor")).toHaveLength(5);
  });
});
