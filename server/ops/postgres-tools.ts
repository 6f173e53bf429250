/**
 * PostgreSQL's own tools (pg_dump, pg_restore) as child processes: which binary to run for a server's major version,
 * and how to pass the connection without the password on the command line (PGPASSWORD in the child's environment).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { OpsError } from "./errors";

export type PgTool = "pg_dump" | "pg_restore";

/** DATABASE_URL without its password (also one given as ?password=), for argv and messages. */
export function withoutPassword(databaseUrl: string): { url: string; password?: string } {
  const u = new URL(databaseUrl);
  const password = u.password ? decodeURIComponent(u.password) : (u.searchParams.get("password") ?? undefined);
  u.password = "";
  u.searchParams.delete("password");
  return { url: u.toString(), password };
}

/** Any URL's password in `text` replaced, for error lines that quote a connection string. */
export const redactUrls = (text: string) => text.replace(/(\w+:\/\/[^:/@\s]*:)[^@\s]*@/g, "$1***@").replace(/([?&]password=)[^&\s]*/gi, "$1***");

/** The version a tool reports ("pg_dump (PostgreSQL) 15.20 (Debian …)" → 15.20, major 15); null when it does not run. */
export function toolVersion(binary: string): { text: string; major: number } | null {
  const res = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 10_000 });
  const m = /\(PostgreSQL\)\s+((\d+)[.\d]*)/.exec(res.stdout ?? "");
  return res.status === 0 && m ? { text: m[1], major: Number(m[2]) } : null;
}

/**
 * The tool for a server of `major`: Debian's /usr/lib/postgresql/<major>/bin first, then one on PATH of the same
 * major, then the oldest newer one (a newer pg_dump reads an older server; an older one refuses a newer server).
 */
export function findTool(tool: PgTool, major: number, env: NodeJS.ProcessEnv = process.env): string {
  const candidates: { binary: string; major: number }[] = [];
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const v of readdirSync(debian)) {
      const binary = path.join(debian, v, "bin", tool);
      if (/^\d+$/.test(v) && existsSync(binary)) candidates.push({ binary, major: Number(v) });
    }
  }
  for (const dir of (env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const binary = path.join(dir, tool);
    if (!existsSync(binary)) continue;
    const found = toolVersion(binary);
    if (found) candidates.push({ binary, major: found.major });
  }
  const exact = candidates.find((c) => c.major === major);
  if (exact) return exact.binary;
  const newer = candidates.filter((c) => c.major > major).sort((a, b) => a.major - b.major)[0];
  if (newer) return newer.binary;
  throw new OpsError(
    `${tool} for PostgreSQL ${major} was not found on PATH or under /usr/lib/postgresql/*/bin: install postgresql-client-${major} (or a newer client)`,
  );
}

/**
 * Runs a PostgreSQL tool against DATABASE_URL: the URL without its password goes in `--dbname`, the password in
 * PGPASSWORD. Rejects with the tool's last lines of stderr (passwords removed) when it exits non-zero.
 */
export function runTool(binary: string, args: string[], databaseUrl: string): Promise<void> {
  const { url, password } = withoutPassword(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env, PGAPPNAME: "meridian-backup" };
  delete env.PGPASSWORD;
  if (password !== undefined) env.PGPASSWORD = password;
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [...args, "--no-password", `--dbname=${url}`], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => {
      stderr = (stderr + c.toString()).slice(-4000);
    });
    child.on("error", (err) => reject(new OpsError(`${path.basename(binary)} could not be started: ${err.message}`)));
    child.on("close", (code, signal) => {
      if (code === 0) return resolve();
      const lines = stderr
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
      const detail = lines.filter((l) => /error|fatal/i.test(l)).at(-1) ?? lines.at(-1) ?? `exit ${code ?? signal}`;
      reject(new OpsError(`${path.basename(binary)} failed: ${redactUrls(detail)}`));
    });
  });
}
