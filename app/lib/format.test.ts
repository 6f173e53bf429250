import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatDay, formatFileSize, formatFixed, formatWhen, formatters } from "./format";

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

  it("writes Arabic pages' prose and dates in Arabic-Indic digits, and their tables in Latin digits", () => {
    const ar = formatters("ar");
    expect(ar.date("2023-05-15")).toBe("١٥ مايو ٢٠٢٣");
    expect(ar.count(12345)).toBe("١٢٬٣٤٥");
    expect(ar.fileSize(1536)).toBe("١٫٥ ك.ب");
    expect(ar.fileSize(5 * 1024 * 1024)).toBe("٥ م.ب");
    const table = formatters("ar", { table: true });
    expect(table.count(12345)).toBe("12,345");
    expect(table.date("2023-05-15")).toBe("15 مايو 2023");
  });
});
