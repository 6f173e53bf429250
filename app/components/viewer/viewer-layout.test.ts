import { describe, expect, it } from "vitest";
import { fileNameFromDisposition } from "~/lib/api/data-room";
import { refreshDelay } from "./use-view-session";
import { imageWidthFor, pageAtLine, pageWidthFor, parsePageInput, READING_WIDTH, stepZoom, zoomScale } from "./viewer-layout";

describe("[viewer] layout arithmetic", () => {
  it("asks for the smallest image width that covers the page's width in device pixels", () => {
    expect(imageWidthFor(358, 1)).toBe(800);
    expect(imageWidthFor(358, 3)).toBe(1200);
    expect(imageWidthFor(960, 1)).toBe(1200);
    expect(imageWidthFor(800, 1)).toBe(800);
    expect(imageWidthFor(960, 1.25)).toBe(1200);
    expect(imageWidthFor(960, 2)).toBe(1600);
    expect(imageWidthFor(2400, 2)).toBe(1600);
    expect(imageWidthFor(500, Number.NaN)).toBe(800);
  });

  it("lays pages out at the column's width up to a reading width, zooms by steps, and fits the column on request", () => {
    expect(pageWidthFor(1, 358)).toBe(358);
    expect(pageWidthFor(1, 1232)).toBe(READING_WIDTH);
    expect(pageWidthFor(1.5, 1232)).toBe(1440);
    expect(pageWidthFor("fit", 1232)).toBe(1232);
    expect(zoomScale("fit", 1232)).toBeCloseTo(1232 / 960);
    expect(stepZoom(1, 1232, 1)).toBe(1.1);
    expect(stepZoom(1, 1232, -1)).toBe(0.9);
    expect(stepZoom("fit", 1232, 1)).toBe(1.5);
    expect(stepZoom(3, 1232, 1)).toBe(3);
    expect(stepZoom(0.5, 1232, -1)).toBe(0.5);
  });

  it("finds the page under the reading line with a binary search", () => {
    // Pages 100 px tall with 10 px between them, from y = 0.
    const bottoms = Array.from({ length: 2000 }, (_, i) => i * 110 + 100);
    let measured = 0;
    const bottomOf = (i: number) => {
      measured++;
      return bottoms[i];
    };
    expect(pageAtLine(2000, bottomOf, 30)).toBe(1);
    expect(pageAtLine(2000, bottomOf, 105)).toBe(2);
    expect(pageAtLine(2000, bottomOf, 110 * 41 + 50)).toBe(42);
    expect(pageAtLine(2000, bottomOf, 1e9)).toBe(2000);
    expect(measured).toBeLessThan(60);
    expect(pageAtLine(0, bottomOf, 0)).toBe(1);
  });

  it("reads a typed page number in either digit set, within the document", () => {
    expect(parsePageInput("7", 42)).toBe(7);
    expect(parsePageInput(" ١٢ ", 42)).toBe(12);
    expect(parsePageInput("0", 42)).toBe(1);
    expect(parsePageInput("99", 42)).toBe(42);
    expect(parsePageInput("x", 42)).toBeNull();
    expect(parsePageInput("", 42)).toBeNull();
  });

  it("refreshes page addresses a minute before they expire, never more often than every 30 seconds", () => {
    const now = Date.parse("2026-05-01T10:00:00Z");
    expect(refreshDelay("2026-05-01T10:10:00Z", now)).toBe(9 * 60_000);
    expect(refreshDelay("2026-05-01T10:00:20Z", now)).toBe(30_000);
    // A clock far behind the server's does not wait past the addresses' lifetime.
    expect(refreshDelay("2026-05-01T12:00:00Z", now)).toBe(9 * 60_000);
  });

  it("reads the downloaded file's name from Content-Disposition", () => {
    expect(fileNameFromDisposition(`attachment; filename="annual-report.pdf"; filename*=UTF-8''%D8%AA%D9%82%D8%B1%D9%8A%D8%B1.pdf`)).toBe("تقرير.pdf");
    expect(fileNameFromDisposition(`attachment; filename="annual report.pdf"`)).toBe("annual report.pdf");
    expect(fileNameFromDisposition("attachment; filename=plain.pdf")).toBe("plain.pdf");
    expect(fileNameFromDisposition("attachment")).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
