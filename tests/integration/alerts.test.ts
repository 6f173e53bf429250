/**
 * Investor alerts end to end with a real SMTP server on 127.0.0.1: subscribing (double opt-in, no enumeration),
 * confirming by POST only, an alert on a scheduled publication in the subscriber's language with the RFC 8058
 * headers, one-click unsubscribe, the suppression list, two instances writing an alert once, and abuse.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertConsents, alertDeliveries, alerts, alertSubscribers, alertSuppressions, emailMessages, pressReleases } from "../../server/db/schema";
import { createServices } from "../../server/features";
import { Client, contextWithMailbox, signedInClient, type TestContext } from "../helpers/context";
import { pressArabic, pressBody } from "../helpers/factories";
import { linkIn, type SmtpServer } from "../helpers/smtp";
import { postMultipart, seedFile } from "../fixtures/files";

const ORIGIN = "https://www.meridian.test";
let ctx: TestContext;
let smtp: SmtpServer;
let admin: Client;

beforeAll(async () => {
  ({ ctx, smtp } = await contextWithMailbox({ env: { PUBLIC_ORIGIN: ORIGIN, TRUST_PROXY: "true" } }));
  admin = (await signedInClient(ctx, "admin")).client;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const db = () => ctx.services.database.db;
let n = 0;
const address = (label: string) => `${label}-${++n}-${Math.random().toString(36).slice(2, 7)}@example.test`;
/** A visitor from its own address (each test its own budget). */
const visitor = () => {
  const c = new Client(ctx.baseUrl);
  const ip = `203.0.113.${(++n % 250) + 1}`;
  return { c, headers: { "X-Forwarded-For": ip } };
};
const subscriber = async (email: string) => (await db().select().from(alertSubscribers).where(eq(alertSubscribers.email, email)))[0];
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

/** Subscribes `email` from the form and confirms it from its e-mail; the preferences token. */
async function subscribeAndConfirm(email: string, lists: string[], locale: "en" | "ar") {
  const { c, headers } = visitor();
  const res = await c.post("/api/alerts/subscribe", { email, lists, locale }, headers);
  expect(res.status).toBe(202);
  const mail = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "alert-confirm");
  const link = linkIn(mail, `${ORIGIN}${locale === "ar" ? "/ar" : ""}/alerts/confirm?token=`);
  const confirmed = await c.post("/api/alerts/confirm", { token: tokenOf(link) }, headers);
  expect(confirmed.status).toBe(200);
  return confirmed.json.manageToken as string;
}

/** Runs scheduler steps until nothing is left to write (publications, then alert batches). */
async function steps(count = 3) {
  for (let i = 0; i < count; i++) await ctx.services.publication.step();
}

