/**
 * Second factors belong to sessions, and cannot be planted with a stolen cookie (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set):
 * - admin rights need a session that proved a second factor; enrolling one elsewhere ends the password-only sessions;
 * - adding or removing a factor, new recovery codes and turning the app off need the password (or an app code) proved
 *   in the session within the last 10 minutes, and wrong passwords share the current-password budget;
 * - an address never confirmed cannot add factors or change, and its first proof removes what was set up before;
 * - an admin can clear a user's factors; a visitor's passkey ceremony leaves no week-long session row.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, documents, emailMessages, passkeys, recoveryCodes, securityEvents, sessions, users } from "../../server/db/schema";
import { message } from "../../server/lib/messages";
import { issueToken } from "../../server/features/accounts/accounts";
import { Client, createTestContext, enrolAuthenticator, signedInClient, signIn, totpCode, type TestContext } from "../helpers/context";
import { userInput } from "../helpers/factories";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: true, env: { TRUST_PROXY: "true" } });
});
afterAll(() => ctx.close());

const db = () => ctx.services.database.db;
/** CONFIRM_IDENTITY_SECONDS by default: 10 minutes. */
const CONFIRMATION_WINDOW_MS = 10 * 60_000;
let n = 0;
/** A fresh account (no second factor) and its password. */
async function account(role: "regular" | "investor" | "admin" = "regular", verified = true) {
  const email = `sf${++n}-${Date.now().toString(36)}@example.test`;
  const password = "a long enough password";
  const user = await ctx.services.users.create(userInput({ email, password, fullName: "Factor Tester", role, isVerified: verified }));
  return { user, email, password };
}
/** A client signed in with the password alone (the account has no second factor). */
async function passwordSession(credentials: { email: string; password: string }) {
  const client = new Client(ctx.baseUrl);
  const res = await client.post("/api/login", credentials);
  expect(res.status).toBe(200);
  expect(res.json.twoFactorRequired).toBeUndefined();
  return client;
}
/** The session id behind a client's cookie. */
const sessionIdOf = async (client: Client) => (await ctx.services.sessions.getSession(client.cookie)).id;
/** Makes the client's session look as if its password was last proved `ms` ago (a cookie stolen later). */
async function ageConfirmation(client: Client, ms: number) {
  const id = await sessionIdOf(client);
  const [row] = await db().select({ data: sessions.data }).from(sessions).where(eq(sessions.id, id));
  await db()
    .update(sessions)
    .set({ data: { ...row.data, confirmedAt: Date.now() - ms } })
    .where(eq(sessions.id, id));
}
/** A passkey row as registration stores it (the key itself is never checked here). */
async function plantPasskey(userId: number, name = "Planted") {
  const id = `cred-${userId}-${Math.random().toString(36).slice(2)}`;
  await db()
    .insert(passkeys)
    .values({ id, userId, name, publicKey: "pQECAyYgASFYIA", counter: 0, transports: ["internal"], backedUp: false });
  return id;
}
const investorOnlyDocument = async () => (await db().select().from(documents).where(eq(documents.isPublic, false)))[0];

