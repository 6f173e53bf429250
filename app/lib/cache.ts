/**
 * The browser's content cache: portfolio items (with a timestamp) and press releases in
 * localStorage, under keys prefixed 'prod-' or 'dev-' by the environment mode, so switching the mode never shows
 * the other environment's content. The mode itself is stored under 'environment'.
 *
 * Storage can be missing (server rendering), full, or blocked (private windows); every access is guarded and a
 * failure only means "nothing cached".
 */

export type EnvironmentMode = "production" | "development";
/** The English lists keep their plain keys; the Arabic ones (other texts) are kept apart with an '-ar' suffix. */
export type CacheCollection = `${"portfolioItems" | "pressReleases"}${"" | "-ar"}`;

export const ENVIRONMENT_KEY = "environment";

export function keyPrefix(mode: EnvironmentMode | null | undefined): "prod-" | "dev-" {
  return mode === "production" ? "prod-" : "dev-";
}

export function cacheKey(mode: EnvironmentMode | null | undefined, collection: CacheCollection): string {
  return `${keyPrefix(mode)}${collection}`;
}

export function timestampKey(mode: EnvironmentMode | null | undefined, collection: CacheCollection): string {
  return `${cacheKey(mode, collection)}Timestamp`;
}

type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function defaultStorage(): StorageLike | null {
  try {
    return typeof window !== "undefined" && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

export type Cached<T> = { items: T[]; savedAt: number | null };

/**
 * Reads a cached list. `isItem` checks each entry, so a hand-edited or outdated entry cannot break the page:
 * anything that is not a list of valid items counts as no cache.
 */
export function readCache<T>(
  mode: EnvironmentMode | null | undefined,
  collection: CacheCollection,
  isItem: (v: unknown) => v is T,
  storage: StorageLike | null = defaultStorage(),
): Cached<T> | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(cacheKey(mode, collection));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || !parsed.every(isItem)) return null;
    const ts = Number(storage.getItem(timestampKey(mode, collection)));
    return { items: parsed, savedAt: Number.isFinite(ts) && ts > 0 ? ts : null };
  } catch {
    return null;
  }
}

export function writeCache<T>(
  mode: EnvironmentMode | null | undefined,
  collection: CacheCollection,
  items: T[],
  opts: { now?: number; storage?: StorageLike | null } = {},
): boolean {
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  if (!storage) return false;
  try {
    storage.setItem(ENVIRONMENT_KEY, mode === "production" ? "production" : "development");
    storage.setItem(cacheKey(mode, collection), JSON.stringify(items));
    // The portfolio is stored with a timestamp; press releases get one too, which costs nothing.
    storage.setItem(timestampKey(mode, collection), String(opts.now ?? Date.now()));
    return true;
  } catch {
    return false;
  }
}

/** After an admin adds, updates or removes a portfolio item, the cached content is cleared. */
export function clearCache(collections: CacheCollection[] = ["portfolioItems", "pressReleases"], storage: StorageLike | null = defaultStorage()) {
  if (!storage) return;
  for (const mode of ["production", "development"] as const) {
    for (const c of collections) {
      try {
        storage.removeItem(cacheKey(mode, c));
        storage.removeItem(timestampKey(mode, c));
      } catch {
        // nothing cached, nothing to clear
      }
    }
  }
}
