/**
 * Two production app instances on one PostgreSQL database behind Debian's nginx, started from
 * deploy/nginx.conf on loopback ports: the pieces of the scale-out test.
 * - `renderSiteConf` turns the deployment's nginx file into the test's (ports, names and paths only);
 * - `startNginx` runs nginx in the foreground with its pid, logs and temporary files under a temp prefix;
 * - `startInstance` runs `node server.js` with NODE_ENV=production and keeps its output;
 * - `startTwoInstanceSite` puts these together: a fresh database, two instances and nginx in front of them;
 * - `send` is one HTTP(S) request that can leave from a chosen loopback address (a different visitor to
 *   nginx) and decodes gzip and brotli bodies itself, so a test can ask for each encoding;
 * - `seededAdmin` signs the seeded admin in on an instance, setting up their authenticator app the first time.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { expect } from "vitest";
import { authenticatorApp, type AuthenticatorApp } from "../helpers/authenticator";
import { freshPostgres } from "../helpers/postgres";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const NGINX_TEMPLATE = path.join(ROOT, "deploy/nginx.conf");
export const NGINX_BIN = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** Why the test cannot run here (it then fails with this reason), or undefined when it can. */
export function missingPrerequisite(buildDir: string): string | undefined {
  if (!existsSync(NGINX_BIN)) return `nginx not found at ${NGINX_BIN}: install Debian's package (apt-get install nginx) or set NGINX_PATH`;
  if (spawnSync("openssl", ["version"]).status !== 0) return "the openssl command is missing (apt-get install openssl)";
  if (!existsSync(path.join(buildDir, "server/index.js"))) return `no production build in ${buildDir}: run \`npx react-router build\` first (or set BUILD_DIR)`;
  return undefined;
}

// ------------------------------------------------------------------------------------------- nginx

export type SiteOptions = { httpsPort: number; httpPort: number; upstreams: number[]; certFile: string; keyFile: string; accessLog?: string };

/**
 * The deployment's site file with only what differs on a test machine replaced: loopback listen ports
 * (no IPv6 wildcard), the upstream ports, the server name and the certificate. Every replacement must
 * find its line, so a changed template fails here loudly instead of testing something else.
 */
export function renderSiteConf(template: string, o: SiteOptions): string {
  let conf = template;
  const replace = (from: string | RegExp, to: string, expected: number) => {
    const found = conf.match(new RegExp(typeof from === "string" ? escapeRegExp(from) : from.source, "gm"))?.length ?? 0;
    if (found !== expected) throw new Error(`deploy/nginx.conf: expected ${expected} line(s) matching ${String(from)}, found ${found}`);
    conf = conf.replace(new RegExp(typeof from === "string" ? escapeRegExp(from) : from.source, "gm"), to);
  };
  replace(/^\s*listen \[::\]:\d+.*;\n/, "", 2);
  replace("listen 80;", `listen 127.0.0.1:${o.httpPort};`, 1);
  replace("listen 443 ssl http2;", `listen 127.0.0.1:${o.httpsPort} ssl http2;`, 1);
  replace("server_name www.example.com;", "server_name 127.0.0.1;", 2);
  replace(/ssl_certificate \S+;/, `ssl_certificate ${o.certFile};`, 1);
  replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${o.keyFile};`, 1);
  replace(/access_log \/var\/log\/nginx\/\S+ redacted;/, `access_log ${o.accessLog ?? "access.log"} redacted;`, 1);
  const servers = conf.match(/^\s*server 127\.0\.0\.1:\d+ /gm) ?? [];
  if (servers.length !== o.upstreams.length) throw new Error(`deploy/nginx.conf: expected ${o.upstreams.length} upstream servers, found ${servers.length}`);
  let i = 0;
  conf = conf.replace(/^(\s*server 127\.0\.0\.1:)\d+ /gm, (_m, head: string) => `${head}${o.upstreams[i++]} `);
  return conf;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The main file around the site file: one worker (so round robin alternates strictly), pid, logs and
 * temporary files under the prefix, and `X-Upstream: $upstream_addr` on every answer so the test sees
 * which instance (or instances, when nginx tried the next one) answered.
 */
export function mainConf(prefix: string, siteFile: string): string {
  const user = process.getuid?.() === 0 ? "user root root;\n" : "";
  return `${user}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 512; }
