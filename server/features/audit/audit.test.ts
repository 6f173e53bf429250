/**
 * The audit trail's chain against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): events
 * verify, and every kind of tampering is found at the event where it is; appends at once keep one chain; pruning
 * keeps the chain verifiable from its new start.
 */
// On both engines: the chain hashes values as each engine's driver reads them back.
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditChain, auditEvents } from "../../db/schema";
import { createTestContext, type TestContext } from "../../../tests/helpers/context";
import { AuditChainError, createAuditService, type AuditService } from "./audit";
import { canonicalJson, GENESIS_HASH } from "./audit-chain";

let ctx: TestContext;
let audit: AuditService;
const admin = { id: 4242, email: "auditor@example.test" };
const meta = { ip: "203.0.113.9", userAgent: "Mozilla/5.0 (Test) Firefox/150" };

beforeAll(async () => {
  ctx = await createTestContext();
  audit = ctx.services.audit;
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
const rows = () => db().select().from(auditEvents).orderBy(asc(auditEvents.id));
const ends = async () => (await db().select().from(auditChain))[0];

/** Records `n` setting changes; their ids. */
async function recordSome(n: number, service: AuditService = audit) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const event = await service.record({
      actor: admin,
      meta,
      action: "settings.update",
      entity: { type: "settings", id: "environmentMode" },
      before: { environmentMode: "development" },
      after: { environmentMode: `production-${i}` },
    });
    ids.push(event!.id);
  }
  return ids;
}

