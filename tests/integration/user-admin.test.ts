/**
 * User administration: the admin's list of accounts (search, role filter, pages), role changes, disabling and enabling
 * an account, a new confirmation link, and the rules that keep an admin: not one's own account, never the last one,
 * even when two admins act at the same moment.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { passkeys, securityEvents, sessions, users } from "../../server/db/schema";
import { AppError } from "../../server/lib/errors";
import type { PublicUser } from "../../server/features/accounts/users";
import { LAST_ADMIN } from "../../server/features/user-admin/user-admin";
import { Client, contextWithMailbox, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { userInput } from "../helpers/factories";
import type { SmtpServer } from "../helpers/smtp";

const LAST_ADMIN_TEXT = "This is the last active admin. Make another account an admin before demoting or disabling this one.";

let ctx: TestContext;
let smtp: SmtpServer;
let admin: Client;
let adminUser: PublicUser;

beforeAll(async () => {
  ({ ctx, smtp } = await contextWithMailbox());
  const signedIn = await signedInClient(ctx, "admin");
  admin = signedIn.client;
  adminUser = signedIn.user!;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const db = () => ctx.services.database.db;
let n = 0;
const tag = () => `${Date.now().toString(36)}${++n}`;

/** An account made directly (no session), with a name and address that carry `mark`. */
function account(mark: string, opts: { role?: "regular" | "investor" | "admin"; isVerified?: boolean; locale?: "en" | "ar"; fullName?: string } = {}) {
  return ctx.services.users.create(
    userInput({
      email: `${mark}-${++n}@example.test`,
      password: "member password",
      fullName: opts.fullName ?? `Member ${mark}`,
      role: opts.role ?? "regular",
      isVerified: opts.isVerified ?? true,
      locale: opts.locale,
    }),
  );
}