http {
    default_type application/octet-stream;
    log_format upstream '$remote_addr "$request" $status upstream=$upstream_addr upstream_status=$upstream_status request_id=$request_id';
    access_log ${prefix}/access.log upstream;
    client_body_temp_path ${prefix}/tmp/body;
    proxy_temp_path ${prefix}/tmp/proxy;
    fastcgi_temp_path ${prefix}/tmp/fastcgi;
    uwsgi_temp_path ${prefix}/tmp/uwsgi;
    scgi_temp_path ${prefix}/tmp/scgi;
    add_header X-Upstream $upstream_addr always;
    include ${siteFile};
}
`;
}

export type Nginx = {
  child: ChildProcess;
  errorLog: () => string;
  accessLog: () => string;
  output: () => string;
  stop: () => Promise<void>;
};

/** A self-signed certificate for 127.0.0.1, valid for a day. */
export function makeCertificate(dir: string): { certFile: string; keyFile: string; cert: string } {
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ],
    { stdio: "pipe" },
  );
  return { certFile, keyFile, cert: readFileSync(certFile, "utf8") };
}

/** Writes the main and site files under `prefix` (with the temp folders nginx needs); returns the main file. */
export function writeNginxConf(prefix: string, site: string): string {
  mkdirSync(path.join(prefix, "tmp"), { recursive: true });
  const siteFile = path.join(prefix, "site.conf");
  const confFile = path.join(prefix, "nginx.conf");
  writeFileSync(siteFile, site);
  writeFileSync(confFile, mainConf(prefix, siteFile));
  chmodSync(prefix, 0o755);
  return confFile;
}

/** `nginx -t` on the files `writeNginxConf` wrote: what nginx said, empty when it accepts them. */
export function checkNginxConf(prefix: string, confFile: string): string {
  const errorLog = path.join(prefix, "error.log");
  const check = spawnSync(NGINX_BIN, ["-t", "-q", "-e", errorLog, "-p", `${prefix}/`, "-c", confFile], { encoding: "utf8" });
  return check.status === 0 ? "" : `${check.stdout}${check.stderr}${existsSync(errorLog) ? readFileSync(errorLog, "utf8") : ""}` || `exit code ${check.status}`;
}

/** Starts nginx in the foreground (`daemon off`) and resolves once it accepts connections on `port`. */
export async function startNginx(prefix: string, site: string, port: number): Promise<Nginx> {
  const confFile = writeNginxConf(prefix, site);
  const read = (f: string) => (existsSync(path.join(prefix, f)) ? readFileSync(path.join(prefix, f), "utf8") : "");
  const child = spawn(NGINX_BIN, ["-e", path.join(prefix, "error.log"), "-p", `${prefix}/`, "-c", confFile, "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  let running = true;
  const exited = new Promise<void>((resolve) => child.once("close", () => ((running = false), resolve())));
  const nginx: Nginx = {
    child,
    errorLog: () => read("error.log"),
    accessLog: () => read("access.log"),
    output: () => out,
    stop: async () => {
      if (!running) return;
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5_000)]);
      if (running) child.kill("SIGKILL");
      await exited;
    },
  };
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if (!running) throw new Error(`nginx exited at start:\n${out}\n${nginx.errorLog()}`);
    if (await canConnect(port)) return nginx;
    await sleep(50);
  }
  await nginx.stop();
  throw new Error(`nginx did not listen on ${port} within 15 s:\n${out}\n${nginx.errorLog()}`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** Fails with a readable line when something already listens on one of the test's ports. */
export async function assertPortsFree(ports: number[]) {
  for (const port of ports) {
    if (await canConnect(port)) throw new Error(`port ${port} is in use: another test run or server holds it (set SCALE_TEST_PORT to another base port)`);
  }
}

// ----------------------------------------------------------------------------------- app instances

export type Instance = {
  name: string;
  port: number;
  origin: string;
  child: ChildProcess;
  output: () => string;
  isAlive: () => boolean;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM (a graceful shutdown) and waits for the exit; SIGKILL after 20 s. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  return {
    name,
    port,
    origin: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    isAlive: () => running,
    exited,
    stop: async () => {
      if (running) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}

/** Waits until GET /readyz answers 200 (the database answers), or fails with the instance's output. */
export async function waitUntilReady(instance: Instance, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!instance.isAlive()) throw new Error(`instance ${instance.name} exited before it was ready:\n${instance.output()}`);
    try {
      const res = await send(`${instance.origin}/readyz`, { timeoutMs: 2_000 });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`instance ${instance.name} was not ready within ${timeoutMs / 1000} s:\n${instance.output()}`);
}

// ------------------------------------------------------------------------------ two instances, one site

export type TwoInstanceSiteOptions = {
  /** Names the temp folder: `mc-<name>-…` under the system's temp directory. */
  name: string;
  /** The prefix of the fresh database's name (`<prefix>_…`). */
  databasePrefix: string;
  /** nginx https and plain http, and the two instances (A and B). */
  ports: { https: number; http: number; a: number; b: number };
  /** TEST_DATABASE_URL: a PostgreSQL server where the test may create and drop a database. */
  adminUrl: string;
  /** The production build both instances run. */
  buildDir: string;
  sessionSecret: string;
  /** The admin the instances seed (ADMIN_EMAIL, ADMIN_PASSWORD). */
  admin: { email: string; password: string };
  /** Whether `diagnostics()` shows the tail of nginx's access log as well as its error log. */
  accessLogInDiagnostics?: boolean;
  /** More settings for both instances (an SMTP_URL). */
  env?: Record<string, string>;
  /** A DATA_DIR for each instance instead of one they share (stored files in an object store). */
  separateDataDirs?: boolean;
};

export type TwoInstanceSite = {
  /** https://127.0.0.1:<https port>: the site as its visitors reach it (PUBLIC_ORIGIN). */
  origin: string;
  a: Instance;
  b: Instance;
  nginx: Nginx;
  database: { url: string; drop: () => Promise<void> };
  /** The certificate nginx serves, to trust in `send({ ca })`. */
  cert: string;
  tmp: string;
  /** The tails of nginx's log(s) and of each instance's output, for a failed test. */
  diagnostics: () => string;
  /** Stops both instances (B may already be stopped) and nginx, drops the database and removes the temp folder. */
  stop: () => Promise<void>;
};

/**
 * A fresh PostgreSQL database, two production instances with the same environment on it (A and B), and
 * nginx in front of them from deploy/nginx.conf with a self-signed certificate. Fails with the reason when
 * something the test needs is missing or a port is taken; when a later step fails it stops what it
 * started and fails with the logs. Anything still running when the process exits is killed.
 */
export async function startTwoInstanceSite(o: TwoInstanceSiteOptions): Promise<TwoInstanceSite> {
  const missing = missingPrerequisite(o.buildDir);
  if (missing) throw new Error(missing);
  await assertPortsFree([o.ports.https, o.ports.http, o.ports.a, o.ports.b]);
  const origin = `https://127.0.0.1:${o.ports.https}`;
  const instances: Instance[] = [];
  let nginx: Nginx | undefined;
  let database: { url: string; drop: () => Promise<void> } | undefined;
  const killAll = () => {
    for (const i of instances) if (i.isAlive()) i.child.kill("SIGKILL");
    if (nginx && nginx.child.exitCode === null) nginx.child.kill("SIGKILL");
  };
  process.once("exit", killAll);
  const tmp = mkdtempSync(path.join(os.tmpdir(), `mc-${o.name}-`));

  function diagnostics() {
    const tail = (s: string, n = 80) => s.split("\n").slice(-n).join("\n");
    return [
      `--- nginx error log\n${tail(nginx?.errorLog() ?? "")}`,
      ...(o.accessLogInDiagnostics ? [`--- nginx access log\n${tail(nginx?.accessLog() ?? "", 40)}`] : []),
      ...instances.map((i) => `--- instance ${i.name} (port ${i.port}) output\n${tail(i.output())}`),
    ].join("\n");
  }

  async function stop() {
    await Promise.all(instances.map((i) => i.stop()));
    await nginx?.stop();
    await database?.drop();
    process.removeListener("exit", killAll);
    rmSync(tmp, { recursive: true, force: true });
  }

  try {
    database = await freshPostgres(o.adminUrl, o.databasePrefix);
    const made = makeCertificate(tmp);
    const env = {
      NODE_ENV: "production",
      BUILD_DIR: o.buildDir,
      DATABASE_URL: database.url,
      // One DATA_DIR for both: uploads and documents are shared storage.
      DATA_DIR: path.join(tmp, "shared-data"),
      SESSION_SECRET: o.sessionSecret,
      PUBLIC_ORIGIN: origin,
      TRUST_PROXY: "true",
      ADMIN_EMAIL: o.admin.email,
      ADMIN_PASSWORD: o.admin.password,
      LOG_LEVEL: "info",
      ...o.env,
    };
    // Started together: migrations and the seed take turns under the database's advisory lock. With stored files in
    // an object store the instances share no disk: each has a DATA_DIR of its own.
    const own = (name: string) => (o.separateDataDirs ? { DATA_DIR: path.join(tmp, `data-${name}`) } : {});
    const a = startInstance("A", o.ports.a, { ...env, ...own("a") });
    const b = startInstance("B", o.ports.b, { ...env, ...own("b") });
    instances.push(a, b);
    await Promise.all([waitUntilReady(a), waitUntilReady(b)]);
    const site = renderSiteConf(readFileSync(NGINX_TEMPLATE, "utf8"), {
      httpsPort: o.ports.https,
      httpPort: o.ports.http,
      upstreams: [o.ports.a, o.ports.b],
      certFile: made.certFile,
      keyFile: made.keyFile,
    });
    nginx = await startNginx(path.join(tmp, "nginx"), site, o.ports.https);
    return { origin, a, b, nginx, database, cert: made.cert, tmp, diagnostics, stop };
  } catch (err) {
    const failure = new Error(`${err instanceof Error ? err.message : String(err)}\n${diagnostics()}`);
    await stop().catch((cleanup: unknown) => console.error(`[scale] cleaning up after a failed start: ${String(cleanup)}`));
    throw failure;
  }
}

