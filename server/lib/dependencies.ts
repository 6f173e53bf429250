import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a request read and what it wrote ("press_releases", "settings:brand"): a cached page is dropped when anything
 * it read changes, and a write drops at once, on its own instance, the pages built from what it wrote. The names
 * are the ones the database announces its changes with (see server/db/notifications.ts): a table name, noted from
 * the statements themselves (`noteStatement`), or "settings:<key>" for one setting, noted by the settings service.
 */
export type Touched = { reads: Set<string>; writes: Set<string> };

// One store per process, even when this module is loaded twice (tests load the server through Vite's module graph
// beside their own): the database client that notes statements and the page cache that records them share it.
const STORE_KEY = Symbol.for("meridian-crest.dependencies");
const current: AsyncLocalStorage<Touched> = ((globalThis as Record<symbol, unknown>)[STORE_KEY] ??=
  new AsyncLocalStorage<Touched>()) as AsyncLocalStorage<Touched>;

export const touchedNothing = (): Touched => ({ reads: new Set(), writes: new Set() });

/** Runs `fn` (and everything it starts) recording what it reads and writes into `into`. */
export function recordDependencies<T>(into: Touched, fn: () => T): T {
  return current.run(into, fn);
}

/** Notes that the response being built shows `names`. A no-op outside a recorded request. */
export function dependsOn(...names: string[]): void {
  const touched = current.getStore();
  if (touched) for (const name of names) touched.reads.add(name);
}

/** Notes that the request changes `names`. A no-op outside a recorded request. */
export function changes(...names: string[]): void {
  const touched = current.getStore();
  if (touched) for (const name of names) touched.writes.add(name);
}

/**
 * The tables whose committed changes the database announces by their own name (triggers in the migrations). The
 * settings table is announced per key ("settings:<key>"), so the settings service notes its keys itself.
 */
export const ANNOUNCED_TABLES = ["press_releases", "portfolio_items", "documents", "document_categories", "calendar_events"] as const;

const TABLE = `(?:"?public"?\\.)?"?(${ANNOUNCED_TABLES.join("|")})"?(?![\\w"])`;
const WRITES = new RegExp(`\\b(?:insert\\s+into|update|delete\\s+from|truncate(?:\\s+table)?)\\s+${TABLE}`, "gi");
const READS = new RegExp(`\\b(?:from|join)\\s+${TABLE}`, "gi");

/**
 * Notes what one SQL statement reads and writes among the announced tables, for the request it runs in: every
 * statement sent to the database passes here (server/db/client.ts), so a page depends on exactly the tables its
 * statements read, and a write drops the pages built from the tables its statements change, whichever service
 * or query sent them. A no-op outside a recorded request.
 */
export function noteStatement(text: unknown): void {
  const touched = current.getStore();
  if (!touched) return;
  const sql = typeof text === "string" ? text : typeof (text as { text?: unknown })?.text === "string" ? (text as { text: string }).text : undefined;
  if (!sql) return;
  for (const match of sql.matchAll(WRITES)) touched.writes.add(match[1].toLowerCase());
  for (const match of sql.matchAll(READS)) touched.reads.add(match[1].toLowerCase());
}
