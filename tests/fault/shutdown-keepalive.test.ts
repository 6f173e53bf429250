/**
 * SIGTERM under many writers on keep-alive connections (fetch, which keeps its sockets open): no connection is
 * reset or closed under a client that is sending on it. From the signal on, readiness answers 503 and every
 * answer says `Connection: close`, so a client stops using that connection; a connection is closed by the
 * server only after it said so, or after it stayed unused until the drain deadline.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgCluster, pgClusterUnavailable, type PgCluster } from "../helpers/pg-cluster";
import { freePort, pressBody, sleep, startServer, type ServerProcess } from "../helpers/fault-server";
import { IDLE_DRAIN_MS } from "../../server/lifecycle";

const skip = pgClusterUnavailable();

/** Several shutdowns in one test: the race it guards against shows in some runs, not in every one. */
const RUNS = Number(process.env.SHUTDOWN_RUNS ?? 3);
const WRITERS = 48;
const LOAD_BEFORE_SIGNAL_MS = 1_500;

type Write = { title: string; startedAt: number; status?: number; connection?: string | null; error?: string };

/** The code of a failed fetch: ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET ('other side closed'), ... */
function errorCode(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message ?? String(err);
}

/** One GET on a keep-alive agent with a single socket; says whether that socket was reused. */
function getOn(agent: http.Agent, url: string) {
  return new Promise<{ status: number; connection?: string; reused: boolean }>((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reused: req.reusedSocket }));
    });
    req.on("error", reject);
  });
}