describe("[audit] the chain", () => {
  it("[audit] starts at the genesis, records who, from where, what and the changed fields, and verifies", async () => {
    expect(await audit.verify()).toEqual({ ok: true, count: 0, anchorId: 0, headId: 0, headHash: GENESIS_HASH, broken: null });
    const event = await audit.record({
      actor: admin,
      meta,
      action: "user.role",
      entity: { type: "user", id: 17 },
      before: { role: "regular", password: "$argon2id$v=19$m=19456,t=2,p=1$abc$def" },
      after: { role: "investor", password: "$argon2id$v=19$m=19456,t=2,p=1$xyz$uvw" },
    });
    const [row] = await rows();
    expect(row).toMatchObject({
      id: event!.id,
      actorId: 4242,
      actorEmail: "auditor@example.test",
      ip: "203.0.113.9",
      userAgent: "Mozilla/5.0 (Test) Firefox/150",
      action: "user.role",
      entityType: "user",
      entityId: "17",
      summary: { role: { from: "regular", to: "investor" } },
      prevHash: GENESIS_HASH,
    });
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await ends()).toMatchObject({ anchorId: 0, headId: row.id, headHash: row.hash });
    expect(await audit.verify()).toMatchObject({ ok: true, count: 1, headId: row.id, broken: null });
  });

  it("[audit] an update that changes nothing records nothing", async () => {
    const before = (await rows()).length;
    const event = await audit.record({
      actor: admin,
      action: "settings.update",
      entity: { type: "settings", id: "brand" },
      before: { name: "A" },
      after: { name: "A" },
    });
    expect(event).toBeNull();
    expect((await rows()).length).toBe(before);
  });

  it("[audit] an event recorded in a transaction that rolls back leaves neither the event nor a gap", async () => {
    const [head] = await recordSome(1);
    await expect(
      db().transaction(async (tx) => {
        await audit.record({ actor: admin, action: "category.delete", entity: { type: "category", id: 3 }, before: { name: "Gone" } }, tx);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const [next] = await recordSome(1);
    expect(next).toBe(head + 1);
    expect((await audit.verify()).ok).toBe(true);
  });

  it("[audit] an event edited in the database is found at its id, and verifies again once restored", async () => {
    const ids = await recordSome(3);
    const target = ids[1];
    const [original] = await db().select().from(auditEvents).where(eq(auditEvents.id, target));
    await db().execute(sql`update audit_events set summary = '{"environmentMode":{"from":"development","to":"nothing to see"}}'::jsonb where id = ${target}`);
    expect(await audit.verify()).toMatchObject({ ok: false, broken: { id: target, problem: "hash-mismatch" } });
    await db().update(auditEvents).set({ summary: original.summary }).where(eq(auditEvents.id, target));
    expect((await audit.verify()).ok).toBe(true);
  });

  it("[audit] an event whose actor is changed, or whose hash is recomputed without the key, is found", async () => {
    const [target] = await recordSome(2);
    const [original] = await db().select().from(auditEvents).where(eq(auditEvents.id, target));
    await db().update(auditEvents).set({ actorEmail: "someone-else@example.test" }).where(eq(auditEvents.id, target));
    expect(await audit.verify()).toMatchObject({ ok: false, broken: { id: target, problem: "hash-mismatch" } });
    // A forger without the key can only guess: a plain SHA-256 of the same content is not the HMAC.
    await db()
      .update(auditEvents)
      .set({ hash: sql`encode(sha256(convert_to(${original.prevHash} || 'forged', 'UTF8')), 'hex')` })
      .where(eq(auditEvents.id, target));
    expect(await audit.verify()).toMatchObject({ ok: false, broken: { id: target } });
    await db().update(auditEvents).set({ actorEmail: original.actorEmail, hash: original.hash }).where(eq(auditEvents.id, target));
    expect((await audit.verify()).ok).toBe(true);
  });

  it("[audit] a deleted middle event is a gap at its id", async () => {
    const ids = await recordSome(3);
    const [gone] = await db().delete(auditEvents).where(eq(auditEvents.id, ids[1])).returning();
    expect(await audit.verify()).toMatchObject({ ok: false, broken: { id: ids[1], problem: "gap" } });
    await db().insert(auditEvents).values(gone);
    expect((await audit.verify()).ok).toBe(true);
  });

  it("[audit] a deleted newest event is found through the head, and nothing is recorded after it until it is back", async () => {
    const ids = await recordSome(2);
    const newest = ids[1];
    const [gone] = await db().delete(auditEvents).where(eq(auditEvents.id, newest)).returning();
    const result = await audit.verify();
    expect(result).toMatchObject({ ok: false, headId: newest, broken: { id: newest, problem: "gap" } });
    expect(result.count).toBe(newest - 1);
    await db().insert(auditEvents).values(gone);
    expect((await audit.verify()).ok).toBe(true);
  });

  it("[audit] the head moved back to hide the newest event is refused by its seal, by verification and by the next record", async () => {
    const ids = await recordSome(2);
    const state = await ends();
    const [previous] = await db().select().from(auditEvents).where(eq(auditEvents.id, ids[0]));
    const [gone] = await db().delete(auditEvents).where(eq(auditEvents.id, ids[1])).returning();
    await db().update(auditChain).set({ headId: previous.id, headHash: previous.hash }).where(eq(auditChain.id, 1));
    expect(await audit.verify()).toMatchObject({ ok: false, broken: { id: null, problem: "state-seal" } });
    await expect(recordSome(1)).rejects.toBeInstanceOf(AuditChainError);
    await db().insert(auditEvents).values(gone);
    await db().update(auditChain).set(state).where(eq(auditChain.id, 1));
    expect((await audit.verify()).ok).toBe(true);
  });

  it("[audit] an event inserted by hand after the head is outside the chain", async () => {
    const [last] = await recordSome(1);
    const [row] = await db().select().from(auditEvents).where(eq(auditEvents.id, last));
    await db()
      .insert(auditEvents)
      .values({ ...row, id: last + 1, prevHash: row.hash });
    expect(await audit.verify()).toMatchObject({ ok: false, broken: { id: last + 1, problem: "outside-chain" } });
    await db()
      .delete(auditEvents)
      .where(eq(auditEvents.id, last + 1));
    expect((await audit.verify()).ok).toBe(true);
  });

  it("[audit] another server key cannot extend the chain, and a rotated key still verifies the events hashed before", async () => {
    const other = createAuditService({ db: db(), secretKeys: { current: "another-secret-another-secret-another-1", older: [] } });
    expect(await other.verify()).toMatchObject({ ok: false, broken: { problem: "state-seal" } });
    await expect(recordSome(1, other)).rejects.toBeInstanceOf(AuditChainError);

    const config = ctx.services.config;
    const rotated = createAuditService({ db: db(), secretKeys: { current: "a-new-encryption-key-a-new-encryption-key", older: [config.secretKeys.current] } });
    await recordSome(2, rotated);
    expect(await rotated.verify()).toMatchObject({ ok: true, broken: null });
    // The server without the new key no longer accepts the ends the new key sealed.
    expect(await audit.verify()).toMatchObject({ ok: false, broken: { id: null, problem: "state-seal" } });
  });
});

describe("[audit] appends at once", () => {
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await createTestContext();
  });
  afterAll(() => fresh?.close());

  it("[audit] 20 records in parallel (each in its own transaction) keep one linear chain with no gap", async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fresh.services.audit.record({
          actor: admin,
          meta,
          action: "document.update",
          entity: { type: "document", id: i },
          before: { title: "a" },
          after: { title: `b${i}` },
        }),
      ),
    );
    expect(
      ids
        .map((e) => e!.id)
        .sort((a, b) => a - b)
        .at(-1),
    ).toBe(20);
    const all = await fresh.database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    expect(all.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (let i = 1; i < all.length; i++) expect(all[i].prevHash).toBe(all[i - 1].hash);
    expect(await fresh.services.audit.verify()).toMatchObject({ ok: true, count: 20, headId: 20 });
  });
});

