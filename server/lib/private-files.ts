/**
 * Files at rest: everything the app keeps under DATA_DIR (the embedded database, stored documents and uploads, rendered
 * pages, the session secret) and under BACKUP_DIR (the archives) is readable and writable by the service's own user
 * only. New files and folders get that from the process's umask (0077: files 0600, folders 0700, whoever creates them,
 * PGlite included); a folder an older version or an operator left open to the group or to everyone is closed at
 * start, and the caller says so in one line.
 */
import { chmodSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";

/** Nothing for the group, nothing for others. */
export const PRIVATE_UMASK = 0o077;

/** From now on this process creates files 0600 and folders 0700 (any explicit mode is masked the same way). */
export function keepFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

export type Tightened = {
  /** The folder that was walked. */
  dir: string;
  /** Folders (the folder itself included) and regular files whose group or other permission bits were removed. */
  folders: number;
  files: number;
  /** Entries whose mode could not be changed (owned by another user). */
  failed: number;
};

/**
 * Removes the group's and others' permissions from `dir`, every folder below it and every regular file in them
 * (0755 -> 0700, 0644 and 0666 -> 0600). Symbolic links are not followed; sockets are left as they are (the backup
 * socket is 0600 already). The folder itself is closed first, so nothing inside is reachable while the rest is
 * walked. Returns null when `dir` does not exist or nothing was open.
 */
export function tightenTree(dir: string): Tightened | null {
  const result: Tightened = { dir, folders: 0, files: 0, failed: 0 };
  const visit = (entry: string, isRoot: boolean) => {
    let info;
    try {
      info = lstatSync(entry);
    } catch (err) {
      if (isRoot && (err as NodeJS.ErrnoException).code === "ENOENT") return false;
      result.failed++;
      return true;
    }
    const folder = info.isDirectory();
    if ((folder || info.isFile()) && (info.mode & 0o077) !== 0) {
      try {
        chmodSync(entry, info.mode & 0o700);
        if (folder) result.folders++;
        else result.files++;
      } catch {
        result.failed++;
      }
    }
    if (folder) {
      let names: string[] = [];
      try {
        names = readdirSync(entry);
      } catch {
        result.failed++;
      }
      for (const name of names) visit(path.join(entry, name), false);
    }
    return true;
  };
  if (!visit(dir, true)) return null;
  return result.folders + result.files + result.failed > 0 ? result : null;
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line saying what `tightenTree` closed, e.g. for the start-up log. */
export function tightenedLine(name: string, t: Tightened): string {
  const parts = [];
  if (t.folders) parts.push(`${count(t.folders, "folder")} to 0700`);
  if (t.files) parts.push(`${count(t.files, "file")} to 0600`);
  const changed = parts.length ? `set ${parts.join(" and ")}` : "nothing changed";
  const failed = t.failed ? `; ${count(t.failed, "entry", "entries")} could not be changed (owned by another user?)` : "";
  return `${name} ${t.dir} was open to other local accounts: ${changed}, so only this service's user can read it${failed}`;
}