describe("[factors] admin rights belong to a session that proved a second factor", () => {
  it("[factors] a password-only admin session does not become an admin session when the owner enrols an app elsewhere: it ends", async () => {
    const { email, password } = await account("admin");
    const early = await passwordSession({ email, password });
    const refused = await early.get("/api/admin/users");
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("TWO_FACTOR_REQUIRED");

    // The owner enrols an authenticator app in another browser.
    const owner = await passwordSession({ email, password });
    const setup = await owner.post("/api/account/two-factor/app");
    expect(setup.status).toBe(200);
    const confirmed = await owner.post("/api/account/two-factor/app/confirm", { code: await totpCode(setup.json.secret) });
    expect(confirmed.status).toBe(200);

    // The early session is over: not an admin, not signed in at all (the pages: page-guards.test.ts).
    expect((await early.get("/api/admin/users")).status).toBe(401);
    expect((await early.get("/api/user")).status).toBe(401);
    // The browser that proved the app is an admin session now.
    expect((await owner.get("/api/admin/users")).status).toBe(200);
    expect((await owner.get("/api/user")).json).toMatchObject({ role: "admin", secondFactor: true, secondFactorProved: true });
  });

  it("[factors] an admin session without a proved second factor has a member's access: no dashboard, no investor documents, no portal", async () => {
    const { user, email, password } = await account("admin");
    const { secret } = await enrolAuthenticator(ctx, user.id);
    // A session that proved only the password (as sessions from before sessions recorded their proof).
    const client = new Client(ctx.baseUrl);
    client.cookie = (await ctx.services.sessions.startSession(await ctx.services.sessions.getSession(null), user.id, "password")).split(";")[0];
    expect((await client.get("/api/user")).json).toMatchObject({ role: "admin", secondFactor: true, secondFactorProved: false });

    for (const path of ["/api/admin/users", "/api/admin/security-events", "/api/contact", "/api/admin/outbox"]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(403);
      expect(res.json.code, path).toBe("TWO_FACTOR_REQUIRED");
    }
    const listed = (await client.get("/api/documents")).json as { isPublic: boolean }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((d) => d.isPublic)).toBe(true);
    const hidden = await investorOnlyDocument();
    // Refused exactly like a document that does not exist.
    expect((await client.get(`/api/documents/${hidden.id}/download`)).status).toBe(404);

    // Signing in again with the app gives the rights back.
    const proper = new Client(ctx.baseUrl);
    await signIn(proper, { email, password }, secret);
    expect((await proper.get("/api/admin/users")).status).toBe(200);
    expect((await proper.get(`/api/documents/${hidden.id}/download`)).status).toBe(200);
  });
});

