/**
 * Scheduled publication must never silently fail. A release due while no instance runs goes out as soon as one
 * starts, with how late it was recorded; and a release due while PostgreSQL is down goes out, once, as soon as the
 * database is back, while the server stays up and answers 503 meanwhile.
 *
 * Schedules are whole minutes: each test schedules through the API, then brings the due time to a few seconds
 * from now in the database, so it does not wait for the next minute.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pressBody } from "../helpers/factories";
import { freePort, httpRequest, sleep, startServer, type ServerProcess } from "../helpers/fault-server";
import { createPgCluster, pgClusterUnavailable, type PgCluster } from "../helpers/pg-cluster";

const UNAVAILABLE = "The service is temporarily unavailable. Please try again shortly.";
const skip = pgClusterUnavailable();
/** Time enough to stop the instance, or the database, before the release is due, also on a loaded machine. */
const DUE_IN_MS = 6_000;

describe.skipIf(Boolean(skip))(`[fault] scheduled publication across restarts${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let cluster: PgCluster | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    cluster = await createPgCluster(25451);
  });

  afterAll(async () => {
    for (const s of servers) await s.destroy();
    await cluster?.destroy();
  });

  async function serve(url: string): Promise<ServerProcess> {
    const server = await startServer({ port: await freePort(), env: { DATABASE_URL: url } });
    servers.push(server);
    return server;
  }

  const post = (server: ServerProcess, path: string, cookie: string, body: unknown = {}) =>
    httpRequest(server.baseUrl, { method: "POST", path, body, headers: { Cookie: cookie } });

  /**
   * A release scheduled through the API, then due `inMs` from now on the database's clock. Returns its id, title and
   * the due instant.
   */
  async function scheduleSoon(server: ServerProcess, database: string, cookie: string, inMs = DUE_IN_MS) {
    // Dated today, so it heads the public list once published.
    const body = pressBody({ title: `Scheduler fault release ${Date.now().toString(36)}`, date: new Date().toISOString().slice(0, 10) });
    const created = await post(server, "/api/press-releases", cookie, body);
    expect(created.status, created.body).toBe(201);
    const id = created.json.id as number;
    if (created.json.publication !== "draft") expect((await post(server, `/api/admin/press-releases/${id}/unpublish`, cookie)).status).toBe(200);
    const local = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 120_000).toISOString().slice(0, 16);
    const scheduled = await post(server, `/api/admin/press-releases/${id}/schedule`, cookie, { publishAt: { local }, zone: "UTC" });
    expect(scheduled.status, scheduled.body).toBe(200);
    expect(scheduled.json.publication).toBe("scheduled");
    const [row] = await cluster!.query<{ publish_at: Date }>(
      database,
      `update press_releases set publish_at = now() + make_interval(secs => $2) where id = $1 returning publish_at`,
      [id, inMs / 1000],
    );
    return { id, title: body.title, due: row.publish_at.getTime() };
  }

  const publicRead = (server: ServerProcess, id: number) => httpRequest(server.baseUrl, { path: `/api/press-releases/${id}`, timeoutMs: 10_000 });

  /** Polls the public API until the release answers 200; the time it did, or undefined after `limitMs`. */
  async function untilPublic(server: ServerProcess, id: number, limitMs: number): Promise<number | undefined> {
    const until = Date.now() + limitMs;
    while (Date.now() < until) {
      const res = await publicRead(server, id).catch(() => undefined);
      if (res?.status === 200) return Date.now();
      await sleep(100);
    }
    return undefined;
  }

  async function row(database: string, id: number) {
    const [r] = await cluster!.query<{ publication: string; publish_lag_ms: number | null; publish_at: Date; published_at: Date | null }>(
      database,
      "select publication, publish_lag_ms, publish_at, published_at from press_releases where id = $1",
      [id],
    );
    return r;
  }

  /** The audit trail's publication events of release `id`, read through the admin API. */
  async function publications(server: ServerProcess, cookie: string, id: number) {
    const res = await httpRequest(server.baseUrl, { path: `/api/admin/audit?entityType=press&entityId=${id}`, headers: { Cookie: cookie } });
    expect(res.status, res.body).toBe(200);
    return (res.json.events as Array<{ action: string; actorId: number | null; actorEmail: string | null }>).filter((e) => e.action === "press.publish");
  }

  /** The server's log lines whose message starts with `msg` (about release `id`, when given). */
  const logged = (server: ServerProcess, msg: string, id?: number) =>
    server.logLines().filter((l) => typeof l.msg === "string" && l.msg.startsWith(msg) && (id === undefined || l.id === id));
  const crashes = (server: ServerProcess) =>
    server.logLines().filter((l) => l.level >= 60 || l.msg === "unhandled promise rejection" || l.msg === "uncaught exception; exiting");

  // Two server starts (migrations, an argon2 sign-in) and a stop on a loaded machine take longer than the default.
  it("[fault] a release due while no instance runs is published at the next start, with its lag recorded", { timeout: 120_000 }, async () => {
    const database = "pub_offline";
    const url = await cluster!.createDatabase(database);
    const first = await serve(url);
    const cookie = await first.adminCookie();
    const release = await scheduleSoon(first, database, cookie);

    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect((await row(database, release.id)).publication, "published before the instance stopped: the test proves nothing").toBe("scheduled");
    expect(logged(first, "published on schedule", release.id)).toEqual([]);

    // No instance runs across the due time.
    while (Date.now() < release.due + 1_500) await sleep(100);
    expect((await row(database, release.id)).publication).toBe("scheduled");

    const startedAt = Date.now();
    const second = await serve(url);
    const answeredAt = Date.now();
    const visibleAt = await untilPublic(second, release.id, 5_000);
    console.log(
      `[fault] the instance answered ${answeredAt - startedAt} ms after its start; the release was public ${visibleAt ? visibleAt - answeredAt : "never"} ms after that`,
    );
    expect(visibleAt, `not public within 5 s of the instance answering:\n${second.output().slice(-3000)}`).toBeDefined();

    const published = await row(database, release.id);
    expect(published.publication).toBe("published");
    // How late: at least as long as no instance ran past the due time, and what the database's clock says.
    expect(published.publish_lag_ms).toBeGreaterThanOrEqual(startedAt - release.due - 100);
    expect(Math.abs(published.publish_lag_ms! - (published.published_at!.getTime() - published.publish_at.getTime()))).toBeLessThanOrEqual(1);
    expect(logged(second, "published on schedule", release.id)).toEqual([expect.objectContaining({ kind: "press", lagMs: published.publish_lag_ms })]);
    // The session made on the first instance lives in the database.
    const events = await publications(second, cookie, release.id);
    expect(events).toEqual([expect.objectContaining({ actorId: null, actorEmail: null })]);
    expect(crashes(second)).toEqual([]);
  });

  // A server start, an argon2 sign-in and a database restart on a loaded machine take longer than the default.
  it("[fault] the scheduler survives a database restart across the due time: 503 meanwhile, then published once", { timeout: 120_000 }, async () => {
    const database = "pub_db_restart";
    const url = await cluster!.createDatabase(database);
    const server = await serve(url);
    const cookie = await server.adminCookie();
    const release = await scheduleSoon(server, database, cookie);
    // The public list, read twice so a page cache would hold it without the release.
    for (let i = 0; i < 2; i++) expect((await httpRequest(server.baseUrl, { path: "/api/press-releases" })).body).not.toContain(release.title);

    await cluster!.stop();
    expect(Date.now(), "the database stopped after the due time: the test proves nothing").toBeLessThan(release.due);

    // Down across the due time: every read answers 503 with Retry-After, nothing crashes.
    const outage: Array<{ status?: number; message?: string; retryAfter?: string; error?: string }> = [];
    while (Date.now() < release.due + 2_500) {
      for (const path of [`/api/press-releases/${release.id}`, "/api/press-releases"]) {
        try {
          const res = await httpRequest(server.baseUrl, { path, timeoutMs: 10_000 });
          outage.push({ status: res.status, message: res.json?.message, retryAfter: res.headers["retry-after"] as string | undefined });
        } catch (err) {
          outage.push({ error: (err as NodeJS.ErrnoException).code ?? String(err) });
        }
      }
      await sleep(250);
    }
    expect(server.isAlive(), `the server exited:\n${server.output().slice(-3000)}`).toBe(true);
    expect(outage.length).toBeGreaterThan(4);
    for (const o of outage) expect(o).toEqual({ status: 503, message: UNAVAILABLE, retryAfter: expect.stringMatching(/^\d+$/) });
    expect(logged(server, "scheduled publication could not run")).toHaveLength(1);

    await cluster!.start();
    const upAt = Date.now();
    const visibleAt = await untilPublic(server, release.id, 15_000);
    console.log(`[fault] the release was public ${visibleAt ? visibleAt - upAt : "never"} ms after the database was back`);
    expect(visibleAt, `not public within 15 s of the database coming back:\n${server.output().slice(-3000)}`).toBeDefined();
    // The cached list follows too.
    await expect.poll(async () => (await httpRequest(server.baseUrl, { path: "/api/press-releases" })).body, { timeout: 5_000 }).toContain(release.title);

    const published = await row(database, release.id);
    expect(published.publication).toBe("published");
    expect(published.publish_lag_ms).toBeGreaterThanOrEqual(2_000);
    // Once, by the system: one audit event, one log line; and the scheduler said it works again.
    expect(await publications(server, cookie, release.id)).toEqual([expect.objectContaining({ actorId: null, actorEmail: null })]);
    expect(logged(server, "published on schedule", release.id)).toHaveLength(1);
    expect(logged(server, "scheduled publication works again")).toHaveLength(1);
    expect(server.isAlive()).toBe(true);
    expect(crashes(server)).toEqual([]);
  });
});
