import { describe, expect, it } from "vitest";
import { PageCache, type CachedPage } from "./cache";

const page = (dependencies: string[], body = "page"): CachedPage => ({
  headers: { "content-type": "text/html" },
  bodies: { identity: Buffer.from(body), gzip: Buffer.from("g"), br: Buffer.from("b") },
  etag: '"x"',
  dependencies,
  storedAt: Date.now(),
});

const cache = () => new PageCache({ maxBytes: 1024 * 1024, ttlMs: 60_000 });

describe("[page cache] store and drop", () => {
  it("a change drops exactly the pages built from it", () => {
    const c = cache();
    c.store("/", page(["press_releases", "settings:brand"]), c.begin());
    c.store("/privacy", page(["settings:legal.privacy", "settings:brand"]), c.begin());
    c.store("/api/portfolio", page(["portfolio_items"]), c.begin());
    expect(c.invalidate("press_releases")).toBe(1);
    expect(c.get("/")).toBeUndefined();
    expect(c.get("/privacy")).toBeDefined();
    expect(c.get("/api/portfolio")).toBeDefined();
    expect(c.invalidate("settings:brand")).toBe(1);
    expect(c.get("/privacy")).toBeUndefined();
    expect(c.get("/api/portfolio")).toBeDefined();
  });

  it("a render that began before a change of what it read is not stored (it may show the old data)", () => {
    const c = cache();
    const since = c.begin();
    c.invalidate("press_releases");
    expect(c.store("/", page(["press_releases"]), since)).toBe(false);
    expect(c.get("/")).toBeUndefined();
    // A change of something else does not matter.
    const again = c.begin();
    c.invalidate("portfolio_items");
    expect(c.store("/", page(["press_releases"]), again)).toBe(true);
  });

  it("while changes cannot be heard nothing is served or stored; when they can again, it starts empty", () => {
    const c = cache();
    c.store("/", page(["press_releases"]), c.begin());
    c.setLive(false);
    expect(c.enabled).toBe(false);
    expect(c.get("/")).toBeUndefined();
    expect(c.store("/terms", page([]), c.begin())).toBe(false);
    c.setLive(true);
    expect(c.get("/")).toBeUndefined();
    expect(c.store("/", page(["press_releases"]), c.begin())).toBe(true);
  });

  it("memory is bounded: the least recently used page goes first, and a page larger than the cache is not kept", () => {
    const c = new PageCache({ maxBytes: 5_000, ttlMs: 60_000 });
    c.store("/a", page(["x"], "a".repeat(1_500)), c.begin());
    c.store("/b", page(["x"], "b".repeat(1_500)), c.begin());
    c.get("/a");
    c.store("/c", page(["x"], "c".repeat(1_500)), c.begin());
    expect(c.get("/a")).toBeDefined();
    expect(c.get("/b")).toBeUndefined();
    expect(c.get("/c")).toBeDefined();
    expect(c.store("/huge", page(["x"], "h".repeat(10_000)), c.begin())).toBe(false);
    // A dropped page no longer counts as built from its data.
    expect(c.invalidate("x")).toBe(2);
  });
});