const eventsOf = (userId: number, type: "role-changed" | "account-disabled" | "account-enabled") =>
  db()
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.type, type)));
const stored = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe("[users] the list", () => {
  it("[users] finds a part of the name or the address in any case, filters by role, newest first, and shows what an admin needs", async () => {
    const mark = tag();
    const first = await account(`find${mark}`, { fullName: `Ziyad Qasimi ${mark}`, isVerified: false });
    const second = await account(`find${mark}`, { fullName: `Hala Nour ${mark}`, role: "investor" });
    const third = await account(`find${mark}`, { fullName: `Omar Adel ${mark}` });
    await db().update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, second.id));
    await db()
      .insert(passkeys)
      .values({ id: `cred-${mark}`, userId: third.id, name: "Laptop", publicKey: "key" });
    await db()
      .update(users)
      .set({ lastSignInAt: new Date("2026-11-20T10:00:00Z"), disabledAt: new Date("2026-11-21T10:00:00Z") })
      .where(eq(users.id, third.id));

    const byName = await admin.get(`/api/admin/users?q=${encodeURIComponent(`ZIYAD qasimi ${mark}`)}`);
    expect(byName.status).toBe(200);
    expect(byName.json).toEqual({
      users: [
        {
          id: first.id,
          email: first.email,
          fullName: `Ziyad Qasimi ${mark}`,
          role: "regular",
          isVerified: false,
          locale: "en",
          twoFactor: false,
          lastSignInAt: null,
          disabledAt: null,
          createdAt: expect.any(String),
        },
      ],
      nextBefore: null,
    });

    const byAddress = await admin.get(`/api/admin/users?q=${encodeURIComponent(`FIND${mark}`.toUpperCase())}`);
    expect(byAddress.json.users.map((u: { id: number }) => u.id)).toEqual([third.id, second.id, first.id]);
    expect(byAddress.json.users.map((u: { twoFactor: boolean }) => u.twoFactor)).toEqual([true, true, false]);
    expect(byAddress.json.users[0]).toMatchObject({ lastSignInAt: "2026-11-20T10:00:00.000Z", disabledAt: "2026-11-21T10:00:00.000Z" });

    const investors = await admin.get(`/api/admin/users?q=find${mark}&role=investor`);
    expect(investors.json.users.map((u: { id: number }) => u.id)).toEqual([second.id]);
    // The wildcards of SQL are letters in a search.
    expect((await admin.get(`/api/admin/users?q=${encodeURIComponent(`find${mark}%`)}`)).json.users).toEqual([]);
    expect(
      (await admin.get(`/api/admin/users?q=${encodeURIComponent("_")}&role=investor`)).json.users.every((u: { email: string; fullName: string }) =>
        `${u.email}${u.fullName}`.includes("_"),
      ),
    ).toBe(true);
  });

  it("[users] pages 50 at a time with nextBefore, without repeating or skipping an account", async () => {
    const mark = tag();
    const made: number[] = [];
    for (let i = 0; i < 55; i++) made.push((await account(`page${mark}`)).id);
    const first = await admin.get(`/api/admin/users?q=page${mark}`);
    expect(first.json.users).toHaveLength(50);
    expect(first.json.nextBefore).toBe(first.json.users[49].id);
    const second = await admin.get(`/api/admin/users?q=page${mark}&before=${first.json.nextBefore}`);
    expect(second.json.users).toHaveLength(5);
    expect(second.json.nextBefore).toBeNull();
    const ids = [...first.json.users, ...second.json.users].map((u: { id: number }) => u.id);
    expect(ids).toEqual([...made].reverse());
  });

  it("[users] refuses a bad search, role or cursor with 400 and the field's message; an unknown account is 404", async () => {
    const bad = async (query: string) => (await admin.get(`/api/admin/users?${query}`)).json;
    expect(await bad("role=owner")).toEqual({
      message: "Role must be regular, investor or admin.",
      errors: { role: "Role must be regular, investor or admin." },
      code: "VALIDATION",
    });
    expect(await bad(`q=${"x".repeat(101)}`)).toMatchObject({ message: "Search text must be at most 100 characters.", code: "VALIDATION" });
    expect(await bad("q=a&q=b")).toMatchObject({ code: "VALIDATION", errors: { q: "Search text must be at most 100 characters." } });
    expect(await bad("before=soon")).toMatchObject({ message: "Before must be a message number.", code: "VALIDATION" });
    for (const path of ["/api/admin/users/999999", "/api/admin/users/abc", "/api/admin/users/0x1"]) {
      expect((await admin.get(path)).json).toEqual({ message: "User not found", code: "NOT_FOUND" });
    }
    expect((await admin.post("/api/admin/users/999999/disable")).status).toBe(404);
    expect((await admin.patch("/api/admin/users/999999", { role: "investor" })).status).toBe(404);
    const someone = await account(`bad${tag()}`);
    expect((await admin.get(`/api/admin/users/${someone.id}`)).json).toMatchObject({ id: someone.id, email: someone.email, role: "regular" });
    const wrongRole = await admin.patch(`/api/admin/users/${someone.id}`, { role: "owner" });
    expect(wrongRole.status).toBe(400);
    expect(wrongRole.json.errors).toEqual({ role: "Role must be regular, investor or admin." });
    expect((await admin.patch(`/api/admin/users/${someone.id}`, { role: "admin", isVerified: true })).status).toBe(400);
    expect((await admin.patch(`/api/admin/users/${someone.id}`, {})).status).toBe(400);
    expect((await stored(someone.id)).role).toBe("regular");
  });

  it("[users] members and investors may not read or change accounts", async () => {
    const someone = await account(`deny${tag()}`);
    for (const role of ["regular", "investor"] as const) {
      const { client } = await signedInClient(ctx, role);
      expect((await client.get("/api/admin/users")).status).toBe(403);
      expect((await client.patch(`/api/admin/users/${someone.id}`, { role: "admin" })).status).toBe(403);
      expect((await client.post(`/api/admin/users/${someone.id}/disable`)).status).toBe(403);
    }
    expect((await new Client(ctx.baseUrl).get("/api/admin/users")).status).toBe(401);
    expect(await stored(someone.id)).toMatchObject({ role: "regular", disabledAt: null });
  });
});

describe("[users] roles", () => {
  it("[users] a role change is stored and recorded with the admin who made it; the same role again records nothing", async () => {
    const member = await signedInClient(ctx, "regular");
    const res = await admin.patch(`/api/admin/users/${member.user!.id}`, { role: "investor" }, { "User-Agent": "Admin Browser" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: member.user!.id, role: "investor" });
    expect((await stored(member.user!.id)).role).toBe("investor");
    // The member's open session has the new role at its next request.
    expect((await member.client.get("/api/user")).json.role).toBe("investor");
    const events = await eventsOf(member.user!.id, "role-changed");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: adminUser.id, detail: { from: "regular", to: "investor" }, userAgent: "Admin Browser" });

    expect((await admin.patch(`/api/admin/users/${member.user!.id}`, { role: "investor" })).status).toBe(200);
    expect(await eventsOf(member.user!.id, "role-changed")).toHaveLength(1);
  });
});

