/**
 * Prometheus metrics (GET /metrics): never public (the main port answers only with the bearer token, like an unknown
 * address otherwise; METRICS_PORT's listener serves nothing else), Prometheus names and types, one count per request
 * under its route template, no e-mail, id or query string in any label, the e-mail queue and publication gauges, and
 * a scrape that still answers quickly, without the database's gauges, when the database cannot be reached.
 */
// On both engines: the database's gauges (its connections) differ by engine.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { emailMessages, pressReleases } from "../../server/db/schema";
import { loadConfig } from "../../server/env";
import { metricsListener } from "../../server/http/metrics";
import { createLogger } from "../../server/lib/logger";
import { metricsOfApp } from "../../server/metrics";
import { createServices } from "../../server/features";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { pressBody } from "../helpers/factories";
import { BROWSER, cachedPage, closeVite, servePages } from "../helpers/pages-server";

const TOKEN = "test-metrics-token-0123456789-abcdefghij";
/** Prometheus' own checker, where it is installed (Debian's `prometheus` package). */
const PROMTOOL = ["/usr/bin/promtool", "/usr/local/bin/promtool"].find((p) => existsSync(p));
const AUTH = { Authorization: `Bearer ${TOKEN}` };

type Sample = { name: string; labels: Record<string, string>; value: number };
type Scrape = { types: Map<string, string>; samples: Sample[] };

/** Reads the Prometheus text format: `# TYPE` lines and samples with their labels (escapes undone). */
function parse(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1], type[2]);
      continue;
    }
    if (line.startsWith("#")) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (sample[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name] = value.replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1");
    }
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

/** The sample of `name` whose labels are exactly `labels`, or undefined. */
function sample(scrape: Scrape, name: string, labels: Record<string, string> = {}): Sample | undefined {
  const want = Object.entries(labels);
  return scrape.samples.find((s) => s.name === name && Object.keys(s.labels).length === want.length && want.every(([k, v]) => s.labels[k] === v));
}
const value = (scrape: Scrape, name: string, labels: Record<string, string> = {}) => sample(scrape, name, labels)?.value ?? 0;

async function scrape(baseUrl: string): Promise<Scrape> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: AUTH });
  expect(res.status).toBe(200);
  return parse(await res.text());
}

const requests = (route: string, status_class: string, method = "GET") => ({ method, route, status_class });
const COUNT = "meridian_http_request_duration_seconds_count";

/** Scrapes until `name{labels}` has moved from `before` (the finished request is counted as its connection closes). */
async function countAfter(baseUrl: string, labels: Record<string, string>, before: number) {
  const until = Date.now() + 3_000;
  for (;;) {
    const now = value(await scrape(baseUrl), COUNT, labels);
    if (now !== before || Date.now() > until) return now;
    await new Promise((r) => setTimeout(r, 50));
  }
}

let ctx: TestContext;
let admin: Client;
let visitor: Client;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { METRICS_TOKEN: TOKEN },
    // Long waits, so the sixth wrong password in a row meets the account's wait however slow the machine is.
    services: { throttleTimes: { firstDelayMs: 600_000, maxDelayMs: 600_000 } },
  });
  admin = (await signedInClient(ctx, "admin")).client;
  visitor = new Client(ctx.baseUrl);
});

afterAll(async () => {
  await ctx?.close();
});

