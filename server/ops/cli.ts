/** What `npm run backup` and `npm run restore` share: the configuration and the one line printed on failure. */
import { ConfigError, loadConfig } from "../env";
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
