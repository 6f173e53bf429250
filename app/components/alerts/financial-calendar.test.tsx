// @vitest-environment happy-dom
/**
 * The financial calendar in a DOM: Arabic pages give each event's day in the Gregorian and the Umm al-Qura
 * calendars, English ones the Gregorian only; times are Cairo time as stored; a cancelled event is struck through and
 * labelled; an upcoming event links to its calendar file in the page's language, the release and the documents it
 * concerns, and the webcast; the feed of the page's language is offered as webcal:// and as a download.
 */
import * as React from "react";
import { act } from "react";
import { catalog } from "../../../server/i18n";
import { namespacesFor } from "../../../shared/i18n/namespaces";
import { afterEach, describe, expect, it } from "vitest";
import type { CalendarEvent, CalendarPage } from "./calendar-types";
import { FinancialCalendar } from "./financial-calendar";
import { cleanUp, renderAt, text, localeOf } from "./test-render";

const event = (extra: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: 7,
  uid: "event-7@example.test",
  kind: "agm",
  date: "2022-05-12",
  time: "14:30",
  endTime: null,
  startsAt: "2022-05-12T12:30:00.000Z",
  linkUrl: "https://webcast.example.test/agm",
  status: "scheduled",
  updatedAt: "2022-04-01T10:00:00.000Z",
  title: "Ordinary general assembly",
  description: "Approval of the 2021 financial statements.",
  contentLocale: "en",
  pressRelease: { id: 31, title: "Invitation to the general assembly" },
  documents: [{ id: 12, title: "Agenda" }],
  ...extra,
});

const calendar = (extra: Partial<CalendarPage> = {}): CalendarPage => ({
  upcoming: [event()],
  past: [],
  feeds: { en: "webcal://example.test/api/calendar/feed/en.ics", ar: "webcal://example.test/api/calendar/feed/ar.ics" },
  ...extra,
});

const items = () => [...document.querySelectorAll<HTMLElement>('[data-testid="calendar-event"]')];
const link = (name: string) => [...document.querySelectorAll("a")].find((a) => a.textContent?.trim() === name);

/** Renders `node` at `path` with that page's catalogs, as the server gives them. */
const show = (node: React.ReactNode, path: string) => renderAt(node, path, catalog(localeOf(path), namespacesFor(path.split("?")[0])));

afterEach(cleanUp);

describe("[calendar] the financial calendar on the investors page", () => {
  it("[calendar] an Arabic page gives the Gregorian and the Umm al-Qura date, and the time in Cairo", async () => {
    await show(<FinancialCalendar calendar={calendar({ upcoming: [event({ contentLocale: "ar", title: "الجمعية العامة العادية" })] })} />, "/ar/investors");
    const [item] = items();
    expect(text(item)).toContain("الخميس، 12 مايو 2022");
    expect(text(item.querySelector('[data-testid="calendar-hijri"]'))).toBe("(الموافق 11 شوال 1443 هـ)");
    expect(text(item)).toContain("2:30 م بتوقيت القاهرة");
    expect(text(item)).toContain("الجمعية العامة");
    expect(item.querySelector("time")?.getAttribute("datetime")).toBe("2022-05-12");
    expect(link("إضافة إلى التقويم (\u2066.ics\u2069)")?.getAttribute("href")).toBe("/api/calendar/7/ics?lang=ar");
    expect(link("الاشتراك في المفكرة")?.getAttribute("href")).toBe("webcal://example.test/api/calendar/feed/ar.ics");
    expect(link("تنزيل المفكرة (\u2066.ics\u2069)")?.getAttribute("href")).toBe("/api/calendar/feed/ar.ics");
  });

  it("[calendar] an English page gives the Gregorian date only, and every link of an upcoming event", async () => {
    await show(<FinancialCalendar calendar={calendar({ upcoming: [event({ endTime: "16:00" })] })} />, "/investors");
    const [item] = items();
    expect(text(item)).toContain("Thursday, May 12, 2022");
    expect(item.querySelector('[data-testid="calendar-hijri"]')).toBeNull();
    expect(text(item)).not.toContain("Shawwal");
    expect(text(item)).toContain("2:30 PM to 4:00 PM Cairo time");
    expect(text(item)).toContain("General assembly");
    expect(link("Add to calendar (.ics)")?.getAttribute("href")).toBe("/api/calendar/7/ics?lang=en");
    expect(link("Join the webcast")?.getAttribute("href")).toBe("https://webcast.example.test/agm");
    expect(link("Join the webcast")?.getAttribute("rel")).toContain("noopener");
    expect(link("Press release: Invitation to the general assembly")?.getAttribute("href")).toBe("/press-releases/31");
    expect(link("Document: Agenda")?.getAttribute("href")).toBe("/investor-portal/documents/12");
    expect(link("Subscribe to the calendar")?.getAttribute("href")).toBe("webcal://example.test/api/calendar/feed/en.ics");
    expect(link("Download the calendar (.ics)")?.getAttribute("href")).toBe("/api/calendar/feed/en.ics");
  });

  it("[calendar] a cancelled event is struck through and labelled, with no webcast or calendar file to add", async () => {
    await show(<FinancialCalendar calendar={calendar({ upcoming: [event({ status: "cancelled" })] })} />, "/investors");
    const [item] = items();
    expect(item.dataset.status).toBe("cancelled");
    expect(text(item)).toContain("Cancelled");
    expect(item.querySelector("h4 s")?.textContent).toBe("Ordinary general assembly");
    expect(link("Join the webcast")).toBeUndefined();
    expect(link("Add to calendar (.ics)")).toBeUndefined();
  });

  it("[calendar] says when nothing is scheduled, and shows the latest past events first few, then all", async () => {
    const past = Array.from({ length: 7 }, (_, i) => event({ id: 100 + i, title: `Past ${i + 1}`, date: `2021-0${9 - i}-01` }));
    await show(<FinancialCalendar calendar={calendar({ upcoming: [], past })} />, "/investors");
    expect(text()).toContain("No events are scheduled at the moment.");
    expect(items()).toHaveLength(5);
    expect(link("Add to calendar (.ics)")).toBeUndefined();
    const more = [...document.querySelectorAll("button")].find((b) => b.textContent === "Show every past event (7)")!;
    await act(async () => more.click());
    expect(items()).toHaveLength(7);
  });
});
