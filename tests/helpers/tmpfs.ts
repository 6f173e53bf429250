/**
 * A small, real tmpfs for full-disk tests: writes past its size fail with ENOSPC exactly as on a
 * full production disk. Mounting needs root; `TMPFS_SKIP` says why a test cannot run otherwise.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

function canMount(): string | undefined {
  if (process.platform !== "linux") return "tmpfs mounts need Linux";
  if (!isRoot) return "mounting a tmpfs needs root (run the tests as root, e.g. in the CI container)";
  return undefined;
}

/** Why full-disk tests are skipped here, or undefined when they can run. */
export const TMPFS_SKIP = canMount();

export type Tmpfs = {
  dir: string;
  /** Writes a filler file until only about `freeBytes` remain free. */
  fillUntilFree: (freeBytes: number) => void;
  /** Every file under the mount, as paths relative to it (temporary names included). */
  files: () => string[];
  unmount: () => void;
};

export function mountTmpfs(sizeBytes: number): Tmpfs {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mc-tmpfs-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeBytes},mode=0755`, "tmpfs", dir]);
  let mounted = true;
  const free = () => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    fillUntilFree(freeBytes) {
      const filler = path.join(dir, "filler.bin");
      const size = Math.max(0, free() - freeBytes);
      writeFileSync(filler, Buffer.alloc(size));
    },
    files() {
      const out: string[] = [];
      const walk = (d: string) => {
        for (const e of readdirSync(d, { withFileTypes: true })) {
          const full = path.join(d, e.name);
          if (e.isDirectory()) walk(full);
          else out.push(path.relative(dir, full));
        }
      };
      walk(dir);
      return out.sort();
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      try {
        execFileSync("umount", [dir]);
      } catch {
        // Busy (an open handle): detach it now, the kernel frees it when the handle closes.
        execFileSync("umount", ["-l", dir]);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