describe("[factors] changes to factors need a recent proof", () => {
  it("[factors] the confirmation lasts 10 minutes unless CONFIRM_IDENTITY_SECONDS says otherwise", () => {
    expect(ctx.services.config.confirmIdentityMs).toBe(CONFIRMATION_WINDOW_MS);
  });

  it("[factors] with only an old session cookie, no factor can be added, removed or replaced; the password proves it again", async () => {
    const { user, password } = await account();
    const { client } = { client: await passwordSession({ email: user.email, password }) };
    await ageConfirmation(client, CONFIRMATION_WINDOW_MS + 60_000);

    const attempts: [string, () => ReturnType<Client["get"]>][] = [
      ["app set-up", () => client.post("/api/account/two-factor/app")],
      ["app confirm", () => client.post("/api/account/two-factor/app/confirm", { code: "123456" })],
      ["app off", () => client.post("/api/account/two-factor/app/disable")],
      ["new recovery codes", () => client.post("/api/account/two-factor/recovery-codes")],
      ["passkey options", () => client.post("/api/account/passkeys/options")],
      ["passkey remove", () => client.delete("/api/account/passkeys/some-id")],
    ];
    for (const [what, attempt] of attempts) {
      const res = await attempt();
      expect(res.status, what).toBe(403);
      expect(res.json, what).toEqual({ code: "REAUTH_REQUIRED", message: "Confirm it is you: enter your password again to make this change." });
    }
    // A passkey is registered only against a challenge, which only a confirmed session is given.
    const planted = await client.post("/api/account/passkeys", { name: "Thief", response: { id: "x", rawId: "x", type: "public-key", response: {} } });
    expect(planted.status).toBe(400);
    expect(planted.json.message).toBe(message("en", "errors.passkeys.noChallenge"));
    expect(await ctx.services.twoFactor.status(user.id)).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });

    const wrong = await client.post("/api/account/confirm-identity", { password: "not the password" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ password: "That password is not right." });
    expect((await client.post("/api/account/two-factor/app")).status).toBe(403);

    const right = await client.post("/api/account/confirm-identity", { password });
    expect(right.status).toBe(200);
    expect(right.json.message).toBe("Thank you. For the next 10 minutes you can change how you sign in without entering your password again.");
    const setup = await client.post("/api/account/two-factor/app");
    expect(setup.status).toBe(200);
    expect((await client.post("/api/account/two-factor/app/confirm", { code: await totpCode(setup.json.secret) })).status).toBe(200);

    // The password may also travel with the change itself.
    await ageConfirmation(client, CONFIRMATION_WINDOW_MS + 1_000);
    expect((await client.post("/api/account/two-factor/recovery-codes", { password })).status).toBe(200);

    // Ten minutes later, turning it off needs the password again (a code from the app proves it too).
    await ageConfirmation(client, CONFIRMATION_WINDOW_MS + 1_000);
    expect((await client.post("/api/account/two-factor/app/disable")).json.code).toBe("REAUTH_REQUIRED");
    const byCode = await client.post("/api/account/confirm-identity", { code: await totpCode(setup.json.secret, 30) });
    expect(byCode.status).toBe(200);
    expect((await client.post("/api/account/two-factor/app/disable")).status).toBe(204);
  });

  it("[factors] wrong passwords for factor changes share the budget of the current password: 5 per 15 minutes, then 429 everywhere", async () => {
    const { user, password } = await account();
    await enrolAuthenticator(ctx, user.id);
    const client = new Client(ctx.baseUrl);
    client.cookie = (await ctx.services.sessions.startSession(await ctx.services.sessions.getSession(null), user.id, "authenticator-app")).split(";")[0];
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.post("/api/account/two-factor/recovery-codes", { password: `wrong ${i}` })).status);
    for (let i = 0; i < 2; i++) statuses.push((await client.post("/api/account/two-factor/app/disable", { password: `wrong ${i}` })).status);
    const sixth = await client.post("/api/account/confirm-identity", { password: "wrong again" });
    statuses.push(sixth.status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(sixth.headers.get("retry-after")).toMatch(/^\d+$/);
    // The right password is held back too, here and on the password form.
    expect((await client.post("/api/account/two-factor/app/disable", { password })).status).toBe(429);
    expect((await client.post("/api/account/password", { currentPassword: password, newPassword: "another long password" })).status).toBe(429);
    expect((await ctx.services.twoFactor.status(user.id)).totp).toBe(true);
  });

  it("[factors] a wrong password answers the same whether or not the account has the app", async () => {
    const withApp = await account();
    await enrolAuthenticator(ctx, withApp.user.id);
    const without = await account();
    const answers = [];
    for (const { user } of [withApp, without]) {
      const client = new Client(ctx.baseUrl);
      client.cookie = (await ctx.services.sessions.startSession(await ctx.services.sessions.getSession(null), user.id, "password")).split(";")[0];
      const res = await client.post("/api/account/two-factor/app/disable", { password: "wrong password" });
      answers.push([res.status, res.json]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0][0]).toBe(400);
  });

  it("[factors] turning the app off, new codes and removing a passkey end the account's other sessions; removing the last factor takes the recovery codes", async () => {
    const { user, email, password } = await account();
    await plantPasskey(user.id, "Laptop");
    const { secret } = await enrolAuthenticator(ctx, user.id);
    const here = new Client(ctx.baseUrl);
    await signIn(here, { email, password }, secret);
    /** Another browser of the owner's, signed in with the app (made directly: one code signs in once). */
    const elsewhere = new Client(ctx.baseUrl);
    const signInElsewhere = async () => {
      elsewhere.cookie = (await ctx.services.sessions.startSession(await ctx.services.sessions.getSession(null), user.id, "authenticator-app")).split(";")[0];
      expect((await elsewhere.get("/api/user")).status).toBe(200);
    };
    await signInElsewhere();

    expect((await here.post("/api/account/two-factor/recovery-codes")).status).toBe(200);
    expect((await elsewhere.get("/api/user")).status).toBe(401);
    await signInElsewhere();
    expect((await here.post("/api/account/two-factor/app/disable")).status).toBe(204);
    expect((await elsewhere.get("/api/user")).status).toBe(401);
    expect((await here.get("/api/user")).status).toBe(200);

    await signInElsewhere();
    const [key] = await db().select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect((await here.delete(`/api/account/passkeys/${encodeURIComponent(key.id)}`)).status).toBe(204);
    // No factor left: no recovery codes left over to sign in with.
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect(await ctx.services.twoFactor.status(user.id)).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
    expect((await elsewhere.get("/api/user")).status).toBe(401);
  });
});

