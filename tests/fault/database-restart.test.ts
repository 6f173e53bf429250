/**
 * PostgreSQL goes away while admins are writing: the server must stay up, answer 503 with Retry-After while the
 * database is gone, serve again by itself once it is back, and keep every write it acknowledged.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgCluster, pgClusterUnavailable, type PgCluster } from "../helpers/pg-cluster";
import { freePort, httpRequest, pressBody, sleep, startServer, type ServerProcess } from "../helpers/fault-server";

const UNAVAILABLE = "The service is temporarily unavailable. Please try again shortly.";
const skip = pgClusterUnavailable();

type Outcome = { title: string; sent: number; at: number; status?: number; retryAfter?: string; message?: string; error?: string };

describe.skipIf(Boolean(skip))(`[fault] the database goes away under write load${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let cluster: PgCluster | undefined;
  let server: ServerProcess | undefined;
  let cookie = "";
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });

  beforeAll(async () => {
    cluster = await createPgCluster(25401);
    const url = await cluster.createDatabase("restart_test");
    server = await startServer({ port: await freePort(), env: { DATABASE_URL: url } });
    cookie = await server.adminCookie();
  });

  afterAll(async () => {
    agent.destroy();
    await server?.destroy();
    await cluster?.destroy();
  });

  /** Ten admins posting press releases back to back until `stop()`; every answer (or socket error) is kept. */
  function writeLoad() {
    const outcomes: Outcome[] = [];
    let running = true;
    const loops = Array.from({ length: 10 }, async () => {
      while (running) {
        const body = pressBody("restart");
        const sent = Date.now();
        try {
          const res = await httpRequest(server!.baseUrl, {
            method: "POST",
            path: "/api/press-releases",
            body,
            headers: { Cookie: cookie },
            agent,
            timeoutMs: 20_000,
          });
          outcomes.push({
            title: body.title,
            sent,
            at: Date.now(),
            status: res.status,
            retryAfter: res.headers["retry-after"] as string | undefined,
            message: res.json?.message,
          });
          if (res.status !== 201) await sleep(50);
        } catch (err) {
          outcomes.push({ title: body.title, sent, at: Date.now(), error: (err as NodeJS.ErrnoException).code ?? String(err) });
          await sleep(50);
        }
      }
    });
    return {
      outcomes,
      stop: async () => {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  async function untilWriteSucceedsAfter(outcomes: Outcome[], after: number, limitMs: number) {
    const until = Date.now() + limitMs;
    while (Date.now() < until) {
      const ok = outcomes.find((o) => o.status === 201 && o.sent >= after);
      if (ok) return ok;
      if (!server!.isAlive()) return undefined;
      await sleep(50);
    }
    return undefined;
  }

  async function outage(name: string, takeDown: () => Promise<void>) {
    const load = writeLoad();
    await sleep(700);
    const goingDown = Date.now();
    await takeDown();
    const down = Date.now();
    await sleep(2_500);
    const aliveDuringOutage = server!.isAlive();
    const restarting = Date.now();
    await cluster!.start();
    const up = Date.now();
    const resumed = await untilWriteSucceedsAfter(load.outcomes, up, 15_000);
    await load.stop();
    const { outcomes } = load;

    const statuses = [...new Set(outcomes.map((o) => o.status ?? o.error))];
    const duringOutage = outcomes.filter((o) => o.sent >= down && o.at <= restarting);
    const firstUnavailable = outcomes.find((o) => o.status === 503);
    const lastUnavailable = outcomes.findLast((o) => o.status === 503);
    console.log(
      `[${name}] ${outcomes.length} requests, answers ${JSON.stringify(statuses)}, 503 from +${(firstUnavailable?.at ?? down) - goingDown} ms to +${(lastUnavailable?.at ?? down) - goingDown} ms after the database was told to stop (down after ${down - goingDown} ms); ` +
        `first 201 ${resumed ? resumed.at - up : "never"} ms after it was back`,
    );

    expect(aliveDuringOutage, `the server exited:\n${server!.output().slice(-2000)}`).toBe(true);
    expect(server!.isAlive()).toBe(true);
    // Every request got an HTTP answer: created, or 503 with Retry-After and a readable message.
    expect(outcomes.filter((o) => o.error)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== 201 && o.status !== 503)).toEqual([]);
    expect(duringOutage.length).toBeGreaterThan(0);
    for (const o of duringOutage) expect(o).toMatchObject({ status: 503, message: UNAVAILABLE, retryAfter: expect.stringMatching(/^\d+$/) });
    expect(resumed, "no write succeeded within 15 s of the database coming back").toBeDefined();

    // Nothing acknowledged is lost.
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.title);
    const stored = new Set((await cluster!.query<{ title: string }>("restart_test", "select title from press_releases")).map((r) => r.title));
    expect(acknowledged.filter((t) => !stored.has(t))).toEqual([]);
  }

  it("[fault] a fast shutdown of PostgreSQL under 10 concurrent writers: the server lives, answers 503, and resumes by itself", async () => {
    await outage("pg_ctl stop -m fast", () => cluster!.stop());
  });

  it("[fault] the postmaster killed with SIGKILL under 10 concurrent writers: the server lives, answers 503, and resumes by itself", async () => {
    await outage("kill -9 postmaster", () => cluster!.killPostmaster());
  });
});
