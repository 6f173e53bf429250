/**
 * Builds the real app (services + API) on a fresh database for one test file:
 * in-memory PGlite by default, or a new PostgreSQL database when TEST_DATABASE_URL is set; either starts as a copy
 * of a migrated template (a PGlite dump file, a PostgreSQL template database).
 */
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createApp } from "../../server/app";
import { openDatabase, runMigrations, type Database } from "../../server/db/client";
import { seed } from "../../server/db/seed";
import type { Role } from "../../server/db/schema";
import { loadConfig } from "../../server/env";
import { authenticatorApp } from "./authenticator";
import { startSmtpServer } from "./smtp";
import { createLogger } from "../../server/lib/logger";
import { createServices, type ServiceOptions, type Services } from "../../server/features";
import { generate } from "otplib";
import { userInput } from "./factories";
import { migratedPostgres, migrationsKey } from "./postgres";
import { checkAnswer } from "./contract";

export type TestContext = {
  services: Services;
  database: Database;
  baseUrl: string;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
};

/**
 * A fresh PGlite costs an initdb and every migration. The first test file to need one saves a dump of
 * the migrated database (keyed by the migrations' content) and later files start from it.
 */
async function migratedPgliteTemplate(): Promise<Blob | undefined> {
  const file = path.join(os.tmpdir(), `mc-pglite-template-${migrationsKey()}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const scratch = await openDatabase({ dataDir: os.tmpdir(), memory: true });
  await runMigrations(scratch);
  const dump = await scratch.pglite!.dumpDataDir("gzip");
  await scratch.close();
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  return new Blob([readFileSync(file)]);
}

export async function createTestContext(opts: { seed?: boolean; env?: Record<string, string>; services?: ServiceOptions } = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mc-test-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgDb = adminUrl ? await migratedPostgres(adminUrl) : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SESSION_SECRET: "test-secret-test-secret-test-secret-42",
    LOG_LEVEL: "silent",
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...opts.env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir,
    memory: !pgDb,
    loadDataDir: pgDb ? undefined : await migratedPgliteTemplate(),
  });
  await runMigrations(database);
  // Registration and reset requests answer after a short even delay here; the timing test sets the real one.
  const services = createServices(database, config, { evenAnswerMs: 50, ...opts.services });
  if (opts.seed) await seed(services);
  const logger = createLogger({ level: "silent", pretty: false });
  services.mail.start(logger);
  const app = createApp({ services, logger });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    services,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    kind: database.kind,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.mail.stop();
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small HTTP client that keeps the session cookie like a browser would. */
export class Client {
  cookie = "";
  /** Every answer is checked against the API contract (a test of a deliberately broken answer turns it off). */
  checkContract = true;
  constructor(
    readonly baseUrl: string,
    readonly origin?: string,
  ) {}

  /** A JSON request (a string body is sent as it is). */
  request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.send(method, url, {
      headers: { ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  }

  /** Sends with this client's session cookie, keeps the cookie the answer sets, and parses a JSON answer. */
  async send(method: string, url: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) {
    const res = await fetch(this.baseUrl + url, {
      method,
      redirect: "manual",
      headers: { ...(this.cookie ? { Cookie: this.cookie } : {}), ...init.headers },
      body: init.body,
    });
    const setCookie = res.headers.get("set-cookie");
    if (setCookie) {
      const pair = setCookie.split(";")[0];
      this.cookie = pair.endsWith("=") ? "" : pair;
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (this.checkContract) checkAnswer(method, url, res.status, res.headers.get("content-type"), json);
    return { status: res.status, headers: res.headers, json, text };
  }

  get = (url: string, headers?: Record<string, string>) => this.request("GET", url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request("POST", url, body ?? {}, headers);
  put = (url: string, body?: unknown, headers?: Record<string, string>) => this.request("PUT", url, body ?? {}, headers);
  patch = (url: string, body?: unknown, headers?: Record<string, string>) => this.request("PATCH", url, body ?? {}, headers);
  delete = (url: string, headers?: Record<string, string>) => this.request("DELETE", url, undefined, headers);
}

/** A code from an authenticator app holding `secret`, `offsetSeconds` from now. */
export const totpCode = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/**
 * Sets up an authenticator app for the user through the service, as the account page does. It is confirmed with the
 * previous step's code (accepted: clocks drift), so a sign-in right after can use the current one.
 */
export async function enrolAuthenticator(ctx: TestContext, userId: number) {
  const { secret } = await ctx.services.twoFactor.startTotp(userId);
  const recoveryCodes = await ctx.services.twoFactor.confirmTotp(userId, await authenticatorApp(secret).toConfirm());
  return { secret, recoveryCodes };
}

/** Signs `client` in with a password and, when the account asks for it, a code from the authenticator app. */
export async function signIn(client: Client, credentials: { email: string; password: string }, totpSecret?: string) {
  const res = await client.post("/api/login", credentials);
  if (res.status !== 200 || !res.json?.twoFactorRequired) return res;
  if (!totpSecret) throw new Error(`${credentials.email} needs a second factor`);
  return client.post("/api/login/two-factor", { code: await totpCode(totpSecret) });
}

let counter = 0;
/**
 * Creates a user with the given role (address confirmed unless `verified: false`) and returns a client signed in as
 * that user (through /api/login). Admins get an authenticator app, as they must (`twoFactor: false` leaves it out;
 * `twoFactor: true` gives one to any role); its secret is returned.
 */
export async function signedInClient(ctx: TestContext, role: Role | "anonymous", opts: { verified?: boolean; twoFactor?: boolean } = {}) {
  const client = new Client(ctx.baseUrl);
  if (role === "anonymous") return { client, user: undefined };
  const { email, password, ...rest } = userInput({
    email: `${role}${++counter}-${Math.random().toString(36).slice(2, 7)}@example.test`,
    fullName: `${role} user`,
    role,
    isVerified: opts.verified ?? true,
  });
  const user = await ctx.services.users.create({ email, password, ...rest });
  const totpSecret = (opts.twoFactor ?? role === "admin") ? (await enrolAuthenticator(ctx, user.id)).secret : undefined;
  const res = await signIn(client, { email, password }, totpSecret);
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return { client, user, email, password, totpSecret };
}

/**
 * A test context whose e-mails go to a real SMTP server on 127.0.0.1: the queue looks for due messages every 0.1 s
 * and retries a refused one after 0.2 s. `env` and `services` add to that.
 */
export async function contextWithMailbox(opts: { env?: Record<string, string>; services?: ServiceOptions } = {}) {
  const smtp = await startSmtpServer();
  const ctx = await createTestContext({
    env: { SMTP_URL: smtp.url, ...opts.env },
    services: { mail: { pollMs: 100, retryDelayMs: () => 200 }, ...opts.services },
  });
  return { ctx, smtp };
}