// ------------------------------------------------------------------------------------------ client

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; json?: any };

export type SendOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** JSON body (sets Content-Type). */
  json?: unknown;
  /** The loopback address the request leaves from: another client address as nginx sees it. */
  localAddress?: string;
  /** Trusted certificate for https. */
  ca?: string;
  timeoutMs?: number;
};

/** One request on a fresh connection; gzip and brotli bodies are decoded. Rejects on a socket error. */
export function send(url: string, opts: SendOptions = {}): Promise<Answer> {
  const body = opts.json !== undefined ? JSON.stringify(opts.json) : opts.body;
  const headers: Record<string, string> = {
    ...(opts.json !== undefined ? { "Content-Type": "application/json" } : {}),
    ...(body !== undefined ? { "Content-Length": String(Buffer.byteLength(body)) } : {}),
    ...opts.headers,
  };
  const target = new URL(url);
  const lib = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      target,
      { method: opts.method ?? "GET", headers, agent: false, localAddress: opts.localAddress, ca: opts.ca, timeout: opts.timeoutMs ?? 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          let raw = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          try {
            if (encoding === "gzip") raw = zlib.gunzipSync(raw);
            else if (encoding === "br") raw = zlib.brotliDecompressSync(raw);
            else if (encoding === "deflate") raw = zlib.inflateSync(raw);
          } catch (err) {
            reject(new Error(`${url}: the ${encoding} body could not be decoded: ${String(err)}`));
            return;
          }
          const text = raw.toString("utf8");
          let json: any;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json });
        });
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error(`${url}: no answer within ${opts.timeoutMs ?? 30_000} ms`), { code: "CLIENT_TIMEOUT" })));
    req.on("error", reject);
    req.end(body);
  });
}

