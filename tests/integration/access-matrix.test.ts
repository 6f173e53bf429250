/**
 * Every API route x every role => the status the server must answer.
 * Each case prepares its own target, so cases do not depend on order; refused writes are checked
 * to have changed nothing.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  alertSubscribers,
  contactSubmissions,
  documents,
  emailMessages,
  investorApplications,
  portfolioItems,
  pressReleases,
  users,
} from "../../server/db/schema";
import { API } from "../../shared/api";
import { toPublicUser } from "../../server/features/accounts/users";
import { closePdfTools } from "../../server/lib/pdf-render";
import type { EndpointDef } from "../../shared/api/contract";
import { brandSchema, portfolioSchema, pressReleaseSchema } from "../../shared/schemas";
import { calendarEventSchema } from "../../shared/alerts-schemas";
import { Client, createTestContext, enrolAuthenticator, signedInClient, type TestContext } from "../helpers/context";
import { applicationInput, documentRow, portfolioBody, pressBody, userInput } from "../helpers/factories";

const NOT_SIGNED_IN = "You need to sign in to do that.";
const NOT_ALLOWED = "You do not have permission to do that.";

type Role = "anonymous" | "regular" | "investor" | "admin";
const ROLES: Role[] = ["anonymous", "regular", "investor", "admin"];
type Expect = Record<Role, number>;

const everyone = (status: number): Expect => ({ anonymous: status, regular: status, investor: status, admin: status });
const signedIn = (status: number): Expect => ({ anonymous: 401, regular: status, investor: status, admin: status });
const adminOnly = (status: number): Expect => ({ anonymous: 401, regular: 403, investor: 403, admin: status });

type Prepared = { path: string; body?: unknown; client?: Client; check?: (status: number) => Promise<void> };
type Case = { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; route: string; expect: Expect; prepare: (role: Role) => Promise<Prepared> };

let ctx: TestContext;
const clients = {} as Record<Role, Client>;
let publicDocId: number;
let privateDocId: number;
let publicPdfId: number;
let privatePdfId: number;
let investorId: number;
const seedPdf = readFileSync(path.resolve("server/db/seed/files/annual-report-2025.pdf"));
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  for (const role of ROLES) {
    const signed = await signedInClient(ctx, role);
    clients[role] = signed.client;
    if (role === "investor") investorId = signed.user!.id;
  }
  const docs = await ctx.services.database.db.select().from(documents);
  publicDocId = docs.find((d) => d.isPublic)!.id;
  privateDocId = docs.find((d) => !d.isPublic)!.id;
  publicPdfId = docs.find((d) => d.isPublic && d.fileType === "application/pdf")!.id;
  privatePdfId = docs.find((d) => !d.isPublic && d.fileType === "application/pdf")!.id;
});
afterAll(async () => {
  await ctx.close();
  closePdfTools();
});

const db = () => ctx.services.database.db;
const count = async (table: typeof portfolioItems | typeof pressReleases | typeof contactSubmissions | typeof users) =>
  (
    await db()
      .select({ c: sql<number>`count(*)::int` })
      .from(table)
  )[0].c;

/** A client with the role's own session cookie copied, so a login or logout in one case leaves the shared clients alone. */
async function freshSession(role: Role): Promise<Client> {
  if (role === "anonymous") return new Client(ctx.baseUrl);
  return (await signedInClient(ctx, role)).client;
}

/** A message in the Outbox with the given status; its id. */
async function outboxMessage(status: "held" | "failed") {
  const [row] = await db()
    .insert(emailMessages)
    .values({ kind: "test", toAddress: "reader@example.test", locale: "en", subject: "A message", html: "<p>Hi</p>", textBody: "Hi", status })
    .returning({ id: emailMessages.id });
  return row.id;
}

const newPortfolio = () => ctx.services.portfolio.create(portfolioSchema.parse(portfolioBody()));
const newPress = () => ctx.services.press.create(pressReleaseSchema.parse(pressBody()));
/** An account for the user administration routes to act on (address confirmed unless `isVerified: false`). */
async function member(opts: { isVerified?: boolean; disabled?: boolean } = {}) {
  const user = await ctx.services.users.create(
    userInput({ email: `member${++n}-${Date.now()}@example.test`, password: "member password", fullName: "Member", isVerified: opts.isVerified ?? true }),
  );
  if (opts.disabled) await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
  return user;
}
const storedUser = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];

/** A confirmed alert subscriber (made through the account path): its row. */
async function alertSubscriber() {
  const email = `subscriber${++n}-${Date.now()}@example.test`;
  const [row] = await db()
    .insert(alertSubscribers)
    .values({ email, status: "confirmed", lists: ["documents"], locale: "en", manageSalt: randomUUID(), confirmedAt: new Date() })
    .returning();
  return row;
}
/** A confirmed alert subscriber's preferences token. */
const alertToken = async () => ctx.services.alertSubscriptions.manageToken(await alertSubscriber());
const EVENT = { kind: "results", date: "2099-02-12", time: "10:00", title: "Full-year results call" };
const newEvent = () => ctx.services.calendar.create(calendarEventSchema.parse(EVENT));

async function pendingApplication() {
  const user = await ctx.services.users.create(
    userInput({ email: `applicant${++n}-${Date.now()}@example.test`, password: "applicant password", fullName: "Applicant", isVerified: true }),
  );
  return ctx.services.applications.submit(user, applicationInput());
}

/** A received contact message; its id. */
async function contactMessage() {
  const [row] = await db()
    .insert(contactSubmissions)
    .values({ fullName: "Visitor", email: "visitor@example.test", subject: "Hello", message: "A message long enough to pass." })
    .returning({ id: contactSubmissions.id });
  return row.id;
}
const readContact = (id: number) => async () => (await db().select().from(contactSubmissions).where(eq(contactSubmissions.id, id)))[0];
const newCategory = () => ctx.services.documentAdmin.createCategory({ name: `Category ${++n}-${Date.now()}`, description: null });

/** An Investor Only document row of its own (no stored file: an edit never reads it, a deletion of a missing one is fine). */
async function newDocument() {
  const [row] = await db()
    .insert(documents)
    .values(documentRow({ title: `Document ${++n}`, fileName: "report.pdf", fileUrl: `${randomUUID()}.pdf` }))
    .returning();
  return row;
}
const storedDocument = async (id: number) => (await db().select().from(documents).where(eq(documents.id, id)))[0];
const documentCount = async () =>
  (
    await db()
      .select({ c: sql<number>`count(*)::int` })
      .from(documents)
  )[0].c;

