/**
 * Two app instances on one PostgreSQL database, each with its own page cache: a write through one drops the
 * page on the other within a second (the database announces the change), and an instance that cannot hear
 * the announcements stops serving stored pages until it can again. PostgreSQL only (TEST_DATABASE_URL).
 */
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { LISTENER_NAME } from "../../server/db/notifications";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { closeVite, servePages } from "../helpers/pages-server";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let ctx: TestContext;
let second: Database;
let a: Awaited<ReturnType<typeof servePages>>;
let b: Awaited<ReturnType<typeof servePages>>;
let adminOnA: Client;
let visitorOnB: Client;

const BROWSER = { "Accept-Encoding": "br, gzip" };

beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestContext({ seed: true });
  second = await openDatabase({ databaseUrl: ctx.services.config.databaseUrl, dataDir: ctx.services.config.dataDir });
  a = await servePages(ctx.database, ctx.services.config, { pageCache: true });
  b = await servePages(second, ctx.services.config, { pageCache: true });
  adminOnA = (await signedInClient({ ...ctx, baseUrl: a.baseUrl }, "admin")).client;
  visitorOnB = new Client(b.baseUrl);
  await visitorOnB.get("/", BROWSER);
});

afterAll(async () => {
  if (!onPostgres) return;
  await a?.close();
  await b?.close();
  await closeVite();
  await second?.close();
  await ctx?.close();
});