describe("[alerts] subscribing", () => {
  it("answers the same for a new, a pending and a confirmed address, and only the mailbox's confirmation starts alerts", async () => {
    const fresh = address("fresh");
    const pending = address("pending");
    const confirmed = address("confirmed");
    await subscribeAndConfirm(confirmed, ["documents"], "en");
    const { c, headers } = visitor();
    await c.post("/api/alerts/subscribe", { email: pending, lists: ["calendar"], locale: "en" }, headers);
    const answers = await Promise.all(
      [fresh, pending, confirmed].map((email) => c.post("/api/alerts/subscribe", { email, lists: ["press:news"], locale: "en" }, headers)),
    );
    for (const a of answers) {
      expect(a.status).toBe(202);
      expect(a.json).toEqual({
        message: "Thank you. If this address can receive our alerts, we have sent it an e-mail: open the link in it to confirm. Nothing is sent until you do.",
      });
    }
    // The confirmed address keeps its lists (someone typing it cannot change them) and is told how to manage them.
    expect((await subscriber(confirmed)).lists).toEqual(["documents"]);
    const notice = await smtp.waitFor((m) => m.to.includes(confirmed) && m.kind === "alert-manage");
    expect(notice.subject).toBe("Your Meridian Crest Holdings investor alerts");
    expect(linkIn(notice, `${ORIGIN}/alerts/preferences?token=`)).toContain("token=");
    // The new address receives nothing but its confirmation; it stays pending with no lists until confirmed.
    const row = await subscriber(fresh);
    expect(row).toMatchObject({ status: "pending", lists: [], pendingLists: ["press:news"] });
    const mail = await smtp.waitFor((m) => m.to.includes(fresh));
    expect(mail.subject).toBe("Confirm your Meridian Crest Holdings investor alerts");
    expect(mail.text).toContain("press releases (News)");
    // The consent record has the request with where it came from.
    const consents = await db().select().from(alertConsents).where(eq(alertConsents.email, fresh));
    expect(consents).toEqual([expect.objectContaining({ action: "requested", source: "form", lists: ["press:news"], locale: "en" })]);
  });

  it("a GET of the confirmation link (a mail scanner) confirms nothing; the POST does, once", async () => {
    const email = address("scanner");
    const { c, headers } = visitor();
    await c.post("/api/alerts/subscribe", { email, lists: ["calendar"], locale: "en" }, headers);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    const link = linkIn(mail, `${ORIGIN}/alerts/confirm?token=`);
    const page = await c.get(new URL(link).pathname + new URL(link).search);
    expect([200, 404]).toContain(page.status);
    // The page's address holds the token: never kept by a cache, never sent on as a Referer, never indexed.
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect((await subscriber(email)).status).toBe("pending");
    const first = await c.post("/api/alerts/confirm", { token: tokenOf(link) }, headers);
    expect(first.json).toMatchObject({ message: "Your subscription is confirmed.", lists: ["calendar"], locale: "en" });
    expect((await subscriber(email)).status).toBe("confirmed");
    const again = await c.post("/api/alerts/confirm", { token: tokenOf(link) }, headers);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ code: "INVALID_TOKEN", message: "This confirmation link is invalid or has expired. Subscribe again to get a new one." });
  });

  it("refuses hostile input with a 400 and stores nothing", async () => {
    const { c, headers } = visitor();
    for (const email of ["victim@example.test\r\nBcc: everyone@example.test", "not an address", "a@b", `${"x".repeat(250)}@example.test`]) {
      const res = await c.post("/api/alerts/subscribe", { email, lists: ["press:news"], locale: "en" }, headers);
      expect(res.status).toBe(400);
      expect(res.json.errors.email).toBe("Please enter a valid email address");
    }
    const noList = await c.post("/api/alerts/subscribe", { email: address("none"), lists: [], locale: "en" }, headers);
    expect(noList.json.errors.lists).toBe("Choose at least one kind of alert.");
    const badList = await c.post("/api/alerts/subscribe", { email: address("bad"), lists: ["press:all", "admin"], locale: "en" }, headers);
    expect(badList.status).toBe(400);
    const count = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(alertSubscribers)
      .where(sql`email like 'victim%' or email like 'none-%' or email like 'bad-%'`);
    expect(count[0].n).toBe(0);
  });

  it("thousands of sign-ups from one visitor are cut off at 10 an hour; one address gets at most 3 e-mails a day", async () => {
    const c = new Client(ctx.baseUrl);
    const headers = { "X-Forwarded-For": "198.51.100.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await c.post("/api/alerts/subscribe", { email: address("flood"), lists: ["documents"], locale: "en" }, headers)).status);
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const refused = await c.post("/api/alerts/subscribe", { email: address("flood"), lists: ["documents"], locale: "en" }, headers);
    expect(refused.json.message).toBe("Too many alert requests from your connection. Please try again in an hour.");
    // One address typed from many visitors: the same answer every time, but only three e-mails.
    const target = address("target");
    for (let i = 0; i < 5; i++) {
      const { c: other, headers: h } = visitor();
      expect((await other.post("/api/alerts/subscribe", { email: target, lists: ["documents"], locale: "en" }, h)).status).toBe(202);
    }
    await ctx.services.mail.processDue();
    const written = await db().select().from(emailMessages).where(eq(emailMessages.toAddress, target));
    expect(written).toHaveLength(3);
  });
});