describe("[users] disabling and enabling", () => {
  it("[users] a disabled account is signed out at once, cannot sign in (403 ACCOUNT_DISABLED), and signs in again once enabled", async () => {
    const member = await signedInClient(ctx, "investor");
    const id = member.user!.id;
    const other = new Client(ctx.baseUrl);
    expect((await other.post("/api/login", { email: member.email, password: member.password })).status).toBe(200);
    expect((await db().select().from(sessions).where(eq(sessions.userId, id))).length).toBeGreaterThanOrEqual(2);

    const disabled = await admin.post(`/api/admin/users/${id}/disable`);
    expect(disabled.status).toBe(200);
    expect(disabled.json).toMatchObject({ id, disabledAt: expect.any(String) });
    expect((await stored(id)).disabledAt).toBeInstanceOf(Date);
    expect(await db().select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    for (const client of [member.client, other]) {
      expect(await client.get("/api/user")).toMatchObject({ status: 401, json: { message: "You need to sign in to do that.", code: "UNAUTHORIZED" } });
    }
    const refused = await new Client(ctx.baseUrl).post("/api/login", { email: member.email, password: member.password });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: "This account has been disabled. Contact us if you think this is a mistake.", code: "ACCOUNT_DISABLED" });
    const [event] = await eventsOf(id, "account-disabled");
    expect(event).toMatchObject({ actorId: adminUser.id, userId: id });

    // Disabling again changes and records nothing.
    expect((await admin.post(`/api/admin/users/${id}/disable`)).status).toBe(200);
    expect(await eventsOf(id, "account-disabled")).toHaveLength(1);

    const enabled = await admin.post(`/api/admin/users/${id}/enable`);
    expect(enabled.status).toBe(200);
    expect(enabled.json).toMatchObject({ id, disabledAt: null });
    expect((await stored(id)).disabledAt).toBeNull();
    expect(await eventsOf(id, "account-enabled")).toEqual([expect.objectContaining({ actorId: adminUser.id })]);
    const back = new Client(ctx.baseUrl);
    expect((await back.post("/api/login", { email: member.email, password: member.password })).status).toBe(200);
    expect((await back.get("/api/user")).json).toMatchObject({ id, role: "investor" });
    expect((await admin.post(`/api/admin/users/${id}/enable`)).status).toBe(200);
    expect(await eventsOf(id, "account-enabled")).toHaveLength(1);
  });

  it("[users] an admin cannot disable their own account (409), and stays signed in", async () => {
    const me = await signedInClient(ctx, "admin");
    const res = await me.client.post(`/api/admin/users/${me.user!.id}/disable`);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: "You cannot disable your own account.", code: "CONFLICT" });
    const arabic = await me.client.post(`/api/admin/users/${me.user!.id}/disable`, {}, { "Accept-Language": "ar" });
    expect(arabic.json).toEqual({ message: "لا يمكنك تعطيل حسابك.", code: "CONFLICT" });
    expect((await stored(me.user!.id)).disabledAt).toBeNull();
    expect((await me.client.get("/api/user")).status).toBe(200);
    await expect(ctx.services.userAdmin.disable(me.user!.id, me.user!)).rejects.toMatchObject({ code: "CONFLICT", messageId: "errors.users.notSelf" });
  });
});

describe("[users] confirmation link", () => {
  it("[users] resending e-mails a new link in the user's own language; a confirmed address is 409", async () => {
    const mark = tag();
    const member = await account(`resend${mark}`, { isVerified: false, locale: "ar" });
    const res = await admin.post(`/api/admin/users/${member.id}/resend-verification`);
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ message: "A new confirmation link has been sent to the user's address." });
    const mail = await smtp.waitFor((m) => m.to.includes(member.email));
    expect(mail.kind).toBe("verify-email");
    expect(mail.language).toBe("ar");
    expect(mail.text).toContain("/ar/verify-email?token=");

    const confirmed = await account(`resend${mark}`);
    const again = await admin.post(`/api/admin/users/${confirmed.id}/resend-verification`);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: "This user's e-mail address is already confirmed.", code: "CONFLICT" });
    expect(smtp.to(confirmed.email)).toEqual([]);
  });
});

/**
 * The last-admin rule on a database of its own, where each test decides exactly which admins exist: the tests above
 * make admins of their own and must not count here.
 */
