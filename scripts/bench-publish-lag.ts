/**
 * npm run bench:publish-lag — how long after its time a scheduled press release is public.
 *
 * Builds the production bundle when build/ is missing, starts `node server.js` (NODE_ENV=production) on a fresh
 * PostgreSQL database, signs in as the seeded admin and schedules BENCH_RELEASES releases through the admin API.
 * Schedules are whole minutes, so each release's due time is then moved in the database to an instant of its own,
 * staggered over BENCH_WINDOW seconds with a random fraction of a second, so the due times fall at every phase of
 * the scheduler's 1 s poll. From just before each due time the release's public API read (`/api/press-releases/:id`)
 * and its page (`/press-releases/:id`) are polled every 50 ms until each answers 200; the lag is the due time to
 * the arrival of that answer. Prints p50 / p95 / max beside the scheduler's own `publishLagMs`, against the target
 * (p95 under 5 s), and writes them into docs/performance.md between the `bench:publish-lag` markers.
 *
 * Knobs (environment variables):
 *   BENCH_RELEASES=20      releases scheduled
 *   BENCH_WINDOW=90        seconds over which their due times are spread
 *   BENCH_LEAD=10          seconds from the end of the set-up to the first due time
 *   BENCH_DATABASE_URL=    postgres://postgres@127.0.0.1:5432/postgres: the server where a fresh database is made
 *                          (and dropped afterwards)
 *   BENCH_BUILD=1          rebuild even when build/ exists (BUILD_DIR picks another build directory)
 *   BENCH_PORT=            the server's port; unset: a free port
 *   BENCH_WRITE=1          0 prints the results without touching docs/performance.md
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { authenticatorApp } from "../tests/helpers/authenticator";
import { pressBody } from "../tests/helpers/factories";
import {
  BENCH_ADMIN,
  BenchError,
  closeConnections,
  describeMachine,
  ensureBuild,
  envFlag,
  envNumber,
  freshDatabase,
  machine,
  markdownTable,
  onInterrupt,
  pickPort,
  startServer,
  textTable,
  writeDocSection,
  type BenchDatabase,
  type RunningServer,
} from "./bench-common";

const RELEASES = Math.max(1, Math.round(envNumber("BENCH_RELEASES", 20)));
const WINDOW_S = envNumber("BENCH_WINDOW", 90);
const LEAD_S = envNumber("BENCH_LEAD", 10);
const DATABASE_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const POLL_MS = 50;
/** Polling starts this long before a due time, so an early publication would be seen too. */
const EARLY_MS = 300;
/** A release still not public this long after its time counts as never published. */
const GIVE_UP_MS = 30_000;
const TARGET_P95_MS = 5_000;

// Polls of several releases overlap: a few sockets of our own (bench-common's agent keeps one).
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

function send(url: string, opts: { method?: string; headers?: Record<string, string>; json?: unknown } = {}): Promise<Answer> {
  const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  const headers = { ...(body === undefined ? {} : { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) }), ...opts.headers };
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? "GET", headers, agent, timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${url} timed out`)));
    req.on("error", reject);
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The seeded admin's session, with the authenticator app every admin sets up before using the dashboard's API. */
async function adminSession(origin: string): Promise<{ post: (path: string, body?: unknown) => Promise<Answer>; get: (path: string) => Promise<Answer> }> {
  const login = await send(`${origin}/api/login`, { method: "POST", json: BENCH_ADMIN, headers: { Origin: origin } });
  const cookie = [login.headers["set-cookie"] ?? []].flat().map((c) => c.split(";")[0])[0];
  if (login.status !== 200 || !cookie) throw new BenchError(`Signing in as ${BENCH_ADMIN.email} failed: ${login.status} ${login.body.slice(0, 200)}`);
  const headers = { Cookie: cookie, Origin: origin };
  const post = (path: string, body: unknown = {}) => send(`${origin}${path}`, { method: "POST", json: body, headers });
  const setup = await post("/api/account/two-factor/app");
  if (setup.status !== 200) throw new BenchError(`Setting up the admin's authenticator app failed: ${setup.status} ${setup.body.slice(0, 200)}`);
  const app = authenticatorApp((JSON.parse(setup.body) as { secret: string }).secret);
  const confirmed = await post("/api/account/two-factor/app/confirm", { code: await app.toConfirm() });
  if (confirmed.status !== 200) throw new BenchError(`Confirming the admin's authenticator app failed: ${confirmed.status} ${confirmed.body.slice(0, 200)}`);
  return { post, get: (path: string) => send(`${origin}${path}`, { headers }) };
}

