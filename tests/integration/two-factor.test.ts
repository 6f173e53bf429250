/**
 * Two-factor sign-in through the API: setting up an authenticator app, signing in with its codes and with recovery
 * codes, what is refused (replayed codes, too many wrong ones, no pending sign-in), turning it off, the admin rule,
 * and the passkey API's refusals (passkeys themselves are signed with Chromium's virtual authenticator end to end).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, recoveryCodes, securityEvents, users } from "../../server/db/schema";
import { Client, createTestContext, enrolAuthenticator, signedInClient, totpCode, type TestContext } from "../helpers/context";
import { userInput } from "../helpers/factories";
import { createSecretBox } from "../../server/auth/secret-box";
import { createSecurityAlerts } from "../../server/features/security-events/security-alerts";
import { createTwoFactorService } from "../../server/features/two-factor/two-factor";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: "true" } });
});
afterAll(() => ctx.close());

let n = 0;
async function member(role: "regular" | "investor" | "admin" = "regular") {
  const email = `tf${++n}-${Date.now().toString(36)}@example.test`;
  const password = "the right password";
  const user = await ctx.services.users.create(userInput({ email, password, fullName: "Two Factor", role, isVerified: true }));
  return { user, email, password };
}
const eventsOf = async (userId: number) =>
  (await ctx.services.database.db.select().from(securityEvents).where(eq(securityEvents.userId, userId))).map((e) => [e.type, e.detail]);

describe("[2fa] setting up an authenticator app", () => {
  it("[2fa] the set-up gives a secret, its otpauth URI and a QR code; a code from the app turns it on and gives ten recovery codes", async () => {
    const { client, user, email } = await signedInClient(ctx, "regular");
    expect((await client.get("/api/account/two-factor")).json).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: [] });

    const setup = await client.post("/api/account/two-factor/app");
    expect(setup.status).toBe(200);
    expect(setup.json.secret).toMatch(/^[A-Z2-7]{16,}$/);
    const uri = new URL(setup.json.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(setup.json.secret);
    expect(uri.searchParams.get("issuer")).toBe("Meridian Crest Holdings");
    expect(decodeURIComponent(uri.pathname)).toContain(email!);
    expect(setup.json.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const wrong = await client.post("/api/account/two-factor/app/confirm", { code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ code: "INVALID_CODE", message: "That code is not right, or it was already used. Check it and try again." });
    expect((await client.get("/api/account/two-factor")).json.totp).toBe(false);

    const confirmed = await client.post("/api/account/two-factor/app/confirm", { code: await totpCode(setup.json.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.recoveryCodes).toHaveLength(10);
    for (const code of confirmed.json.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(confirmed.json.recoveryCodes).size).toBe(10);
    expect((await client.get("/api/account/two-factor")).json).toEqual({ totp: true, recoveryCodesLeft: 10, passkeys: [] });
    // Stored as hashes only.
    const stored = await ctx.services.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user!.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(confirmed.json.recoveryCodes).not.toContain(row.codeHash);
    expect(await eventsOf(user!.id)).toContainEqual(["two-factor-enabled", { method: "authenticator-app" }]);
    // The secret never leaves through the user's own record.
    expect((await client.get("/api/user")).json).not.toHaveProperty("totpSecret");
    expect((await client.get("/api/user")).json.secondFactor).toBe(true);
    // Once on, a second set-up is refused until it is turned off.
    expect((await client.post("/api/account/two-factor/app")).status).toBe(409);
    // The owner is told by e-mail, in case it was not them.
    const [alert] = await ctx.services.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.userId, user!.id), eq(emailMessages.kind, "security-change")));
    expect(alert).toMatchObject({ toAddress: email, subject: "A change to how you sign in to Meridian Crest Holdings" });
    expect(alert.textBody).toContain("Two-factor sign-in with an authenticator app was turned on on your Meridian Crest Holdings account on ");
    expect(alert.textBody).toContain("/forgot-password");
  });
});

describe("[2fa] signing in", () => {
  it("[2fa] the password alone does not sign in; the app's code does, and the sign-in is recorded with how", async () => {
    const { user, email, password } = await member();
    const { secret } = await enrolAuthenticator(ctx, user.id);
    const client = new Client(ctx.baseUrl);
    const first = await client.post("/api/login", { email, password });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ twoFactorRequired: true, methods: { authenticatorApp: true, passkey: false } });
    expect((await client.get("/api/user")).status).toBe(401);
    const second = await client.post("/api/login/two-factor", { code: await totpCode(secret) });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ email, secondFactor: true });
    expect((await client.get("/api/user")).json.email).toBe(email);
    expect(await eventsOf(user.id)).toContainEqual(["sign-in", { method: "authenticator-app" }]);
  });

  it("[2fa] a code works once: the same code in a second sign-in is refused", async () => {
    const { user, email, password } = await member();
    const { secret } = await enrolAuthenticator(ctx, user.id);
    const code = await totpCode(secret);
    const a = new Client(ctx.baseUrl);
    await a.post("/api/login", { email, password });
    expect((await a.post("/api/login/two-factor", { code })).status).toBe(200);
    const b = new Client(ctx.baseUrl);
    await b.post("/api/login", { email, password });
    const replay = await b.post("/api/login/two-factor", { code });
    expect(replay.status).toBe(400);
    expect(replay.json.code).toBe("INVALID_CODE");
    expect((await b.get("/api/user")).status).toBe(401);
  });

  it("[2fa] one code sent by two sign-ins at once signs in exactly one of them", async () => {
    const { user, email, password } = await member();
    const { secret } = await enrolAuthenticator(ctx, user.id);
    // Two, not more: every password and code counts on the account's throttle (five free attempts).
    const clients = Array.from({ length: 2 }, () => new Client(ctx.baseUrl));
    for (const c of clients) expect((await c.post("/api/login", { email, password })).json.twoFactorRequired).toBe(true);
    const code = await totpCode(secret);
    const answers = await Promise.all(clients.map((c) => c.post("/api/login/two-factor", { code })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it("[2fa] a recovery code signs in once and is then used up", async () => {
    const { user, email, password } = await member();
    const { recoveryCodes: codes } = await enrolAuthenticator(ctx, user.id);
    const a = new Client(ctx.baseUrl);
    await a.post("/api/login", { email, password });
    // Typed in capitals with a space instead of the dash: still the code.
    expect((await a.post("/api/login/two-factor", { code: codes[3].toUpperCase().replace("-", " ") })).status).toBe(200);
    expect((await a.get("/api/account/two-factor")).json.recoveryCodesLeft).toBe(9);
    const b = new Client(ctx.baseUrl);
    await b.post("/api/login", { email, password });
    expect((await b.post("/api/login/two-factor", { code: codes[3] })).status).toBe(400);
    expect(await eventsOf(user.id)).toContainEqual(["recovery-code-used", null]);
    expect(await eventsOf(user.id)).toContainEqual(["sign-in", { method: "recovery-code" }]);
  });

  it("[2fa] after three wrong codes the password must be entered again", async () => {
    const { user, email, password } = await member();
    const { secret } = await enrolAuthenticator(ctx, user.id);
    const client = new Client(ctx.baseUrl);
    await client.post("/api/login", { email, password });
    for (let i = 0; i < 2; i++) expect((await client.post("/api/login/two-factor", { code: "123456" })).status).toBe(400);
    const third = await client.post("/api/login/two-factor", { code: "123456" });
    expect(third.status).toBe(401);
    expect(third.json.message).toBe("Too many wrong codes. Enter your e-mail and password again.");
    const late = await client.post("/api/login/two-factor", { code: await totpCode(secret) });
    expect(late.status).toBe(401);
    expect(late.json.message).toBe("Your sign-in has timed out. Enter your e-mail and password again.");
    expect(
      (await ctx.services.database.db.select().from(securityEvents).where(eq(securityEvents.userId, user.id))).filter((e) => e.type === "sign-in-failed"),
    ).toHaveLength(3);
  });

  it("[2fa] ending the account's sessions ends a sign-in waiting for its code too, and it is not listed as a session", async () => {
    const { user, email, password } = await member();
    const { secret } = await enrolAuthenticator(ctx, user.id);
    const client = new Client(ctx.baseUrl);
    await client.post("/api/login", { email, password });
    expect(await ctx.services.sessions.listForUser(user.id, "")).toEqual([]);
    await ctx.services.sessions.endAllForUser(user.id);
    const res = await client.post("/api/login/two-factor", { code: await totpCode(secret) });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe("Your sign-in has timed out. Enter your e-mail and password again.");
  });

  it("[2fa] a code without a password first is refused", async () => {
    const res = await new Client(ctx.baseUrl).post("/api/login/two-factor", { code: "123456" });
    expect(res.status).toBe(401);
    expect((await new Client(ctx.baseUrl).post("/api/login/two-factor", { code: "" })).status).toBe(400);
  });
});

describe("[2fa] turning it off, recovery codes again, and the admin rule", () => {
  it("[2fa] turning the app off needs the password; then the password alone signs in again", async () => {
    const { client, user, email, password } = await signedInClient(ctx, "investor", { twoFactor: true });
    const wrong = await client.post("/api/account/two-factor/app/disable", { password: "not my password" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ password: "That password is not right." });
    expect((await client.post("/api/account/two-factor/app/disable", { password })).status).toBe(204);
    expect((await client.get("/api/account/two-factor")).json).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: [] });
    expect((await new Client(ctx.baseUrl).post("/api/login", { email, password })).json).toMatchObject({ email });
    expect(await eventsOf(user!.id)).toContainEqual(["two-factor-disabled", { method: "authenticator-app" }]);
  });

  it("[2fa] new recovery codes replace the old ones", async () => {
    const { user, email, password } = await member();
    const { secret, recoveryCodes: old } = await enrolAuthenticator(ctx, user.id);
    const client = new Client(ctx.baseUrl);
    await client.post("/api/login", { email, password });
    await client.post("/api/login/two-factor", { code: await totpCode(secret) });
    const fresh = await client.post("/api/account/two-factor/recovery-codes", { password });
    expect(fresh.json.recoveryCodes).toHaveLength(10);
    const other = new Client(ctx.baseUrl);
    await other.post("/api/login", { email, password });
    expect((await other.post("/api/login/two-factor", { code: old[0] })).status).toBe(400);
    expect((await other.post("/api/login/two-factor", { code: fresh.json.recoveryCodes[0] })).status).toBe(200);
  });

  it("[2fa] an admin cannot turn off their last second factor", async () => {
    const { client, password } = await signedInClient(ctx, "admin");
    const res = await client.post("/api/account/two-factor/app/disable", { password });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("Admins must keep two-factor sign-in. Add a passkey or an authenticator app first.");
    expect((await client.get("/api/account/two-factor")).json.totp).toBe(true);
  });

  it("[2fa] an admin without a second factor is signed in but kept out of the dashboard's API, not out of their account", async () => {
    const { client, user } = await signedInClient(ctx, "admin", { twoFactor: false });
    const res = await client.get("/api/admin/security-events");
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("TWO_FACTOR_REQUIRED");
    expect((await client.get("/api/user")).json).toMatchObject({ id: user!.id, role: "admin", secondFactor: false });
    expect((await client.get("/api/account/two-factor")).status).toBe(200);
  });

  it("[2fa] every second-factor route needs a signed-in user", async () => {
    const anon = new Client(ctx.baseUrl);
    for (const [method, url] of [
      ["GET", "/api/account/two-factor"],
      ["POST", "/api/account/two-factor/app"],
      ["POST", "/api/account/two-factor/app/confirm"],
      ["POST", "/api/account/two-factor/app/disable"],
      ["POST", "/api/account/two-factor/recovery-codes"],
      ["POST", "/api/account/passkeys/options"],
      ["POST", "/api/account/passkeys"],
      ["PATCH", "/api/account/passkeys/abc"],
      ["DELETE", "/api/account/passkeys/abc"],
    ] as const) {
      const body = method === "GET" || method === "DELETE" ? undefined : { code: "123456", password: "x", name: "Key" };
      expect([method, url, (await anon.request(method, url, body)).status]).toEqual([method, url, 401]);
    }
  });
});

describe("[passkeys] the API's refusals", () => {
  it("[passkeys] options name this site (the public origin's host) and exclude the user's passkeys; an answer without them is refused", async () => {
    const { client, email } = await signedInClient(ctx, "regular");
    const options = await client.post("/api/account/passkeys/options");
    expect(options.status).toBe(200);
    expect(options.json.rp).toEqual({ name: "Meridian Crest Holdings", id: new URL(ctx.services.config.linkOrigin).hostname });
    expect(options.json.user.name).toBe(email);
    expect(options.json.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const forged = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "e30", attestationObject: "oA" }, clientExtensionResults: {} };
    const refused = await client.post("/api/account/passkeys", { name: "Laptop", response: forged });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("INVALID_CODE");
    // The challenge was used by that attempt: another answer needs new options.
    const again = await client.post("/api/account/passkeys", { name: "Laptop", response: forged });
    expect(again.json.message).toBe("The passkey request has expired. Try again.");
    expect((await client.post("/api/account/passkeys", { name: "", response: forged })).status).toBe(400);
    expect((await client.patch("/api/account/passkeys/nope", { name: "Phone" })).status).toBe(404);
    expect((await client.delete("/api/account/passkeys/nope")).status).toBe(404);
  });

  it("[passkeys] empty, huge, malformed and hostile answers get a 400, quickly", async () => {
    const { client } = await signedInClient(ctx, "regular");
    const bodies: unknown[] = [
      {},
      { name: "x".repeat(10_000), response: {} },
      { name: "Laptop", response: "not an object" },
      { name: "Laptop", response: { id: "a".repeat(5000), rawId: "a", type: "public-key", response: {} } },
      { name: "Laptop", response: { id: "a", rawId: "a", type: "password", response: {} } },
      { name: "Laptop", response: { id: "a", rawId: "a", type: "public-key", response: { clientDataJSON: "A".repeat(150_000), attestationObject: "%%%" } } },
      {
        name: "Laptop",
        response: { id: "a", rawId: "a", type: "public-key", response: { clientDataJSON: { __proto__: { admin: true } }, attestationObject: [1, 2] } },
      },
    ];
    for (const body of bodies) {
      await client.post("/api/account/passkeys/options");
      const started = Date.now();
      const res = await client.post("/api/account/passkeys", body);
      expect([res.status, res.json.code]).toEqual([400, expect.stringMatching(/^(VALIDATION|INVALID_CODE)$/)]);
      expect(Date.now() - started).toBeLessThan(2000);
    }
    // Malformed codes are refused by the schema; a well-formed one without a password first by the missing sign-in.
    const codes = { "": 400, " ": 400, ["1".repeat(10_000)]: 400, "123 456 789 012 345 678": 400, "<script>": 401 };
    for (const [code, status] of Object.entries(codes))
      expect([code.slice(0, 12), (await new Client(ctx.baseUrl).post("/api/login/two-factor", { code })).status]).toEqual([code.slice(0, 12), status]);
    expect((await client.get("/api/account/two-factor")).json.passkeys).toEqual([]);
  });

  it("[passkeys] a sign-in with an unknown passkey is refused and signs nobody in", async () => {
    const client = new Client(ctx.baseUrl);
    const options = await client.post("/api/login/passkey/options");
    expect(options.status).toBe(200);
    expect(options.json.userVerification).toBe("required");
    const res = await client.post("/api/login/passkey", {
      response: { id: "unknown", rawId: "unknown", type: "public-key", response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" } },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("That passkey was not accepted. Try again, or use another way to sign in.");
    expect((await client.get("/api/user")).status).toBe(401);
  });
});

describe("[2fa] stored state", () => {
  it("[2fa] the secret is kept sealed, and only until it is turned off", async () => {
    const { user } = await member();
    const { secret } = await enrolAuthenticator(ctx, user.id);
    const [on] = await ctx.services.database.db.select().from(users).where(eq(users.id, user.id));
    expect(on.totpSecret).toMatch(/^sb1\.[\w-]{8}\.[\w-]{16}\.[\w-]+$/);
    expect(on.totpSecret).not.toContain(secret);
    expect(on.totpEnabledAt).not.toBeNull();
    await ctx.services.twoFactor.disableTotp(user.id);
    const [off] = await ctx.services.database.db.select().from(users).where(eq(users.id, user.id));
    expect(off).toMatchObject({ totpSecret: null, totpEnabledAt: null });
  });
});

describe("[2fa] sealed keys", () => {
  const db = () => ctx.services.database.db;
  const storedKey = async (userId: number) => (await db().select({ k: users.totpSecret }).from(users).where(eq(users.id, userId)))[0].k!;
  /** The same services on the same database, with other key material. */
  const twoFactorWith = (keys: { current: string; older?: string[] }) =>
    createTwoFactorService({
      db: db(),
      securityEvents: ctx.services.securityEvents,
      alerts: createSecurityAlerts({ db: db(), mail: ctx.services.mail }),
      box: createSecretBox(keys),
    });

  it("[2fa] a key moved to another account's row does not open there: its codes are refused", async () => {
    const a = await member();
    const b = await member();
    const { secret } = await enrolAuthenticator(ctx, a.user.id);
    await enrolAuthenticator(ctx, b.user.id);
    await db()
      .update(users)
      .set({ totpSecret: await storedKey(a.user.id) })
      .where(eq(users.id, b.user.id));
    await expect(ctx.services.twoFactor.verifySecondStep(b.user.id, await totpCode(secret, 30))).rejects.toMatchObject({ code: "INVALID_CODE" });
  });

  it("[2fa] without the key the stored value gives nothing; with ENCRYPTION_KEY set later, the old key still opens and is sealed again at start", async () => {
    const { user } = await member();
    const { secret } = await enrolAuthenticator(ctx, user.id);
    const config = ctx.services.config;
    // A copy of the database with other key material: the codes are refused, and the start-up check counts it.
    const stranger = twoFactorWith({ current: "a different key a different key a different key" });
    await expect(stranger.verifySecondStep(user.id, await totpCode(secret, 30))).rejects.toMatchObject({ code: "INVALID_CODE" });
    expect((await stranger.resealKeys()).unreadable).toBeGreaterThanOrEqual(1);
    expect(await storedKey(user.id)).toMatch(/^sb1\./);

    // The operator sets ENCRYPTION_KEY: the key sealed under SESSION_SECRET still opens, and start seals it again.
    const rotated = twoFactorWith({ current: "the new encryption key, at least 32 characters", older: [config.secretKeys.current] });
    const before = await storedKey(user.id);
    expect((await rotated.resealKeys()).resealed).toBeGreaterThanOrEqual(1);
    const after = await storedKey(user.id);
    expect(after).not.toBe(before);
    expect(after.split(".")[1]).not.toBe(before.split(".")[1]);
    expect(await rotated.verifySecondStep(user.id, await totpCode(secret, 30))).toBe("authenticator-app");
    // Nothing is left to seal: a second start changes nothing.
    expect(await rotated.resealKeys()).toMatchObject({ resealed: 0 });
    await db().update(users).set({ totpSecret: null, totpEnabledAt: null }).where(eq(users.id, user.id));
  });

  it("[2fa] a key stored in the clear before sealing began still works, and is sealed at the next start", async () => {
    const { user } = await member();
    const { secret } = await enrolAuthenticator(ctx, user.id);
    await db().update(users).set({ totpSecret: secret }).where(eq(users.id, user.id));
    expect(await ctx.services.twoFactor.verifySecondStep(user.id, await totpCode(secret, 30))).toBe("authenticator-app");
    expect((await ctx.services.twoFactor.resealKeys()).resealed).toBeGreaterThanOrEqual(1);
    const sealed = await storedKey(user.id);
    expect(sealed).toMatch(/^sb1\./);
    expect(sealed).not.toContain(secret);
  });
});
