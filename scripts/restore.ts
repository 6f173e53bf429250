/**
 * npm run restore -- <archive> [--force]: checks the archive completely, then restores it into the database and file
 * store the environment names (README, "Backups and restores"). Prints one line: the summary, or what went wrong.
 */
import { parseArgs } from "node:util";
import { failureLine, opsConfig } from "../server/ops/cli";
import { OpsError } from "../server/ops/errors";
import { restoreBackup, restoreSummary } from "../server/ops/restore";

try {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new OpsError("Usage: npm run restore -- <archive> [--force]");
  const archive = positionals[0];
  const result = await restoreBackup({ archive, config: opsConfig(), force: values.force });
  console.log(restoreSummary(result, archive));
} catch (err) {
  console.error(failureLine("Restore", err));
  process.exitCode = 1;
}
