/**
 * Shared parts of the HTTP and Lighthouse benchmarks: the production build, a fresh database, the production
 * server started as `node server.js`, plain HTTP requests, the machine description and docs/performance.md.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { freshPostgres } from "../tests/helpers/postgres";

export const ROOT = path.resolve(import.meta.dirname, "..");
export const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");
export const DOC_FILE = path.join(ROOT, "docs", "performance.md");

/** The admin account the bench server seeds, used for the signed-in measurements. */
export const BENCH_ADMIN = { email: "bench-admin@meridian.example", password: "bench admin password 1" } as const;

/** A failure that ends the run with one readable message and exit code 1. */
export class BenchError extends Error {}

/** A non-negative number from the environment, or `fallback` when unset. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new BenchError(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

/** True unless the variable is set to 0, false or no. */
export function envFlag(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  return !["0", "false", "no"].includes(raw.toLowerCase());
}

/** Builds the production client and server (`npm run build`) when build/ is missing or BENCH_BUILD=1. */
export function ensureBuild(): void {
  const built = existsSync(path.join(BUILD_DIR, "server", "index.js")) && existsSync(path.join(BUILD_DIR, "client", "assets"));
  if (built && !envFlag("BENCH_BUILD", false)) return;
  console.log(`Building the production bundle into ${path.relative(ROOT, BUILD_DIR) || "."} (npm run build) ...`);
  const res = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit", env: process.env });
  if (res.status !== 0) throw new BenchError(`npm run build failed (exit ${res.status ?? res.signal})`);
}

