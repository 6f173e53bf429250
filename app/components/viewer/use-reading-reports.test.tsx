// @vitest-environment happy-dom
/**
 * Reading time: what the viewer reports of each page's time on screen. The clock's accounting with explicit
 * instants, then the hook with fake timers: batches every 15 seconds, nothing while the tab is hidden, a beacon when
 * it is hidden, when the page is closed and when the viewer goes away.
 */
import * as React from "react";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ReadingClock, REPORT_EVERY_MS, useReadingReports } from "./use-reading-reports";

vi.mock("~/lib/api/data-room", () => ({ dataRoomApi: { reading: vi.fn(async () => undefined) }, sendReadingBeacon: vi.fn(() => true) }));

describe("[viewer] the reading clock", () => {
  it("credits the time between changes to the pages on screen, shared among them, only while the tab is visible", () => {
    const clock = new ReadingClock(0, true);
    clock.setPages([1, 2], 0);
    clock.setPages([2], 3_000); // page 1 leaves after 3 s: the two shared them
    clock.setTabVisible(false, 5_000); // hidden: nothing counts
    clock.setTabVisible(true, 65_000);
    clock.setPages([2, 3], 66_000);
    expect(clock.take(70_000)).toEqual([
      {
        pages: [
          { page: 1, ms: 1_500 },
          { page: 2, ms: 1_500 + 2_000 + 1_000 + 2_000 },
          { page: 3, ms: 2_000 },
        ],
      },
    ]);
    // Each report holds the time since the previous one, never more in all than the time that passed.
    expect(clock.take(71_000)).toEqual([
      {
        pages: [
          { page: 2, ms: 500 },
          { page: 3, ms: 500 },
        ],
      },
    ]);
    clock.setPages([], 71_000);
    expect(clock.take(90_000)).toEqual([]);
  });

  it("caps a page at two minutes a report and splits more than fifty pages into batches", () => {
    const clock = new ReadingClock(0, true);
    clock.setPages([1], 0);
    expect(clock.take(10 * 60_000)).toEqual([{ pages: [{ page: 1, ms: 120_000 }] }]);

    const many = Array.from({ length: 120 }, (_, i) => i + 1);
    clock.setPages(many, 10 * 60_000);
    const batches = clock.take(10 * 60_000 + 120_000);
    expect(batches.map((b) => b.pages.length)).toEqual([50, 50, 20]);
    expect(batches[2].pages.at(-1)).toEqual({ page: 120, ms: 1_000 });
  });

  it("counts nothing when it starts in a hidden tab", () => {
    const clock = new ReadingClock(0, false);
    clock.setPages([1], 0);
    expect(clock.take(30_000)).toEqual([]);
  });
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let visibility: DocumentVisibilityState = "visible";
Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => void document.dispatchEvent(new Event("visibilitychange")));
}

type Props = { viewId: string | null; pages: number[] };
const send = vi.fn(async () => undefined);
const beacon = vi.fn(() => true);

function Probe(props: Props) {
  useReadingReports({ ...props, send, beacon });
  return null;
}

let root: ReturnType<typeof createRoot> | null = null;
function render(props: Props) {
  if (!root) root = createRoot(document.createElement("div"));
  act(() => root!.render(<Probe {...props} />));
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse("2026-05-01T10:00:00Z") });
  visibility = "visible";
  send.mockClear();
  beacon.mockClear();
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.useRealTimers();
});

describe("[viewer] reading reports", () => {
  it("sends what the pages on screen got every 15 seconds, and nothing when nothing was counted", () => {
    render({ viewId: "K7Q2-M9XD", pages: [1] });
    act(() => void vi.advanceTimersByTime(REPORT_EVERY_MS));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenLastCalledWith("K7Q2-M9XD", { pages: [{ page: 1, ms: 15_000 }] });

    // The reader scrolls on after 5 s: page 1 got 5 s, pages 2 and 3 shared the other 10 s.
    act(() => void vi.advanceTimersByTime(5_000));
    render({ viewId: "K7Q2-M9XD", pages: [2, 3] });
    act(() => void vi.advanceTimersByTime(10_000));
    expect(send).toHaveBeenLastCalledWith("K7Q2-M9XD", {
      pages: [
        { page: 1, ms: 5_000 },
        { page: 2, ms: 5_000 },
        { page: 3, ms: 5_000 },
      ],
    });

    render({ viewId: "K7Q2-M9XD", pages: [] });
    act(() => void vi.advanceTimersByTime(REPORT_EVERY_MS * 3));
    expect(send).toHaveBeenCalledTimes(2);
    expect(beacon).not.toHaveBeenCalled();
  });

  it("sends a beacon when the tab is hidden, counts nothing while it is, and starts again when it is back", () => {
    render({ viewId: "K7Q2-M9XD", pages: [4] });
    act(() => void vi.advanceTimersByTime(7_000));
    setVisibility("hidden");
    expect(beacon).toHaveBeenCalledWith("K7Q2-M9XD", { pages: [{ page: 4, ms: 7_000 }] });

    act(() => void vi.advanceTimersByTime(60_000));
    expect(send).not.toHaveBeenCalled();

    setVisibility("visible");
    act(() => void vi.advanceTimersByTime(REPORT_EVERY_MS));
    // The interval ticks on its own schedule: what it sends is the time since the tab came back.
    expect(send).toHaveBeenCalledTimes(1);
    const [, report] = send.mock.calls[0] as unknown as [string, { pages: { page: number; ms: number }[] }];
    expect(report.pages).toHaveLength(1);
    expect(report.pages[0].page).toBe(4);
    expect(report.pages[0].ms).toBeGreaterThan(0);
    expect(report.pages[0].ms).toBeLessThanOrEqual(REPORT_EVERY_MS);
  });

  it("sends a beacon on pagehide and when the viewer goes away, and counts nothing without a view", () => {
    render({ viewId: "K7Q2-M9XD", pages: [1] });
    act(() => void vi.advanceTimersByTime(3_000));
    act(() => void window.dispatchEvent(new Event("pagehide")));
    expect(beacon).toHaveBeenLastCalledWith("K7Q2-M9XD", { pages: [{ page: 1, ms: 3_000 }] });

    act(() => void vi.advanceTimersByTime(2_000));
    act(() => root?.unmount());
    root = null;
    expect(beacon).toHaveBeenLastCalledWith("K7Q2-M9XD", { pages: [{ page: 1, ms: 2_000 }] });

    beacon.mockClear();
    render({ viewId: null, pages: [1] });
    act(() => void vi.advanceTimersByTime(REPORT_EVERY_MS * 2));
    act(() => void window.dispatchEvent(new Event("pagehide")));
    expect(send).not.toHaveBeenCalled();
    expect(beacon).not.toHaveBeenCalled();
  });

  it("a new view (the document was replaced and reopened) reports the old one's time under the old id", () => {
    render({ viewId: "AAAA-BBBB", pages: [2] });
    act(() => void vi.advanceTimersByTime(4_000));
    render({ viewId: "CCCC-DDDD", pages: [2] });
    expect(beacon).toHaveBeenLastCalledWith("AAAA-BBBB", { pages: [{ page: 2, ms: 4_000 }] });
    act(() => void vi.advanceTimersByTime(REPORT_EVERY_MS));
    expect(send).toHaveBeenLastCalledWith("CCCC-DDDD", { pages: [{ page: 2, ms: REPORT_EVERY_MS }] });
  });
});