/** A view of the Public PDF opened by `role`'s own session (the investor's for anonymous), with its page addresses. */
async function viewOf(role: Role) {
  const res = await clients[role === "anonymous" ? "investor" : role].post(`/api/documents/${publicPdfId}/views`);
  expect(res.status).toBe(201);
  return res.json as { viewId: string; pages: { image: string; text: string }[] };
}
/** The confidentiality notice in force (one is written the first time). */
async function notice() {
  const [current] = await ctx.services.dataRoomAdmin.notices();
  if (current) return current;
  return ctx.services.dataRoomAdmin.publishNotice(await adminUser(), {
    text: "These documents are confidential and may not be shared.",
    textAr: "هذه المستندات سرية ولا يجوز مشاركتها.",
  });
}
const adminUser = async () => toPublicUser((await db().select().from(users).where(eq(users.role, "admin")).limit(1))[0]);

/** A release in the given publication state, made through the service (a draft or published; revision 1 kept). */
const pressIn = (publication: "draft" | "published") => ctx.services.press.create(pressReleaseSchema.parse(pressBody()), { publication });
const portfolioIn = (publication: "draft" | "published") => ctx.services.portfolio.create(portfolioSchema.parse(portfolioBody()), { publication });

/** Tomorrow's date on the wall calendar of Cairo, the schedule's default zone: 11:00 that day is always ahead. */
const tomorrowInCairo = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Cairo" }).format(new Date(Date.now() + 86_400_000));

/** The two kinds of publishable item, by their admin path: how to make one in a state and read its state back. */
const PUBLISHABLE = [
  { base: "/api/admin/press-releases", make: pressIn, read: (id: number) => ctx.services.press.getAny(id) },
  { base: "/api/admin/portfolio", make: portfolioIn, read: (id: number) => ctx.services.portfolio.getAny(id) },
] as const;

/** Each publication action: the state it starts from, the state an admin's call leaves, and its body. */
const PUBLICATION_ACTIONS = [
  { action: "publish", from: "draft", to: "published", body: () => undefined },
  { action: "schedule", from: "draft", to: "scheduled", body: () => ({ publishAt: { local: `${tomorrowInCairo()}T11:00` } }) },
  { action: "unpublish", from: "published", to: "draft", body: () => undefined },
  { action: "withdraw", from: "published", to: "withdrawn", body: () => undefined },
] as const;

/** A refused write must leave the row as it was. */
const unchangedWhenRefused = (read: () => Promise<unknown>, before: unknown) => async (status: number) => {
  if (status === 401 || status === 403) expect(await read()).toEqual(before);
};