describe("[users] the last active admin", () => {
  let solo: TestContext;
  beforeAll(async () => {
    solo = await createTestContext();
  });
  afterAll(() => solo?.close());

  /** Every admin so far becomes a regular member: the test's own admins are then the only ones. */
  beforeEach(async () => {
    await solo.services.database.db.update(users).set({ role: "regular" }).where(eq(users.role, "admin"));
  });

  const activeAdmins = async () =>
    (
      await solo.services.database.db
        .select({ c: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.role, "admin"), isNull(users.disabledAt)))
    )[0].c;

  it("[users] the last active admin cannot be demoted, whether or not disabled admins exist; with another admin, it can", async () => {
    const a = await signedInClient(solo, "admin");
    const self = await a.client.patch(`/api/admin/users/${a.user!.id}`, { role: "regular" });
    expect(self.status).toBe(409);
    expect(self.json).toEqual({ message: LAST_ADMIN_TEXT, code: "CONFLICT" });
    const arabic = await a.client.patch(`/api/admin/users/${a.user!.id}`, { role: "regular" }, { "Accept-Language": "ar" });
    expect(arabic.json.message).toBe("هذا آخر مسؤول نشط. امنح حسابًا آخر دور المسؤول قبل تخفيض دور هذا الحساب أو تعطيله.");

    // A disabled admin does not count.
    const b = await signedInClient(solo, "admin");
    expect((await a.client.post(`/api/admin/users/${b.user!.id}/disable`)).status).toBe(200);
    expect((await a.client.patch(`/api/admin/users/${a.user!.id}`, { role: "investor" })).status).toBe(409);
    // ... but can be demoted itself: the active admins stay.
    expect((await a.client.patch(`/api/admin/users/${b.user!.id}`, { role: "regular" })).status).toBe(200);
    expect((await solo.services.database.db.select().from(users).where(eq(users.id, a.user!.id)))[0].role).toBe("admin");

    await solo.services.database.db.update(users).set({ role: "admin", disabledAt: null }).where(eq(users.id, b.user!.id));
    const demoted = await a.client.patch(`/api/admin/users/${a.user!.id}`, { role: "investor" });
    expect(demoted.status).toBe(200);
    expect(demoted.json.role).toBe("investor");
    expect(await activeAdmins()).toBe(1);
  });

  it("[users] the service refuses to disable or demote the last active admin, whoever asks", async () => {
    const { user: last } = await signedInClient(solo, "admin");
    const someone = await solo.services.users.create(userInput({ email: `actor-${tag()}@example.test`, password: "member password" }));
    const refusal = { code: "CONFLICT", messageId: LAST_ADMIN, status: 409 };
    await expect(solo.services.userAdmin.disable(last!.id, someone)).rejects.toMatchObject(refusal);
    await expect(solo.services.userAdmin.setRole(last!.id, "regular", someone)).rejects.toBeInstanceOf(AppError);
    await expect(solo.services.userAdmin.setRole(last!.id, "regular", someone)).rejects.toMatchObject(refusal);
    expect((await solo.services.database.db.select().from(users).where(eq(users.id, last!.id)))[0]).toMatchObject({ role: "admin", disabledAt: null });
  });

  it("[users] two admins demoting each other at the same moment leave one admin, every time", async () => {
    for (let round = 0; round < 5; round++) {
      await solo.services.database.db.update(users).set({ role: "regular" }).where(eq(users.role, "admin"));
      const a = (await signedInClient(solo, "admin")).user!;
      const b = (await signedInClient(solo, "admin")).user!;
      const results = await Promise.allSettled([solo.services.userAdmin.setRole(a.id, "regular", b), solo.services.userAdmin.setRole(b.id, "regular", a)]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const [rejected] = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(rejected.reason).toMatchObject({ code: "CONFLICT", messageId: LAST_ADMIN });
      expect(await activeAdmins()).toBe(1);
    }
  });

  it("[users] two admins disabling each other at the same moment leave one admin", async () => {
    for (let round = 0; round < 3; round++) {
      await solo.services.database.db.update(users).set({ role: "regular" }).where(eq(users.role, "admin"));
      const a = (await signedInClient(solo, "admin")).user!;
      const b = (await signedInClient(solo, "admin")).user!;
      const results = await Promise.allSettled([solo.services.userAdmin.disable(a.id, b), solo.services.userAdmin.disable(b.id, a)]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect(await activeAdmins()).toBe(1);
    }
  });

  it("[users] through the API too: two demotions sent at once leave exactly one admin", async () => {
    const a = await signedInClient(solo, "admin");
    const b = await signedInClient(solo, "admin");
    const [one, two] = await Promise.all([
      a.client.patch(`/api/admin/users/${b.user!.id}`, { role: "regular" }),
      b.client.patch(`/api/admin/users/${a.user!.id}`, { role: "regular" }),
    ]);
    // The later one is refused: by the rule (409), or, when the first had already committed, because its sender is
    // no longer an admin (403).
    expect([one.status, two.status].filter((s) => s === 200)).toHaveLength(1);
    expect([one.status, two.status].every((s) => s === 200 || s === 409 || s === 403)).toBe(true);
    expect(await activeAdmins()).toBe(1);
  });
});
