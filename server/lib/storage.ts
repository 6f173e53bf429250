import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";

/** Files live under DATA_DIR, outside the web root, under names the server generates. */
export function createStorage(dataDir: string) {
  const uploads = path.join(dataDir, "uploads");
  const documents = path.join(dataDir, "documents");
  mkdirSync(uploads, { recursive: true });
  mkdirSync(documents, { recursive: true });

  const KEY = /^[a-f0-9-]{36}\.[a-z0-9]{2,5}$|^[a-z0-9-]{1,80}\.[a-z0-9]{2,5}$/;

  function resolveIn(dir: string, key: string): string | null {
    if (!KEY.test(key)) return null;
    const full = path.join(dir, key);
    return path.dirname(full) === dir ? full : null;
  }

  return {
    uploadsDir: uploads,
    documentsDir: documents,
    newKey: (ext: string) => `${randomUUID()}.${ext.toLowerCase().replace(/[^a-z0-9]/g, "")}`,
    /** The path of a stored document, or null for anything that is not a key we could have generated. */
    documentPath: (key: string) => resolveIn(documents, key),
    uploadPath: (key: string) => resolveIn(uploads, key),
  };
}

export type Storage = ReturnType<typeof createStorage>;
