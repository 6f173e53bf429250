/**
 * The database's change announcements, on PGlite and on PostgreSQL (TEST_DATABASE_URL): a committed change is
 * heard by name, and `heard` resolves only once every change committed before it has been passed on.
 */
// On both engines: changes are announced in the process on PGlite and by LISTEN/NOTIFY on PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenForChanges, type ChangeSubscription } from "../../server/db/notifications";
import { createTestContext, type TestContext } from "../helpers/context";

let ctx: TestContext;
let subscription: ChangeSubscription;
const heardNames: string[] = [];
let connected!: () => void;
const listening = new Promise<void>((resolve) => (connected = resolve));

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  subscription = await listenForChanges(
    ctx.database,
    { onChange: (name) => heardNames.push(name), onConnected: () => connected(), onDisconnected: () => {} },
    { warn: () => {} },
  );
  await listening;
});

afterAll(async () => {
  await subscription?.close();
  await ctx?.close();
});

describe("[changes] announcements", () => {
  it("a committed change is heard by its table's name by the time `heard` resolves; its marker is never passed on", async () => {
    heardNames.length = 0;
    await ctx.database.db.execute(sql`update press_releases set featured = featured where id = (select min(id) from press_releases)`);
    await ctx.database.db.execute(sql`update settings set value = value where key = (select min(key) from settings)`);
    expect(await subscription.heard(2_000)).toBe(true);
    expect(heardNames[0]).toBe("press_releases");
    expect(heardNames[1]).toMatch(/^settings:/);
    expect(heardNames).toHaveLength(2);
  });

  it("a change rolled back is never heard", async () => {
    heardNames.length = 0;
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update portfolio_items set name = name`);
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await subscription.heard(2_000)).toBe(true);
    expect(heardNames).toEqual([]);
  });

  it("once closed, `heard` answers false at once", async () => {
    const other = await listenForChanges(ctx.database, { onChange: () => {}, onConnected: () => {}, onDisconnected: () => {} }, { warn: () => {} });
    await other.close();
    expect(await other.heard(2_000)).toBe(false);
  });
});
