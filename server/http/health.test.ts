/**
 * /healthz and /readyz for load balancers: cheap, before sessions (no cookie), never cached, never logged;
 * readiness follows the database and a shutdown.
 */
// On both engines: readiness follows each engine's connection.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../tests/helpers/context";
import { createApp } from "../app";
import type { Services } from "../features";

describe("[health] probes", () => {
  let ctx: TestContext;
  const servers: Server[] = [];
  const logged: Array<{ req?: { url?: string } }> = [];

  /** The real app on the test database, with a logger that keeps its lines. */
  async function serve(opts: { services?: Services; isDraining?: () => boolean } = {}) {
    const sink = new Writable({
      write(chunk, _enc, cb) {
        logged.push(JSON.parse(String(chunk)));
        cb();
      },
    });
    const app = createApp({ services: opts.services ?? ctx.services, logger: pino({ level: "info" }, sink), isDraining: opts.isDraining });
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise<void>((r) => server.once("listening", () => r()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    for (const s of servers) await new Promise((r) => s.close(r));
    await ctx.close();
  });

  it("[health] GET /healthz answers 200, uncached, without a session cookie or a log line", async () => {
    const base = await serve();
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("set-cookie")).toBeNull();
    // Other requests are logged, probes are not.
    await fetch(`${base}/api/portfolio`);
    await new Promise((r) => setTimeout(r, 50));
    expect(logged.some((l) => l.req?.url === "/api/portfolio")).toBe(true);
    expect(logged.some((l) => l.req?.url === "/healthz")).toBe(false);
  });

  it("[health] GET /readyz answers 200 when the database answers", async () => {
    const base = await serve();
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready" });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(logged.some((l) => l.req?.url === "/readyz")).toBe(false);
  });

  it("[health] GET /readyz answers 503 with Retry-After when the database does not answer within a second; /healthz stays 200", async () => {
    const silent = { ...ctx.database, ping: () => new Promise<void>(() => {}) };
    const base = await serve({ services: { ...ctx.services, database: silent } });
    const started = Date.now();
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "database unavailable" });
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    // Liveness bound, generous: the probe gives up after 1 s instead of waiting for the database.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("[health] once a shutdown has begun /readyz answers 503 and /healthz 200", async () => {
    const base = await serve({ isDraining: () => true });
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "shutting down" });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
