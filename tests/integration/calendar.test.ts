/**
 * The financial calendar end to end: the admin's events (all-day and timed in Cairo) on the public list in both
 * languages, each event's .ics file and the feeds parsed by a real iCalendar parser (ical.js: one UID for life, a
 * SEQUENCE that goes up, cancellations kept, escaping), validation and access, and the alerts with a real SMTP
 * server on 127.0.0.1: a new event, Arabic with the Umm al-Qura date, and the reminder the day before at 09:00 Cairo.
 */
import { and, eq, like, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarEvents, documents, emailMessages } from "../../server/db/schema";
import { dateTimeFormat } from "../../shared/i18n/format";
import { SCHEDULE_ZONE } from "../../shared/publication";
import { instantToWallTime } from "../../shared/zoned-time";
import { Client, contextWithMailbox, signedInClient, type TestContext } from "../helpers/context";
import { documentRow } from "../helpers/factories";
import { closeVite, servePages } from "../helpers/pages-server";
import { linkIn, type SmtpServer } from "../helpers/smtp";

const ORIGIN = "https://www.meridian.test";
let ctx: TestContext;
let smtp: SmtpServer;
let admin: Client;
let anon: Client;

beforeAll(async () => {
  ({ ctx, smtp } = await contextWithMailbox({ env: { PUBLIC_ORIGIN: ORIGIN, TRUST_PROXY: "true", REQUEST_TIMEOUT: "120", DB_QUERY_TIMEOUT: "60" } }));
  admin = (await signedInClient(ctx, "admin")).client;
  anon = new Client(ctx.baseUrl);
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

type AdminEvent = { id: number; uid: string; title: string; date: string; startsAt: string; sequence: number; status: string };
type PublicEvent = { id: number; title: string; contentLocale: string };
let n = 0;
const db = () => ctx.services.database.db;
const unique = (label: string) => `${label} ${++n}-${Math.random().toString(36).slice(2, 7)}`;

async function create(body: Record<string, unknown>): Promise<AdminEvent> {
  const res = await admin.post("/api/admin/calendar", { kind: "results", ...body });
  expect(res.status, res.text).toBe(201);
  return res.json;
}

/** The VEVENTs of an iCalendar text, as ical.js reads them. */
const vevents = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent");
const prop = (v: ICAL.Component, name: string) => v.getFirstPropertyValue(name);
const timeOf = (v: ICAL.Component, name: string) => v.getFirstPropertyValue(name) as ICAL.Time;

async function feedEvent(uid: string, file = "en.ics") {
  const res = await anon.get(`/api/calendar/feed/${file}`);
  expect(res.status).toBe(200);
  const found = vevents(res.text).filter((v) => prop(v, "uid") === uid);
  expect(found).toHaveLength(1);
  return found[0];
}

describe("[calendar] the public list, the event files and the feeds", () => {
  let allDay: AdminEvent;
  let timed: AdminEvent;
  let past: AdminEvent;
  beforeAll(async () => {
    allDay = await create({ kind: "agm", date: "2099-03-09", title: "Annual general meeting", titleAr: "الجمعية العامة العادية" });
    timed = await create({
      kind: "call",
      date: "2099-03-10",
      time: "14:30",
      endTime: "16:00",
      title: "Q4 results call",
      linkUrl: "https://webcast.example.test/q4",
    });
    past = await create({ kind: "dividend-payment", date: "2020-01-15", title: "2019 dividend paid" });
  });

  it("stores Cairo times as instants and lists upcoming and past events in the page's language", async () => {
    expect(allDay).toMatchObject({ time: null, endTime: null, startsAt: "2099-03-08T22:00:00.000Z", status: "scheduled", sequence: 0 });
    expect(allDay.uid).toMatch(/^[0-9a-f-]{36}@www\.meridian\.test$/);
    expect(timed).toMatchObject({ time: "14:30", endTime: "16:00", startsAt: "2099-03-10T12:30:00.000Z", titleAr: null });
    const ids = (list: PublicEvent[]) => list.map((e) => e.id).filter((id) => [allDay.id, timed.id, past.id].includes(id));
    const en = await anon.get("/api/calendar");
    expect(en.status).toBe(200);
    expect(en.headers.get("cache-control")).toBe("public, max-age=60");
    expect(ids(en.json.upcoming)).toEqual([allDay.id, timed.id]);
    expect(ids(en.json.past)).toEqual([past.id]);
    expect(en.json.feeds).toEqual({ en: "webcal://www.meridian.test/api/calendar/feed/en.ics", ar: "webcal://www.meridian.test/api/calendar/feed/ar.ics" });
    const byId = (list: PublicEvent[], id: number) => list.find((e) => e.id === id);
    expect(byId(en.json.upcoming, allDay.id)).toMatchObject({ title: "Annual general meeting", contentLocale: "en", kind: "agm", date: "2099-03-09" });
    expect(byId(en.json.upcoming, timed.id)).toEqual(
      expect.objectContaining({ title: "Q4 results call", linkUrl: "https://webcast.example.test/q4", pressRelease: null, documents: [] }),
    );
    const ar = await anon.get("/api/calendar?lang=ar");
    expect(byId(ar.json.upcoming, allDay.id)).toMatchObject({ title: "الجمعية العامة العادية", contentLocale: "ar" });
    expect(byId(ar.json.upcoming, timed.id)).toMatchObject({ title: "Q4 results call", contentLocale: "en" });
    expect(byId(ar.json.past, past.id)).toMatchObject({ title: "2019 dividend paid", contentLocale: "en", date: "2020-01-15" });
  });

  it("serves each event as a calendar file with one VEVENT: a DATE for an all-day event, UTC times for a timed one", async () => {
    const file = await anon.get(`/api/calendar/${allDay.id}/ics`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="event-2099-03-09-${allDay.id}.ics"`);
    const [day, ...others] = vevents(file.text);
    expect(others).toEqual([]);
    expect(prop(day, "uid")).toBe(allDay.uid);
    expect(prop(day, "summary")).toBe("Annual general meeting");
    expect(timeOf(day, "dtstart").isDate).toBe(true);
    expect(timeOf(day, "dtstart").toString()).toBe("2099-03-09");
    expect(timeOf(day, "dtend").toString()).toBe("2099-03-10");
    const [arabic] = vevents((await anon.get(`/api/calendar/${allDay.id}/ics?lang=ar`)).text);
    expect(prop(arabic, "summary")).toBe("الجمعية العامة العادية");

    const [call, ...more] = vevents((await anon.get(`/api/calendar/${timed.id}/ics`)).text);
    expect(more).toEqual([]);
    expect(prop(call, "uid")).toBe(timed.uid);
    expect(timeOf(call, "dtstart").isDate).toBe(false);
    expect(timeOf(call, "dtstart").toString()).toBe("2099-03-10T12:30:00Z");
    expect(timeOf(call, "dtend").toString()).toBe("2099-03-10T14:00:00Z");
    expect(prop(call, "url")).toBe("https://webcast.example.test/q4");
    expect(prop(call, "status")).toBe("CONFIRMED");
  });

  it("the feed carries every event; a change keeps the UID and raises SEQUENCE; a cancelled event stays, CANCELLED", async () => {
    const feed = await anon.get("/api/calendar/feed/en.ics");
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const uids = vevents(feed.text).map((v) => prop(v, "uid"));
    expect(uids).toEqual(expect.arrayContaining([allDay.uid, timed.uid, past.uid]));
    expect(new Set(uids).size).toBe(uids.length);
    expect(prop(await feedEvent(allDay.uid, "ar.ics"), "summary")).toBe("الجمعية العامة العادية");

    const event = await create({ date: "2099-05-20", time: "10:00", title: "Q1 results" });
    expect(prop(await feedEvent(event.uid), "sequence")).toBe(0);
    const changed = await admin.put(`/api/admin/calendar/${event.id}`, { kind: "results", date: "2099-05-21", time: "11:15", title: "Q1 results (moved)" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ id: event.id, uid: event.uid, sequence: 1, startsAt: "2099-05-21T08:15:00.000Z" });
    const moved = await feedEvent(event.uid);
    expect(prop(moved, "sequence")).toBe(1);
    expect(prop(moved, "summary")).toBe("Q1 results (moved)");
    expect(timeOf(moved, "dtstart").toString()).toBe("2099-05-21T08:15:00Z");

    const cancelled = await admin.post(`/api/admin/calendar/${event.id}/cancel`);
    expect(cancelled.json).toMatchObject({ uid: event.uid, status: "cancelled", sequence: 2 });
    const gone = await feedEvent(event.uid);
    expect(prop(gone, "status")).toBe("CANCELLED");
    expect(prop(gone, "sequence")).toBe(2);
    // Cancelling again changes nothing.
    expect((await admin.post(`/api/admin/calendar/${event.id}/cancel`)).json).toMatchObject({ status: "cancelled", sequence: 2 });
  });

  it("escapes text: commas, semicolons, backslashes and newlines round-trip; a CR/LF in a title adds no property", async () => {
    const title = "Results, Q2; call \\ webcast\nsecond line";
    const plain = await create({ date: "2099-06-01", title, description: "Agenda: a, b; c" });
    const v = await feedEvent(plain.uid);
    expect(prop(v, "summary")).toBe(title);
    expect(prop(v, "description")).toBe("Agenda: a, b; c");

    const hostile = await create({ date: "2099-06-02", title: "Q2 call\r\nATTENDEE:mailto:victim@example.test\r\nBEGIN:VALARM" });
    const file = await anon.get(`/api/calendar/${hostile.id}/ics`);
    const [h, ...rest] = vevents(file.text);
    expect(rest).toEqual([]);
    expect(prop(h, "summary")).toBe("Q2 call\nATTENDEE:mailto:victim@example.test\nBEGIN:VALARM");
    expect(h.getAllProperties("attendee")).toEqual([]);
    expect(h.getAllSubcomponents()).toEqual([]);
    expect(file.text.split("\r\n").filter((line) => /^(ATTENDEE|BEGIN:VALARM)/.test(line))).toEqual([]);
  });
});

describe("[calendar] validation and access", () => {
  const valid = { kind: "results", date: "2099-07-01", title: "Half-year results" };
  const fieldError = async (body: Record<string, unknown>) => {
    const res = await admin.post("/api/admin/calendar", { ...valid, ...body });
    expect(res.status, res.text).toBe(400);
    expect(res.json.code).toBe("VALIDATION");
    return res.json.errors as Record<string, string>;
  };

  it("refuses a bad kind, date, time, end, link and linked items with the field's message", async () => {
    expect(await fieldError({ kind: "party" })).toEqual({ kind: "Choose the kind of event." });
    expect(await fieldError({ date: "2099-02-30" })).toEqual({ date: "Enter the event's date." });
    expect(await fieldError({ date: "10/03/2099" })).toEqual({ date: "Enter the event's date." });
    expect(await fieldError({ time: "25:00" })).toEqual({ time: "Enter a time as hours and minutes (24-hour clock)." });
    expect(await fieldError({ time: "14:30", endTime: "14:00" })).toEqual({ endTime: "The end time must be after the start time." });
    for (const linkUrl of ["http://webcast.example.test/q4", "javascript:alert(1)"])
      expect(await fieldError({ linkUrl })).toEqual({ linkUrl: "Enter a full https:// address." });
    expect(await fieldError({ pressReleaseId: 999_999 })).toEqual({ pressReleaseId: "The linked press release does not exist." });
    const [hidden] = await db()
      .insert(documents)
      .values(documentRow({ title: "Board minutes", fileName: "minutes.pdf", fileUrl: `minutes-${++n}.pdf`, isPublic: false }))
      .returning();
    expect(await fieldError({ documentIds: [hidden.id] })).toEqual({ documentIds: "One of the linked documents does not exist or is not public." });
    const stored = await db().select().from(calendarEvents).where(eq(calendarEvents.title, valid.title));
    expect(stored).toEqual([]);
  });

  it("admin endpoints are refused to visitors (401) and to members and investors (403); an unknown id is a 404", async () => {
    const body = { ...valid, title: "Not allowed" };
    const [{ id }] = await db().select({ id: calendarEvents.id }).from(calendarEvents).limit(1);
    const regular = (await signedInClient(ctx, "regular")).client;
    const investor = (await signedInClient(ctx, "investor")).client;
    for (const [client, status, message] of [
      [anon, 401, "You need to sign in to do that."],
      [regular, 403, "You do not have permission to do that."],
      [investor, 403, "You do not have permission to do that."],
    ] as const) {
      for (const res of [
        await client.get("/api/admin/calendar"),
        await client.post("/api/admin/calendar", body),
        await client.put(`/api/admin/calendar/${id}`, body),
        await client.post(`/api/admin/calendar/${id}/cancel`),
      ]) {
        expect(res.status).toBe(status);
        expect(res.json.message).toBe(message);
      }
    }
    expect(await db().select().from(calendarEvents).where(eq(calendarEvents.title, "Not allowed"))).toEqual([]);
    for (const res of [
      await anon.get("/api/calendar/999999/ics"),
      await admin.put("/api/admin/calendar/999999", valid),
      await admin.post("/api/admin/calendar/999999/cancel"),
      await admin.post("/api/admin/calendar/abc/cancel"),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.message).toBe("This event does not exist.");
    }
  });
});

describe("[calendar] alerts to the calendar list", () => {
  let ip = 0;
  /** Subscribes `email` to the calendar list from the form (its own address) and confirms it from its e-mail. */
  async function subscribe(locale: "en" | "ar") {
    const email = `calendar-${++n}-${Math.random().toString(36).slice(2, 7)}@example.test`;
    const c = new Client(ctx.baseUrl);
    const headers = { "X-Forwarded-For": `198.51.100.${++ip}` };
    expect((await c.post("/api/alerts/subscribe", { email, lists: ["calendar"], locale }, headers)).status).toBe(202);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "alert-confirm");
    const token = new URL(linkIn(mail, `${ORIGIN}${locale === "ar" ? "/ar" : ""}/alerts/confirm?token=`)).searchParams.get("token");
    expect((await c.post("/api/alerts/confirm", { token }, headers)).status).toBe(200);
    return email;
  }
  const steps = async (count = 3) => {
    for (let i = 0; i < count; i++) await ctx.services.publication.step();
  };
  /** The e-mails written for `email` whose subject names `title` (what the scheduler queued, sent or not). */
  const written = async (email: string, title: string) =>
    (
      await db()
        .select()
        .from(emailMessages)
        .where(and(eq(emailMessages.toAddress, email), like(emailMessages.subject, `%${title}%`)))
    ).map((m) => m.subject);
  /** Tomorrow in Cairo; before 09:00 there, late today (the reminder of tomorrow's events opens at 09:00 the day before). */
  function dueForReminder() {
    const [today, now] = instantToWallTime(new Date(), SCHEDULE_ZONE).wall.split("T");
    if (now < "09:00") return { date: today, time: "23:59" };
    return { date: new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10), time: "10:00" };
  }
  /** An event due for its reminder: added, then dated back to two days ago (before 09:00 the day before). */
  async function dueEvent(title: string) {
    const event = await create({ ...dueForReminder(), title });
    await db()
      .update(calendarEvents)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(calendarEvents.id, event.id));
    return event;
  }

  let en: string;
  let ar: string;
  beforeAll(async () => {
    en = await subscribe("en");
    ar = await subscribe("ar");
  });

  it("a new upcoming event: one e-mail per subscriber, the Arabic one with the Umm al-Qura date; a past event sends nothing", async () => {
    const [title, titleAr] = [unique("Capital markets day"), unique("يوم أسواق المال")];
    const event = await create({ kind: "other", date: "2030-03-10", time: "10:00", title, titleAr });
    await steps();
    const english = await smtp.waitFor((m) => m.to.includes(en) && m.subject === `Financial calendar: ${title}`);
    expect(english.kind).toBe("alert-calendar-new");
    expect(english.text).toContain("A new date has been added to the financial calendar: Sunday, March 10, 2030 at 10:00 AM Cairo time.");
    expect(english.text).toContain(`${ORIGIN}/api/calendar/${event.id}/ics?lang=en`);
    const arabic = await smtp.waitFor((m) => m.to.includes(ar) && m.subject === `المفكرة المالية: ${titleAr}`);
    expect(arabic.language).toBe("ar");
    // 10 March 2030 is 5 Dhu al-Qadah 1451 in the Umm al-Qura calendar.
    expect(arabic.text).toContain("أُضيف موعد جديد إلى المفكرة المالية: الأحد، 10 مارس 2030 (الموافق 5 ذو القعدة 1451 هـ) في الساعة 10:00 ص بتوقيت القاهرة.");
    expect(arabic.text).toContain(`${ORIGIN}/api/calendar/${event.id}/ics?lang=ar`);
    await steps();
    await ctx.services.mail.processDue();
    expect(await written(en, title)).toEqual([`Financial calendar: ${title}`]);
    expect(await written(ar, titleAr)).toEqual([`المفكرة المالية: ${titleAr}`]);
    expect(await ctx.services.alertSender.ofItem("calendar-new", event.id)).toHaveLength(1);

    const pastTitle = unique("Old AGM");
    const old = await create({ kind: "agm", date: "2021-04-01", title: pastTitle });
    await steps();
    expect(await ctx.services.alertSender.ofItem("calendar-new", old.id)).toEqual([]);
    expect(await written(en, pastTitle)).toEqual([]);
  });

  it("the day before at 09:00 Cairo: one reminder, never a second; none for an event added after that hour", async () => {
    const title = unique("Dividend record date");
    const event = await dueEvent(title);
    await steps();
    // Before 09:00 Cairo the test's event is later today: its reminder, which could not go the day before, says so.
    const { date, time } = dueForReminder();
    const when = time === "10:00" ? { word: "tomorrow", subject: "Tomorrow", ar: "غدًا" } : { word: "today", subject: "Today", ar: "اليوم" };
    const reminder = await smtp.waitFor((m) => m.to.includes(en) && m.subject === `${when.subject}: ${title}`);
    expect(reminder.kind).toBe("alert-calendar-reminder");
    const day = dateTimeFormat("en", { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
    expect(reminder.text).toContain(`A reminder: this event is ${when.word}, ${day} at ${time === "10:00" ? "10:00 AM" : "11:59 PM"} Cairo time.`);
    await smtp.waitFor((m) => m.to.includes(ar) && m.subject === `${when.ar}: ${title}`);
    await steps();
    await ctx.services.mail.processDue();
    expect((await written(en, title)).sort()).toEqual([`Financial calendar: ${title}`, `${when.subject}: ${title}`]);
    expect(await ctx.services.alertSender.ofItem("calendar-reminder", event.id)).toHaveLength(1);
    // Added after 09:00 the day before: its announcement is the only e-mail.
    const late = await create({ ...dueForReminder(), title: unique("Late addition") });
    await steps();
    expect(await ctx.services.alertSender.ofItem("calendar-reminder", late.id)).toEqual([]);
  });

  it("a cancelled event sends no reminder (nor its pending announcement)", async () => {
    const title = unique("Cancelled call");
    const event = await dueEvent(title);
    expect((await admin.post(`/api/admin/calendar/${event.id}/cancel`)).status).toBe(200);
    await steps();
    expect(await ctx.services.alertSender.ofItem("calendar-reminder", event.id)).toEqual([]);
    expect(await written(en, title)).toEqual([]);
  });

  it("with reminders turned off in the alert settings, no reminder is opened", async () => {
    const off = await admin.put("/api/admin/alert-settings", { perMinute: 300, reminders: false });
    expect(off.status, off.text).toBe(200);
    const title = unique("Quiet call");
    const event = await dueEvent(title);
    await steps();
    expect(await ctx.services.alertSender.ofItem("calendar-reminder", event.id)).toEqual([]);
    expect(await written(en, title)).toEqual([`Financial calendar: ${title}`]);
  });
});

describe("[calendar] the investors page", () => {
  it("renders with the calendar's events in the database", { timeout: 240_000 }, async () => {
    const pages = await servePages(ctx.database, ctx.services.config);
    try {
      const res = await new Client(pages.baseUrl).get("/investors");
      expect(res.status, res.text.slice(0, 3000)).toBe(200);
    } finally {
      await pages.close();
      await closeVite();
    }
  });
});