/** Asks `url` on B until `check` holds; returns how long it took, or fails after `ms`. */
async function untilOnB(url: string, check: (res: Awaited<ReturnType<Client["get"]>>) => boolean, ms: number) {
  const started = Date.now();
  for (;;) {
    const res = await visitorOnB.get(url, BROWSER);
    if (check(res)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${url} on B: not as expected after ${ms} ms (x-cache ${res.headers.get("x-cache")})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!onPostgres)("[page cache] several instances", () => {
  it("a press release edited through A shows on B's stored page within a second", async () => {
    const [release] = (await visitorOnB.get("/api/press-releases")).json as { id: number }[];
    const url = `/press-releases/${release.id}`;
    await visitorOnB.get(url, BROWSER);
    expect((await visitorOnB.get(url, BROWSER)).headers.get("x-cache")).toBe("HIT");
    const current = (await adminOnA.get(`/api/press-releases/${release.id}`)).json;
    expect((await adminOnA.put(`/api/press-releases/${release.id}`, { ...current, title: "Seen on the other instance" })).status).toBe(200);
    await untilOnB(url, (res) => res.text.includes("Seen on the other instance"), 1_000);
  });

  it("the brand changed through A: every page B had stored is rebuilt within a second", async () => {
    for (const url of ["/", "/press-releases", "/privacy"]) {
      await visitorOnB.get(url, BROWSER);
      expect((await visitorOnB.get(url, BROWSER)).headers.get("x-cache")).toBe("HIT");
    }
    const brand = (await adminOnA.get("/api/admin/settings/brand")).json;
    expect((await adminOnA.put("/api/admin/settings/brand", { ...brand, name: "Other Instance Capital" })).status).toBe(200);
    for (const url of ["/", "/press-releases", "/privacy"]) await untilOnB(url, (res) => res.text.includes("Other Instance Capital"), 1_000);
    await adminOnA.put("/api/admin/settings/brand", brand);
  });

  it("when B loses its listening connection it stops serving stored pages, and starts again once it is back", async () => {
    await visitorOnB.get("/terms", BROWSER);
    expect((await visitorOnB.get("/terms", BROWSER)).headers.get("x-cache")).toBe("HIT");
    // A real fault: the database ends B's listening session (as a restart or a network cut would).
    const killed = await ctx.database.pool!.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1",
      [LISTENER_NAME],
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    // Both instances listen; both stop, then come back by themselves.
    await untilOnB("/terms", (res) => res.headers.get("x-cache") === null, 2_000);
    const missed = "Written while B could not hear";
    const body = `## Terms\n\n${missed}: B must show it even though it heard nothing.`;
    expect((await adminOnA.put("/api/admin/settings/legal/terms", { body })).status).toBe(200);
    expect((await visitorOnB.get("/terms", BROWSER)).text).toContain(missed);
    await untilOnB("/terms", (res) => res.headers.get("x-cache") === "HIT", 10_000);
    expect((await visitorOnB.get("/terms", BROWSER)).text).toContain(missed);
  });
});

/**
 * A TCP link to PostgreSQL whose answers arrive `delayMs` late, in order. `freeze()` stops the connections open now
 * from passing anything either way, as a network that silently drops packets would (new connections pass).
 */
async function slowLink(port: number, delayMs: number) {
  const sockets = new Set<net.Socket>();
  const frozen = new WeakSet<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: "127.0.0.1", port });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => (client.destroy(), upstream.destroy()));
    }
    client.on("data", (chunk) => {
      if (!frozen.has(client)) upstream.write(chunk);
    });
    upstream.on("data", (chunk) =>
      setTimeout(() => {
        if (!frozen.has(client)) client.write(chunk);
      }, delayMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => sockets.forEach((s) => frozen.add(s)),
    close: () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}

/** An app instance on the test database whose page cache listens through `link`. */
async function listeningThrough(link: { port: number }) {
  const options = ctx.database.pool!.options as { connectionString: string };
  const slow = Object.assign(new URL(options.connectionString), { hostname: "127.0.0.1", port: String(link.port) });
  const listenTo = { kind: "postgres", pool: { options: { ...options, connectionString: slow.href } } } as unknown as Database;
  return servePages(ctx.database, ctx.services.config, { pageCache: true, listenTo });
}

/** Asks `url` on `visitor` until `check` holds, or fails after `ms`. */
async function until(visitor: Client, url: string, check: (res: Awaited<ReturnType<Client["get"]>>) => boolean, ms: number, what: string) {
  const started = Date.now();
  for (;;) {
    const res = await visitor.get(url, BROWSER);
    if (check(res)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`${url}: ${what} not seen within ${ms} ms (x-cache ${res.headers.get("x-cache")})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const databasePort = () => Number(new URL((ctx.database.pool!.options as { connectionString: string }).connectionString).port || 5432);

describe.skipIf(!onPostgres)("[page cache] an instance that hears its own changes late", () => {
  it("a page rendered just after a write's answer stays stored: the answer waited until the instance heard the change", async () => {
    const link = await slowLink(databasePort(), 500);
    const c = await listeningThrough(link);
    try {
      const admin = (await signedInClient({ ...ctx, baseUrl: c.baseUrl }, "admin")).client;
      const visitor = new Client(c.baseUrl);
      // Listening through the slow link takes a few of its round trips; until then nothing is stored.
      await until(visitor, "/press-releases", (res) => res.headers.get("x-cache") !== null, 15_000, "the cache listening");
      const [release] = (await visitor.get("/api/press-releases")).json as { id: number; featured: boolean }[];
      for (const featured of [!release.featured, release.featured]) {
        expect((await admin.patch(`/api/press-releases/${release.id}`, { featured })).status).toBe(200);
        expect((await visitor.get("/press-releases", BROWSER)).headers.get("x-cache")).toBe("MISS");
        // Longer than the link's delay: a change heard only now would drop the page just stored.
        await new Promise((r) => setTimeout(r, 900));
        expect((await visitor.get("/press-releases", BROWSER)).headers.get("x-cache")).toBe("HIT");
      }
    } finally {
      await c.close();
      await link.close();
    }
  });

  it("[fault] the listening connection freezes: a write still answers within about a second, the cache turns off, and comes back by itself", async () => {
    const link = await slowLink(databasePort(), 0);
    const c = await listeningThrough(link);
    try {
      const admin = (await signedInClient({ ...ctx, baseUrl: c.baseUrl }, "admin")).client;
      const visitor = new Client(c.baseUrl);
      await until(visitor, "/press-releases", (res) => res.headers.get("x-cache") === "HIT", 15_000, "a stored page");
      link.freeze();
      const [release] = (await visitor.get("/api/press-releases")).json as { id: number }[];
      const current = (await admin.get(`/api/press-releases/${release.id}`)).json;
      const started = Date.now();
      const saved = await admin.put(`/api/press-releases/${release.id}`, { ...current, title: "Written while the listener was frozen" });
      const took = Date.now() - started;
      console.log(`[listener frozen] the write answered ${saved.status} in ${took} ms`);
      expect(saved.status).toBe(200);
      // The wait for its own announcement gives up after a second; nothing else waits on the frozen connection.
      expect(took).toBeLessThan(2_500);
      // This instance dropped its own pages at once, whatever it hears.
      expect((await visitor.get("/press-releases", BROWSER)).text).toContain("Written while the listener was frozen");
      // The heartbeat finds the connection dead: nothing is served from the store until a new one listens...
      await until(visitor, "/press-releases", (res) => res.headers.get("x-cache") === null, 12_000, "the cache off");
      // ...which the instance opens by itself (new connections pass the link); then pages are stored again.
      await until(visitor, "/press-releases", (res) => res.headers.get("x-cache") === "HIT", 20_000, "the cache back");
      expect((await visitor.get("/press-releases", BROWSER)).text).toContain("Written while the listener was frozen");
    } finally {
      await c.close();
      await link.close();
    }
  });
});