/** A TCP port that was free a moment ago: BENCH_PORT + offset when set, otherwise one the system picks. */
export async function pickPort(offset = 0): Promise<number> {
  const base = envNumber("BENCH_PORT", 0);
  if (base) return base + offset;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type BenchDatabase = {
  kind: "pglite" | "postgres";
  /** "PGlite" or "PostgreSQL 15.x". */
  label: string;
  /** DATABASE_URL / DATA_DIR for the server. */
  env: Record<string, string>;
  dataDir: string;
  drop: () => Promise<void>;
};

/** Scratch space under tmp/ in the repository (git-ignored). */
function scratchDir(prefix: string): string {
  const dir = path.join(ROOT, "tmp", `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * An empty database: a fresh PGlite DATA_DIR under tmp/, or with `adminUrl` a new PostgreSQL database on that
 * server (uploads and documents still go to the scratch DATA_DIR). `drop()` removes both.
 */
export async function freshDatabase(kind: "pglite" | "postgres", adminUrl?: string): Promise<BenchDatabase> {
  const dataDir = scratchDir("bench");
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === "pglite") return { kind, label: "PGlite", env: { DATA_DIR: dataDir }, dataDir, drop: removeDir };
  if (!adminUrl) throw new BenchError("PostgreSQL needs BENCH_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres");
  const database = await freshPostgres(adminUrl, "bench");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>("show server_version");
  await client.end();
  return {
    kind,
    label: `PostgreSQL ${rows[0].server_version.split(" ")[0]}`,
    env: { DATABASE_URL: database.url, DATA_DIR: dataDir },
    dataDir,
    drop: async () => {
      await database.drop();
      await removeDir();
    },
  };
}

export type RunningServer = {
  pid: number;
  origin: string;
  database: BenchDatabase;
  /** The last lines the server printed. */
  logTail: (lines?: number) => string;
  /** SIGTERM, then SIGKILL after 15 s; removes the log file unless `keepLog`. */
  stop: (opts?: { keepLog?: boolean }) => Promise<void>;
};

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

/**
 * Starts the production server (`node server.js`, NODE_ENV=production) on `database` and waits until /readyz
 * answers 200. Throws a BenchError with the server's last lines when it exits or is not ready within
 * BENCH_START_TIMEOUT seconds (default 180: the first start migrates and seeds).
 */
export async function startServer(database: BenchDatabase, port: number): Promise<RunningServer> {
  const logFile = path.join(database.dataDir, "..", `${path.basename(database.dataDir)}-server.log`);
  const fd = openSync(logFile, "w");
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATABASE_URL", "DATA_DIR", "PORT", "HOST", "PUBLIC_ORIGIN", "TRUST_PROXY", "PRODUCTION_HOSTNAME", "SESSION_SECRET"]) delete env[name];
  Object.assign(env, database.env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
    // The signed-in renders are timed by their Server-Timing, which is otherwise only for admins with a second factor.
    SERVER_TIMING: "1",
    BUILD_DIR,
  });
  const child = spawn(process.execPath, ["server.js"], { cwd: ROOT, env, stdio: ["ignore", fd, fd] });
  closeSync(fd);
  const origin = `http://127.0.0.1:${port}`;
  const logTail = (lines = 30) => {
    try {
      return readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
    } catch {
      return "";
    }
  };
  const stop = async ({ keepLog = false } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited(child);
      clearTimeout(timer);
    }
    if (!keepLog) rmSync(logFile, { force: true });
  };
  const server: RunningServer = { pid: child.pid ?? 0, origin, database, logTail, stop };

  const deadline = performance.now() + envNumber("BENCH_START_TIMEOUT", 180) * 1000;
  const failed = (why: string) => new BenchError(`The server did not start: ${why}. Its last lines (${logFile}):\n${logTail()}`);
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) throw failed(`it exited with ${child.exitCode ?? child.signalCode}`);
    if (performance.now() > deadline) {
      await stop({ keepLog: true });
      throw failed("/readyz did not answer 200 in time");
    }
    const ready = await request(`${origin}/readyz`, { timeoutMs: 2000 }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export type HttpResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; ms: number };

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One HTTP request over a kept-alive connection; the body is returned as sent (not decompressed). */
export function request(
  url: string,
  { method = "GET", headers = {}, body, timeoutMs = 30_000 }: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, { method, headers, agent: keepAlive, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** Closes the kept-alive connections so the process can exit. */
export function closeConnections(): void {
  keepAlive.destroy();
}

/** The id of the first item a public JSON list returns (a press release or a portfolio company). */
export async function firstId(origin: string, apiPath: string): Promise<number> {
  const res = await request(`${origin}${apiPath}`, { headers: { Accept: "application/json" } });
  const list = JSON.parse(res.body.toString("utf8")) as { id: number }[];
  if (res.status !== 200 || !Array.isArray(list) || list.length === 0) throw new BenchError(`${apiPath} returned no items (status ${res.status})`);
  return list[0].id;
}

/** Durations by metric name from a Server-Timing header, e.g. `db;dur=1.2;desc="3 queries", app;dur=4.5`. */
export function parseServerTiming(header: string | string[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  const text = [header ?? []].flat().join(", ");
  const metric = /([\w.-]+)((?:\s*;\s*[\w.-]+\s*(?:=\s*(?:"[^"]*"|[^;,\s]*))?)*)/g;
  for (const [, name, params] of text.matchAll(metric)) {
    const dur = /;\s*dur\s*=\s*"?([\d.]+)/.exec(params);
    if (dur) out[name] = Number(dur[1]);
  }
  return out;
}

export const median = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export type Machine = { date: string; cpu: string; cores: number; memory: string; node: string; commit: string; load: string };

/** What the numbers were measured on. */
export function machine(): Machine {
  const cpus = os.cpus();
  const git = (args: string[]) => spawnSync("git", args, { cwd: ROOT, encoding: "utf8" }).stdout?.trim() ?? "";
  const commit = git(["rev-parse", "--short", "HEAD"]) || "unknown";
  // The results file itself does not count as a change to what was measured.
  const dirty = git(["status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs/performance.md"]) !== "";
  return {
    date: new Date().toISOString().replace("T", " ").slice(0, 16) + " UTC",
    cpu: cpus[0]?.model.trim() ?? "unknown CPU",
    cores: cpus.length,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    commit: dirty ? `${commit} (with uncommitted changes)` : commit,
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" / "),
  };
}

export const describeMachine = (m: Machine) =>
  `${m.date} · ${m.cpu}, ${m.cores} cores, ${m.memory} · Node ${m.node} · commit ${m.commit} · load average at start ${m.load} (1 / 5 / 15 min)`;

/**
 * Replaces the text between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->` in docs/performance.md
 * (appends the section when the markers are missing), so a rerun updates its own section only.
 */
export function writeDocSection(name: string, markdown: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const doc = existsSync(DOC_FILE) ? readFileSync(DOC_FILE, "utf8") : "# Performance\n";
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  const next = from !== -1 && to > from ? doc.slice(0, from) + block + doc.slice(to + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(DOC_FILE, next);
  console.log(`\nWrote the results to ${path.relative(ROOT, DOC_FILE)} (section bench:${name}).`);
}

/** A plain-text table for the console. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** A markdown table; cells must not contain `|`. Columns of numbers are right-aligned. */
export function markdownTable(header: string[], rows: string[][]): string {
  const numeric = (cell: string) => /^(—|-?[\d,.]+( s| ms| MB)?)$/.test(cell);
  const align = header.map((_, i) => (rows.length > 0 && rows.every((r) => numeric(r[i])) ? "---:" : "---"));
  return [header, align, ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
}

/** Runs a benchmark's `main` and exits: 0 when it finished, 1 with the reason when it did not. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof BenchError ? err.message : err);
      process.exit(1);
    },
  );
}

/** Runs `cleanup` once on SIGINT / SIGTERM and exits 130, so no server or database is left behind. */
export function onInterrupt(cleanup: () => Promise<void>): void {
  let done = false;
  const handler = () => {
    if (done) return;
    done = true;
    console.error("\nInterrupted: stopping the servers ...");
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", handler);
  process.once("SIGTERM", handler);
}
