/**
 * Instances are restarted one at a time on an upgrade, so for a while the previous release runs on the new schema.
 * A migration may therefore only add: no table or column is dropped or renamed, and no column the previous release
 * writes without a value becomes NOT NULL without a default. A removal ships one release after the code stopped
 * using the column, in a migration that says so in a line starting `-- contract:`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DIR = path.resolve(import.meta.dirname, "migrations");
/** Migrations written before rolling restarts were promised; they are never edited. */
const BEFORE_THE_RULE = 7;

const FORBIDDEN = [
  { name: "drops a table", re: /\bDROP\s+TABLE\b/i },
  { name: "drops a column", re: /\bDROP\s+COLUMN\b/i },
  { name: "renames", re: /\bRENAME\b/i },
  { name: "makes a column NOT NULL", re: /\bALTER\s+COLUMN\s+"?\w+"?\s+SET\s+NOT\s+NULL\b/i },
];

/** Forbidden statements in one migration's SQL, or none when it declares itself a contraction. */
export function nonAdditive(sql: string): string[] {
  if (/^--\s*contract:/m.test(sql)) return [];
  const code = sql.replace(/--[^\n]*/g, "");
  return FORBIDDEN.filter((f) => f.re.test(code)).map((f) => f.name);
}

describe("[migrations] a rolling restart is safe", () => {
  it("[migrations] every migration from 0007 on only adds", () => {
    const files = readdirSync(DIR).filter((f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) >= BEFORE_THE_RULE);
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((f) => nonAdditive(readFileSync(path.join(DIR, f), "utf8")).map((why) => `${f} ${why}`));
    expect(found).toEqual([]);
  });

  it("[migrations] the check finds drops, renames and new NOT NULLs, and lets a declared contraction through", () => {
    expect(nonAdditive('ALTER TABLE "users" DROP COLUMN "nickname";')).toEqual(["drops a column"]);
    expect(nonAdditive('ALTER TABLE "users" RENAME COLUMN "a" TO "b";')).toEqual(["renames"]);
    expect(nonAdditive('DROP TABLE "old";')).toEqual(["drops a table"]);
    expect(nonAdditive('ALTER TABLE "users" ALTER COLUMN "locale" SET NOT NULL;')).toEqual(["makes a column NOT NULL"]);
    expect(nonAdditive('CREATE TABLE "t" ("id" serial PRIMARY KEY, "name" text NOT NULL);\nDROP INDEX "press_one_featured";')).toEqual([]);
    expect(nonAdditive('-- contract: "nickname" unused since the release before\nALTER TABLE "users" DROP COLUMN "nickname";')).toEqual([]);
  });
});
