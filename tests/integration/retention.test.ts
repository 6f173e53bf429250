/**
 * Keeping times (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): e-mails no longer waiting to be sent go after
 * MAIL_KEEP_DAYS, account events after SECURITY_LOG_KEEP_DAYS, spent single-use links after 30 days; nothing still
 * queued and nothing younger is touched.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, emailMessages, securityEvents, users, type EmailStatus } from "../../server/db/schema";
import { createRetention } from "../../server/features/retention/retention";
import { createTestContext, type TestContext } from "../helpers/context";
import { userInput } from "../helpers/factories";

let ctx: TestContext;
let userId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  userId = (await ctx.services.users.create(userInput({ email: "kept@example.test" }))).id;
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
const inDays = (n: number) => daysAgo(-n);

async function email(subject: string, status: EmailStatus, createdAt: Date) {
  const [row] = await db()
    .insert(emailMessages)
    .values({ kind: "contact-received", toAddress: "ir@example.test", locale: "en", subject, html: "<p>x</p>", textBody: "x", status, createdAt })
    .returning({ id: emailMessages.id });
  return row.id;
}

async function link(usedAt: Date | null, expiresAt: Date) {
  const [row] = await db()
    .insert(accountTokens)
    .values({ userId, purpose: "password-reset", tokenHash: `hash-${Math.random()}`, usedAt, expiresAt, createdAt: daysAgo(60) })
    .returning({ id: accountTokens.id });
  return row.id;
}

const remaining = async <T extends { id: number }>(rows: Promise<T[]>) => (await rows).map((r) => r.id).sort((a, b) => a - b);

describe("[retention] old e-mails, account events and spent links", () => {
  it("the default keeping times delete exactly what is past them", async () => {
    const old = {
      sent: await email("old sent", "sent", daysAgo(91)),
      held: await email("old held", "held", daysAgo(120)),
      failed: await email("old failed", "failed", daysAgo(200)),
    };
    const kept = {
      queued: await email("old but still queued", "queued", daysAgo(200)),
      sending: await email("old but being sent", "sending", daysAgo(200)),
      recent: await email("recent sent", "sent", daysAgo(89)),
    };
    const [oldEvent] = await db()
      .insert(securityEvents)
      .values({ type: "sign-in", userId, createdAt: daysAgo(366) })
      .returning({ id: securityEvents.id });
    const [recentEvent] = await db()
      .insert(securityEvents)
      .values({ type: "sign-in", userId, createdAt: daysAgo(364) })
      .returning({ id: securityEvents.id });
    const spent = [await link(daysAgo(31), inDays(1)), await link(null, daysAgo(31))];
    const live = [await link(null, inDays(1)), await link(daysAgo(29), daysAgo(28))];

    const result = await createRetention({ db: db(), days: ctx.services.config.retention }).sweep();
    expect(result).toEqual({ emails: 3, securityEvents: 1, links: 2, unconfirmedAccounts: 0, auditEvents: 0 });

    const allEmails = Object.values({ ...old, ...kept });
    expect(await remaining(db().select({ id: emailMessages.id }).from(emailMessages).where(inArray(emailMessages.id, allEmails)))).toEqual(
      Object.values(kept).sort((a, b) => a - b),
    );
    expect(await remaining(db().select({ id: securityEvents.id }).from(securityEvents).where(eq(securityEvents.userId, userId)))).toEqual([recentEvent.id]);
    expect(oldEvent.id).toBeLessThan(recentEvent.id);
    expect(
      await remaining(
        db()
          .select({ id: accountTokens.id })
          .from(accountTokens)
          .where(inArray(accountTokens.id, [...spent, ...live])),
      ),
    ).toEqual(live.sort((a, b) => a - b));
  });

  it("shorter keeping times from the configuration; thousands of rows go in batches, all of them", async () => {
    const recent = await email("sent ten days ago", "sent", daysAgo(10));
    await db().execute(
      sql`insert into security_events (type, user_id, created_at) select 'sign-in-failed', ${userId}, now() - interval '40 days' from generate_series(1, 4500)`,
    );
    const olderThanMonth = async () => {
      const [{ n }] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(securityEvents)
        .where(sql`${securityEvents.createdAt} < now() - interval '30 days'`);
      return n;
    };
    const due = await olderThanMonth();
    expect(due).toBeGreaterThanOrEqual(4500);
    const result = await createRetention({ db: db(), days: { mailDays: 7, securityLogDays: 30, unconfirmedAccountDays: 7, auditDays: 2557 } }).sweep();
    expect(result.emails).toBeGreaterThanOrEqual(1);
    expect(result.securityEvents).toBe(due);
    expect(await db().select().from(emailMessages).where(eq(emailMessages.id, recent))).toEqual([]);
    expect(await olderThanMonth()).toBe(0);
  });
});

describe("[retention] accounts whose address was never confirmed", () => {
  /** A member account created `ageDays` ago whose last confirmation link ran out `linkExpiredDays` ago. */
  async function account(name: string, opts: { verified: boolean; ageDays: number; linkExpiredDays?: number; role?: "regular" | "admin" }) {
    const user = await ctx.services.users.create(userInput({ email: `${name}@example.test`, isVerified: opts.verified, role: opts.role ?? "regular" }));
    await db()
      .update(users)
      .set({ createdAt: daysAgo(opts.ageDays) })
      .where(eq(users.id, user.id));
    if (opts.linkExpiredDays !== undefined)
      await db()
        .insert(accountTokens)
        .values({
          userId: user.id,
          purpose: "verify-email",
          tokenHash: `hash-${Math.random()}`,
          expiresAt: daysAgo(opts.linkExpiredDays),
          createdAt: daysAgo(opts.ageDays),
        });
    return user.id;
  }

  it("are deleted UNCONFIRMED_ACCOUNT_KEEP_DAYS after their last link ran out; confirmed, recent and admin accounts stay", async () => {
    const gone = {
      abandoned: await account("abandoned", { verified: false, ageDays: 20, linkExpiredDays: 19 }),
      noLink: await account("no-link", { verified: false, ageDays: 9 }),
    };
    const kept = {
      confirmed: await account("confirmed-old", { verified: true, ageDays: 400, linkExpiredDays: 399 }),
      recentLink: await account("resent-link", { verified: false, ageDays: 20, linkExpiredDays: 2 }),
      young: await account("young", { verified: false, ageDays: 3 }),
      admin: await account("unconfirmed-admin", { verified: false, ageDays: 90, role: "admin" }),
    };
    const result = await createRetention({ db: db(), days: { mailDays: 90, securityLogDays: 365, unconfirmedAccountDays: 7, auditDays: 2557 } }).sweep();
    expect(result.unconfirmedAccounts).toBe(2);
    const left = await remaining(
      db()
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, [...Object.values(gone), ...Object.values(kept)])),
    );
    expect(left).toEqual(Object.values(kept).sort((a, b) => a - b));
    // Its address can be registered afresh.
    expect(await ctx.services.users.byEmail("abandoned@example.test")).toBeUndefined();
  });
});