const CASES: Case[] = [
  // ------------------------------------------------------------------ session
  { method: "GET", route: "/api/user", expect: signedIn(200), prepare: async () => ({ path: "/api/user" }) },
  {
    method: "POST",
    route: "/api/login",
    expect: everyone(200),
    prepare: async (role) => {
      const target = await signedInClient(ctx, "regular");
      return { path: "/api/login", body: { email: target.email, password: target.password }, client: await freshSession(role) };
    },
  },
  {
    method: "POST",
    route: "/api/register",
    expect: everyone(202),
    prepare: async (role) => {
      const email = `new${++n}-${role}@example.test`;
      return {
        path: "/api/register",
        body: { email, fullName: "New Person", password: "a long password", role: "admin" },
        client: await freshSession(role),
        check: async () => {
          const [row] = await db().select().from(users).where(eq(users.email, email));
          expect(row.role).toBe("regular");
        },
      };
    },
  },
  {
    method: "POST",
    route: "/api/logout",
    expect: everyone(200),
    prepare: async (role) => {
      const client = await freshSession(role);
      return { path: "/api/logout", client, check: async () => expect((await client.get("/api/user")).status).toBe(401) };
    },
  },

  // ------------------------------------------------------------------ portfolio
  { method: "GET", route: "/api/portfolio", expect: everyone(200), prepare: async () => ({ path: "/api/portfolio" }) },
  { method: "GET", route: "/api/portfolio/:id", expect: everyone(200), prepare: async () => ({ path: `/api/portfolio/${(await newPortfolio()).id}` }) },
  {
    method: "POST",
    route: "/api/portfolio",
    expect: adminOnly(201),
    prepare: async () => {
      const before = await count(portfolioItems);
      return { path: "/api/portfolio", body: portfolioBody(), check: unchangedWhenRefused(() => count(portfolioItems), before) };
    },
  },
  {
    method: "PUT",
    route: "/api/portfolio/:id",
    expect: adminOnly(200),
    prepare: async () => {
      const item = await newPortfolio();
      const read = () => ctx.services.portfolio.get(item.id);
      return { path: `/api/portfolio/${item.id}`, body: portfolioBody({ name: "Renamed Company" }), check: unchangedWhenRefused(read, await read()) };
    },
  },
  {
    method: "DELETE",
    route: "/api/portfolio/:id",
    expect: adminOnly(200),
    prepare: async () => {
      const item = await newPortfolio();
      const read = () => ctx.services.portfolio.get(item.id);
      return { path: `/api/portfolio/${item.id}`, check: unchangedWhenRefused(read, await read()) };
    },
  },

  // ------------------------------------------------------------------ press releases
  { method: "GET", route: "/api/press-releases", expect: everyone(200), prepare: async () => ({ path: "/api/press-releases" }) },
  { method: "GET", route: "/api/press-releases/featured", expect: everyone(200), prepare: async () => ({ path: "/api/press-releases/featured" }) },
  { method: "GET", route: "/api/press-releases/homepage", expect: everyone(200), prepare: async () => ({ path: "/api/press-releases/homepage" }) },
  { method: "GET", route: "/api/press-releases/:id", expect: everyone(200), prepare: async () => ({ path: `/api/press-releases/${(await newPress()).id}` }) },
  {
    method: "POST",
    route: "/api/press-releases",
    expect: adminOnly(201),
    prepare: async () => {
      const before = await count(pressReleases);
      return { path: "/api/press-releases", body: pressBody(), check: unchangedWhenRefused(() => count(pressReleases), before) };
    },
  },
  {
    method: "PUT",
    route: "/api/press-releases/:id",
    expect: adminOnly(200),
    prepare: async () => {
      const release = await newPress();
      const read = () => ctx.services.press.get(release.id);
      return { path: `/api/press-releases/${release.id}`, body: pressBody({ title: "A rewritten headline" }), check: unchangedWhenRefused(read, await read()) };
    },
  },
  {
    method: "PATCH",
    route: "/api/press-releases/:id",
    expect: adminOnly(200),
    prepare: async () => {
      const release = await newPress();
      const read = () => ctx.services.press.get(release.id);
      return { path: `/api/press-releases/${release.id}`, body: { featured: true }, check: unchangedWhenRefused(read, await read()) };
    },
  },
  {
    method: "DELETE",
    route: "/api/press-releases/:id",
    expect: adminOnly(200),
    prepare: async () => {
      const release = await newPress();
      const read = () => ctx.services.press.get(release.id);
      return { path: `/api/press-releases/${release.id}`, check: unchangedWhenRefused(read, await read()) };
    },
  },

  // ------------------------------------------------------------------ contact
  {
    method: "POST",
    route: "/api/contact",
    expect: everyone(201),
    prepare: async () => ({
      path: "/api/contact",
      body: { fullName: "Visitor", email: "visitor@example.test", subject: "Hello", message: "A message long enough to pass." },
    }),
  },
  { method: "GET", route: "/api/contact", expect: adminOnly(200), prepare: async () => ({ path: "/api/contact" }) },
  {
    method: "GET",
    route: "/api/admin/contact-messages/export.csv",
    expect: adminOnly(200),
    prepare: async () => ({ path: "/api/admin/contact-messages/export.csv?view=inbox" }),
  },
  {
    method: "GET",
    route: "/api/admin/contact-messages/:id",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/contact-messages/${await contactMessage()}` }),
  },
  {
    method: "PATCH",
    route: "/api/admin/contact-messages/:id",
    expect: adminOnly(200),
    prepare: async () => {
      const id = await contactMessage();
      return { path: `/api/admin/contact-messages/${id}`, body: { read: true }, check: unchangedWhenRefused(readContact(id), await readContact(id)()) };
    },
  },
  {
    method: "DELETE",
    route: "/api/admin/contact-messages/:id",
    expect: adminOnly(204),
    prepare: async () => {
      const id = await contactMessage();
      return { path: `/api/admin/contact-messages/${id}`, check: unchangedWhenRefused(readContact(id), await readContact(id)()) };
    },
  },

  // ------------------------------------------------------------------ account links and the outbox
  {
    method: "POST",
    route: "/api/password-reset",
    expect: everyone(202),
    prepare: async () => ({ path: "/api/password-reset", body: { email: `reset${++n}@example.test` } }),
  },
  {
    method: "POST",
    route: "/api/password-reset/confirm (a token never issued)",
    expect: everyone(400),
    prepare: async () => ({ path: "/api/password-reset/confirm", body: { token: "A".repeat(43), password: "a long new password" } }),
  },
  {
    method: "POST",
    route: "/api/verify-email (a token never issued)",
    expect: everyone(400),
    prepare: async () => ({ path: "/api/verify-email", body: { token: "B".repeat(43) } }),
  },
  // The test users' addresses are confirmed: 409 'already confirmed'.
  { method: "POST", route: "/api/verify-email/resend", expect: signedIn(409), prepare: async () => ({ path: "/api/verify-email/resend" }) },
  { method: "GET", route: "/api/admin/outbox", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/outbox" }) },
  { method: "GET", route: "/api/user/sign-ins", expect: signedIn(200), prepare: async () => ({ path: "/api/user/sign-ins" }) },
  { method: "GET", route: "/api/admin/security-events", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/security-events" }) },
  { method: "GET", route: "/api/admin/audit", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/audit" }) },
  { method: "GET", route: "/api/admin/audit/verify", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/audit/verify" }) },
  { method: "GET", route: "/api/admin/audit/export", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/audit/export?format=json" }) },

  // ------------------------------------------------------------------ user administration
  { method: "GET", route: "/api/admin/users", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/users" }) },
  { method: "GET", route: "/api/admin/users/:id", expect: adminOnly(200), prepare: async () => ({ path: `/api/admin/users/${(await member()).id}` }) },
  {
    method: "PATCH",
    route: "/api/admin/users/:id",
    expect: adminOnly(200),
    prepare: async () => {
      const { id } = await member();
      return { path: `/api/admin/users/${id}`, body: { role: "admin" }, check: unchangedWhenRefused(() => storedUser(id), await storedUser(id)) };
    },
  },
  ...(
    [
      ["disable", {}],
      ["enable", { disabled: true }],
    ] as const
  ).map(([action, opts]): Case => ({
    method: "POST",
    route: `/api/admin/users/:id/${action}`,
    expect: adminOnly(200),
    prepare: async () => {
      const { id } = await member(opts);
      return { path: `/api/admin/users/${id}/${action}`, check: unchangedWhenRefused(() => storedUser(id), await storedUser(id)) };
    },
  })),
  {
    method: "POST",
    route: "/api/admin/users/:id/resend-verification",
    expect: adminOnly(202),
    prepare: async () => {
      const { id } = await member({ isVerified: false });
      const sent = async () => (await db().select().from(emailMessages).where(eq(emailMessages.userId, id))).length;
      return { path: `/api/admin/users/${id}/resend-verification`, check: unchangedWhenRefused(sent, await sent()) };
    },
  },
  {
    method: "DELETE",
    route: "/api/admin/users/:id/second-factors",
    expect: adminOnly(200),
    prepare: async () => {
      const { id } = await member();
      await enrolAuthenticator(ctx, id);
      const factors = () => ctx.services.twoFactor.status(id);
      return { path: `/api/admin/users/${id}/second-factors`, check: unchangedWhenRefused(factors, await factors()) };
    },
  },
  {
    method: "GET",
    route: "/api/admin/outbox/:id",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/outbox/${await outboxMessage("held")}` }),
  },
  {
    method: "POST",
    route: "/api/admin/outbox/:id/retry",
    expect: adminOnly(202),
    prepare: async () => {
      const id = await outboxMessage("failed");
      return {
        path: `/api/admin/outbox/${id}/retry`,
        check: async (status) => {
          const [row] = await db().select().from(emailMessages).where(eq(emailMessages.id, id));
          expect(row.status).toBe(status === 202 ? "held" : "failed");
        },
      };
    },
  },

  // ------------------------------------------------------------------ the account page
  {
    method: "PATCH",
    route: "/api/account/profile",
    expect: signedIn(200),
    prepare: async (role) => ({
      path: "/api/account/profile",
      body: { fullName: "Renamed Person", company: "Nile Capital" },
      client: await freshSession(role),
    }),
  },
  // The body is JSON, not a multipart upload: a signed-in user gets 'choose a file', the anonymous nothing at all.
  { method: "POST", route: "/api/account/avatar (no file)", expect: signedIn(400), prepare: async () => ({ path: "/api/account/avatar" }) },
  {
    method: "DELETE",
    route: "/api/account/avatar",
    expect: signedIn(200),
    prepare: async (role) => ({ path: "/api/account/avatar", client: await freshSession(role) }),
  },
  {
    method: "POST",
    route: "/api/account/password",
    expect: signedIn(200),
    prepare: async (role) => {
      // A user of its own: the change signs out every other session of the account.
      const target = role === "anonymous" ? undefined : await signedInClient(ctx, role);
      return {
        path: "/api/account/password",
        body: { currentPassword: target?.password ?? "a guessed password", newPassword: "a long new password" },
        client: target?.client ?? new Client(ctx.baseUrl),
        check: async (status) => {
          if (target) expect((await new Client(ctx.baseUrl).post("/api/login", { email: target.email, password: "a long new password" })).status).toBe(status);
        },
      };
    },
  },
  {
    method: "POST",
    route: "/api/account/email",
    expect: signedIn(202),
    prepare: async (role) => {
      const target = role === "anonymous" ? undefined : await signedInClient(ctx, role);
      return {
        path: "/api/account/email",
        body: { newEmail: `moved${++n}-${role}@example.test`, currentPassword: target?.password ?? "a guessed password" },
        client: target?.client ?? new Client(ctx.baseUrl),
      };
    },
  },
  {
    method: "DELETE",
    route: "/api/account/email (no change waiting)",
    expect: signedIn(404),
    prepare: async () => ({ path: "/api/account/email" }),
  },
  {
    method: "POST",
    route: "/api/account/email/confirm (a token never issued)",
    expect: signedIn(400),
    prepare: async () => ({ path: "/api/account/email/confirm", body: { token: "C".repeat(43) } }),
  },
  { method: "GET", route: "/api/account/sessions", expect: signedIn(200), prepare: async () => ({ path: "/api/account/sessions" }) },
  {
    method: "DELETE",
    route: "/api/account/sessions/:handle",
    expect: signedIn(200),
    prepare: async (role) => {
      // Another session of a user of its own (made directly: an admin's second sign-in would need a fresh code),
      // signed out from the first.
      const target = await signedInClient(ctx, role === "anonymous" ? "regular" : role);
      const other = new Client(ctx.baseUrl);
      other.cookie = (await ctx.services.sessions.startSession(await ctx.services.sessions.getSession(null), target.user!.id, "password")).split(";")[0];
      const sessions = (await target.client!.get("/api/account/sessions")).json as { handle: string; current: boolean }[];
      return {
        path: `/api/account/sessions/${sessions.find((s) => !s.current)!.handle}`,
        client: role === "anonymous" ? new Client(ctx.baseUrl) : target.client,
        check: async (status) => expect((await other.get("/api/user")).status).toBe(status === 200 ? 401 : 200),
      };
    },
  },
  {
    method: "POST",
    route: "/api/account/sessions/sign-out-others",
    expect: signedIn(200),
    prepare: async (role) => ({ path: "/api/account/sessions/sign-out-others", client: await freshSession(role) }),
  },

  // ------------------------------------------------------------------ two-factor sign-in and passkeys
  { method: "GET", route: "/api/account/two-factor", expect: signedIn(200), prepare: async () => ({ path: "/api/account/two-factor" }) },
  {
    method: "POST",
    route: "/api/account/two-factor/app",
    expect: signedIn(200),
    // Users without an authenticator app yet (admins included: their account page stays open to set one up).
    prepare: async (role) => ({
      path: "/api/account/two-factor/app",
      client: role === "anonymous" ? new Client(ctx.baseUrl) : (await signedInClient(ctx, role, { twoFactor: false })).client,
    }),
  },
  {
    method: "POST",
    route: "/api/account/two-factor/app/confirm (malformed code)",
    expect: signedIn(400),
    prepare: async () => ({ path: "/api/account/two-factor/app/confirm", body: { code: "12" } }),
  },
  {
    method: "POST",
    route: "/api/account/confirm-identity (wrong password)",
    expect: signedIn(400),
    prepare: async () => ({ path: "/api/account/confirm-identity", body: { password: "not the password" } }),
  },
  {
    method: "POST",
    route: "/api/account/two-factor/app/disable (wrong password)",
    expect: signedIn(400),
    prepare: async () => ({ path: "/api/account/two-factor/app/disable", body: { password: "not the password" } }),
  },
  {
    method: "POST",
    route: "/api/account/two-factor/recovery-codes (wrong password)",
    expect: signedIn(400),
    prepare: async () => ({ path: "/api/account/two-factor/recovery-codes", body: { password: "not the password" } }),
  },
  {
    method: "POST",
    route: "/api/account/passkeys/options",
    expect: signedIn(200),
    prepare: async (role) => ({ path: "/api/account/passkeys/options", client: await freshSession(role) }),
  },
  {
    method: "POST",
    route: "/api/account/passkeys (no ceremony started)",
    expect: signedIn(400),
    prepare: async (role) => ({
      path: "/api/account/passkeys",
      client: await freshSession(role),
      body: { name: "Laptop", response: { id: "a", rawId: "a", type: "public-key", response: {} } },
    }),
  },
  {
    method: "PATCH",
    route: "/api/account/passkeys/:id (not theirs)",
    expect: signedIn(404),
    prepare: async () => ({ path: "/api/account/passkeys/unknown", body: { name: "Phone" } }),
  },
  {
    method: "DELETE",
    route: "/api/account/passkeys/:id (not theirs)",
    expect: signedIn(404),
    prepare: async () => ({ path: "/api/account/passkeys/unknown" }),
  },
  {
    method: "POST",
    route: "/api/login/two-factor (no password first)",
    expect: everyone(401),
    prepare: async (role) => ({ path: "/api/login/two-factor", client: await freshSession(role), body: { code: "123456" } }),
  },
  {
    method: "POST",
    route: "/api/login/passkey/options",
    expect: everyone(200),
    prepare: async (role) => ({ path: "/api/login/passkey/options", client: await freshSession(role) }),
  },
  {
    method: "POST",
    route: "/api/login/passkey (no ceremony started)",
    expect: everyone(400),
    prepare: async (role) => ({
      path: "/api/login/passkey",
      client: await freshSession(role),
      body: { response: { id: "a", rawId: "a", type: "public-key", response: {} } },
    }),
  },

  // ------------------------------------------------------------------ documents
  { method: "GET", route: "/api/document-categories", expect: signedIn(200), prepare: async () => ({ path: "/api/document-categories" }) },
  { method: "GET", route: "/api/documents", expect: signedIn(200), prepare: async () => ({ path: "/api/documents" }) },
  {
    method: "GET",
    route: "/api/documents/:id/download (Public)",
    expect: signedIn(200),
    prepare: async () => ({ path: `/api/documents/${publicDocId}/download` }),
  },
  {
    method: "GET",
    route: "/api/documents/:id/download (Investor Only)",
    expect: { anonymous: 401, regular: 404, investor: 200, admin: 200 },
    prepare: async () => ({ path: `/api/documents/${privateDocId}/download` }),
  },
  {
    method: "GET",
    route: "/api/admin/documents/access-counts",
    expect: adminOnly(200),
    prepare: async () => ({ path: "/api/admin/documents/access-counts" }),
  },
  {
    method: "GET",
    route: "/api/admin/documents/:id/access-logs",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/documents/${privateDocId}/access-logs` }),
  },
  {
    method: "POST",
    route: "/api/admin/document-categories",
    expect: adminOnly(201),
    prepare: async () => ({ path: "/api/admin/document-categories", body: { name: `Category ${++n}-${Date.now()}` } }),
  },
  {
    method: "PUT",
    route: "/api/admin/document-categories/:id",
    expect: adminOnly(200),
    prepare: async () => {
      const category = await newCategory();
      return { path: `/api/admin/document-categories/${category.id}`, body: { name: `${category.name} renamed` } };
    },
  },
  {
    method: "DELETE",
    route: "/api/admin/document-categories/:id",
    expect: adminOnly(204),
    prepare: async () => ({ path: `/api/admin/document-categories/${(await newCategory()).id}` }),
  },

  // ------------------------------------------------------------------ investor applications
  { method: "GET", route: "/api/investor-applications/mine", expect: signedIn(200), prepare: async () => ({ path: "/api/investor-applications/mine" }) },
  {
    method: "POST",
    route: "/api/investor-applications",
    // Investors and admins already have access: nothing to apply for.
    expect: { anonymous: 401, regular: 201, investor: 409, admin: 409 },
    prepare: async (role) => ({
      path: "/api/investor-applications",
      body: { company: "Acme Capital", position: "Partner", motivation: "I would like to read the investor documents." },
      // A fresh regular user each time, so an earlier pending application does not get in the way.
      client: role === "regular" ? (await signedInClient(ctx, "regular")).client : undefined,
    }),
  },
  {
    method: "GET",
    route: "/api/admin/investor-applications",
    expect: adminOnly(200),
    prepare: async () => ({ path: "/api/admin/investor-applications" }),
  },
  ...(["approve", "reject"] as const).map((action): Case => ({
    method: "POST",
    route: `/api/admin/investor-applications/:id/${action}`,
    expect: adminOnly(200),
    prepare: async () => {
      const app = await pendingApplication();
      const read = async () => (await db().select().from(investorApplications).where(eq(investorApplications.id, app.id)))[0];
      return { path: `/api/admin/investor-applications/${app.id}/${action}`, check: unchangedWhenRefused(read, await read()) };
    },
  })),

  // ------------------------------------------------------------------ settings
  { method: "GET", route: "/api/admin/settings/environment", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/settings/environment" }) },
  {
    method: "PUT",
    route: "/api/admin/settings/environment",
    expect: adminOnly(200),
    prepare: async (role) => {
      const target = role === "admin" ? "production" : "development";
      await ctx.services.settings.setEnvironmentMode(target === "production" ? "development" : "production");
      return {
        path: "/api/admin/settings/environment",
        body: { mode: target },
        check: async (status) => {
          const expected = status === 200 ? target : target === "production" ? "development" : "production";
          expect(await ctx.services.settings.environmentMode()).toBe(expected);
        },
      };
    },
  },

  // ------------------------------------------------------------------ the dashboard's reads and publication actions
  ...PUBLISHABLE.flatMap(({ base, make }): Case[] => [
    { method: "GET", route: base, expect: adminOnly(200), prepare: async () => ({ path: base }) },
    { method: "GET", route: `${base}/:id (a draft)`, expect: adminOnly(200), prepare: async () => ({ path: `${base}/${(await make("draft")).id}` }) },
  ]),
  ...PUBLISHABLE.flatMap(({ base, make, read }) =>
    PUBLICATION_ACTIONS.map(({ action, from, to, body }): Case => ({
      method: "POST",
      route: `${base}/:id/${action}`,
      expect: adminOnly(200),
      prepare: async () => {
        const { id } = await make(from);
        const before = await read(id);
        expect(before.publication).toBe(from);
        return {
          path: `${base}/${id}/${action}`,
          body: body(),
          check: async (status) => {
            if (status === 200) expect((await read(id)).publication).toBe(to);
            else expect(await read(id)).toEqual(before);
          },
        };
      },
    })),
  ),

  // ------------------------------------------------------------------ site settings
  { method: "GET", route: "/api/home-stats", expect: everyone(200), prepare: async () => ({ path: "/api/home-stats" }) },
  ...(["brand", "spotlight", "stats", "legal", "preview"] as const).map((setting): Case => ({
    method: "GET",
    route: `/api/admin/settings/${setting}`,
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/settings/${setting}` }),
  })),
  {
    method: "PUT",
    route: "/api/admin/settings/brand",
    expect: adminOnly(200),
    prepare: async () => {
      const read = () => ctx.services.settings.brand({ admin: true });
      const before = await read();
      return {
        path: "/api/admin/settings/brand",
        body: { ...brandSchema.parse(before), tagline: `A tagline of its own ${++n}` },
        check: unchangedWhenRefused(read, before),
      };
    },
  },
  {
    method: "PUT",
    route: "/api/admin/settings/spotlight",
    expect: adminOnly(200),
    prepare: async () => {
      const { id } = await pressIn("published");
      const read = () => ctx.services.settings.spotlightId();
      return { path: "/api/admin/settings/spotlight", body: { id }, check: unchangedWhenRefused(read, await read()) };
    },
  },
  {
    method: "PUT",
    route: "/api/admin/settings/stats",
    expect: adminOnly(200),
    prepare: async () => {
      const read = () => ctx.services.settings.homeStats();
      const stats = [1, 2, 3].map((i) => ({ value: `${++n}+`, label: `Figure ${i}` }));
      return { path: "/api/admin/settings/stats", body: { stats }, check: unchangedWhenRefused(read, await read()) };
    },
  },
  {
    method: "PUT",
    route: "/api/admin/settings/legal/:page",
    expect: adminOnly(200),
    prepare: async () => {
      const read = () => ctx.services.settings.legalPage("privacy");
      const body = `## Privacy\n\nA privacy text of its own, number ${++n}, long enough to be saved as the page.`;
      return { path: "/api/admin/settings/legal/privacy", body: { body }, check: unchangedWhenRefused(read, await read()) };
    },
  },
  {
    method: "PUT",
    route: "/api/admin/settings/preview",
    expect: adminOnly(200),
    prepare: async () => {
      const read = () => ctx.services.settings.previewLinkHours();
      const before = await read();
      return { path: "/api/admin/settings/preview", body: { hours: before === 48 ? 72 : 48 }, check: unchangedWhenRefused(read, before) };
    },
  },

  // ------------------------------------------------------------------ search, attention and the reference
  { method: "GET", route: "/api/search", expect: everyone(200), prepare: async () => ({ path: "/api/search?q=release" }) },
  { method: "GET", route: "/api/admin/attention", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/attention" }) },
  { method: "GET", route: "/api/openapi.json", expect: everyone(200), prepare: async () => ({ path: "/api/openapi.json" }) },

  // ------------------------------------------------------------------ the data room
  // A reader's view belongs to the session that opened it: each role opens its own (anonymous: the investor's).
  {
    method: "POST",
    route: "/api/documents/:id/views (Public PDF)",
    expect: signedIn(201),
    prepare: async () => ({ path: `/api/documents/${publicPdfId}/views` }),
  },
  {
    method: "POST",
    route: "/api/documents/:id/views (Investor Only PDF)",
    expect: { anonymous: 401, regular: 404, investor: 201, admin: 201 },
    prepare: async () => ({ path: `/api/documents/${privatePdfId}/views` }),
  },
  {
    method: "GET",
    route: "/api/document-views/:viewId",
    expect: signedIn(200),
    prepare: async (role) => ({ path: `/api/document-views/${(await viewOf(role)).viewId}` }),
  },
  {
    method: "GET",
    route: "/api/document-views/:viewId/pages/:page",
    expect: signedIn(200),
    prepare: async (role) => ({ path: `${(await viewOf(role)).pages[0].image}&w=800` }),
  },
  {
    method: "GET",
    route: "/api/document-views/:viewId/pages/:page/text",
    expect: signedIn(200),
    prepare: async (role) => ({ path: (await viewOf(role)).pages[0].text }),
  },
  {
    method: "POST",
    route: "/api/document-views/:viewId/reading",
    expect: signedIn(204),
    prepare: async (role) => ({ path: `/api/document-views/${(await viewOf(role)).viewId}/reading`, body: { pages: [{ page: 1, ms: 1000 }] } }),
  },
  { method: "GET", route: "/api/confidentiality", expect: signedIn(200), prepare: async () => ({ path: "/api/confidentiality" }) },
  {
    method: "POST",
    route: "/api/confidentiality/acceptances",
    expect: signedIn(201),
    prepare: async () => ({ path: "/api/confidentiality/acceptances", body: { version: (await notice()).version } }),
  },
  { method: "GET", route: "/api/admin/documents", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/documents" }) },
  {
    method: "GET",
    route: "/api/admin/documents/:id/versions",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/documents/${privatePdfId}/versions` }),
  },
  {
    method: "POST",
    route: "/api/admin/documents/:id/versions (no file)",
    expect: adminOnly(400),
    prepare: async () => {
      const { id } = await newDocument();
      return {
        path: `/api/admin/documents/${id}/versions`,
        body: { note: "No file" },
        check: unchangedWhenRefused(() => storedDocument(id), await storedDocument(id)),
      };
    },
  },
  {
    method: "GET",
    route: "/api/admin/documents/:id/versions/:number/download",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/documents/${privatePdfId}/versions/1/download` }),
  },
  {
    method: "POST",
    route: "/api/admin/documents/:id/versions/:number/restore",
    expect: adminOnly(200),
    prepare: async () => {
      const { id } = await newDocument();
      await ctx.services.dataRoomAdmin.replaceFile(
        await adminUser(),
        id,
        { buffer: Buffer.from(seedPdf), originalName: "v2.pdf" },
        { note: null, noteAr: null },
      );
      return {
        path: `/api/admin/documents/${id}/versions/1/restore`,
        body: {},
        check: unchangedWhenRefused(() => storedDocument(id), await storedDocument(id)),
      };
    },
  },
  {
    method: "PUT",
    route: "/api/admin/documents/:id/access",
    expect: adminOnly(200),
    prepare: async () => {
      const { id } = await newDocument();
      return {
        path: `/api/admin/documents/${id}/access`,
        body: { restricted: true, expiresAt: null, downloadMode: "original", requiresConfidentiality: false },
        check: unchangedWhenRefused(() => storedDocument(id), await storedDocument(id)),
      };
    },
  },
  ...(["revoke", "reinstate", "archive", "unarchive"] as const).map((action): Case => ({
    method: "POST",
    route: `/api/admin/documents/:id/${action}`,
    expect: adminOnly(200),
    prepare: async () => {
      const { id } = await newDocument();
      return { path: `/api/admin/documents/${id}/${action}`, check: unchangedWhenRefused(() => storedDocument(id), await storedDocument(id)) };
    },
  })),
  {
    method: "GET",
    route: "/api/admin/documents/:id/grants",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/documents/${privatePdfId}/grants` }),
  },
  {
    method: "PUT",
    route: "/api/admin/documents/:id/grants",
    expect: adminOnly(200),
    prepare: async () => {
      const { id } = await newDocument();
      const read = () => ctx.services.dataRoomAdmin.grants(id);
      return { path: `/api/admin/documents/${id}/grants`, body: { userIds: [investorId] }, check: unchangedWhenRefused(read, await read()) };
    },
  },
  {
    method: "GET",
    route: "/api/admin/documents/:id/reading",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/documents/${privatePdfId}/reading` }),
  },
  {
    method: "GET",
    route: "/api/admin/documents/:id/reading.csv",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/documents/${privatePdfId}/reading.csv` }),
  },
  { method: "GET", route: "/api/admin/users/:id/reading", expect: adminOnly(200), prepare: async () => ({ path: `/api/admin/users/${investorId}/reading` }) },
  {
    method: "GET",
    route: "/api/admin/users/:id/reading.csv",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/users/${investorId}/reading.csv` }),
  },
  { method: "GET", route: "/api/admin/confidentiality", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/confidentiality" }) },
  {
    method: "POST",
    route: "/api/admin/confidentiality",
    expect: adminOnly(201),
    prepare: async () => {
      const read = () => ctx.services.dataRoomAdmin.notices();
      return {
        path: "/api/admin/confidentiality",
        body: { text: `Confidential: do not share these documents (${++n}).`, textAr: `سري: لا تشارك هذه المستندات مع أحد (${n}).` },
        check: unchangedWhenRefused(read, await read()),
      };
    },
  },
  {
    method: "GET",
    route: "/api/admin/confidentiality/acceptances",
    expect: adminOnly(200),
    prepare: async () => ({ path: "/api/admin/confidentiality/acceptances" }),
  },

  // ------------------------------------------------------------------ document administration, uploads and imports
  // The multipart endpoints get a JSON body: the role is checked first (401/403), and an admin reaches the handler,
  // which answers 'choose a file'.
  {
    method: "POST",
    route: "/api/admin/documents (no file)",
    expect: adminOnly(400),
    prepare: async () => {
      const before = await documentCount();
      return { path: "/api/admin/documents", body: { title: "A document without a file" }, check: async () => expect(await documentCount()).toBe(before) };
    },
  },
  {
    method: "PUT",
    route: "/api/admin/documents/:id",
    expect: adminOnly(200),
    prepare: async () => {
      const { id } = await newDocument();
      return {
        path: `/api/admin/documents/${id}`,
        body: { title: "A renamed document" },
        check: unchangedWhenRefused(() => storedDocument(id), await storedDocument(id)),
      };
    },
  },
  {
    method: "DELETE",
    route: "/api/admin/documents/:id",
    expect: adminOnly(204),
    prepare: async () => {
      const { id } = await newDocument();
      return { path: `/api/admin/documents/${id}`, check: unchangedWhenRefused(() => storedDocument(id), await storedDocument(id)) };
    },
  },
  { method: "POST", route: "/api/admin/uploads (no file)", expect: adminOnly(400), prepare: async () => ({ path: "/api/admin/uploads?kind=image" }) },
  {
    method: "POST",
    route: "/api/admin/press-releases/import-docx (no file)",
    expect: adminOnly(400),
    prepare: async () => ({ path: "/api/admin/press-releases/import-docx" }),
  },
  // A loopback address on a port the fetch refuses: 422 before any connection, so no network is needed.
  {
    method: "POST",
    route: "/api/extract-url (an address that may not be fetched)",
    expect: adminOnly(422),
    prepare: async () => ({ path: "/api/extract-url", body: { url: "http://127.0.0.1:1/" } }),
  },

  // ------------------------------------------------------------------ preview links and revisions
  {
    method: "POST",
    route: "/api/admin/preview-links",
    expect: adminOnly(201),
    prepare: async () => {
      const { id } = await pressIn("draft");
      const links = async () => (await ctx.services.previewLinks.list({ type: "press", id })).length;
      return { path: "/api/admin/preview-links", body: { type: "press", id }, check: async (status) => expect(await links()).toBe(status === 201 ? 1 : 0) };
    },
  },
  {
    method: "GET",
    route: "/api/admin/preview-links",
    expect: adminOnly(200),
    prepare: async () => {
      const { id } = await pressIn("draft");
      await ctx.services.previewLinks.create({ type: "press", id });
      return { path: `/api/admin/preview-links?type=press&id=${id}` };
    },
  },
  {
    method: "POST",
    route: "/api/admin/preview-links/:linkId/revoke",
    expect: adminOnly(200),
    prepare: async () => {
      const { id } = await pressIn("draft");
      const link = await ctx.services.previewLinks.create({ type: "press", id });
      const active = async () => (await ctx.services.previewLinks.list({ type: "press", id })).find((l) => l.id === link.id)!.active;
      return { path: `/api/admin/preview-links/${link.id}/revoke`, check: async (status) => expect(await active()).toBe(status !== 200) };
    },
  },
  {
    method: "GET",
    route: "/api/admin/revisions/:entity/:id",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/revisions/press/${(await pressIn("published")).id}` }),
  },
  {
    method: "GET",
    route: "/api/admin/revisions/:entity/:id/:number",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/revisions/press/${(await pressIn("published")).id}/1` }),
  },
  {
    method: "POST",
    route: "/api/admin/revisions/:entity/:id/:number/restore",
    expect: adminOnly(200),
    prepare: async () => {
      // Revision 1 as created, revision 2 after an edit: restoring 1 brings the first headline back, as a draft.
      const { id } = await pressIn("published");
      await ctx.services.press.update(id, pressReleaseSchema.parse(pressBody({ title: `A corrected headline ${++n}` })), {}, { actor: null });
      const read = async () => ({ release: await ctx.services.press.getAny(id), revisions: await ctx.services.revisions.list("press", id) });
      return { path: `/api/admin/revisions/press/${id}/1/restore`, check: unchangedWhenRefused(read, await read()) };
    },
  },
  // ------------------------------------------------------------------ investor alerts and the financial calendar
  {
    method: "POST",
    route: "/api/alerts/subscribe",
    expect: everyone(202),
    prepare: async () => ({ path: "/api/alerts/subscribe", body: { email: `alerts${++n}@example.test`, lists: ["documents"], locale: "en" } }),
  },
  {
    method: "POST",
    route: "/api/alerts/manage-link",
    expect: everyone(202),
    prepare: async () => ({ path: "/api/alerts/manage-link", body: { email: `manage${++n}@example.test` } }),
  },
  {
    method: "POST",
    route: "/api/alerts/confirm (a token never issued)",
    expect: everyone(400),
    prepare: async () => ({ path: "/api/alerts/confirm", body: { token: "C".repeat(43) } }),
  },
  {
    method: "POST",
    route: "/api/alerts/preferences/read",
    expect: everyone(200),
    prepare: async () => ({ path: "/api/alerts/preferences/read", body: { token: await alertToken() } }),
  },
  {
    method: "PUT",
    route: "/api/alerts/preferences",
    expect: everyone(200),
    prepare: async () => ({ path: "/api/alerts/preferences", body: { token: await alertToken(), lists: ["calendar"], locale: "ar" } }),
  },
  {
    method: "POST",
    route: "/api/alerts/unsubscribe",
    expect: everyone(200),
    prepare: async () => ({ path: "/api/alerts/unsubscribe", body: { token: await alertToken() } }),
  },
  {
    method: "POST",
    route: "/api/alerts/one-click",
    expect: everyone(200),
    prepare: async () => ({ path: `/api/alerts/one-click?token=${await alertToken()}` }),
  },
  {
    method: "GET",
    route: "/api/alerts/one-click",
    expect: everyone(303),
    prepare: async () => ({ path: `/api/alerts/one-click?token=${await alertToken()}` }),
  },
  { method: "GET", route: "/api/account/alerts", expect: signedIn(200), prepare: async () => ({ path: "/api/account/alerts" }) },
  {
    method: "PUT",
    route: "/api/account/alerts",
    expect: signedIn(200),
    prepare: async () => ({ path: "/api/account/alerts", body: { lists: ["calendar"], locale: "en" } }),
  },
  { method: "GET", route: "/api/admin/alert-subscribers", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/alert-subscribers?q=example" }) },
  { method: "GET", route: "/api/admin/alert-subscribers/stats", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/alert-subscribers/stats" }) },
  {
    method: "GET",
    route: "/api/admin/alert-subscribers/export.csv",
    expect: adminOnly(200),
    prepare: async () => ({ path: "/api/admin/alert-subscribers/export.csv" }),
  },
  {
    method: "DELETE",
    route: "/api/admin/alert-subscribers/:id",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/alert-subscribers/${(await alertSubscriber()).id}` }),
  },
  { method: "GET", route: "/api/admin/alert-suppressions", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/alert-suppressions" }) },
  {
    method: "POST",
    route: "/api/admin/alert-suppressions",
    expect: adminOnly(201),
    prepare: async () => ({ path: "/api/admin/alert-suppressions", body: { email: `suppressed${++n}@example.test` } }),
  },
  { method: "GET", route: "/api/admin/alerts", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/alerts" }) },
  {
    method: "POST",
    route: "/api/admin/alerts",
    expect: adminOnly(201),
    prepare: async () => ({ path: "/api/admin/alerts", body: { kind: "press", id: (await newPress()).id } }),
  },
  { method: "GET", route: "/api/admin/alert-settings", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/alert-settings" }) },
  {
    method: "PUT",
    route: "/api/admin/alert-settings",
    expect: adminOnly(200),
    prepare: async () => ({ path: "/api/admin/alert-settings", body: { perMinute: 300, reminders: true } }),
  },
  { method: "GET", route: "/api/calendar", expect: everyone(200), prepare: async () => ({ path: "/api/calendar?lang=ar" }) },
  { method: "GET", route: "/api/calendar/:id/ics", expect: everyone(200), prepare: async () => ({ path: `/api/calendar/${(await newEvent()).id}/ics` }) },
  { method: "GET", route: "/api/calendar/feed/:file", expect: everyone(200), prepare: async () => ({ path: "/api/calendar/feed/ar.ics" }) },
  { method: "GET", route: "/api/admin/calendar", expect: adminOnly(200), prepare: async () => ({ path: "/api/admin/calendar" }) },
  { method: "POST", route: "/api/admin/calendar", expect: adminOnly(201), prepare: async () => ({ path: "/api/admin/calendar", body: EVENT }) },
  {
    method: "PUT",
    route: "/api/admin/calendar/:id",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/calendar/${(await newEvent()).id}`, body: { ...EVENT, title: "Moved results call" } }),
  },
  {
    method: "POST",
    route: "/api/admin/calendar/:id/cancel",
    expect: adminOnly(200),
    prepare: async () => ({ path: `/api/admin/calendar/${(await newEvent()).id}/cancel` }),
  },
];