describe("[factors] an address never confirmed", () => {
  it("[factors] cannot add a factor or change its address", async () => {
    const { email, password } = await account("regular", false);
    const client = await passwordSession({ email, password });
    for (const [what, res] of [
      ["app", await client.post("/api/account/two-factor/app")],
      ["passkey", await client.post("/api/account/passkeys/options")],
    ] as const) {
      expect(res.status, what).toBe(403);
      expect(res.json, what).toEqual({ code: "EMAIL_NOT_VERIFIED", message: "Confirm your e-mail address before adding a second factor." });
    }
    const change = await client.post("/api/account/email", { newEmail: "elsewhere@example.test", currentPassword: password });
    expect(change.status).toBe(403);
    expect(change.json).toEqual({ code: "EMAIL_NOT_VERIFIED", message: "Confirm your current e-mail address before changing it." });
  });

  it("[factors] a reset of a never-confirmed account removes every session, factor and waiting change made before", async () => {
    // Someone registered the victim's address and set things up before the victim recovered it.
    const { user, email, password } = await account("regular", false);
    const squatter = await passwordSession({ email, password });
    await plantPasskey(user.id);
    const { secret } = await ctx.services.twoFactor.startTotp(user.id);
    await ctx.services.twoFactor.confirmTotp(user.id, await totpCode(secret));
    await issueToken(db(), user.id, "change-email", "squatter@example.test");
    await db().update(users).set({ isVerified: false }).where(eq(users.id, user.id));

    const token = await issueToken(db(), user.id, "password-reset");
    const victim = new Client(ctx.baseUrl);
    expect((await victim.post("/api/password-reset/confirm", { token, password: "the victim's own password" })).status).toBe(200);

    expect((await squatter.get("/api/user")).status).toBe(401);
    expect(await ctx.services.twoFactor.status(user.id)).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isVerified: true, totpSecret: null, totpEnabledAt: null });
    const waiting = await db()
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, "change-email"), sql`${accountTokens.usedAt} is null`));
    expect(waiting).toEqual([]);
    // The victim signs in with the password alone: nothing the squatter set up is asked for.
    const signedIn = await victim.post("/api/login", { email, password: "the victim's own password" });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.twoFactorRequired).toBeUndefined();
    const [event] = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.type, "password-reset")));
    expect(event.detail).toEqual({ firstProof: true });
  });

  it("[factors] a first confirmation removes earlier sessions and factors but keeps the browser that confirmed; a later one changes nothing", async () => {
    const { user, email, password } = await account("regular", false);
    const other = await passwordSession({ email, password });
    const confirming = await passwordSession({ email, password });
    await plantPasskey(user.id);
    const token = await issueToken(db(), user.id, "verify-email");
    expect((await confirming.post("/api/verify-email", { token })).status).toBe(200);
    expect((await other.get("/api/user")).status).toBe(401);
    expect((await confirming.get("/api/user")).json).toMatchObject({ id: user.id, isVerified: true });
    expect((await ctx.services.twoFactor.status(user.id)).passkeys).toBe(0);

    // Confirmed accounts keep their factors when a reset is used (the factor is asked for at the next sign-in).
    await plantPasskey(user.id, "Own");
    const reset = await issueToken(db(), user.id, "password-reset");
    expect((await new Client(ctx.baseUrl).post("/api/password-reset/confirm", { token: reset, password: "yet another password" })).status).toBe(200);
    expect((await ctx.services.twoFactor.status(user.id)).passkeys).toBe(1);
  });
});

