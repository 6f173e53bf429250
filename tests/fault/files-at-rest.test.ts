/**
 * Files at rest, seen from another local account: the server, `npm run backup` and `npm run restore` leave DATA_DIR
 * and BACKUP_DIR (folders made 0755 beforehand, as an older version or a careless operator left them) readable by
 * the service's user only, and each says in one line what it closed. A throwaway user is created for the test and
 * tries to list the folders and read the database's files, a stored document and the archive.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, runCli, startServer, type ServerProcess } from "../helpers/fault-server";

/** Why this test cannot run here, or undefined: it needs root to create a user and to act as it. */
function unavailable(): string | undefined {
  if (process.getuid?.() !== 0) return "creating a local user needs root";
  for (const tool of ["useradd", "userdel", "runuser"]) {
    if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0) return `${tool} is not installed`;
  }
  return undefined;
}
const skip = unavailable();

/** A user of this machine that is not the service's. */
const other = `mc-other-${process.pid}`;

/** `command` run as the other user: its exit code and what it printed on stderr. */
function asOther(...command: string[]) {
  const run = spawnSync("runuser", ["-u", other, "--", ...command], { encoding: "utf8" });
  return { code: run.status, stderr: run.stderr };
}

/** Every folder and regular file under `dir` (itself included) with its permission bits, e.g. { "pglite/PG_VERSION": 0o600 }. */
function modes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const visit = (full: string) => {
    const info = lstatSync(full);
    if (!info.isDirectory() && !info.isFile()) return;
    out[path.relative(dir, full) || "."] = info.mode & 0o777;
    if (info.isDirectory()) for (const name of readdirSync(full)) visit(path.join(full, name));
  };
  visit(dir);
  return out;
}

/** The entries of `modes(dir)` that someone besides the owner could use: none when the folder is private. */
const openEntries = (dir: string) =>
  Object.entries(modes(dir))
    .filter(([, mode]) => (mode & 0o077) !== 0)
    .map(([name, mode]) => `${name} ${mode.toString(8)}`);

/** A folder made 0755, as `mkdir` makes it with the usual umask. */
function openFolder(dir: string) {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  return dir;
}

describe.skipIf(Boolean(skip))(`[fault] files at rest${skip ? ` (skipped: ${skip})` : ""}`, { timeout: 180_000 }, () => {
  let work: string;
  let dataDir: string;
  let backupDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    // Reachable by everyone down to the folders under test, so only their own modes stand in the other user's way.
    work = mkdtempSync(path.join(os.tmpdir(), "mc-files-at-rest-"));
    chmodSync(work, 0o755);
    dataDir = openFolder(path.join(work, "data"));
    // What an older version left: an open folder of stored documents holding a file anyone could read.
    writeFileSync(path.join(openFolder(path.join(dataDir, "documents")), "left-by-an-older-version.pdf"), "%PDF-1.4 investors only\n", { mode: 0o644 });
    chmodSync(path.join(dataDir, "documents", "left-by-an-older-version.pdf"), 0o644);
    backupDir = openFolder(path.join(work, "backups"));
    const made = spawnSync("useradd", ["--no-create-home", "--shell", "/usr/sbin/nologin", other], { encoding: "utf8" });
    if (made.status !== 0) throw new Error(`useradd failed: ${made.stderr}`);
    server = await startServer({ port: await freePort(), dataDir });
  }, 180_000);

  afterAll(async () => {
    await server?.destroy();
    spawnSync("userdel", [other]);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("[files at rest] the server closes an open DATA_DIR at start, says so in one line, and another account reads nothing in it", () => {
    const seeded = readdirSync(path.join(dataDir, "documents")).find((name) => name.endsWith(".pdf") && !name.startsWith("left-"));
    expect(seeded).toBeDefined();

    // The other account gets as far as the folder above, and no further.
    expect(asOther("ls", work).code).toBe(0);
    for (const attempt of [
      asOther("ls", dataDir),
      asOther("cat", path.join(dataDir, "pglite", "PG_VERSION")),
      asOther("cat", path.join(dataDir, "pglite", "global", "pg_control")),
      asOther("cat", path.join(dataDir, "documents", seeded!)),
      asOther("cat", path.join(dataDir, "documents", "left-by-an-older-version.pdf")),
    ]) {
      expect(attempt.code).not.toBe(0);
      expect(attempt.stderr).toContain("Permission denied");
    }
    // The database's files, the seeded documents, the session secret: nothing the group or others can use.
    expect(openEntries(dataDir)).toEqual([]);
    const all = modes(dataDir);
    expect(all["pglite/PG_VERSION"]).toBe(0o600);
    expect(all.pglite).toBe(0o700);
    // One warning line says what was closed.
    const lines = server.logLines().filter((l) => /open to other local accounts/.test(String(l.msg)));
    expect(lines.map((l) => l.msg)).toEqual([
      `DATA_DIR ${dataDir} was open to other local accounts: set 2 folders to 0700 and 1 file to 0600, so only this service's user can read it`,
    ]);
  });

  it("[files at rest] a backup closes an open BACKUP_DIR, says so, and writes an archive only the service's user can read", async () => {
    const backup = await runCli("backup", [], { DATA_DIR: dataDir, BACKUP_DIR: backupDir, SESSION_SECRET: "fault-secret-fault-secret-fault-secret" });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const [archive] = readdirSync(backupDir);
    for (const attempt of [asOther("ls", backupDir), asOther("cat", path.join(backupDir, archive))]) {
      expect(attempt.code).not.toBe(0);
      expect(attempt.stderr).toContain("Permission denied");
    }
    expect(modes(backupDir)).toEqual({ ".": 0o700, [archive]: 0o600 });
    const [closed, written, ...rest] = backup.stdout.trim().split("\n");
    expect(closed).toBe(`BACKUP_DIR ${backupDir} was open to other local accounts: set 1 folder to 0700, so only this service's user can read it`);
    expect(written).toMatch(/^Backup written to \S+: pglite \(dumped by the running server\)/);
    expect(rest).toEqual([]);
  });

  it("[files at rest] a restore into an open DATA_DIR recreates the database and the files for the service's user only", async () => {
    server.child.kill("SIGTERM");
    await server.exited;
    const [archive] = readdirSync(backupDir);
    const target = openFolder(path.join(work, "restored"));
    const restore = await runCli("restore", [path.join(backupDir, archive)], { DATA_DIR: target, SESSION_SECRET: "fault-secret-fault-secret-fault-secret" });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const document = readdirSync(path.join(target, "documents")).find((name) => name.endsWith(".pdf"));
    for (const attempt of [
      asOther("ls", target),
      asOther("cat", path.join(target, "pglite", "PG_VERSION")),
      asOther("cat", path.join(target, "documents", document!)),
    ]) {
      expect(attempt.code).not.toBe(0);
      expect(attempt.stderr).toContain("Permission denied");
    }
    expect(openEntries(target)).toEqual([]);
    const restored = modes(target);
    expect(restored["pglite/PG_VERSION"]).toBe(0o600);
    expect(restored[`documents/${document}`]).toBe(0o600);
    const [closed, summary] = restore.stdout.trim().split("\n");
    expect(closed).toBe(`DATA_DIR ${target} was open to other local accounts: set 1 folder to 0700, so only this service's user can read it`);
    expect(summary).toMatch(/^Restored meridian-backup-/);
  });
});
