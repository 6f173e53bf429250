/**
 * `manifest.json`, the last entry of a backup archive: what the archive holds and how to check it. A restore reads
 * only archives whose `format` it knows, and refuses one whose schema is newer than the migrations it has.
 */
import { z } from "zod";
import { isStorageKey, type Area } from "../lib/storage";

/** Raised when the layout of the archive or the manifest changes; a restore refuses a number it does not know. */
export const BACKUP_FORMAT = 1;

/** Where each part sits inside the archive. */
export const ENTRY = {
  manifest: "manifest.json",
  /** pg_dump's custom format (PostgreSQL). */
  postgresDump: "database/postgres.dump",
  /** PGlite's own dump: a tar of its data directory (PGlite.dumpDataDir), loaded with `loadDataDir`. */
  pgliteDump: "database/pglite-datadir.tar",
  file: (area: string, key: string) => `${area}/${key}`,
} as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256 in hex");
const area = z.enum(["uploads", "documents"] as const satisfies readonly Area[]);
const key = z.string().refine(isStorageKey, "must be a storage key");

export const manifestSchema = z.object({
  format: z.number().int().positive(),
  app: z.object({ name: z.string(), version: z.string() }),
  /** The last migration applied to the dumped database (drizzle's journal tag and time). */
  schema: z.object({ migration: z.string(), index: z.number().int().nonnegative(), appliedAt: z.number() }),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(["postgres", "pglite"]),
    /** The server's version, e.g. "15.20" (PostgreSQL) or "18.6" (PGlite's PostgreSQL). */
    serverVersion: z.string(),
    /** pg_dump's version for a PostgreSQL dump: pg_restore must be at least as new. */
    dumpTool: z.string().optional(),
    entry: z.string(),
    size: z.number().int().nonnegative(),
    sha256,
  }),
  /** Rows per table in the dumped snapshot ("users", "drizzle.__drizzle_migrations"). */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(z.object({ area, key, size: z.number().int().nonnegative(), sha256 })),
  /** Files the snapshot's rows point to that were deleted before they could be copied. */
  missing: z.array(z.object({ area, key })),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest["files"][number];
