import { LRUCache } from "lru-cache";
import type { Encoding } from "../encoding";

export type CachedPage = {
  /** Response headers without the per-response ones (date, request id, timing, length, encoding). */
  headers: Record<string, string>;
  /** The body in each encoding; identity always. */
  bodies: Record<Encoding, Buffer>;
  etag: string;
  /** What it was built from (see server/lib/dependencies.ts). */
  dependencies: string[];
  storedAt: number;
  /** The route template that rendered it, for the metrics of the answers sent from the store (server/metrics). */
  route?: string;
  /** The head of its 200 answer by encoding and cache status, made on first use (see sendPage). */
  heads?: Record<string, Record<string, string | number>>;
};

export type PageCacheOptions = {
  /** Bytes held at most, all encodings counted; the least recently used page goes first. */
  maxBytes: number;
  /** A page is rebuilt after this long even if nothing announced a change (a safety net, not the rule). */
  ttlMs: number;
};

/**
 * Rendered public pages and API reads for anonymous visitors, already compressed. A page is dropped as soon
 * as anything it was built from changes (`invalidate`), on this instance or, through the database's change
 * announcements, on any other.
 *
 * A render that started before a change and finishes after it must not be stored: it may show the old
 * data. Every change advances a counter; a render notes the counter when it starts (`begin`) and `store`
 * refuses it if anything it depends on changed since.
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  /** dependency -> keys of the pages built from it */
  private readonly dependents = new Map<string, Set<string>>();
  /** dependency -> counter value at its last change */
  private readonly changedAt = new Map<string, number>();
  private counter = 0;
  private clearedAt = 0;
  /** False while changes cannot be heard (the database's announcements are down): nothing is served or stored. */
  private live = true;

  constructor(options: PageCacheOptions) {
    this.entries = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes,
      sizeCalculation: (page) => page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length + 512,
      ttl: options.ttlMs,
      dispose: (page, key) => {
        for (const dependency of page.dependencies) {
          const keys = this.dependents.get(dependency);
          keys?.delete(key);
          if (keys?.size === 0) this.dependents.delete(dependency);
        }
      },
    });
  }

  get enabled() {
    return this.live;
  }

  get(key: string): CachedPage | undefined {
    return this.live ? this.entries.get(key) : undefined;
  }

  /** The counter a render starts at; pass it to `store`. */
  begin(): number {
    return this.counter;
  }

  /** Stores a page unless something it depends on changed since `since`. Returns whether it was stored. */
  store(key: string, page: CachedPage, since: number): boolean {
    if (!this.live || this.clearedAt > since) return false;
    for (const dependency of page.dependencies) {
      if ((this.changedAt.get(dependency) ?? 0) > since) return false;
    }
    this.entries.set(key, page);
    if (!this.entries.has(key)) return false; // larger than the whole cache
    for (const dependency of page.dependencies) {
      let keys = this.dependents.get(dependency);
      if (!keys) this.dependents.set(dependency, (keys = new Set()));
      keys.add(key);
    }
    return true;
  }

  /** Drops every page built from `dependency`. */
  invalidate(dependency: string): number {
    this.counter += 1;
    this.changedAt.set(dependency, this.counter);
    const keys = this.dependents.get(dependency);
    if (!keys) return 0;
    const dropped = [...keys];
    for (const key of dropped) this.entries.delete(key);
    return dropped.length;
  }

  clear(): void {
    this.counter += 1;
    this.clearedAt = this.counter;
    this.entries.clear();
  }

  /** Turns the cache off (and empties it) while changes cannot be heard; on again when they can. */
  setLive(live: boolean): void {
    if (live === this.live) return;
    this.clear();
    this.live = live;
  }

  get stats() {
    return { pages: this.entries.size, bytes: this.entries.calculatedSize };
  }
}
