/**
 * What `npm run backup` and `npm run restore` share: the configuration, closing DATA_DIR and BACKUP_DIR to other local
 * accounts, and the one line printed on failure.
 */
import path from "node:path";
import { ConfigError, loadConfig } from "../env";
import { tightenedLine, tightenTree } from "../lib/private-files";
import type { BackupConfig } from "./backup";
import { OpsError } from "./errors";
import { redactUrls } from "./postgres-tools";

/**
 * The server's own configuration (DATABASE_URL, DATA_DIR, STORAGE_URL), validated the same way. Backups need no
 * session secret, and must not create one in DATA_DIR when it is unset.
 */
export function opsConfig(env: NodeJS.ProcessEnv = process.env): BackupConfig {
  const config = loadConfig({ ...env, SESSION_SECRET: env.SESSION_SECRET || "unused-by-backups-unused-by-backups" });
  return { databaseUrl: config.databaseUrl, dataDir: config.dataDir, storageUrl: config.storageUrl, storageCacheBytes: config.storageCacheBytes };
}

/** One line, never a stack trace or a password. */
export function failureLine(what: "Backup" | "Restore", err: unknown): string {
  if (err instanceof OpsError || err instanceof ConfigError) return redactUrls(err.message);
  const e = err as NodeJS.ErrnoException;
  const message = (e instanceof Error ? e.message : String(err)).split("\n")[0].slice(0, 400);
  if (e?.code === "ECONNREFUSED") return `${what} failed: cannot reach the database (connection refused)`;
  if (e?.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" || e?.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return `${what}: ${message}`;
  return `${what} failed: ${redactUrls(message)}`;
}

/**
 * Closes the named folders (DATA_DIR, BACKUP_DIR) to other local accounts where they are open (server/lib/private-
 * files.ts) and returns the one line saying what was changed, or null when nothing was open.
 */
export function closeOpenFolders(folders: Record<string, string | undefined>): string | null {
  const lines: string[] = [];
  for (const [name, dir] of Object.entries(folders)) {
    const tightened = dir ? tightenTree(path.resolve(dir)) : null;
    if (tightened) lines.push(tightenedLine(name, tightened));
  }
  return lines.length ? lines.join("; ") : null;
}
