/**
 * What a backup records about a database snapshot, read with plain SQL so it works on a PostgreSQL connection (inside
 * the exported snapshot's transaction) and on a PGlite instance (the dump loaded in memory) alike.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { migrationsFolder } from "../db/client";
import { isStorageKey, type Area } from "../lib/storage";

/** The one method both a pg client and PGlite have. */
export type Queryable = { query: <T>(text: string, params?: unknown[]) => Promise<{ rows: T[] }> };

/** The schemas a backup holds: the app's tables and drizzle's record of applied migrations. */
const SCHEMAS = ["public", "drizzle"];

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export type TableName = { schema: string; name: string };

/** "users" for the app's own tables, "drizzle.__drizzle_migrations" for the others. */
export const tableLabel = (t: TableName) => (t.schema === "public" ? t.name : `${t.schema}.${t.name}`);
export const tableSql = (t: TableName) => `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;

export async function listTables(db: Queryable): Promise<TableName[]> {
  const { rows } = await db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname = any($1) order by n.nspname <> 'public', n.nspname, c.relname`,
    [SCHEMAS],
  );
  return rows;
}

/** Rows per table, in one statement (so, on PostgreSQL, in one snapshot even outside a transaction). */
export async function countRows(db: Queryable, tables?: TableName[]): Promise<Record<string, number>> {
  const list = tables ?? (await listTables(db));
  if (list.length === 0) return {};
  const { rows } = await db.query<{ t: string; n: string | number }>(
    list.map((t, i) => `select ${i} as i, $${i + 1}::text as t, count(*)::text as n from ${tableSql(t)}`).join(" union all ") + " order by i",
    list.map(tableLabel),
  );
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations this code knows (drizzle-kit's journal), oldest first. */
export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries;
}

export type SchemaVersion = { migration: string; index: number; appliedAt: number };

/**
 * The last migration applied: drizzle records each applied migration's journal time (`when`) in
 * drizzle.__drizzle_migrations.created_at. A time this code's journal does not list belongs to newer code.
 */
export async function schemaVersion(db: Queryable): Promise<SchemaVersion | null> {
  const exists = await db.query<{ ok: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!exists.rows[0]?.ok) return null;
  const { rows } = await db.query<{ at: string }>(`select created_at::text as at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
  if (!rows[0]) return null;
  const appliedAt = Number(rows[0].at);
  const known = knownMigrations().find((m) => m.when === appliedAt);
  return known ? { migration: known.tag, index: known.idx, appliedAt } : { migration: `unknown migration of ${appliedAt}`, index: -1, appliedAt };
}

/** Where this code's schema ends: the last migration of its journal. */
export function latestKnownSchema(): SchemaVersion {
  const last = knownMigrations().at(-1)!;
  return { migration: last.tag, index: last.idx, appliedAt: last.when };
}

const UPLOAD_LINK = String.raw`/uploads/([A-Za-z0-9][A-Za-z0-9._-]*)`;

/**
 * The stored files the snapshot's rows point to: documents by their key columns, uploads by every `/uploads/<key>`
 * in any text or JSON column (images, logos, profile photos, images inside release bodies).
 */
export async function referencedFiles(db: Queryable): Promise<{ area: Area; key: string }[]> {
  const refs = new Map<string, { area: Area; key: string }>();
  const add = (area: Area, key: string | null) => {
    if (key && isStorageKey(key)) refs.set(`${area}/${key}`, { area, key });
  };
  const tables = new Set((await listTables(db)).map(tableLabel));
  if (tables.has("documents")) for (const r of (await db.query<{ k: string }>(`select file_url as k from documents`)).rows) add("documents", r.k);
  if (tables.has("document_versions"))
    for (const r of (await db.query<{ k: string }>(`select file_key as k from document_versions`)).rows) add("documents", r.k);
  const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb') order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c.column_name]);
  for (const [table, cols] of byTable) {
    const text = `concat_ws(' ', ${cols.map((c) => `${quoteIdent(c)}::text`).join(", ")})`;
    const { rows } = await db.query<{ k: string }>(
      `select distinct (regexp_matches(${text}, $1, 'g'))[1] as k from ${quoteIdent("public")}.${quoteIdent(table)} where ${text} like '%/uploads/%'`,
      [UPLOAD_LINK],
    );
    for (const r of rows) add("uploads", r.k);
  }
  return [...refs.values()];
}

/** The server's version, e.g. "15.20" or "18.6". */
export async function serverVersion(db: Queryable): Promise<{ text: string; major: number }> {
  const { rows } = await db.query<{ v: string; n: string }>(`select current_setting('server_version') as v, current_setting('server_version_num') as n`);
  return { text: rows[0].v.split(" ")[0], major: Math.floor(Number(rows[0].n) / 10000) };
}
