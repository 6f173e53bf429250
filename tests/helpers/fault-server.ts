/**
 * The real server as a child process, for fault tests: the API from the production build when FAULT_SERVER_BUILD
 * names it (`tests/fault/serve-build.mjs`; scripts/test.sh builds first), else through `tests/fault/serve.ts` (with
 * tsx, so no build is needed); or `server.js` in development mode (pages too, compiled by Vite).
 * Its output is kept so a test can read the log lines and the exit code.
 */
import { authenticatorApp, type AuthenticatorApp } from "./authenticator";
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export const FAULT_ADMIN = { email: "admin@fault.test", password: "fault-admin-password" };

/** The admin's authenticator app per database (it outlives the processes that restart on it). */
const adminApps = new Map<string, AuthenticatorApp>();

export type HttpResult = { status: number; headers: http.IncomingHttpHeaders; body: string; json?: any; ms: number };

/** One HTTP request; rejects with the socket error (ECONNRESET, ECONNREFUSED, ...) when there is no answer. */
export function httpRequest(
  baseUrl: string,
  opts: { method?: string; path: string; body?: unknown; headers?: Record<string, string>; agent?: http.Agent | false; timeoutMs?: number },
): Promise<HttpResult> {
  const started = Date.now();
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      baseUrl + opts.path,
      {
        method: opts.method ?? "GET",
        agent: opts.agent ?? false,
        headers: {
          ...(payload ? { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(payload)) } : {}),
          ...opts.headers,
        },
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          let json: any;
          try {
            json = JSON.parse(body);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json, ms: Date.now() - started });
        });
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("client timeout"), { code: "CLIENT_TIMEOUT" })));
    req.on("error", reject);
    req.end(payload);
  });
}

export type ServerProcess = {
  port: number;
  baseUrl: string;
  child: ChildProcess;
  dataDir: string;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  /** What was written to stderr only. */
  stderr: () => string;
  /** JSON log lines written so far. */
  logLines: () => Array<Record<string, any>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isAlive: () => boolean;
  /** Signs in as the seeded admin (setting up their authenticator app the first time) and returns the cookie. */
  adminCookie: () => Promise<string>;
  /** Kills the process if it still runs and removes its data directory. */
  destroy: () => Promise<void>;
};

/**
 * Starts the server and resolves once it answers HTTP (or rejects with its output when it exits first).
 * `waitForHttp: false` resolves right after spawning, for tests of start-up failures.
 */
export async function startServer(opts: {
  port: number;
  env?: Record<string, string | undefined>;
  mode?: "api" | "pages";
  waitForHttp?: boolean;
  dataDir?: string;
}): Promise<ServerProcess> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "mc-fault-data-"));
  // The API from the production build when the test script names it (built before the tests), else compiled with
  // tsx, so a test run on its own needs no build and never runs a stale one. Pages are compiled by Vite.
  const built = process.env.FAULT_SERVER_BUILD;
  const pages = opts.mode === "pages";
  const args = pages ? ["server.js"] : built ? ["tests/fault/serve-build.mjs", built] : ["--import", "tsx", "tests/fault/serve.ts"];
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: pages ? "development" : "production",
    PORT: String(opts.port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: "fault-secret-fault-secret-fault-secret",
    ADMIN_EMAIL: FAULT_ADMIN.email,
    ADMIN_PASSWORD: FAULT_ADMIN.password,
    LOG_LEVEL: "info",
    ...opts.env,
  };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => {
    out += c.toString();
    err += c.toString();
  });
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const proc: ServerProcess = {
    port: opts.port,
    baseUrl,
    child,
    dataDir,
    output: () => out,
    stderr: () => err,
    logLines: () =>
      out
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .flatMap((l) => {
          try {
            return [JSON.parse(l)];
          } catch {
            return [];
          }
        }),
    exited,
    isAlive: () => running,
    /**
     * A session of the seeded admin. The first time on a data directory the admin sets up an authenticator app (as
     * every admin must before using the dashboard's API); later sign-ins there type its code.
     */
    adminCookie: async () => {
      const res = await httpRequest(baseUrl, { method: "POST", path: "/api/login", body: FAULT_ADMIN });
      if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.body}`);
      const cookie = String(res.headers["set-cookie"]?.[0]).split(";")[0];
      const send = (path: string, body: unknown, Cookie: string) => httpRequest(baseUrl, { method: "POST", path, body, headers: { Cookie } });
      // The account lives in the database: PostgreSQL's when the server has one, else PGlite's under DATA_DIR.
      const database = env.DATABASE_URL || dataDir;
      const app = adminApps.get(database);
      if (!JSON.parse(res.body).twoFactorRequired) {
        const setup = await send("/api/account/two-factor/app", {}, cookie);
        const enrolled = authenticatorApp(JSON.parse(setup.body).secret);
        const confirmed = await send("/api/account/two-factor/app/confirm", { code: await enrolled.toConfirm() }, cookie);
        if (confirmed.status !== 200) throw new Error(`admin set-up failed: ${confirmed.status} ${confirmed.body}`);
        adminApps.set(database, enrolled);
        return cookie;
      }
      if (!app) throw new Error(`the admin of ${database} has an authenticator app this process did not set up`);
      const second = await send("/api/login/two-factor", { code: await app.next() }, cookie);
      if (second.status !== 200) throw new Error(`admin second step failed: ${second.status} ${second.body}`);
      return String(second.headers["set-cookie"]?.[0]).split(";")[0];
    },
    destroy: async () => {
      if (running) {
        child.kill("SIGKILL");
        await exited;
      }
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (opts.waitForHttp === false) return proc;
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (!running) {
      await proc.destroy();
      throw new Error(`the server exited before answering:\n${out}`);
    }
    try {
      await httpRequest(baseUrl, { path: "/api/portfolio", timeoutMs: 2_000 });
      return proc;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await proc.destroy();
  throw new Error(`the server did not answer within 90 s:\n${out}`);
}

/** A valid press release body, unique per call. */
let n = 0;
export function pressBody(tag: string) {
  const title = `${tag} ${Date.now().toString(36)} ${++n}`;
  return {
    title,
    summary: "A write made while the database was being restarted.",
    content: "This release exists to check that every acknowledged write is stored, even across a database restart.",
    date: "2026-11-23",
    company: "Fault Test Holdings",
    sector: "Finance",
    publication: "published",
  };
}

/** What one of the operator's commands printed, how it exited and how long it ran. */
export type Cli = { code: number | null; stdout: string; stderr: string; ms: number };

/**
 * Runs `npm run backup` / `npm run restore`'s script as an operator would, in a child process with only `env` (and
 * PATH, HOME, TMPDIR) in its environment; an undefined value is left out.
 */
export function runCli(script: "backup" | "restore", args: string[], env: Record<string, string | undefined>): Promise<Cli> {
  const started = Date.now();
  const childEnv: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TMPDIR: os.tmpdir() };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as import("node:net").AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
