import { describe, expect, it } from "vitest";
import { cacheKey, clearCache, ENVIRONMENT_KEY, keyPrefix, readCache, timestampKey, writeCache } from "./cache";

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

type Item = { id: number; name: string };
const isItem = (v: unknown): v is Item => typeof v === "object" && v !== null && typeof (v as Item).id === "number" && typeof (v as Item).name === "string";

describe("cache keys", () => {
  it("are prefixed prod- in production and dev- otherwise", () => {
    expect(keyPrefix("production")).toBe("prod-");
    expect(keyPrefix("development")).toBe("dev-");
    expect(keyPrefix(null)).toBe("dev-");
    expect(cacheKey("production", "portfolioItems")).toBe("prod-portfolioItems");
    expect(cacheKey("development", "pressReleases")).toBe("dev-pressReleases");
    expect(timestampKey("production", "portfolioItems")).toBe("prod-portfolioItemsTimestamp");
  });
});

describe("readCache / writeCache", () => {
  it("round-trips a list with its timestamp and stores the environment flag", () => {
    const storage = new MemoryStorage();
    expect(writeCache("production", "portfolioItems", [{ id: 1, name: "A" }], { now: 1234, storage })).toBe(true);
    expect(storage.getItem(ENVIRONMENT_KEY)).toBe("production");
    expect(readCache("production", "portfolioItems", isItem, storage)).toEqual({ items: [{ id: 1, name: "A" }], savedAt: 1234 });
  });

  it("keeps the two environments apart", () => {
    const storage = new MemoryStorage();
    writeCache("development", "portfolioItems", [{ id: 1, name: "Dev" }], { storage });
    expect(readCache("production", "portfolioItems", isItem, storage)).toBeNull();
    expect(readCache("development", "portfolioItems", isItem, storage)?.items[0].name).toBe("Dev");
  });

  it("treats corrupt or unexpected entries as no cache", () => {
    const storage = new MemoryStorage();
    storage.setItem("dev-portfolioItems", "{not json");
    expect(readCache("development", "portfolioItems", isItem, storage)).toBeNull();
    storage.setItem("dev-portfolioItems", JSON.stringify({ id: 1 }));
    expect(readCache("development", "portfolioItems", isItem, storage)).toBeNull();
    storage.setItem("dev-portfolioItems", JSON.stringify([{ id: "x" }]));
    expect(readCache("development", "portfolioItems", isItem, storage)).toBeNull();
  });

  it("survives a storage that throws (quota, blocked) and no storage at all", () => {
    const throwing = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    expect(writeCache("production", "pressReleases", [], { storage: throwing })).toBe(false);
    expect(readCache("production", "pressReleases", isItem, throwing)).toBeNull();
    expect(() => clearCache(undefined, throwing)).not.toThrow();
    expect(readCache("production", "pressReleases", isItem, null)).toBeNull();
    expect(writeCache("production", "pressReleases", [], { storage: null })).toBe(false);
  });

  it("clearCache removes both environments' entries", () => {
    const storage = new MemoryStorage();
    writeCache("production", "portfolioItems", [{ id: 1, name: "A" }], { storage });
    writeCache("development", "portfolioItems", [{ id: 1, name: "A" }], { storage });
    clearCache(["portfolioItems"], storage);
    expect([...storage.data.keys()]).toEqual([ENVIRONMENT_KEY]);
  });
});
