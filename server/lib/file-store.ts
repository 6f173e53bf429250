/** Chooses the backend of stored files from the configuration: S3-compatible storage when STORAGE_URL is set, else the disk. */
import path from "node:path";
import type { FileStore } from "./storage";
import { createDiskStore } from "./storage-disk";
import { createS3Store } from "./storage-s3";
import { parseStorageUrl } from "./storage-url";

/** Local copies of stored files for the PDF tools, when the files are in an object store: 512 MB unless set. */
export const DEFAULT_STORAGE_CACHE_BYTES = 512 * 1024 * 1024;

export function createFileStore(config: { dataDir: string; storageUrl?: string; storageCacheBytes?: number; storageTimeoutMs?: number }): FileStore {
  if (!config.storageUrl) return createDiskStore(config.dataDir);
  return createS3Store(parseStorageUrl(config.storageUrl), {
    cacheDir: path.join(config.dataDir, "object-cache"),
    cacheBytes: config.storageCacheBytes ?? DEFAULT_STORAGE_CACHE_BYTES,
    timeoutMs: config.storageTimeoutMs,
  });
}