describe("[metrics] access", () => {
  it("[metrics] the main port answers /metrics only to the bearer token; otherwise exactly as an address it does not know", async () => {
    const unknown = await fetch(`${ctx.baseUrl}/metricz`);
    const unknownBody = (await unknown.text()).replaceAll("/metricz", "/PATH");
    const wrong: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { Authorization: `Bearer ${TOKEN.toUpperCase()}` },
      { Authorization: TOKEN },
      { Authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}` },
      { Authorization: "Bearer" },
    ];
    for (const headers of wrong) {
      const res = await fetch(`${ctx.baseUrl}/metrics`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(404);
      expect(res.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
      expect(res.headers.get("www-authenticate")).toBeNull();
      expect((await res.text()).replaceAll("/metrics", "/PATH")).toBe(unknownBody);
    }
    // Only GET and HEAD of exactly /metrics.
    expect((await fetch(`${ctx.baseUrl}/metrics`, { method: "POST", headers: AUTH })).status).toBe(404);
    expect((await fetch(`${ctx.baseUrl}/metrics/`, { headers: AUTH })).status).toBe(404);
    expect((await fetch(`${ctx.baseUrl}/METRICS`, { headers: AUTH })).status).toBe(404);

    for (const authorization of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`]) {
      const res = await fetch(`${ctx.baseUrl}/metrics`, { headers: { Authorization: authorization } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(await res.text()).toContain("# TYPE meridian_http_requests_in_flight gauge");
    }
  });

  it("[metrics] METRICS_PORT's listener serves /metrics and nothing else", async () => {
    // A second app on the same services: its own registry (no clash with the first app's in this process).
    const app = createApp({ services: ctx.services, logger: createLogger({ level: "silent", pretty: false }) });
    const metrics = metricsOfApp(app);
    expect(metrics).toBeDefined();
    const server = http.createServer(metricsListener(metrics!.registry));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const url of ["/metrics", "/metrics?name[]=x"]) {
        const res = await fetch(base + url);
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(parse(await res.text()).types.get("meridian_http_request_duration_seconds")).toBe("histogram");
      }
      for (const url of ["/", "/healthz", "/readyz", "/api/portfolio", "/metrics/", "/metricsx", "/press-releases"]) {
        const res = await fetch(base + url);
        expect(res.status, url).toBe(404);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(await res.text()).toBe("Not Found\n");
      }
      const post = await fetch(`${base}/metrics`, { method: "POST" });
      expect(post.status).toBe(405);
      expect(post.headers.get("allow")).toBe("GET, HEAD");
      // The same registry's HTTP metrics count the main port's requests only: the listener's own are not in them.
      const res = parse(await (await fetch(`${base}/metrics`)).text());
      expect(res.samples.filter((s) => s.name === COUNT)).toEqual([]);
    } finally {
      metrics!.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("[metrics] names, types and labels", () => {
  it("[metrics] every family is meridian_-prefixed, counters end in _total, and the expected families are there with their types", async () => {
    const { types, samples } = await scrape(ctx.baseUrl);
    const expected: Record<string, string> = {
      meridian_http_request_duration_seconds: "histogram",
      meridian_http_requests_in_flight: "gauge",
      meridian_db_query_duration_seconds: "histogram",
      meridian_db_pool_connections_max: "gauge",
      meridian_db_pool_connections_in_use: "gauge",
      meridian_db_pool_connections_idle: "gauge",
      meridian_db_pool_waiting_queries: "gauge",
      meridian_mail_queue_messages: "gauge",
      meridian_mail_queue_oldest_waiting_seconds: "gauge",
      meridian_publication_scheduled_items: "gauge",
      meridian_publication_oldest_overdue_seconds: "gauge",
      meridian_publication_lag_seconds: "histogram",
      meridian_html_workers_threads: "gauge",
      meridian_html_workers_busy_threads: "gauge",
      meridian_html_workers_queued_tasks: "gauge",
      meridian_html_workers_refused_tasks_total: "counter",
      meridian_sign_in_attempts_total: "counter",
      meridian_process_resident_memory_bytes: "gauge",
      meridian_process_cpu_seconds_total: "counter",
      meridian_nodejs_eventloop_lag_seconds: "gauge",
      meridian_nodejs_heap_size_used_bytes: "gauge",
      meridian_nodejs_gc_duration_seconds: "histogram",
    };
    for (const [name, type] of Object.entries(expected)) expect(types.get(name), name).toBe(type);
    // Prometheus' naming rules (those `promtool check metrics` applies): `_total` on every counter and on nothing else.
    for (const [name, type] of types) {
      expect(name.startsWith("meridian_"), name).toBe(true);
      expect(name.endsWith("_total"), `${name} (${type})`).toBe(type === "counter");
    }
    // Every sample belongs to a declared family (a histogram's _bucket, _sum and _count included).
    const families = [...types.keys()];
    for (const s of samples)
      expect(
        families.some((f) => s.name === f || s.name.startsWith(`${f}_`)),
        s.name,
      ).toBe(true);
    // No page cache in this app: its metrics are absent, not zero.
    expect(types.has("meridian_page_cache_hits_total")).toBe(false);
    // The database's connections: PGlite's one, or the PostgreSQL pool of 10.
    expect(value({ types, samples }, "meridian_db_pool_connections_max")).toBe(ctx.kind === "pglite" ? 1 : 10);
    expect(value({ types, samples }, "meridian_db_query_duration_seconds_count")).toBeGreaterThan(0);
    expect(value({ types, samples }, "meridian_http_requests_in_flight")).toBeGreaterThanOrEqual(1);
  });

  it.skipIf(!PROMTOOL)("[metrics] the exposition passes `promtool check metrics`", async () => {
    const res = await fetch(`${ctx.baseUrl}/metrics`, { headers: AUTH });
    const text = await res.text();
    const check = spawnSync(PROMTOOL!, ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(`${check.stdout}${check.stderr}`.trim()).toBe("");
    expect(check.status).toBe(0);
  });

  it("[metrics] one request moves its route template's count by exactly one", async () => {
    const created = await admin.post("/api/press-releases", pressBody({ title: "Metrics count release" }));
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as number;

    const ok = requests("/api/press-releases/:id", "2xx");
    const before = value(await scrape(ctx.baseUrl), COUNT, ok);
    expect((await visitor.get(`/api/press-releases/${id}?utm_source=newsletter`)).status).toBe(200);
    expect(await countAfter(ctx.baseUrl, ok, before)).toBe(before + 1);

    const missing = requests("/api/press-releases/:id", "4xx");
    const beforeMissing = value(await scrape(ctx.baseUrl), COUNT, missing);
    expect((await visitor.get("/api/press-releases/987654321")).status).toBe(404);
    expect(await countAfter(ctx.baseUrl, missing, beforeMissing)).toBe(beforeMissing + 1);

    const health = requests("/healthz", "2xx");
    const beforeHealth = value(await scrape(ctx.baseUrl), COUNT, health);
    expect((await fetch(`${ctx.baseUrl}/healthz`)).status).toBe(200);
    expect(await countAfter(ctx.baseUrl, health, beforeHealth)).toBe(beforeHealth + 1);
  });

  it("[metrics] no label value holds an e-mail address, an id or a query string", async () => {
    const created = await admin.post("/api/press-releases", pressBody({ title: "Metrics label release" }));
    const id = String(created.json.id);
    visitor.checkContract = false;
    try {
      await visitor.get(`/api/press-releases/${id}?email=someone%40example.com&token=s3cr3t-value`);
      await visitor.get("/api/press-releases/someone@example.com");
      await visitor.get("/api/users/someone@example.com/4815162342");
      await visitor.get("/no-such-page/4815162342?email=someone@example.com");
      await visitor.post("/api/login", { email: "someone@example.com", password: "not-the-password" });
      await admin.get(`/api/admin/users/${id}`);
      await admin.get(`/api/admin/press-releases/${id}`);
    } finally {
      visitor.checkContract = true;
    }
    const { samples } = await scrape(ctx.baseUrl);
    const routes = new Set(samples.filter((s) => s.name === COUNT).map((s) => s.labels.route));
    expect([...routes]).toEqual(
      expect.arrayContaining(["/api/press-releases/:id", "/api/login", "/api/admin/users/:id", "/api/admin/press-releases/:id", "unmatched"]),
    );
    for (const s of samples) {
      for (const [label, v] of Object.entries(s.labels)) {
        const where = `${s.name}{${label}="${v}"}`;
        expect(v, where).not.toMatch(/@|%40|\?|=|example|s3cr3t|4815162342/);
      }
      if (s.labels.route) expect(s.labels.route.split("/"), s.labels.route).not.toContain(id);
    }
    for (const route of routes) expect(route === "unmatched" || route === "static" || /^\/[a-z0-9\-/:._]*$/.test(route), route).toBe(true);
  });
});

describe("[metrics] sign-ins", () => {
  it("[metrics] failed and throttled sign-ins are counted by outcome, never by address", async () => {
    const key = (outcome: string, step = "password") => ({ step, outcome });
    const before = await scrape(ctx.baseUrl);
    const address = `metrics-${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await visitor.post("/api/login", { email: address, password: "wrong-password" })).status);
    // Five wrong passwords, then the account's wait refuses the sixth before it is checked.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // An admin's sign-in: the password, then the authenticator app's code.
    await signedInClient(ctx, "admin");
    const after = await scrape(ctx.baseUrl);
    const delta = (labels: Record<string, string>) =>
      value(after, "meridian_sign_in_attempts_total", labels) - value(before, "meridian_sign_in_attempts_total", labels);
    expect(delta(key("failed"))).toBe(5);
    expect(delta(key("throttled"))).toBe(1);
    expect(delta(key("second-step"))).toBe(1);
    expect(delta(key("success", "two-factor"))).toBe(1);
    const labelValues = after.samples.filter((s) => s.name === "meridian_sign_in_attempts_total").flatMap((s) => Object.values(s.labels));
    expect(labelValues.every((v) => /^[a-z-]+$/.test(v))).toBe(true);
  });
});

describe("[metrics] e-mail queue and scheduled publications", () => {
  it("[metrics] queue depth by state and the oldest waiting message's age, read at scrape time", async () => {
    const { db } = ctx.database;
    const message = { kind: "metrics-test", toAddress: "reader@example.test", locale: "en", subject: "Metrics", textBody: "Hello" };
    const [queued] = await db
      .insert(emailMessages)
      .values({ ...message, status: "queued", createdAt: new Date(Date.now() - 600_000), nextAttemptAt: new Date(Date.now() - 600_000) })
      .returning({ id: emailMessages.id });
    // A message written to go out later has not waited yet.
    const [later] = await db
      .insert(emailMessages)
      .values({ ...message, status: "queued", nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: emailMessages.id });
    const [sending] = await db
      .insert(emailMessages)
      .values({ ...message, status: "sending", attempts: 1, lockedUntil: new Date(Date.now() + 60_000) })
      .returning({ id: emailMessages.id });
    try {
      const s = await scrape(ctx.baseUrl);
      expect(value(s, "meridian_mail_queue_messages", { state: "queued" })).toBe(2);
      expect(value(s, "meridian_mail_queue_messages", { state: "sending" })).toBe(1);
      const oldest = value(s, "meridian_mail_queue_oldest_waiting_seconds");
      expect(oldest).toBeGreaterThanOrEqual(599);
      expect(oldest).toBeLessThan(700);
    } finally {
      for (const row of [queued, later, sending]) await db.delete(emailMessages).where(eq(emailMessages.id, row.id));
    }
    const empty = await scrape(ctx.baseUrl);
    expect(value(empty, "meridian_mail_queue_messages", { state: "queued" })).toBe(0);
    expect(sample(empty, "meridian_mail_queue_oldest_waiting_seconds")?.value).toBe(0);
  });

  it("[metrics] scheduled items, the oldest overdue one's lag, and the publish lag once published", async () => {
    const created = await admin.post("/api/press-releases", pressBody({ title: "Metrics scheduled release" }));
    const id = created.json.id as number;
    await ctx.database.db
      .update(pressReleases)
      .set({ publication: "scheduled", publishedAt: null, publishAt: new Date(Date.now() - 90_000) })
      .where(eq(pressReleases.id, id));
    const before = await scrape(ctx.baseUrl);
    expect(value(before, "meridian_publication_scheduled_items", { kind: "press" })).toBe(1);
    expect(value(before, "meridian_publication_scheduled_items", { kind: "portfolio" })).toBe(0);
    const overdue = value(before, "meridian_publication_oldest_overdue_seconds", { kind: "press" });
    expect(overdue).toBeGreaterThanOrEqual(89);
    expect(overdue).toBeLessThan(200);

    const results = await ctx.services.publication.step();
    expect(results.press.published.map((p) => p.id)).toEqual([id]);
    const after = await scrape(ctx.baseUrl);
    expect(value(after, "meridian_publication_scheduled_items", { kind: "press" })).toBe(0);
    expect(value(after, "meridian_publication_oldest_overdue_seconds", { kind: "press" })).toBe(0);
    const lagCount = (s: Scrape) => value(s, "meridian_publication_lag_seconds_count", { kind: "press" });
    expect(lagCount(after) - lagCount(before)).toBe(1);
    const lagSum =
      value(after, "meridian_publication_lag_seconds_sum", { kind: "press" }) - value(before, "meridian_publication_lag_seconds_sum", { kind: "press" });
    expect(lagSum).toBeGreaterThanOrEqual(89);
    expect(
      value(after, "meridian_publication_lag_seconds_bucket", { kind: "press", le: "60" }) -
        value(before, "meridian_publication_lag_seconds_bucket", { kind: "press", le: "60" }),
    ).toBe(0);
    expect(
      value(after, "meridian_publication_lag_seconds_bucket", { kind: "press", le: "300" }) -
        value(before, "meridian_publication_lag_seconds_bucket", { kind: "press", le: "300" }),
    ).toBe(1);
  });
});

describe("[metrics] a database that cannot be reached", () => {
  const DB_GAUGES = [
    "meridian_mail_queue_messages",
    "meridian_mail_queue_oldest_waiting_seconds",
    "meridian_publication_scheduled_items",
    "meridian_publication_oldest_overdue_seconds",
  ];

  /** An app on PostgreSQL at `url`, as start() builds one (without the start-up checks, which would stop it). */
  async function appOn(url: string) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "mc-metrics-"));
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      SESSION_SECRET: "test-secret-test-secret-test-secret-42",
      LOG_LEVEL: "silent",
      DATABASE_URL: url,
      METRICS_TOKEN: TOKEN,
    });
    const database = await openDatabase({ databaseUrl: url, dataDir, timeouts: { connectMs: config.dbConnectTimeoutMs, queryMs: config.dbQueryTimeoutMs } });
    const app = createApp({ services: createServices(database, config), logger: createLogger({ level: "silent", pretty: false }) });
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    return {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: async () => {
        metricsOfApp(app)?.close();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await Promise.race([database.close().catch(() => {}), new Promise((r) => setTimeout(r, 5_000))]);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  /** Two scrapes in a row (the second while the first one's statement may still be out): each 200 within 2.5 s, without the database's gauges. */
  async function expectScrapesWithoutDatabase(baseUrl: string) {
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const res = await fetch(`${baseUrl}/metrics`, { headers: AUTH, signal: AbortSignal.timeout(10_000) });
      const text = await res.text();
      const ms = Date.now() - started;
      expect(res.status).toBe(200);
      expect(ms).toBeLessThan(2_500);
      const s = parse(text);
      for (const name of DB_GAUGES) {
        expect(s.types.get(name), name).toBe("gauge");
        expect(
          s.samples.filter((x) => x.name === name),
          name,
        ).toEqual([]);
      }
      // Everything else still answers.
      expect(sample(s, "meridian_http_requests_in_flight")).toBeDefined();
      expect(sample(s, "meridian_db_pool_connections_max")?.value).toBe(10);
      expect(sample(s, "meridian_process_resident_memory_bytes")?.value).toBeGreaterThan(0);
    }
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(503);
  }

  it("[metrics] connection refused (nothing listens on the port): the scrape answers without the database's gauges", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: p } = probe.address() as AddressInfo;
        probe.close(() => resolve(p));
      });
    });
    const down = await appOn(`postgres://postgres@127.0.0.1:${port}/meridian`);
    try {
      await expectScrapesWithoutDatabase(down.baseUrl);
    } finally {
      await down.close();
    }
  });

  it("[metrics] a server that accepts connections and never answers (a frozen database): the scrape waits 1 s at most for it", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const down = await appOn(`postgres://postgres@127.0.0.1:${(silent.address() as AddressInfo).port}/meridian`);
    try {
      await expectScrapesWithoutDatabase(down.baseUrl);
    } finally {
      for (const socket of sockets) socket.destroy();
      await down.close();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe("[metrics] pages and the page cache", () => {
  let pages: Awaited<ReturnType<typeof servePages>>;

  beforeAll(async () => {
    pages = await servePages(ctx.database, ctx.services.config, { pageCache: true });
    // The first render compiles the app's modules; warm it up outside the test's time limit.
    for (const path of ["/", "/press-releases", "/no-such-page"]) await fetch(`${pages.baseUrl}${path}`).then((res) => res.text());
  });
  afterAll(async () => {
    await pages?.close();
    await closeVite();
  });

  it("[metrics] pages are named by their route pattern, stored pages too; hits and misses are counted; /metrics never goes through the cache", async () => {
    const created = await admin.post("/api/press-releases", pressBody({ title: "Metrics page release" }));
    const id = String(created.json.id);
    const reader = new Client(pages.baseUrl);
    const page = requests("/press-releases/:id", "2xx");
    const before = await scrape(pages.baseUrl);

    const url = `/press-releases/${id}?utm_source=someone%40example.com`;
    // Rendered (a miss), then answered from the store (a hit); every request is counted under the page's pattern.
    let asked = 0;
    const counting = {
      get(path: string, headers?: Record<string, string>) {
        asked++;
        return reader.get(path, headers);
      },
    };
    await cachedPage(counting, url);
    expect((await reader.get(`/ar/press-releases/${id}`, BROWSER)).status).toBe(200);
    expect((await reader.get("/no-such-page/someone@example.com", BROWSER)).status).toBe(404);

    const until = Date.now() + 3_000;
    let after = await scrape(pages.baseUrl);
    while (value(after, COUNT, page) - value(before, COUNT, page) < asked && Date.now() < until) after = await scrape(pages.baseUrl);
    expect(value(after, COUNT, page) - value(before, COUNT, page)).toBe(asked);
    expect(value(after, COUNT, requests("/ar/press-releases/:id", "2xx")) - value(before, COUNT, requests("/ar/press-releases/:id", "2xx"))).toBe(1);
    expect(value(after, COUNT, requests("unmatched", "4xx"))).toBeGreaterThan(value(before, COUNT, requests("unmatched", "4xx")));
    expect(value(after, "meridian_page_cache_hits_total") - value(before, "meridian_page_cache_hits_total")).toBeGreaterThanOrEqual(1);
    expect(value(after, "meridian_page_cache_misses_total") - value(before, "meridian_page_cache_misses_total")).toBeGreaterThanOrEqual(1);
    expect(value(after, "meridian_page_cache_entries")).toBeGreaterThanOrEqual(1);
    expect(value(after, "meridian_page_cache_size_bytes")).toBeGreaterThan(0);
    for (const s of after.samples) for (const v of Object.values(s.labels)) expect(v).not.toMatch(/@|%40|\?|example/);
    for (const s of after.samples.filter((x) => x.name === COUNT)) expect(s.labels.route.split("/")).not.toContain(id);

    // The site's 404 page for /metrics without the token, as for any address it does not know; with it, never stored.
    const unknown = await fetch(`${pages.baseUrl}/metricz`);
    const refused = await fetch(`${pages.baseUrl}/metrics`);
    expect(refused.status).toBe(404);
    expect(refused.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
    const normalise = (html: string) => html.replace(/nonce="[^"]*"/g, "").replace(/\/metric[sz]/g, "/PATH");
    expect(normalise(await refused.text())).toBe(normalise(await unknown.text()));
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${pages.baseUrl}/metrics`, { headers: { ...AUTH, ...BROWSER } });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-cache")).toBeNull();
      await res.text();
    }
  });

  it("[metrics] a method a route does not serve (TRACE, PROPFIND, DELETE on a read) answers 405 with Allow, counted as 4xx, never 5xx", async () => {
    /** A request with any method (fetch refuses TRACE): status and Allow. */
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
        const req = http.request(`${pages.baseUrl}${path}`, { method, headers: { Accept: "text/html" } }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode!, allow: res.headers.allow }));
        });
        req.on("error", reject);
        req.end();
      });
    const classCount = (scrape: Scrape, statusClass: string) =>
      scrape.samples.filter((x) => x.name === COUNT && x.labels.status_class === statusClass).reduce((sum, x) => sum + x.value, 0);
    const before = await scrape(pages.baseUrl);
    const asked: [string, string, string][] = [
      ["TRACE", "/", "GET, HEAD, POST"],
      ["TRACE", "/ar/press-releases", "GET, HEAD, POST"],
      ["PROPFIND", "/press-releases", "GET, HEAD, POST"],
      ["PUT", "/contact", "GET, HEAD, POST"],
      ["DELETE", "/api/search", "GET, HEAD"],
      ["TRACE", "/api/press-releases/1", "GET, HEAD, PUT, PATCH, DELETE"],
      ["PROPFIND", "/api/press-releases", "GET, HEAD, POST"],
    ];
    for (const [method, path, allow] of asked) expect(await send(method, path), `${method} ${path}`).toEqual({ status: 405, allow });
    // What every route serves is as before: OPTIONS on the API lists its methods; an unknown API address is a 404.
    expect((await send("OPTIONS", "/api/search")).status).toBe(200);
    expect((await send("DELETE", "/api/no-such-thing")).status).toBe(404);

    const until = Date.now() + 3_000;
    let after = await scrape(pages.baseUrl);
    while (classCount(after, "4xx") - classCount(before, "4xx") < asked.length && Date.now() < until) after = await scrape(pages.baseUrl);
    expect(classCount(after, "4xx") - classCount(before, "4xx")).toBeGreaterThanOrEqual(asked.length);
    expect(classCount(after, "5xx")).toBe(classCount(before, "5xx"));
  });
});