describe("[alerts] an alert on publication", () => {
  it("Arabic subscriber: a scheduled release sends one Arabic alert with both unsubscribe headers; one-click POST unsubscribes; the next sends nothing", async () => {
    const email = address("arabic");
    await subscribeAndConfirm(email, ["press:financialResults"], "ar");
    const created = await admin.post(
      "/api/press-releases",
      pressBody({ category: "Financial Results", publication: "draft", ...pressArabic({ titleAr: "نتائج الربع الثالث" }) }),
    );
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    await admin.post(`/api/admin/press-releases/${id}/schedule`, { publishAt: { local: "2099-01-01T10:00" } });
    // Before its time: nothing is published and no alert exists.
    await steps();
    expect(await ctx.services.alertSender.ofItem("press", id)).toEqual([]);
    await db()
      .update(pressReleases)
      .set({ publishAt: sql`now() - interval '1 second'` })
      .where(eq(pressReleases.id, id));
    await steps();
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "alert-press");
    expect(mail.subject).toBe("بيان صحفي: نتائج الربع الثالث");
    expect(mail.language).toBe("ar");
    expect(mail.html).toContain('dir="rtl"');
    expect(linkIn(mail, `${ORIGIN}/ar/press-releases/`)).toBe(`${ORIGIN}/ar/press-releases/${id}`);
    const raw = (name: string) => mail.parsed.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, "");
    const header = raw("list-unsubscribe")!.replace(/^<|>$/g, "");
    expect(header).toMatch(new RegExp(`^${ORIGIN}/api/alerts/one-click\\?token=[0-9a-f]{32}\\.[A-Za-z0-9_-]{32}$`));
    expect(raw("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // No tracking: no image, and the release's link is the page's own address.
    expect(mail.html).not.toMatch(/<img/i);
    // Exactly one alert e-mail to this address.
    await steps();
    expect(smtp.received.filter((m) => m.to.includes(email) && m.kind === "alert-press")).toHaveLength(1);

    // The provider's one-click POST (a form body, no Origin, no cookie) unsubscribes.
    const oneClick = new URL(header);
    const res = await fetch(`${ctx.baseUrl}${oneClick.pathname}${oneClick.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("You are unsubscribed. No more alerts will be sent to this address.");
    expect(await subscriber(email)).toMatchObject({ status: "unsubscribed" });
    expect(await db().select().from(alertSuppressions).where(eq(alertSuppressions.email, email))).toEqual([expect.objectContaining({ reason: "one-click" })]);

    // The next publication of the same list sends nothing to it.
    const second = await admin.post("/api/press-releases", pressBody({ category: "Financial Results", publication: "published" }));
    await steps();
    await ctx.services.mail.processDue();
    expect(smtp.received.filter((m) => m.to.includes(email) && m.kind === "alert-press")).toHaveLength(1);
    const deliveries = await db()
      .select()
      .from(alertDeliveries)
      .innerJoin(alerts, eq(alerts.id, alertDeliveries.alertId))
      .where(eq(alerts.itemId, second.json.id));
    expect(deliveries.filter((d) => d.alert_deliveries.subscriberId === undefined)).toEqual([]);
  });

  it("an English subscriber of a release without Arabic gets it in English; an Arabic one is told it is in English only", async () => {
    const en = address("en");
    const ar = address("ar");
    await subscribeAndConfirm(en, ["press:award"], "en");
    await subscribeAndConfirm(ar, ["press:award"], "ar");
    const created = await admin.post(
      "/api/press-releases",
      pressBody({ category: "Award", title: "Meridian wins the logistics award", publication: "published" }),
    );
    await steps();
    const english = await smtp.waitFor((m) => m.to.includes(en) && m.kind === "alert-press");
    expect(english.subject).toBe("Press release: Meridian wins the logistics award");
    const arabic = await smtp.waitFor((m) => m.to.includes(ar) && m.kind === "alert-press");
    expect(arabic.subject).toBe("بيان صحفي: Meridian wins the logistics award");
    expect(arabic.text).toContain("هذا المحتوى منشور باللغة الإنجليزية فقط.");
    // A correction saved later sends nothing by itself; the admin's request sends it again as a correction.
    const update = await admin.put(`/api/press-releases/${created.json.id}`, {
      ...pressBody({ category: "Award", title: "Meridian wins the logistics award 2026" }),
    });
    expect(update.status).toBe(200);
    await steps();
    expect(smtp.received.filter((m) => m.to.includes(en) && m.kind === "alert-press")).toHaveLength(1);
    const correction = await admin.post("/api/admin/alerts", { kind: "press", id: created.json.id });
    expect(correction.status).toBe(201);
    expect(correction.json).toMatchObject({ kind: "press", edition: 1, itemId: created.json.id });
    await steps();
    const corrected = await smtp.waitFor((m) => m.to.includes(en) && m.subject.startsWith("Corrected press release"));
    expect(corrected.subject).toBe("Corrected press release: Meridian wins the logistics award 2026");
    // The dashboard counts what was sent and failed per alert.
    await expect
      .poll(async () => (await admin.get("/api/admin/alerts")).json.find((a: { id: number }) => a.id === correction.json.id), { timeout: 10_000 })
      .toMatchObject({ sent: 2, failed: 0, waiting: 0, recipients: 2, status: "done" });
    // The Outbox forgets old e-mails; the alert's counts stay.
    await db()
      .update(emailMessages)
      .set({ createdAt: sql`now() - interval '400 days'` })
      .where(sql`${emailMessages.id} in (select email_id from alert_deliveries where alert_id = ${correction.json.id})`);
    await ctx.services.retention.sweep();
    expect(await db().select().from(alertDeliveries).where(eq(alertDeliveries.alertId, correction.json.id))).toEqual([
      expect.objectContaining({ emailId: null, outcome: "sent" }),
      expect.objectContaining({ emailId: null, outcome: "sent" }),
    ]);
    expect((await admin.get("/api/admin/alerts")).json.find((a: { id: number }) => a.id === correction.json.id)).toMatchObject({ sent: 2, failed: 0 });
  });

  it("a draft sends nothing, and neither does a release withdrawn and published again", async () => {
    const email = address("draft");
    await subscribeAndConfirm(email, ["press:expansion"], "en");
    const draft = await admin.post("/api/press-releases", pressBody({ category: "Expansion", publication: "draft" }));
    await steps();
    expect(await ctx.services.alertSender.ofItem("press", draft.json.id)).toEqual([]);
    await admin.post(`/api/admin/press-releases/${draft.json.id}/publish`);
    await steps();
    await smtp.waitFor((m) => m.to.includes(email) && m.kind === "alert-press");
    await admin.post(`/api/admin/press-releases/${draft.json.id}/withdraw`);
    await admin.post(`/api/admin/press-releases/${draft.json.id}/publish`);
    await steps();
    await ctx.services.mail.processDue();
    expect(smtp.received.filter((m) => m.to.includes(email) && m.kind === "alert-press")).toHaveLength(1);
    expect(await ctx.services.alertSender.ofItem("press", draft.json.id)).toHaveLength(1);
  });

  it("a public document sends one alert to the documents list; an investor-only one sends nothing until it is made public", async () => {
    const email = address("documents");
    await subscribeAndConfirm(email, ["documents"], "en");
    const upload = (title: string, isPublic: string) =>
      postMultipart(admin, "/api/admin/documents", { file: { data: seedFile("annual-report-2025.pdf"), name: "report.pdf" }, fields: { title, isPublic } });
    const open = await upload("Annual Report 2026", "true");
    expect(open.status).toBe(201);
    await steps();
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "alert-document");
    expect(mail.subject).toBe("New document: Annual Report 2026");
    // Subscribers have no account: the link is the investors page, which lists the document for everyone (the
    // download route answers 401 to a visitor); investors also get the viewer.
    expect(mail.text).not.toContain("/api/documents/");
    expect(linkIn(mail, `${ORIGIN}/investors`)).toBe(`${ORIGIN}/investors#investors-reports`);
    expect(mail.text).toContain(`Investors with an account can also read it in the document viewer: ${ORIGIN}/investor-portal/documents/${open.json.id}`);
    const hidden = await upload("Board pack", "false");
    await steps();
    expect(await ctx.services.alertSender.ofItem("document", hidden.json.id)).toEqual([]);
    const made = await admin.put(`/api/admin/documents/${hidden.json.id}`, { title: "Board pack", isPublic: true, updatedAt: hidden.json.updatedAt });
    expect(made.status).toBe(200);
    await steps();
    await smtp.waitFor((m) => m.to.includes(email) && m.subject === "New document: Board pack");
    // Saved again: no second alert.
    await admin.put(`/api/admin/documents/${hidden.json.id}`, { title: "Board pack (final)", isPublic: true, updatedAt: made.json.updatedAt });
    await steps();
    await ctx.services.mail.processDue();
    expect(smtp.received.filter((m) => m.to.includes(email) && m.kind === "alert-document")).toHaveLength(2);
  });

  it("two instances stepping at once write each subscriber's e-mail once", async () => {
    const emails = [address("twin"), address("twin"), address("twin")];
    for (const e of emails) await subscribeAndConfirm(e, ["press:partnership"], "en");
    const second = createServices(ctx.services.database, ctx.services.config);
    const created = await admin.post("/api/press-releases", pressBody({ category: "Partnership", publication: "published" }));
    await Promise.all([ctx.services.publication.step(), second.publication.step(), ctx.services.publication.step(), second.publication.step()]);
    await steps();
    const written = await db()
      .select({ to: emailMessages.toAddress })
      .from(emailMessages)
      .where(sql`${emailMessages.kind} = 'alert-press' and ${emailMessages.toAddress} in (${sql.join(emails, sql`, `)})`);
    expect(written.map((w) => w.to).sort()).toEqual([...emails].sort());
    expect(await ctx.services.alertSender.ofItem("press", created.json.id)).toHaveLength(1);
  });
});

describe("[alerts] preferences and unsubscribing", () => {
  it("the preferences token reads and changes lists and language; no list unsubscribes; a wrong token is a 400 that names nothing", async () => {
    const email = address("prefs");
    const token = await subscribeAndConfirm(email, ["documents", "calendar"], "en");
    const { c, headers } = visitor();
    const read = await c.post("/api/alerts/preferences/read", { token }, headers);
    expect(read.json).toEqual({ email, status: "confirmed", lists: ["documents", "calendar"], locale: "en" });
    const changed = await c.put("/api/alerts/preferences", { token, lists: ["calendar"], locale: "ar" }, headers);
    expect(changed.json).toEqual({ email, status: "confirmed", lists: ["calendar"], locale: "ar" });
    const none = await c.put("/api/alerts/preferences", { token, lists: [], locale: "ar" }, headers);
    expect(none.json).toMatchObject({ status: "unsubscribed", lists: [] });
    const wrong = await c.post("/api/alerts/preferences/read", { token: token.replace(/.$/, (ch) => (ch === "A" ? "B" : "A")) }, headers);
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe("This link no longer manages a subscription. Ask for a new link below.");
  });

  it("a token tells nothing about the subscriber: no serial number, and another subscriber's number with a valid MAC shape is refused", async () => {
    const [first, second] = [address("opaque"), address("opaque")];
    const tokens = [await subscribeAndConfirm(first, ["documents"], "en"), await subscribeAndConfirm(second, ["documents"], "en")];
    const rows = [await subscriber(first), await subscriber(second)];
    for (const [i, token] of tokens.entries()) {
      expect(token).toMatch(/^[0-9a-f]{32}\.[A-Za-z0-9_-]{32}$/);
      expect(token.split(".")[0]).toBe(rows[i].publicId);
      expect(token.startsWith(`${rows[i].id}.`)).toBe(false);
    }
    // Consecutive subscribers' ids share nothing a reader could count on.
    expect(tokens[0].slice(0, 8)).not.toBe(tokens[1].slice(0, 8));
    const { c, headers } = visitor();
    const swapped = `${rows[1].publicId}.${tokens[0].split(".")[1]}`;
    expect((await c.post("/api/alerts/preferences/read", { token: swapped }, headers)).status).toBe(400);
  });

  it("an unsubscribe link sent before the tokens were opaque (the row's number) still unsubscribes", async () => {
    const email = address("legacy");
    await subscribeAndConfirm(email, ["documents"], "en");
    const row = await subscriber(email);
    const { createHmac } = await import("node:crypto");
    const mac = createHmac("sha256", ctx.services.config.sessionSecret).update(`alert-manage:${row.id}:${row.manageSalt}`).digest("base64url").slice(0, 32);
    const { c, headers } = visitor();
    const read = await c.post("/api/alerts/preferences/read", { token: `${row.id}.${mac}` }, headers);
    expect(read.status, read.text).toBe(200);
    expect(read.json.email).toBe(email);
  });

  it("a GET of the one-click address changes nothing and redirects to the preferences page; a bad token's POST answers the same", async () => {
    const email = address("get");
    const token = await subscribeAndConfirm(email, ["documents"], "en");
    const get = await fetch(`${ctx.baseUrl}/api/alerts/one-click?token=${token}`, { redirect: "manual" });
    expect(get.status).toBe(303);
    expect(get.headers.get("location")).toBe(`/alerts/preferences?token=${token}&unsubscribe=1`);
    expect((await subscriber(email)).status).toBe("confirmed");
    const bad = await fetch(`${ctx.baseUrl}/api/alerts/one-click?token=1.${"x".repeat(32)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(bad.status).toBe(200);
    expect(await bad.text()).toBe("You are unsubscribed. No more alerts will be sent to this address.");
  });

  it("asking for the manage link answers the same for an address that never subscribed", async () => {
    const { c, headers } = visitor();
    const known = address("known");
    await subscribeAndConfirm(known, ["documents"], "en");
    const a = await c.post("/api/alerts/manage-link", { email: known }, headers);
    const b = await c.post("/api/alerts/manage-link", { email: address("never") }, headers);
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(a.json).toEqual(b.json);
    const mail = await smtp.waitFor((m) => m.to.includes(known) && m.kind === "alert-manage");
    expect(mail.text).toContain("You asked for the link to manage the investor alerts");
  });

  it("a member sets alerts for the account's address without a confirmation e-mail; an admin's removal suppresses it", async () => {
    const { client, email } = await signedInClient(ctx, "regular");
    const empty = await client.get("/api/account/alerts");
    expect(empty.json).toEqual({ email, status: "unsubscribed", lists: [], locale: "en" });
    const set = await client.put("/api/account/alerts", { lists: ["calendar"], locale: "en" });
    expect(set.json).toEqual({ email, status: "confirmed", lists: ["calendar"], locale: "en" });
    const row = await subscriber(email!);
    expect(row.source).toBe("account");
    const removed = await admin.delete(`/api/admin/alert-subscribers/${row.id}`);
    expect(removed.json.message).toBe("The subscriber was removed and the address added to the suppression list.");
    const list = await admin.get(`/api/admin/alert-suppressions?q=${encodeURIComponent(email!)}`);
    expect(list.headers.get("x-total-count")).toBe("1");
    expect(list.json).toEqual([expect.objectContaining({ email, reason: "admin" })]);
    const stats = await admin.get("/api/admin/alert-subscribers/stats");
    expect(stats.status, stats.text).toBe(200);
    expect(stats.json.suppressed).toBeGreaterThanOrEqual(1);
    const csv = await fetch(`${ctx.baseUrl}/api/admin/alert-subscribers/export.csv`, { headers: { Cookie: admin.cookie } });
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("email,status,lists,language,source,created_at,confirmed_at,unsubscribed_at");
    expect(lines.some((l) => l.startsWith(`${email},`))).toBe(false);
  });
});
