/** The local-disk backend of stored files: DATA_DIR/uploads and DATA_DIR/documents, outside the web root. */
import { randomUUID } from "node:crypto";
import { createReadStream, mkdirSync } from "node:fs";
import { access, open, readFile, readdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  AREAS,
  isStorageError,
  isStorageKey,
  newStorageKey,
  STALE_TEMP_MS,
  storageFailure,
  StoredFileMissing,
  TEMP_PREFIX,
  type Area,
  type FileStore,
  type StoredFileInfo,
} from "./storage";

export type DiskStore = FileStore & {
  readonly kind: "disk";
  /** The folder of an area (the uploads folder is also served by the static handler). */
  dirOf: (area: Area) => string;
};

export function createDiskStore(dataDir: string): DiskStore {
  const dirs: Record<Area, string> = { uploads: path.join(dataDir, "uploads"), documents: path.join(dataDir, "documents") };
  // The service's user only (server/lib/private-files.ts): investor-only originals live here.
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true, mode: 0o700 });

  /** The path of a key in an area, or null for anything that is not a key the server could have generated. */
  function resolve(area: Area, key: string): string | null {
    if (!isStorageKey(key)) return null;
    const full = path.join(dirs[area], key);
    return path.dirname(full) === dirs[area] ? full : null;
  }

  function pathOf(area: Area, key: string): string {
    const full = resolve(area, key);
    if (!full) throw new Error(`not a storage key: ${key}`);
    return full;
  }

  const missing =
    (area: Area, key: string) =>
    (err: unknown): never => {
      if ((err as NodeJS.ErrnoException).code === "ENOENT" || (err as NodeJS.ErrnoException).code === "EISDIR") throw new StoredFileMissing(area, key);
      throw err;
    };

  function existing(area: Area, key: string): string {
    const full = resolve(area, key);
    if (!full) throw new StoredFileMissing(area, key);
    return full;
  }

  /** Writes and flushes a temporary file next to its final name (same file system, so the rename is atomic). */
  async function writeTemp(dir: string, data: Uint8Array): Promise<string> {
    const temp = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
    const handle = await open(temp, "wx", 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => {});
      await unlink(temp).catch(() => {});
      throw err;
    }
    await handle.close();
    return temp;
  }

  async function writeAll(area: Area, files: { key: string; data: Uint8Array }[]) {
    const targets = files.map((f) => pathOf(area, f.key));
    const temps: string[] = [];
    const done: string[] = [];
    try {
      for (const f of files) temps.push(await writeTemp(dirs[area], f.data));
      for (let i = 0; i < files.length; i++) {
        await rename(temps[i], targets[i]);
        done.push(targets[i]);
      }
    } catch (err) {
      await Promise.all([...temps.slice(done.length), ...done].map((f) => unlink(f).catch(() => {})));
      throw isStorageError(err) ? storageFailure(err) : err;
    }
  }

  async function statOf(area: Area, key: string): Promise<StoredFileInfo | null> {
    const full = resolve(area, key);
    if (!full) return null;
    const info = await stat(full).catch(() => null);
    return info?.isFile() ? { key, size: info.size, modified: info.mtime } : null;
  }

  return {
    kind: "disk",
    location: dataDir,
    dirOf: (area) => dirs[area],
    newKey: newStorageKey,
    writeAll,
    write: (area, key, data) => writeAll(area, [{ key, data }]),
    async remove(area, key) {
      const full = resolve(area, key);
      if (!full) return;
      await unlink(full).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    },
    stat: statOf,
    read: async (area, key) => readFile(existing(area, key)).catch(missing(area, key)),
    async open(area, key, range) {
      const info = await statOf(area, key);
      if (!info) throw new StoredFileMissing(area, key);
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? info.size - 1, info.size - 1);
      const body = info.size === 0 ? Readable.from([]) : createReadStream(existing(area, key), { start, end });
      return { body, size: info.size, start, end, modified: info.modified };
    },
    async localPath(area, key) {
      const full = existing(area, key);
      await access(full).catch(missing(area, key));
      return full;
    },
    async *list(area) {
      for (const name of (await readdir(dirs[area])).sort()) {
        const info = await statOf(area, name);
        if (info) yield info;
      }
    },
    async removeStaleTemp(olderThanMs = STALE_TEMP_MS) {
      let removed = 0;
      for (const area of AREAS) {
        for (const name of await readdir(dirs[area])) {
          if (!name.startsWith(TEMP_PREFIX)) continue;
          const full = path.join(dirs[area], name);
          const info = await stat(full).catch(() => null);
          if (!info || Date.now() - info.mtimeMs <= olderThanMs) continue;
          if (
            await unlink(full).then(
              () => true,
              () => false,
            )
          )
            removed++;
        }
      }
      return removed;
    },
    async check() {
      await Promise.all(Object.values(dirs).map((dir) => access(dir)));
    },
    close() {},
  };
}

/** The folder of an area on the disk backend (the static handler serves the uploads folder); throws for any other backend. */
export function diskDir(store: FileStore, area: Area): string {
  if (store.kind !== "disk") throw new Error(`stored files are in ${store.location}, not on this disk`);
  return (store as DiskStore).dirOf(area);
}