describe("[access] every API route against every role", () => {
  it("[access] every endpoint of the contract has a case", () => {
    const endpoints = Object.values(API).flatMap((group) => Object.values(group) as EndpointDef[]);
    const missing = endpoints
      .filter((e) => !CASES.some((c) => c.method === e.method && (c.route === e.path || c.route.startsWith(`${e.path} `))))
      .map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });

  for (const c of CASES) {
    for (const role of ROLES) {
      const status = c.expect[role];
      it(`[access] ${c.method} ${c.route} as ${role} => ${status}`, async () => {
        const prepared = await c.prepare(role);
        const client = prepared.client ?? clients[role];
        const res = await client.request(c.method, prepared.path, prepared.body ?? (c.method === "GET" || c.method === "DELETE" ? undefined : {}));
        expect(res.status, res.text.slice(0, 300)).toBe(status);
        if (status === 401 && !c.route.startsWith("/api/login")) expect(res.json).toEqual({ message: NOT_SIGNED_IN, code: "UNAUTHORIZED" });
        if (status === 403) expect(res.json).toEqual({ message: NOT_ALLOWED, code: "FORBIDDEN" });
        await prepared.check?.(res.status);
      });
    }
  }

  it("[access] the shared role clients are still signed in after the matrix", async () => {
    for (const role of ["regular", "investor", "admin"] as const) {
      const me = await clients[role].get("/api/user");
      expect(me.status).toBe(200);
      expect(me.json.role).toBe(role);
    }
  });
});

