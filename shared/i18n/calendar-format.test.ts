import { describe, expect, it } from "vitest";
import { cairoTime, eventDay, gregorianDay, hijriDay } from "./calendar-format";

/** Arabic-Indic (U+0660-0669) and Extended Arabic-Indic (U+06F0-06F9) digits. */
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/;

describe("[calendar] event dates in Gregorian and Umm al-Qura", () => {
  it("writes 12 May 2022 as 11 Shawwal 1443 in Umm al-Qura, with Western digits on Arabic pages", () => {
    expect(hijriDay("2022-05-12", "ar")).toBe("11 شوال 1443 هـ");
    expect(hijriDay("2022-05-12", "en")).toBe("Shawwal 11, 1443 AH");
    expect(gregorianDay("2022-05-12", "ar")).toBe("الخميس، 12 مايو 2022");
    expect(gregorianDay("2022-05-12", "en")).toBe("Thursday, May 12, 2022");
  });

  it("gives the Hijri date on Arabic pages only", () => {
    expect(eventDay("2022-05-12", "ar")).toEqual({ gregorian: "الخميس، 12 مايو 2022", hijri: "11 شوال 1443 هـ" });
    expect(eventDay("2022-05-12", "en")).toEqual({ gregorian: "Thursday, May 12, 2022", hijri: null });
  });

  it("keeps the stored day whatever the time zone (a date is read at noon UTC): 1 Shawwal 1447 is 20 March 2026", () => {
    expect(hijriDay("2026-03-20", "ar")).toBe("1 شوال 1447 هـ");
    expect(gregorianDay("2026-03-20", "en")).toBe("Friday, March 20, 2026");
  });

  it("writes a Cairo time as stored, in the page's language", () => {
    expect(cairoTime("14:30", "en")).toBe("2:30 PM");
    expect(cairoTime("14:30", "ar")).toBe("2:30 م");
    expect(cairoTime("09:05", "en")).toBe("9:05 AM");
    expect(cairoTime("00:00", "en")).toBe("12:00 AM");
  });

  it("leaves an unreadable value as it is, and never writes an Arabic-Indic digit", () => {
    expect(hijriDay("not a date", "ar")).toBe("not a date");
    expect(gregorianDay("", "en")).toBe("");
    expect(cairoTime("25:00", "ar")).toBe("25:00");
    for (const text of [hijriDay("2026-11-27", "ar"), gregorianDay("2026-11-27", "ar"), cairoTime("23:59", "ar")]) {
      expect(text).not.toMatch(ARABIC_INDIC_DIGIT);
      expect(text).toMatch(/[0-9]/);
    }
  });
});
