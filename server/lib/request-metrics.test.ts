import { describe, expect, it } from "vitest";
import { currentRequest, forgetRequestMemo, requestMemo, runAsRequest, serverTiming, startQuery, timedQuery } from "./request-metrics";

describe("[metrics] Server-Timing value", () => {
  it("is db time with the statement count, then the time since arrival, in milliseconds with one decimal", () => {
    const metrics = { start: 1000, dbCount: 3, dbMs: 2.345, memo: new Map() };
    expect(serverTiming(metrics, 1012.06)).toBe('db;dur=2.3;desc="3 queries", app;dur=12.1');
    expect(serverTiming({ ...metrics, dbCount: 1, dbMs: 0 }, 1000)).toBe('db;dur=0.0;desc="1 queries", app;dur=0.0');
  });
});

describe("[metrics] counting statements", () => {
  it("counts a statement when it is sent and adds its time when it is answered, once", async () => {
    await runAsRequest(async () => {
      const finish = startQuery()!;
      expect(currentRequest()!.dbCount).toBe(1);
      await new Promise((r) => setTimeout(r, 5));
      finish();
      finish();
      const ms = currentRequest()!.dbMs;
      expect(ms).toBeGreaterThan(0);
      await timedQuery(() => Promise.reject(new Error("refused"))).catch(() => {});
      expect(currentRequest()!.dbCount).toBe(2);
    });
  });

  it("counts nothing outside a request", async () => {
    expect(startQuery()).toBeUndefined();
    expect(await timedQuery(async () => 7)).toBe(7);
  });

  it("keeps requests apart, also across awaits", async () => {
    const counts = await Promise.all(
      [1, 3].map((n) =>
        runAsRequest(async () => {
          for (let i = 0; i < n; i++) {
            await new Promise((r) => setTimeout(r, 1));
            startQuery()?.();
          }
          return currentRequest()!.dbCount;
        }),
      ),
    );
    expect(counts).toEqual([1, 3]);
  });
});

describe("[metrics] reads shared by one request", () => {
  it("loads once per request; a later request loads again; a write's forget makes the next read load again", async () => {
    let loads = 0;
    const key = Symbol("k");
    const load = async () => ++loads;
    await runAsRequest(async () => {
      expect(await Promise.all([requestMemo(key, load), requestMemo(key, load)])).toEqual([1, 1]);
      forgetRequestMemo(key);
      expect(await requestMemo(key, load)).toBe(2);
    });
    await runAsRequest(async () => expect(await requestMemo(key, load)).toBe(3));
    // Outside a request nothing is kept.
    expect(await requestMemo(key, load)).toBe(4);
    expect(await requestMemo(key, load)).toBe(5);
  });

  it("forgets a failed load, so the next caller tries again", async () => {
    const key = Symbol("k");
    await runAsRequest(async () => {
      await expect(requestMemo(key, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
      expect(await requestMemo(key, async () => "up")).toBe("up");
    });
  });
});
