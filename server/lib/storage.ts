import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { open, readdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { AppError } from "./errors";

/** Temporary files start with a dot: no generated key does, and the static handler refuses dotfiles. */
const TEMP_PREFIX = ".tmp-";

/** Errors that mean the server's disk refused a write, as opposed to anything about the file itself. */
const OUT_OF_SPACE = new Set(["ENOSPC", "EDQUOT", "EFBIG"]);
const STORAGE_ERRNO = new Set([...OUT_OF_SPACE, "EROFS", "EACCES", "EPERM", "EIO", "EMFILE", "ENFILE", "ENOENT", "ENOTDIR", "EBUSY"]);

/** True for a file-system error from writing, renaming or opening a stored file. */
export function isStorageError(err: unknown): err is NodeJS.ErrnoException {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" && STORAGE_ERRNO.has(code);
}

/**
 * The answer for a failed write: 507 when the disk or quota is full, 500 for any other storage
 * fault (read-only, permissions, I/O). Both say the server could not store the file.
 */
export function storageFailure(err: NodeJS.ErrnoException): AppError {
  const code = err.code && OUT_OF_SPACE.has(err.code) ? "INSUFFICIENT_STORAGE" : "STORAGE_FAILED";
  return new AppError(code, "errors.storageFailed", { internal: `storage: ${err.code} ${err.message}` });
}

type Area = "uploads" | "documents";

/** Files live under DATA_DIR, outside the web root, under names the server generates. */
export function createStorage(dataDir: string) {
  const uploads = path.join(dataDir, "uploads");
  const documents = path.join(dataDir, "documents");
  mkdirSync(uploads, { recursive: true });
  mkdirSync(documents, { recursive: true });
  const dirs: Record<Area, string> = { uploads, documents };

  const KEY = /^[a-f0-9-]{36}\.[a-z0-9]{2,5}$|^[a-z0-9-]{1,80}\.[a-z0-9]{2,5}$/;

  function resolveIn(dir: string, key: string): string | null {
    if (!KEY.test(key)) return null;
    const full = path.join(dir, key);
    return path.dirname(full) === dir ? full : null;
  }

  function pathOf(area: Area, key: string): string {
    const full = resolveIn(dirs[area], key);
    if (!full) throw new Error(`not a storage key: ${key}`);
    return full;
  }

  /** Writes and flushes a temporary file next to its final name (same file system, so the rename is atomic). */
  async function writeTemp(dir: string, data: Uint8Array): Promise<string> {
    const temp = path.join(dir, `${TEMP_PREFIX}${randomUUID()}`);
    const handle = await open(temp, "wx", 0o644);
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

  /**
   * Stores several files as one: each is written under a temporary name, and only when all are
   * complete are they renamed to their keys. On any failure every temporary and already renamed
   * file is removed and the error is an AppError (507 full disk, 500 other storage faults).
   * A reader never sees a partial file under a key.
   */
  async function writeAll(area: Area, files: { key: string; data: Uint8Array }[]): Promise<string[]> {
    const targets = files.map((f) => pathOf(area, f.key));
    const temps: string[] = [];
    const done: string[] = [];
    try {
      for (const f of files) temps.push(await writeTemp(dirs[area], f.data));
      for (let i = 0; i < files.length; i++) {
        await rename(temps[i], targets[i]);
        done.push(targets[i]);
      }
      return targets;
    } catch (err) {
      await Promise.all([...temps.slice(done.length), ...done].map((f) => unlink(f).catch(() => {})));
      throw isStorageError(err) ? storageFailure(err) : err;
    }
  }

  return {
    uploadsDir: uploads,
    documentsDir: documents,
    newKey: (ext: string) => `${randomUUID()}.${ext.toLowerCase().replace(/[^a-z0-9]/g, "")}`,
    /** The path of a stored document, or null for anything that is not a key we could have generated. */
    documentPath: (key: string) => resolveIn(documents, key),
    uploadPath: (key: string) => resolveIn(uploads, key),
    writeAll,
    /** One file, atomically: see writeAll. Returns its path. */
    write: async (area: Area, key: string, data: Uint8Array) => (await writeAll(area, [{ key, data }]))[0],
    /** Removes a stored file; a file that is already gone is not an error. */
    async remove(area: Area, key: string) {
      const full = resolveIn(dirs[area], key);
      if (!full) return;
      await unlink(full).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    },
    /**
     * Deletes temporary files left by a process that died mid-write. Only old ones: another
     * instance sharing DATA_DIR may be writing one right now.
     */
    async removeStaleTemp(olderThanMs = 60 * 60 * 1000) {
      let removed = 0;
      for (const dir of [uploads, documents]) {
        for (const name of await readdir(dir)) {
          if (!name.startsWith(TEMP_PREFIX)) continue;
          const full = path.join(dir, name);
          const info = await stat(full).catch(() => null);
          if (
            info &&
            Date.now() - info.mtimeMs > olderThanMs &&
            (await unlink(full).then(
              () => true,
              () => false,
            ))
          )
            removed++;
        }
      }
      return removed;
    },
  };
}

export type Storage = ReturnType<typeof createStorage>;
