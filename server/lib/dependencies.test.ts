import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import { auditEvents, calendarEvents, documentCategories, documents, portfolioItems, pressReleases, settings } from "../db/schema";
import { noteStatement, recordDependencies, touchedNothing, type Touched } from "./dependencies";

// The query builder alone (no connection): what drizzle sends for each statement.
const db = drizzle.mock({ schema: {} });

const noted = (...statements: (string | { text: string })[]): Touched => {
  const touched = touchedNothing();
  recordDependencies(touched, () => statements.forEach(noteStatement));
  return touched;
};
const names = (t: Touched) => ({ reads: [...t.reads].sort(), writes: [...t.writes].sort() });

describe("what a statement reads and writes", () => {
  it("a select reads the announced tables it names, joined ones included, and writes nothing", () => {
    const q = db.select().from(pressReleases).leftJoin(portfolioItems, eq(pressReleases.company, portfolioItems.name)).toSQL();
    expect(names(noted(q.sql))).toEqual({ reads: ["portfolio_items", "press_releases"], writes: [] });
  });

  it("insert, update and delete write their table, whichever announced table it is", () => {
    const statements = [
      db
        .insert(documentCategories)
        .values({ name: "Reports", slug: "reports" } as never)
        .toSQL().sql,
      db
        .update(documents)
        .set({ title: "New" } as never)
        .where(eq(documents.id, 1))
        .toSQL().sql,
      db.delete(calendarEvents).where(eq(calendarEvents.id, 2)).toSQL().sql,
    ];
    expect(names(noted(...statements)).writes).toEqual(["calendar_events", "document_categories", "documents"]);
  });

  it("a write inside a CTE, an update that reads another table, and node-postgres's { text } form are all seen", () => {
    const t = noted(
      `with moved as (update "press_releases" set "status" = 'published' where "id" = $1 returning *) select * from moved`,
      { text: 'update "portfolio_items" set "name" = $1 from "documents" where "documents"."id" = $2' },
      "TRUNCATE TABLE public.documents",
    );
    expect(names(t)).toEqual({ reads: ["documents"], writes: ["documents", "portfolio_items", "press_releases"] });
  });

  it("tables the database does not announce by name, and look-alike names, are not noted", () => {
    const t = noted(
      db
        .insert(auditEvents)
        .values({ action: "x" } as never)
        .toSQL().sql,
      db
        .insert(settings)
        .values({ key: "brand", value: {} } as never)
        .toSQL().sql,
      'select * from "document_versions" join "documents_x" on true',
      "select 1 for update skip locked",
      sql`select ${1}`.toString(),
    );
    expect(names(t)).toEqual({ reads: [], writes: [] });
  });

  it("outside a recorded request nothing is noted and nothing fails", () => {
    expect(() => noteStatement('delete from "press_releases"')).not.toThrow();
    expect(() => noteStatement(undefined)).not.toThrow();
  });
});
