/**
 * npm run restore -- <archive> [--force]: checks the archive completely, then restores it into the database and file
 * store the environment names (README, "Backups and restores"). Prints one line: the summary, or what went wrong (and,
 * before it, one line naming what it closed when DATA_DIR was open to other local accounts).
 */
import { parseArgs } from "node:util";
import { keepFilesPrivate } from "../server/lib/private-files";
import { closeOpenFolders, failureLine, opsConfig } from "../server/ops/cli";
import { OpsError } from "../server/ops/errors";
import { restoreBackup, restoreSummary } from "../server/ops/restore";

// The restored database and files: the service's user only (0600 files, 0700 folders), as the server makes them.
keepFilesPrivate();
try {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new OpsError("Usage: npm run restore -- <archive> [--force]");
  const archive = positionals[0];
  const config = opsConfig();
  const closed = closeOpenFolders({ DATA_DIR: config.dataDir });
  if (closed) console.log(closed);
  const result = await restoreBackup({ archive, config, force: values.force });
  console.log(restoreSummary(result, archive));
} catch (err) {
  console.error(failureLine("Restore", err));
  process.exitCode = 1;
}
