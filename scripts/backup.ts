/**
 * npm run backup [-- --out <file>] [-- --no-gzip]: writes one archive of the database and every stored file (README,
 * "Backups and restores"). Configuration comes from the same environment as the server's; BACKUP_DIR says where
 * archives go (./backups by default). Prints one line: where the archive is, or what went wrong (and, before it, one line
 * naming what it closed when DATA_DIR or BACKUP_DIR was open to other local accounts).
 */
import { parseArgs } from "node:util";
import { createBackup } from "../server/ops/backup";
import { closeOpenFolders, failureLine, opsConfig } from "../server/ops/cli";
import { grouped, megabytes } from "../server/ops/errors";
import { keepFilesPrivate } from "../server/lib/private-files";

// The archive, its temporary files and anything written in DATA_DIR: the service's user only (0600 files, 0700 folders).
keepFilesPrivate();
try {
  const { values } = parseArgs({ options: { out: { type: "string" }, "no-gzip": { type: "boolean" } }, strict: true });
  const config = opsConfig();
  const dir = process.env.BACKUP_DIR || "backups";
  const closed = closeOpenFolders({ DATA_DIR: config.dataDir, BACKUP_DIR: dir });
  if (closed) console.log(closed);
  const result = await createBackup({
    config,
    out: values.out,
    dir,
    gzip: values["no-gzip"] ? false : undefined,
  });
  const m = result.manifest;
  const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
  const missing = m.missing.length
    ? ` ${grouped(m.missing.length)} file${m.missing.length === 1 ? "" : "s"} the database points to ${m.missing.length === 1 ? "was" : "were"} already deleted: ${m.missing
        .slice(0, 3)
        .map((f) => `${f.area}/${f.key}`)
        .join(", ")}${m.missing.length > 3 ? ", …" : ""}.`
    : "";
  console.log(
    `Backup written to ${result.file}: ${m.database.kind}${m.database.kind === "pglite" ? (result.live ? " (dumped by the running server)" : " (no server was running)") : ""}, ` +
      `${grouped(Object.keys(m.tables).length)} tables, ${grouped(rows)} rows, ${grouped(m.files.length)} files, ${megabytes(result.bytes)}, ${result.seconds.toFixed(1)} s.${missing}`,
  );
} catch (err) {
  console.error(failureLine("Backup", err));
  process.exitCode = 1;
}
