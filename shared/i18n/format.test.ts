import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatCount, formatDate, formatDay, formatFileSize, formatFixed, formatWhen, formatters, numberFormat } from "./format";

/** Arabic-Indic (U+0660-0669) and Extended Arabic-Indic (Persian, U+06F0-06F9) digits. */
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/;

describe("[format] dates and numbers", () => {
  it("shows a date-only value on its own day, long or short", () => {
    expect(formatDate("2023-05-15")).toBe("May 15, 2023");
    expect(formatDate("2023-05-15", { short: true })).toBe("May 15, 2023");
    expect(formatDate("2024-09-03", { short: true })).toBe("Sep 3, 2024");
    expect(formatDate("2024-09-03T23:30:00.000Z")).toBe("September 3, 2024");
    expect(formatDate("not a date")).toBe("not a date");
  });

  it("shows admin times as toLocaleString did, and leaves an unreadable value as it is", () => {
    const iso = "2026-03-04T10:05:00.000Z";
    expect(formatWhen(iso)).toBe(
      new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" }),
    );
    expect(formatDay(iso)).toBe(new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }));
    expect(formatWhen("")).toBe("");
    expect(formatDay("garbage")).toBe("garbage");
  });

  it("groups counts and fixes decimals", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatFixed(1234.5, 1, true)).toBe("1,234.5");
    expect(formatFixed(1234.5, 2, false)).toBe("1234.50");
    expect(formatFixed(3, 0, false)).toBe("3");
  });

  it("shows file sizes in B, KB, MB and GB, one decimal below ten", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(900)).toBe("900 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(20 * 1024 + 300)).toBe("20 KB");
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5 MB");
    expect(formatFileSize(3.25 * 1024 * 1024 * 1024)).toBe("3.3 GB");
    expect(formatFileSize(5000 * 1024 * 1024 * 1024)).toBe("5000 GB");
    expect(formatFileSize(null)).toBeNull();
    expect(formatFileSize(-1)).toBeNull();
    expect(formatFileSize(Number.NaN)).toBeNull();
  });

  it("writes Arabic dates, counts, decimals and sizes with Western digits, in Arabic words", () => {
    const ar = formatters("ar");
    expect(ar.date("2023-05-15")).toBe("15 مايو 2023");
    expect(ar.date("2026-10-12", { short: true })).toMatch(/^12 \S+ 2026$/);
    expect(ar.count(12345)).toBe("12,345");
    expect(ar.fixed(1234.5, 1, true)).toBe("1,234.5");
    expect(ar.fileSize(1536)).toBe("1.5 ك.ب");
    expect(ar.fileSize(5 * 1024 * 1024)).toBe("5 م.ب");
    expect(ar.utcMoment(new Date("2026-11-24T14:05:00Z"))).toBe("24 نوفمبر 2026 في 2:05 م UTC");
  });

  it("writes a moment in Cairo time whatever the viewer's zone (winter UTC+2, summer UTC+3)", () => {
    expect(formatters("en").cairoWhen("2026-11-24T14:05:09Z")).toBe("Nov 24, 2026, 4:05:09 PM");
    expect(formatters("en").cairoWhen("2026-07-01T14:05:09Z")).toBe("Jul 1, 2026, 5:05:09 PM");
    expect(formatters("ar").cairoWhen("2026-11-24T14:05:09Z")).toMatch(/^24 نوفمبر 2026،? 4:05:09 م$/);
  });

  it("never writes an Arabic-Indic digit on an Arabic page, whichever formatter or moment", () => {
    const ar = formatters("ar");
    const iso = "2026-10-12T19:45:00.000Z";
    const written = [
      ar.date(iso),
      ar.date("2026-10-12", { short: true }),
      ar.day(iso),
      ar.when(iso),
      ar.cairoWhen(iso),
      ar.utcMoment(new Date(iso)),
      ar.count(1234567890),
      ar.fixed(0.25, 2, true),
      ar.fileSize(987654321),
      numberFormat("ar", { style: "percent" }).format(0.9876),
      dateTimeFormat("ar", { dateStyle: "full", timeStyle: "long" }).format(new Date(iso)),
    ];
    for (const text of written) expect(text).not.toMatch(ARABIC_INDIC_DIGIT);
    expect(written.join(" ")).toMatch(/[0-9]/);
  });
});