describe("[factors] an admin clears a user's factors", () => {
  it("[factors] for an owner who lost phone and codes: factors and sessions go, the change is recorded and the owner e-mailed", async () => {
    const { client: admin, user: adminUser } = await signedInClient(ctx, "admin");
    const { user, email, password } = await account("investor");
    const { secret } = await enrolAuthenticator(ctx, user.id);
    await plantPasskey(user.id);
    const owner = new Client(ctx.baseUrl);
    await signIn(owner, { email, password }, secret);

    const res = await admin.delete(`/api/admin/users/${user.id}/second-factors`);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Two-factor sign-in was removed from this account and its sessions ended. The user has been told by e-mail.");
    expect(res.json.user).toMatchObject({ id: user.id, twoFactor: false });
    expect(await ctx.services.twoFactor.status(user.id)).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
    expect((await owner.get("/api/user")).status).toBe(401);
    const [event] = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, user.id), eq(securityEvents.type, "second-factors-cleared")));
    expect(event.actorId).toBe(adminUser!.id);
    const [mail] = await db()
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toAddress, email), eq(emailMessages.kind, "security-change")))
      .orderBy(sql`${emailMessages.id} desc`)
      .limit(1);
    expect(mail.textBody).toContain("An administrator removed two-factor sign-in (the authenticator app, passkeys and recovery codes) from your account");

    // Not one's own account; not a member; not with an old session.
    expect((await admin.delete(`/api/admin/users/${adminUser!.id}/second-factors`)).status).toBe(409);
    const member = await signedInClient(ctx, "investor");
    expect((await member.client.delete(`/api/admin/users/${user.id}/second-factors`)).status).toBe(403);
    await ageConfirmation(admin, CONFIRMATION_WINDOW_MS + 1_000);
    expect((await admin.delete(`/api/admin/users/${user.id}/second-factors`)).json.code).toBe("REAUTH_REQUIRED");
  });
});

describe("[factors] what stays small and consistent", () => {
  it("[factors] a visitor's passkey ceremony leaves a session row that lasts only as long as its challenge", async () => {
    const visitor = new Client(ctx.baseUrl);
    expect((await visitor.post("/api/login/passkey/options")).status).toBe(200);
    const id = await sessionIdOf(visitor);
    const [row] = await db().select().from(sessions).where(eq(sessions.id, id));
    expect(row.userId).toBeNull();
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 1_000);
  });

  it("[factors] an admin turning the app off while removing the last passkey never ends with no factor", async () => {
    for (let round = 0; round < 8; round++) {
      const { user } = await account("admin");
      await enrolAuthenticator(ctx, user.id);
      const key = await plantPasskey(user.id);
      const outcomes = await Promise.allSettled([ctx.services.twoFactor.disableTotp(user.id), ctx.services.passkeys.remove(user.id, key)]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const status = await ctx.services.twoFactor.status(user.id);
      expect(status.totp || status.passkeys > 0).toBe(true);
    }
  });

  it("[factors] the last passkey: an admin keeps it, a member's goes with the recovery codes; one of two goes alone", async () => {
    const admin = await account("admin");
    const adminKey = await plantPasskey(admin.user.id);
    await ctx.services.twoFactor.recoveryCodesForFirstFactor(db(), admin.user.id);
    await expect(ctx.services.passkeys.remove(admin.user.id, adminKey)).rejects.toMatchObject({
      code: "CONFLICT",
      messageId: "errors.twoFactor.adminMustKeep",
    });
    expect(await ctx.services.twoFactor.status(admin.user.id)).toEqual({ totp: false, recoveryCodesLeft: 10, passkeys: 1 });

    const member = await account("investor");
    const [first, second] = [await plantPasskey(member.user.id), await plantPasskey(member.user.id)];
    await ctx.services.twoFactor.recoveryCodesForFirstFactor(db(), member.user.id);
    await ctx.services.passkeys.remove(member.user.id, first);
    expect(await ctx.services.twoFactor.status(member.user.id)).toEqual({ totp: false, recoveryCodesLeft: 10, passkeys: 1 });
    expect(await ctx.services.twoFactor.required(member.user.id)).toBe(true);
    await ctx.services.passkeys.remove(member.user.id, second);
    expect(await ctx.services.twoFactor.status(member.user.id)).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
    expect(await ctx.services.twoFactor.required(member.user.id)).toBe(false);
  });
});