describe.skipIf(Boolean(skip))(`[fault] shutdown with keep-alive clients${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let cluster: PgCluster | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    cluster = await createPgCluster(25441);
  });
  afterAll(async () => {
    for (const s of servers) await s.destroy();
    await cluster?.destroy();
  });

  async function oneShutdown(run: number) {
    const database = `keepalive_shutdown_${run}`;
    const server = await startServer({ port: await freePort(), env: { DATABASE_URL: await cluster!.createDatabase(database), SHUTDOWN_TIMEOUT: "10" } });
    servers.push(server);
    // The first sign-in sets up the admin's authenticator app; the second types its code, so the session is
    // proved with the second factor that admin writes need.
    await server.adminCookie();
    const cookie = await server.adminCookie();

    // A balancer's probe on a connection of its own, idle when the signal comes.
    const probe = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const readyBefore = await getOn(probe, `${server.baseUrl}/readyz`);

    const writes: Write[] = [];
    let toldAt: number | undefined;
    // Writers whose connection has carried an answer: each is a keep-alive connection the server has accepted.
    let connected = 0;
    const writer = async () => {
      let first = true;
      for (;;) {
        const body = pressBody(`run${run}`);
        const write: Write = { title: body.title, startedAt: performance.now() };
        writes.push(write);
        try {
          const res = await fetch(`${server.baseUrl}/api/press-releases`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Cookie: cookie },
            body: JSON.stringify(body),
          });
          await res.arrayBuffer();
          if (first) connected++;
          first = false;
          write.status = res.status;
          write.connection = res.headers.get("connection");
          if (write.connection === "close") {
            toldAt ??= performance.now();
            // Told the server is going away, a client sends its next request elsewhere (the other instance). A new
            // connection opened here instead races the closing listener: one the kernel queued but Node never
            // accepted is reset, its request unread (the limit decision 053 names); that is not what this test is about.
            return;
          }
        } catch (err) {
          write.error = errorCode(err);
          // Refused: the listener is closed, as it should be after the signal; nothing was sent.
          if (write.error === "ECONNREFUSED") return;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    // The signal comes once every writer holds a keep-alive connection the server accepted and answered on, and the
    // load has run a while: on a loaded machine a writer's first connection can wait in the kernel's queue for
    // seconds, and one still queued when the listener closes is reset unread (the limit decision 053 names), which is
    // not what this test is about.
    const loadFrom = performance.now();
    while (connected < WRITERS && performance.now() - loadFrom < 60_000) await sleep(20);
    expect(connected, "every writer got a first answer before the signal").toBe(WRITERS);
    const rest = LOAD_BEFORE_SIGNAL_MS - (performance.now() - loadFrom);
    if (rest > 0) await sleep(rest);

    const signalAt = performance.now();
    server.child.kill("SIGTERM");
    // The signal has arrived once an answer says Connection: close (no answer before the signal does).
    while (toldAt === undefined && performance.now() - signalAt < 5_000) await sleep(5);
    const readyAfter = await getOn(probe, `${server.baseUrl}/readyz`).catch((err: NodeJS.ErrnoException) => ({ error: err.code ?? err.message }));

    const exit = await Promise.race([server.exited, sleep(30_000).then(() => "still running after 30 s")]);
    const exitMs = Math.round(performance.now() - signalAt);
    await Promise.all(writers);
    probe.destroy();

    const stored = new Set((await cluster!.query<{ title: string }>(database, "select title from press_releases")).map((r) => r.title));
    const counts: Record<string, number> = {};
    for (const w of writes) counts[String(w.status ?? w.error)] = (counts[String(w.status ?? w.error)] ?? 0) + 1;
    const result = {
      run,
      counts,
      exit,
      exitMs,
      readyBefore,
      readyAfter,
      toldAt,
      socketErrors: writes.filter((w) => w.error && w.error !== "ECONNREFUSED"),
      otherStatuses: writes.filter((w) => w.status !== undefined && w.status !== 201),
      lost: writes.filter((w) => w.status === 201 && !stored.has(w.title)).map((w) => w.title),
      // Asked after the first answer that said Connection: close, so certainly after the signal arrived.
      keptAliveAfterSignal: writes.filter((w) => toldAt !== undefined && w.startedAt > toldAt && w.status !== undefined && w.connection !== "close"),
      stopped: server.logLines().some((l) => l.msg === "stopped"),
    };
    console.log(
      `[shutdown] run ${run}: ${JSON.stringify(counts)}; exit ${JSON.stringify(exit)} after ${exitMs} ms; readiness after the signal ${JSON.stringify(readyAfter)}`,
    );
    return result;
  }

  it(
    `[shutdown] SIGTERM under ${WRITERS} keep-alive writers, ${RUNS} times: no connection reset, readiness 503 at once, every later answer says Connection: close, nothing acknowledged is lost, exit 0`,
    async () => {
      const results = [];
      for (let run = 1; run <= RUNS; run++) results.push(await oneShutdown(run));
      const resets = results.reduce((n, r) => n + r.socketErrors.length, 0);
      console.log(`[shutdown] ${resets} connection errors other than a refused connection in ${RUNS} runs`);

      for (const r of results) {
        expect(r.socketErrors, `run ${r.run}: a connection was reset or closed under a request`).toEqual([]);
        expect(r.otherStatuses, `run ${r.run}`).toEqual([]);
        expect(r.counts["201"], `run ${r.run}`).toBeGreaterThan(0);
        expect(r.lost, `run ${r.run}: answered 201 but not stored`).toEqual([]);
        expect(r.toldAt, `run ${r.run}: no answer said Connection: close`).toBeDefined();
        expect(r.keptAliveAfterSignal, `run ${r.run}: answers after the signal without Connection: close`).toEqual([]);
        expect(r.readyBefore, `run ${r.run}`).toMatchObject({ status: 200 });
        // The probe's idle connection was kept open and answered: not ready, and the connection closes.
        expect(r.readyAfter, `run ${r.run}`).toEqual({ status: 503, connection: "close", reused: true });
        expect(r.exit, `run ${r.run}`).toEqual({ code: 0, signal: null });
        expect(r.stopped, `run ${r.run}`).toBe(true);
      }
    },
    120_000 * RUNS,
  );

  it("[shutdown] a keep-alive connection unused since the signal stays open for the drain grace, is then closed without a reset, and the process exits by itself", async () => {
    const server = await startServer({ port: await freePort(), env: { DATABASE_URL: await cluster!.createDatabase("idle_shutdown"), SHUTDOWN_TIMEOUT: "10" } });
    servers.push(server);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets: import("node:net").Socket[] = [];
    agent.on("free", (socket) => sockets.push(socket));
    expect((await getOn(agent, `${server.baseUrl}/readyz`)).status).toBe(200);
    const socket = sockets[0];
    let closedAt: number | undefined;
    let socketError: string | undefined;
    socket.on("error", (err: NodeJS.ErrnoException) => (socketError = err.code ?? err.message));
    socket.on("close", () => (closedAt = performance.now()));

    const signalAt = performance.now();
    server.child.kill("SIGTERM");
    const exit = await Promise.race([server.exited, sleep(30_000).then(() => "still running after 30 s")]);
    const exitMs = performance.now() - signalAt;
    agent.destroy();

    expect(exit).toEqual({ code: 0, signal: null });
    expect(socketError).toBeUndefined();
    expect(closedAt).toBeDefined();
    // Kept for the grace (a client could have been sending on it), closed well before SHUTDOWN_TIMEOUT.
    expect(closedAt! - signalAt).toBeGreaterThanOrEqual(IDLE_DRAIN_MS - 100);
    expect(exitMs).toBeLessThan(9_000);
  }, 60_000);
});
