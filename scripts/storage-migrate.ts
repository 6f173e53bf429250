/**
 * `npm run storage:migrate`: copies every stored file from the disk (DATA_DIR/uploads and DATA_DIR/documents) into
 * the object store STORAGE_URL names, with the server's own configuration and the SDK's usual credentials. Each file
 * is written under a temporary key and moved to its own only when complete, then read back and compared by SHA-256.
 * A file already in the store with the same bytes is skipped, so the command can be run again after an interruption
 * and once more, with the servers stopped, just before they are restarted with STORAGE_URL. The disk copies are left
 * where they are. Prints one line per problem and a summary; exits 0 when every file is in the store with the same
 * bytes, 1 when any is not, 2 when the configuration or the store cannot be used.
 */
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../server/env";
import { createFileStore } from "../server/lib/file-store";
import { AREAS, type FileStore } from "../server/lib/storage";
import { createDiskStore } from "../server/lib/storage-disk";

export type MigrateOutcome = { code: 0 | 1 | 2; lines: string[] };

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function migrateStorage(env: Record<string, string | undefined>, log: (line: string) => void = () => {}): Promise<MigrateOutcome> {
  let target: FileStore;
  let dataDir: string;
  try {
    const config = loadConfig(env);
    if (!config.storageUrl)
      return { code: 2, lines: ["STORAGE_URL is not set: name the object store to copy the files into (s3://bucket/prefix?endpoint=…)."] };
    dataDir = config.dataDir;
    target = createFileStore(config);
    await target.check();
  } catch (err) {
    return { code: 2, lines: [`Cannot use the object store: ${err instanceof Error ? err.message : String(err)}`] };
  }
  const source = createDiskStore(dataDir);
  const lines: string[] = [];
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  let failed = 0;
  const started = Date.now();
  try {
    for (const area of AREAS) {
      for await (const file of source.list(area)) {
        try {
          const data = await source.read(area, file.key);
          const digest = sha256(data);
          const there = await target.stat(area, file.key);
          if (there && there.size === file.size && sha256(await target.read(area, file.key)) === digest) {
            skipped++;
            continue;
          }
          await target.write(area, file.key, data);
          if (sha256(await target.read(area, file.key)) !== digest) throw new Error("the copy read back differs from the file on disk");
          copied++;
          bytes += data.byteLength;
          log(`copied ${area}/${file.key} (${data.byteLength} bytes)`);
        } catch (err) {
          failed++;
          lines.push(`Not copied: ${area}/${file.key}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    }
  } finally {
    target.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  lines.push(
    `Copied ${copied} files (${mb(bytes)}) to ${target.location}, ${skipped} already there with the same bytes, ${failed} failed, in ${seconds} s.` +
      (failed === 0 ? ` The files under ${dataDir} are left in place: remove them once every instance runs with STORAGE_URL.` : ""),
  );
  return { code: failed === 0 ? 0 : 1, lines };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const verbose = process.argv.includes("--verbose");
  const outcome = await migrateStorage(process.env, verbose ? (line) => process.stdout.write(`${line}\n`) : undefined);
  for (const line of outcome.lines) (outcome.code === 0 ? process.stdout : process.stderr).write(`${line}\n`);
  process.exit(outcome.code);
}