/** The `name=value` pair of a Set-Cookie header for `name`, or undefined. */
export function cookieFrom(res: Answer, name: string): { pair: string; attributes: string } | undefined {
  for (const line of res.headers["set-cookie"] ?? []) {
    if (line.startsWith(`${name}=`)) {
      const [pair, ...rest] = line.split(";");
      return { pair, attributes: rest.join(";") };
    }
  }
  return undefined;
}

/** Every instance address nginx tried for a request (X-Upstream), in order: the last one answered. */
export function upstreamsOf(res: Answer): string[] {
  const header = res.headers["x-upstream"];
  const value = Array.isArray(header) ? header.join(", ") : (header ?? "");
  return value
    .split(/\s*,\s*|\s+:\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------------------------------- admin

/** Sends a request to one place (an instance directly, or nginx): `(path, options) => answer`. */
export type Via = (p: string, opts?: SendOptions) => Promise<Answer>;

/**
 * The admin an instance seeds, as a test signs them in. Every admin sets up an authenticator app before
 * using the API: the first sign-in (or `enrol`, for a session made elsewhere) does it, and later sign-ins
 * give the app's next code. `site` is the Origin of their JSON writes (this site's pages).
 */
export function seededAdmin(credentials: { email: string; password: string }, site: string) {
  let app: AuthenticatorApp | undefined;
  const json = (body: unknown, Cookie?: string): SendOptions => ({ method: "POST", json: body, headers: { Origin: site, ...(Cookie ? { Cookie } : {}) } });

  /** Sets up the admin's authenticator app with a signed-in session, through `via`. */
  async function enrol(via: Via, Cookie: string) {
    const setup = await via("/api/account/two-factor/app", json({}, Cookie));
    expect(setup.status, setup.body).toBe(200);
    app = authenticatorApp(setup.json.secret);
    const confirmed = await via("/api/account/two-factor/app/confirm", json({ code: await app.toConfirm() }, Cookie));
    expect(confirmed.status, confirmed.body).toBe(200);
  }

  /** A new session on `instance` (password, then the app's code, the app set up first if it is not yet): its cookie pair. */
  async function signIn(instance: Instance): Promise<string> {
    const direct: Via = (p, opts) => send(instance.origin + p, opts);
    const res = await direct("/api/login", json(credentials));
    expect(res.status, res.body).toBe(200);
    const cookie = cookieFrom(res, "mc_session")!.pair;
    if (!res.json.twoFactorRequired) {
      await enrol(direct, cookie);
      return cookie;
    }
    const second = await direct("/api/login/two-factor", json({ code: await app!.next() }, cookie));
    expect(second.status, second.body).toBe(200);
    return cookieFrom(second, "mc_session")!.pair;
  }

  return { ...credentials, enrol, signIn };
}
