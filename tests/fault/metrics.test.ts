/**
 * The metrics as start() serves them, on a PostgreSQL cluster of their own: METRICS_PORT's listener serves
 * /metrics and nothing else; while PostgreSQL is frozen a scrape still answers within seconds, without the database's
 * gauges, and has them again once it wakes; SIGTERM closes the metrics listener with the site; a taken METRICS_PORT
 * stops start-up with one line.
 */
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgCluster, pgClusterUnavailable, type PgCluster } from "../helpers/pg-cluster";
import { freePort, httpRequest, sleep, startServer, type ServerProcess } from "../helpers/fault-server";

const skip = pgClusterUnavailable();
const TOKEN = "fault-metrics-token-0123456789-abcdefghij";
const DB_GAUGES = ["meridian_mail_queue_messages", "meridian_mail_queue_oldest_waiting_seconds", "meridian_publication_scheduled_items"];

/** The names of the samples in a scrape (labels left out). */
const sampleNames = (text: string) => new Set(text.split("\n").flatMap((line) => (line && !line.startsWith("#") ? [line.split(/[{ ]/)[0]] : [])));

/** Resolves with the connection's error code, or "connected". */
const connect = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });

describe.skipIf(Boolean(skip))(`[fault] metrics${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let cluster: PgCluster | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    cluster = await createPgCluster(25461);
  });
  afterAll(async () => {
    cluster?.thaw();
    for (const s of servers) await s.destroy();
    await cluster?.destroy();
  });

  it("[metrics] the metrics listener serves only /metrics, answers while PostgreSQL is frozen (without its gauges), and closes on SIGTERM", async () => {
    const metricsPort = await freePort();
    const url = await cluster!.createDatabase("metrics_test");
    const server = await startServer({
      port: await freePort(),
      env: { DATABASE_URL: url, METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN, SHUTDOWN_TIMEOUT: "3" },
    });
    servers.push(server);
    const metricsUrl = `http://127.0.0.1:${metricsPort}`;
    expect(server.logLines().some((l) => l.msg === `Metrics on ${metricsUrl}/metrics`)).toBe(true);

    const healthy = await httpRequest(metricsUrl, { path: "/metrics" });
    expect(healthy.status).toBe(200);
    expect(healthy.headers["cache-control"]).toBe("no-store");
    for (const name of [...DB_GAUGES, "meridian_page_cache_entries", "meridian_http_requests_in_flight"]) expect(sampleNames(healthy.body)).toContain(name);
    for (const path of ["/", "/healthz", "/api/portfolio"]) expect((await httpRequest(metricsUrl, { path })).status).toBe(404);
    // The main port: only with the token; otherwise as any address it does not know (this API-only server has no
    // pages, so that is not a 404 here).
    const unknown = await httpRequest(server.baseUrl, { path: "/metricz" });
    expect((await httpRequest(server.baseUrl, { path: "/metrics" })).status).toBe(unknown.status);
    expect((await httpRequest(server.baseUrl, { path: "/metrics", headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);

    cluster!.freeze();
    try {
      for (let i = 0; i < 3; i++) {
        const frozen = await httpRequest(metricsUrl, { path: "/metrics", timeoutMs: 15_000 });
        expect(frozen.status).toBe(200);
        expect(frozen.ms).toBeLessThan(2_500);
        const names = sampleNames(frozen.body);
        for (const name of DB_GAUGES) expect(names.has(name), name).toBe(false);
        expect(names).toContain("meridian_process_resident_memory_bytes");
        expect(names).toContain("meridian_db_pool_connections_in_use");
      }
    } finally {
      cluster!.thaw();
    }
    // Back by itself once the database answers again.
    const until = Date.now() + 15_000;
    let names = new Set<string>();
    while (Date.now() < until) {
      names = sampleNames((await httpRequest(metricsUrl, { path: "/metrics", timeoutMs: 15_000 })).body);
      if (DB_GAUGES.every((n) => names.has(n))) break;
      await sleep(200);
    }
    for (const name of DB_GAUGES) expect(names).toContain(name);

    // A request still being received keeps the site draining after SIGTERM; the metrics listener closes at once.
    const slow = http.request(`${server.baseUrl}/api/contact`, {
      method: "POST",
      agent: false,
      headers: { "Content-Type": "application/json", "Content-Length": "1000" },
    });
    slow.on("error", () => {});
    slow.on("response", (res) => res.resume());
    slow.write("{");
    slow.flushHeaders();
    await sleep(200);
    server.child.kill("SIGTERM");
    const closedBy = Date.now() + 2_000;
    let metricsAnswer = await connect(metricsPort);
    while (metricsAnswer === "connected" && Date.now() < closedBy) {
      await sleep(50);
      metricsAnswer = await connect(metricsPort);
    }
    expect(metricsAnswer).toBe("ECONNREFUSED");
    expect(server.isAlive()).toBe(true);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(await connect(server.port)).toBe("ECONNREFUSED");
  });

  it("[metrics] a METRICS_PORT in use stops start-up with one line and exit code 1", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const url = await cluster!.createDatabase("metrics_port_taken");
      const server = await startServer({ port: await freePort(), env: { DATABASE_URL: url, METRICS_PORT: String(taken) }, waitForHttp: false });
      servers.push(server);
      const exit = await server.exited;
      expect(exit.code).toBe(1);
      expect(server.stderr().trim().split("\n").at(-1)).toBe(`Cannot listen on 127.0.0.1:${taken}: the port is already in use (METRICS_PORT)`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