describe("[access] what each role sees", () => {
  it("[access] a regular user lists only Public documents; investors and admins list all that are in the library", async () => {
    const all = await db().select().from(documents);
    // Archived, revoked and expired documents are in no library; restricted ones only in their investors' (and admins').
    const live = all.filter((d) => !d.archivedAt && !d.revokedAt && (!d.expiresAt || d.expiresAt > new Date()));
    expect(live.length).toBeLessThan(all.length);
    const publicCount = live.filter((d) => d.isPublic).length;
    expect(publicCount).toBeGreaterThan(0);
    expect(publicCount).toBeLessThan(live.length);
    const regular = await clients.regular.get("/api/documents");
    expect(regular.json).toHaveLength(publicCount);
    expect(regular.json.every((d: { isPublic: boolean }) => d.isPublic)).toBe(true);
    const unrestricted = live.filter((d) => !d.restricted);
    expect(unrestricted.length).toBeLessThan(live.length);
    expect((await clients.investor.get("/api/documents")).json).toHaveLength(unrestricted.length);
    expect((await clients.admin.get("/api/documents")).json).toHaveLength(live.length);
  });

  it("[access] a signed-in non-admin cannot reach the contact submissions even with query parameters", async () => {
    for (const role of ["regular", "investor"] as const) {
      expect((await clients[role].get("/api/contact?limit=200")).status).toBe(403);
    }
  });
});
