/**
 * PostgreSQL frozen (SIGSTOP: connections stay open, nothing answers): API calls and pages must get 503 with
 * Retry-After within seconds instead of hanging, the probes must tell a load balancer, and the site must serve
 * again by itself once the database wakes up. Runs the server under Vite so pages are real React Router pages.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgCluster, pgClusterUnavailable, type PgCluster } from "../helpers/pg-cluster";
import { freePort, httpRequest, pressBody, sleep, startServer, type HttpResult, type ServerProcess } from "../helpers/fault-server";

const UNAVAILABLE = "The service is temporarily unavailable. Please try again shortly.";
const skip = pgClusterUnavailable();
// Generous: the time limits answer within 5 s; without them a request waits as long as the database is frozen.
const WITHIN_MS = 8_000;

describe.skipIf(Boolean(skip))(`[fault] the database is frozen${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let cluster: PgCluster | undefined;
  let server: ServerProcess | undefined;
  let cookie = "";

  beforeAll(async () => {
    cluster = await createPgCluster(25411);
    const url = await cluster.createDatabase("freeze_test");
    server = await startServer({ port: await freePort(), env: { DATABASE_URL: url }, mode: "pages" });
    cookie = await server.adminCookie();
    // Let Vite compile the pages before the database stops answering. On a loaded machine the first compile can take
    // longer than the request deadline, whose 503 is then the right answer: ask again until the page is ready.
    for (const path of ["/", "/press-releases"]) {
      const until = Date.now() + 90_000;
      let res = await httpRequest(server.baseUrl, { path, timeoutMs: 60_000 });
      while (res.status === 503 && Date.now() < until) {
        await sleep(1_000);
        res = await httpRequest(server.baseUrl, { path, timeoutMs: 60_000 });
      }
      expect(res.status).toBe(200);
    }
  });

  afterAll(async () => {
    cluster?.thaw();
    await server?.destroy();
    await cluster?.destroy();
  });

  const get = (path: string, headers: Record<string, string> = {}) => httpRequest(server!.baseUrl, { path, headers, timeoutMs: 15_000 });

  function expectUnavailableJson(res: HttpResult) {
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toMatch(/^\d+$/);
    expect(res.json).toEqual({ message: UNAVAILABLE, code: "SERVICE_UNAVAILABLE" });
    expect(res.ms).toBeLessThan(WITHIN_MS);
  }

  function expectUnavailablePage(res: HttpResult) {
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toMatch(/^\d+$/);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("Service Temporarily Unavailable");
    expect(res.body).toContain(UNAVAILABLE);
    expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
    expect(res.ms).toBeLessThan(WITHIN_MS);
  }

  it("[fault] while PostgreSQL is frozen: API and pages answer 503 with Retry-After within seconds, /readyz 503, /healthz 200; all serve again after it wakes", async () => {
    expect((await get("/readyz")).status).toBe(200);
    cluster!.freeze();
    try {
      const agent = new http.Agent({ keepAlive: true });
      // More requests at once than the pool has connections.
      const [write, ...reads] = await Promise.all([
        httpRequest(server!.baseUrl, {
          method: "POST",
          path: "/api/press-releases",
          body: pressBody("freeze"),
          headers: { Cookie: cookie },
          timeoutMs: 15_000,
        }),
        ...Array.from({ length: 14 }, () => httpRequest(server!.baseUrl, { path: "/api/press-releases", agent, timeoutMs: 15_000 })),
      ]);
      agent.destroy();
      console.log(`[freeze] write answered ${write.status} in ${write.ms} ms; reads ${reads.map((r) => `${r.status}/${r.ms}ms`).join(" ")}`);
      expectUnavailableJson(write);
      for (const r of reads) expectUnavailableJson(r);

      // A visitor: the root loader cannot read the settings.
      const page = await get("/press-releases", { Accept: "text/html" });
      console.log(`[freeze] anonymous page answered ${page.status} in ${page.ms} ms`);
      expectUnavailablePage(page);
      // A signed-in visitor: the session cannot be read.
      const signedIn = await get("/", { Accept: "text/html", Cookie: cookie });
      console.log(`[freeze] signed-in page answered ${signedIn.status} in ${signedIn.ms} ms`);
      expectUnavailablePage(signedIn);

      const ready = await get("/readyz");
      console.log(`[freeze] /readyz answered ${ready.status} in ${ready.ms} ms`);
      expect(ready.status).toBe(503);
      expect(ready.headers["cache-control"]).toBe("no-store");
      const live = await get("/healthz");
      expect(live.status).toBe(200);
    } finally {
      cluster!.thaw();
    }

    const woke = Date.now();
    let served: HttpResult | undefined;
    while (Date.now() - woke < 15_000) {
      served = await get("/api/press-releases").catch(() => undefined);
      if (served?.status === 200) break;
      await sleep(100);
    }
    console.log(`[freeze] API served again ${Date.now() - woke} ms after the database woke`);
    expect(served?.status).toBe(200);
    expect((await get("/press-releases", { Accept: "text/html" })).status).toBe(200);
    expect((await get("/readyz")).status).toBe(200);
    const created = await httpRequest(server!.baseUrl, {
      method: "POST",
      path: "/api/press-releases",
      body: pressBody("after freeze"),
      headers: { Cookie: cookie },
    });
    expect(created.status).toBe(201);
    expect(server!.isAlive()).toBe(true);
  });
});