type Release = { id: number; title: string; due: number };
type Lag = { id: number; apiMs: number | null; pageMs: number | null; serverMs: number | null };

/** Creates a release, takes it back to a draft if creating published it, and schedules it through the API. */
async function scheduleOne(admin: Awaited<ReturnType<typeof adminSession>>, n: number): Promise<{ id: number; title: string }> {
  const title = `Publish lag bench ${n} ${Date.now().toString(36)}`;
  const created = await admin.post("/api/press-releases", pressBody({ title, date: new Date().toISOString().slice(0, 10) }));
  if (created.status !== 201) throw new BenchError(`Creating a release failed: ${created.status} ${created.body.slice(0, 300)}`);
  const release = JSON.parse(created.body) as { id: number; publication: string };
  if (release.publication !== "draft") {
    const draft = await admin.post(`/api/admin/press-releases/${release.id}/unpublish`);
    if (draft.status !== 200) throw new BenchError(`Unpublishing release ${release.id} failed: ${draft.status} ${draft.body.slice(0, 300)}`);
  }
  // Any whole minute well ahead: the database gets the real due time next.
  const local = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3_600_000).toISOString().slice(0, 16);
  const scheduled = await admin.post(`/api/admin/press-releases/${release.id}/schedule`, { publishAt: { local }, zone: "UTC" });
  if (scheduled.status !== 200) throw new BenchError(`Scheduling release ${release.id} failed: ${scheduled.status} ${scheduled.body.slice(0, 300)}`);
  return { id: release.id, title };
}

/** Polls the release's API read and page from just before its time until each answers 200; ms after the due time. */
async function watch(origin: string, release: Release): Promise<Omit<Lag, "serverMs">> {
  const wait = release.due - EARLY_MS - Date.now();
  if (wait > 0) await sleep(wait);
  const targets = [
    { key: "apiMs" as const, url: `${origin}/api/press-releases/${release.id}`, headers: { Accept: "application/json" } },
    { key: "pageMs" as const, url: `${origin}/press-releases/${release.id}`, headers: { Accept: "text/html" } },
  ];
  const seen: Omit<Lag, "serverMs"> = { id: release.id, apiMs: null, pageMs: null };
  while (targets.some((t) => seen[t.key] === null) && Date.now() < release.due + GIVE_UP_MS) {
    await Promise.all(
      targets
        .filter((t) => seen[t.key] === null)
        .map(async (t) => {
          const res = await send(t.url, { headers: t.headers }).catch(() => undefined);
          if (res?.status === 200 && res.body.includes(release.title)) seen[t.key] = Date.now() - release.due;
        }),
    );
    await sleep(POLL_MS);
  }
  return seen;
}