describe("[audit] pruning", () => {
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await createTestContext();
  });
  afterAll(() => fresh?.close());

  it("[audit] removes the events past the keeping time, moves the anchor, records the prune, and the chain still verifies", async () => {
    const config = fresh.services.config;
    const eightYearsAgo = () => new Date(Date.now() - 8 * 365 * 24 * 3600 * 1000);
    const past = createAuditService({ db: fresh.database.db, secretKeys: config.secretKeys, clock: eightYearsAgo });
    await recordSome(5, past);
    await recordSome(2, fresh.services.audit);
    const removed = await fresh.services.audit.prune({ keepDays: 2557, batch: 3 });
    expect(removed).toBe(5);
    const left = await fresh.database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
    // Two batches (3, then 2), each recorded as a prune by the system.
    expect(left.map((r) => [r.id, r.action, r.actorId])).toEqual([
      [6, "settings.update", admin.id],
      [7, "settings.update", admin.id],
      [8, "audit.prune", null],
      [9, "audit.prune", null],
    ]);
    expect(left[2].summary).toEqual({
      removed: { from: null, to: 3 },
      firstId: { from: null, to: 1 },
      lastId: { from: null, to: 3 },
      keepDays: { from: null, to: 2557 },
    });
    expect((await fresh.database.db.select().from(auditChain))[0]).toMatchObject({ anchorId: 5, headId: 9 });
    expect(await fresh.services.audit.verify()).toMatchObject({ ok: true, count: 4, anchorId: 5, headId: 9 });
    // Nothing else is old enough.
    expect(await fresh.services.audit.prune({ keepDays: 2557 })).toBe(0);
  });

  it("[audit] the retention job prunes with AUDIT_KEEP_DAYS, and never prunes a chain whose start does not verify", async () => {
    // Everything left is recent.
    expect((await fresh.services.retention.sweep()).auditEvents).toBe(0);
    // An event at the chain's start back-dated by hand is old enough to go, but no longer verifies: nothing goes.
    const { anchorId } = (await fresh.database.db.select().from(auditChain))[0];
    const [original] = await fresh.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.id, anchorId + 1));
    await fresh.database.db.execute(sql`update audit_events set occurred_at = now() - interval '3000 days' where id = ${anchorId + 1}`);
    await expect(fresh.services.retention.sweep()).rejects.toThrow(`audit event #${anchorId + 1} does not verify`);
    expect(
      (
        await fresh.database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.id, anchorId + 1))
      ).length,
    ).toBe(1);
    await fresh.database.db
      .update(auditEvents)
      .set({ occurredAt: original.occurredAt })
      .where(eq(auditEvents.id, anchorId + 1));
    expect((await fresh.services.audit.verify()).ok).toBe(true);
  });
});

describe("[audit] canonical JSON", () => {
  it("[audit] orders keys at every depth, so jsonb's own order does not change the hash", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
  });
});