/** The nearest-rank percentile of `values` (null entries are releases never seen: they count as infinitely late). */
function percentile(values: (number | null)[], p: number): number {
  const sorted = values.map((v) => v ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : "never");

async function main() {
  ensureBuild();
  const info = machine();
  let database: BenchDatabase | undefined;
  let server: RunningServer | undefined;
  let client: pg.Client | undefined;
  const cleanup = async () => {
    await client?.end().catch(() => {});
    await server?.stop().catch(() => {});
    await database?.drop().catch(() => {});
    agent.destroy();
    closeConnections();
  };
  onInterrupt(cleanup);
  try {
    try {
      database = await freshDatabase("postgres", DATABASE_URL);
    } catch (err) {
      throw new BenchError(`PostgreSQL at ${new URL(DATABASE_URL).host} is not available (${(err as Error).message}); set BENCH_DATABASE_URL.`);
    }
    console.log(`Starting the production server on a fresh ${database.label} database ...`);
    server = await startServer(database, await pickPort());
    const admin = await adminSession(server.origin);

    console.log(`Scheduling ${RELEASES} releases through the admin API ...`);
    const made: { id: number; title: string }[] = [];
    for (let n = 1; n <= RELEASES; n++) made.push(await scheduleOne(admin, n));

    // Due times on the database's clock: LEAD_S from now, one every WINDOW_S / RELEASES seconds, each at a random
    // fraction of a second so they fall at every phase of the scheduler's poll.
    client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    const spacing = RELEASES > 1 ? WINDOW_S / RELEASES : 0;
    const releases: Release[] = [];
    for (const [i, r] of made.entries()) {
      const offset = LEAD_S + i * spacing + Math.random();
      const { rows } = await client.query<{ publish_at: Date }>(
        "update press_releases set publish_at = now() + make_interval(secs => $2) where id = $1 and publication = 'scheduled' returning publish_at",
        [r.id, offset],
      );
      if (rows.length !== 1) throw new BenchError(`Release ${r.id} was not scheduled`);
      releases.push({ ...r, due: rows[0].publish_at.getTime() });
    }
    await client.end();
    client = undefined;

    const last = Math.max(...releases.map((r) => r.due));
    console.log(
      `Due from ${new Date(releases[0].due).toISOString()} to ${new Date(last).toISOString()}; watching each from ${EARLY_MS} ms before its time ...`,
    );
    const started = performance.now();
    const seen = await Promise.all(
      releases.map((r) =>
        watch(server!.origin, r).then((lag) => {
          console.log(
            `  release ${r.id}: API ${seconds(lag.apiMs ?? Number.POSITIVE_INFINITY)}, page ${seconds(lag.pageMs ?? Number.POSITIVE_INFINITY)} after its time`,
          );
          return lag;
        }),
      ),
    );
    console.log(`Watched for ${((performance.now() - started) / 1000).toFixed(0)} s.`);

    const lags: Lag[] = [];
    for (const lag of seen) {
      const res = await admin.get(`/api/admin/press-releases/${lag.id}`);
      const body = JSON.parse(res.body) as { publication: string; publishLagMs: number | null };
      lags.push({ ...lag, serverMs: body.publication === "published" ? body.publishLagMs : null });
    }

    const header = ["What", "Releases", "p50", "p95", "max", "p95 < 5 s"];
    const row = (what: string, values: (number | null)[], target: boolean): string[] => [
      what,
      String(values.length),
      seconds(percentile(values, 0.5)),
      seconds(percentile(values, 0.95)),
      seconds(percentile(values, 1)),
      target ? (percentile(values, 0.95) < TARGET_P95_MS ? "pass" : "FAIL") : "—",
    ];
    const rows = [
      row(
        "Public API `/api/press-releases/:id` answers 200",
        lags.map((l) => l.apiMs),
        true,
      ),
      row(
        "Page `/press-releases/:id` answers 200",
        lags.map((l) => l.pageMs),
        true,
      ),
      row(
        "The scheduler's own `publishLagMs` (due time to commit)",
        lags.map((l) => l.serverMs),
        false,
      ),
    ];
    console.log(`\n${textTable(header, rows)}\nTarget: p95 under 5 s from the due time to a visitor's 200.`);

    if (!envFlag("BENCH_WRITE", true)) return;
    writeDocSection(
      "publish-lag",
      [
        "## Scheduled publication lag (`npm run bench:publish-lag`)",
        "",
        `Measured ${describeMachine(info)}.`,
        "",
        `${RELEASES} releases scheduled through the admin API on one production instance (\`node server.js\`) with a fresh ${database.label} ` +
          `database and the demo content. Schedules are whole minutes, so each due time was then moved in the database to its own instant, ` +
          `one every ${spacing.toFixed(1)} s from ${LEAD_S} s after the set-up, each at a random fraction of a second (every phase of the ` +
          `scheduler's 1 s poll). From ${EARLY_MS} ms before its time, each release's public API read and its page were polled every ${POLL_MS} ms; ` +
          "the lag is the due time to the arrival of the first 200 that carried the release.",
        "",
        markdownTable(header, rows),
      ].join("\n"),
    );
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err instanceof BenchError ? err.message : err);
  process.exit(1);
});
