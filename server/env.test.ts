/** Configuration is validated at start; a bad value is one readable line naming the variable. */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkDataDir, ConfigError, loadConfig } from "./env";
import { parseStorageUrl } from "./lib/storage-url";

const SECRET = "s".repeat(32);
const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mc-env-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The ConfigError a bad environment throws (fails the test when nothing is thrown). */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig({ SESSION_SECRET: SECRET, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

function expectOneLineNaming(err: ConfigError, variable: string) {
  expect(err.message).not.toContain("\n");
  expect(err.message.length).toBeLessThan(200);
  expect(err.message.startsWith(`Invalid configuration: ${variable} `)).toBe(true);
}

describe("[config] bad values stop start-up with one line naming the variable", () => {
  it.each(["abc", "0", "65536", "-1", "80.5", "3000abc"])("[config] PORT=%s", (PORT) => {
    expectOneLineNaming(configError({ PORT }), "PORT");
  });

  it.each(["mysql://localhost/db", "localhost:5432", "http://db.example/x", "not a url"])("[config] DATABASE_URL=%s", (DATABASE_URL) => {
    const err = configError({ DATABASE_URL });
    expectOneLineNaming(err, "DATABASE_URL");
    expect(err.message).toBe("Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL");
  });

  it.each([
    ["MAIL_KEEP_DAYS", "0", "must be at least 1 day"],
    ["MAIL_KEEP_DAYS", "2.5", "must be a whole number of days"],
    ["UNCONFIRMED_ACCOUNT_KEEP_DAYS", "0", "must be at least 1 day"],
    ["SECURITY_LOG_KEEP_DAYS", "a year", "must be a whole number of days"],
    ["SECURITY_LOG_KEEP_DAYS", "5000", "must be at most 3650 days"],
    ["AUDIT_KEEP_DAYS", "30", "must be at least 365 days (an audit trail shorter than a year proves little)"],
    ["AUDIT_KEEP_DAYS", "seven years", "must be a whole number of days"],
    ["ENCRYPTION_KEY", "too-short", "must be at least 32 characters"],
    ["ENCRYPTION_KEY_PREVIOUS", "also too short", "must be at least 32 characters"],
  ])("[config] %s=%s", (variable, value, message) => {
    expect(configError({ [variable]: value }).message).toBe(`Invalid configuration: ${variable} ${message}`);
  });

  it("[config] authenticator keys are sealed under ENCRYPTION_KEY when set, and what SESSION_SECRET or the previous key sealed still opens", () => {
    const key = "e".repeat(32);
    const previous = "p".repeat(32);
    expect(loadConfig({ SESSION_SECRET: SECRET, DATA_DIR: tmp() }).secretKeys).toEqual({ current: SECRET, older: [] });
    expect(loadConfig({ SESSION_SECRET: SECRET, DATA_DIR: tmp(), ENCRYPTION_KEY: key, ENCRYPTION_KEY_PREVIOUS: previous }).secretKeys).toEqual({
      current: key,
      older: [previous, SECRET],
    });
  });

  it("[config] keeping times default to 90 days of e-mails, a year of account events, 7 days of unconfirmed accounts and 7 years of audit events", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, DATA_DIR: tmp() }).retention).toEqual({
      mailDays: 90,
      securityLogDays: 365,
      unconfirmedAccountDays: 7,
      auditDays: 2557,
    });
    expect(
      loadConfig({
        SESSION_SECRET: SECRET,
        DATA_DIR: tmp(),
        MAIL_KEEP_DAYS: "30",
        SECURITY_LOG_KEEP_DAYS: "730",
        UNCONFIRMED_ACCOUNT_KEEP_DAYS: "3",
        AUDIT_KEEP_DAYS: "3653",
      }).retention,
    ).toEqual({
      mailDays: 30,
      securityLogDays: 730,
      unconfirmedAccountDays: 3,
      auditDays: 3653,
    });
  });

  it("[config] a SESSION_SECRET shorter than 32 characters", () => {
    const err = configError({ SESSION_SECRET: "too-short" });
    expectOneLineNaming(err, "SESSION_SECRET");
    expect(err.message).toBe("Invalid configuration: SESSION_SECRET must be at least 32 characters");
    // The secret itself is never echoed.
    expect(err.message).not.toContain("too-short");
  });

  it("[config] ADMIN_EMAIL without ADMIN_PASSWORD names the missing one", () => {
    const err = configError({ ADMIN_EMAIL: "owner@example.test" });
    expectOneLineNaming(err, "ADMIN_PASSWORD");
    expect(err.message).toBe("Invalid configuration: ADMIN_PASSWORD must be set together with the other admin variable");
  });

  it("[config] ADMIN_PASSWORD without ADMIN_EMAIL names the missing one", () => {
    const err = configError({ ADMIN_PASSWORD: "a long admin password" });
    expectOneLineNaming(err, "ADMIN_EMAIL");
    expect(err.message).not.toContain("a long admin password");
  });

  it("[config] a malformed ADMIN_EMAIL and a short ADMIN_PASSWORD", () => {
    expectOneLineNaming(configError({ ADMIN_EMAIL: "owner", ADMIN_PASSWORD: "a long admin password" }), "ADMIN_EMAIL");
    const short = configError({ ADMIN_EMAIL: "owner@example.test", ADMIN_PASSWORD: "short" });
    expectOneLineNaming(short, "ADMIN_PASSWORD");
    expect(short.message).not.toContain("short\n");
  });

  it.each([
    ["NODE_ENV", "staging"],
    ["PUBLIC_ORIGIN", "ftp://example.com"],
    ["PUBLIC_ORIGIN", "example.com"],
    ["PRODUCTION_HOSTNAME", "https://example.com/"],
    ["TRUST_PROXY", "yes"],
    ["LOG_LEVEL", "loud"],
    ["DB_CONNECT_TIMEOUT", "soon"],
    ["DB_CONNECT_TIMEOUT", "0"],
    ["DB_QUERY_TIMEOUT", "-1"],
    ["REQUEST_TIMEOUT", "99999"],
    ["SHUTDOWN_TIMEOUT", "ten"],
    ["CONFIRM_IDENTITY_SECONDS", "0"],
    ["CONFIRM_IDENTITY_SECONDS", "86400"],
  ])("[config] %s=%s", (name, value) => {
    expectOneLineNaming(configError({ [name]: value }), name);
  });

  it("[config] production on PostgreSQL behind https needs a SESSION_SECRET", () => {
    const err = (() => {
      try {
        loadConfig({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://www.example.com", DATABASE_URL: "postgres://u@db/app", DATA_DIR: tmp() });
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error("expected a ConfigError");
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expectOneLineNaming(err, "SESSION_SECRET");
  });
});

describe("[config] defaults and accepted values", () => {
  it("[config] an empty environment gives the documented defaults", () => {
    const config = loadConfig({ SESSION_SECRET: SECRET });
    expect(config).toMatchObject({
      nodeEnv: "production",
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      dataDir: path.resolve("./data"),
      sessionSecret: SECRET,
      adminEmail: undefined,
      adminPassword: undefined,
      publicOrigin: undefined,
      productionHostname: undefined,
      trustProxy: false,
      logLevel: "info",
      secureCookies: false,
      dbConnectTimeoutMs: 3_000,
      dbQueryTimeoutMs: 4_000,
      requestTimeoutMs: 15_000,
      shutdownTimeoutMs: 10_000,
      pageCacheBytes: 64 * 1024 * 1024,
      pageCacheTtlMs: 600_000,
      serverTiming: false,
    });
  });

  it("[config] the page cache's memory is given in megabytes, 0 turns it off", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, PAGE_CACHE_MB: "0", PAGE_CACHE_TTL: "60" })).toMatchObject({ pageCacheBytes: 0, pageCacheTtlMs: 60_000 });
    expect(loadConfig({ SESSION_SECRET: SECRET, PAGE_CACHE_MB: "1.5" }).pageCacheBytes).toBe(1_572_864);
    expect(configError({ PAGE_CACHE_MB: "-1" }).message).toBe("Invalid configuration: PAGE_CACHE_MB must be 0 or more megabytes");
    expect(configError({ PAGE_CACHE_MB: "lots" }).message).toBe("Invalid configuration: PAGE_CACHE_MB must be a number of megabytes (0 turns the cache off)");
  });

  it("[config] memory bounds: PGlite's shared buffers, sharp's cache and image jobs, HTML worker threads", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET })).toMatchObject({ pgliteSharedBuffersMb: 16, images: { cacheMb: 0, jobs: 2, memoryMb: 128 }, htmlWorkers: 2 });
    expect(
      loadConfig({ SESSION_SECRET: SECRET, PGLITE_SHARED_BUFFERS_MB: "128", IMAGE_CACHE_MB: "20", IMAGE_JOBS: "4", IMAGE_MEMORY_MB: "512", HTML_WORKERS: "1" }),
    ).toMatchObject({
      pgliteSharedBuffersMb: 128,
      images: { cacheMb: 20, jobs: 4, memoryMb: 512 },
      htmlWorkers: 1,
    });
    expect(configError({ PGLITE_SHARED_BUFFERS_MB: "0" }).message).toBe("Invalid configuration: PGLITE_SHARED_BUFFERS_MB must be at least 1 megabyte");
    expect(configError({ PGLITE_SHARED_BUFFERS_MB: "2048" }).message).toBe("Invalid configuration: PGLITE_SHARED_BUFFERS_MB must be at most 1024 megabytes");
    expect(configError({ PGLITE_SHARED_BUFFERS_MB: "1.5" }).message).toBe(
      "Invalid configuration: PGLITE_SHARED_BUFFERS_MB must be a whole number of megabytes",
    );
    expect(configError({ IMAGE_CACHE_MB: "-1" }).message).toBe("Invalid configuration: IMAGE_CACHE_MB must be 0 or more megabytes");
    expect(configError({ IMAGE_JOBS: "0" }).message).toBe("Invalid configuration: IMAGE_JOBS must be a whole number from 1 to 64");
    expect(configError({ IMAGE_MEMORY_MB: "-1" }).message).toBe("Invalid configuration: IMAGE_MEMORY_MB must be 0 or more megabytes");
    expect(configError({ HTML_WORKERS: "many" }).message).toBe("Invalid configuration: HTML_WORKERS must be a whole number from 1 to 16");
  });

  it("[config] SMTP connections per instance: 3 unless set, a whole number from 1 to 20", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).smtpConnections).toBe(3);
    expect(loadConfig({ SESSION_SECRET: SECRET, SMTP_CONNECTIONS: "1" }).smtpConnections).toBe(1);
    expect(loadConfig({ SESSION_SECRET: SECRET, SMTP_CONNECTIONS: "" }).smtpConnections).toBe(3);
    expect(configError({ SMTP_CONNECTIONS: "0" }).message).toBe("Invalid configuration: SMTP_CONNECTIONS must be a whole number from 1 to 20");
    expect(configError({ SMTP_CONNECTIONS: "21" }).message).toBe("Invalid configuration: SMTP_CONNECTIONS must be a whole number from 1 to 20");
    expect(configError({ SMTP_CONNECTIONS: "2.5" }).message).toBe("Invalid configuration: SMTP_CONNECTIONS must be a whole number from 1 to 20");
  });

  it("[config] STORAGE_URL names a bucket, an optional prefix and an S3-compatible endpoint, never credentials", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET })).toMatchObject({
      storageUrl: undefined,
      storageCacheBytes: 512 * 1024 * 1024,
      viewerCacheBytes: 1024 * 1024 * 1024,
    });
    expect(loadConfig({ SESSION_SECRET: SECRET, VIEWER_CACHE_MB: "100" }).viewerCacheBytes).toBe(100 * 1024 * 1024);
    expect(configError({ VIEWER_CACHE_MB: "8" }).message).toBe("Invalid configuration: VIEWER_CACHE_MB must be at least 16 megabytes");
    const url = "s3://meridian-files/site?endpoint=https%3A%2F%2Fs3.example.com&region=eu-central-1";
    expect(loadConfig({ SESSION_SECRET: SECRET, STORAGE_URL: url, STORAGE_CACHE_MB: "64" })).toMatchObject({
      storageUrl: url,
      storageCacheBytes: 64 * 1024 * 1024,
    });
    expect(parseStorageUrl(url)).toEqual({
      bucket: "meridian-files",
      prefix: "site/",
      endpoint: "https://s3.example.com",
      region: "eu-central-1",
      forcePathStyle: true,
    });
    expect(parseStorageUrl("s3://meridian-files", {})).toEqual({
      bucket: "meridian-files",
      prefix: "",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
    });
    for (const [value, message] of [
      ["https://meridian-files/site", "must start with s3://"],
      ["s3://key:secret@meridian-files/site", "must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"],
      ["s3://Meridian_Files/site", 'names no valid bucket: "Meridian_Files"'],
      ["s3://meridian-files/a%2F..%2Fb", "may hold only letters, digits, '/', '_', '.' and '-' in its prefix"],
      ["s3://meridian-files/site?endpoint=ftp%3A%2F%2Fhost", "must give an http(s) address as its endpoint"],
      ["s3://meridian-files/site?acl=public-read", 'has an unknown option "acl"'],
    ])
      expect(configError({ STORAGE_URL: value }).message, value).toBe(`Invalid configuration: STORAGE_URL ${message}`);
    expect(configError({ STORAGE_CACHE_MB: "1" }).message).toBe("Invalid configuration: STORAGE_CACHE_MB must be at least 16 megabytes");
  });

  it("[config] time limits are given in seconds, decimals allowed", () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, DB_CONNECT_TIMEOUT: "1.5", DB_QUERY_TIMEOUT: "10", REQUEST_TIMEOUT: "30", SHUTDOWN_TIMEOUT: "25" });
    expect(config).toMatchObject({ dbConnectTimeoutMs: 1_500, dbQueryTimeoutMs: 10_000, requestTimeoutMs: 30_000, shutdownTimeoutMs: 25_000 });
    expect(configError({ SHUTDOWN_TIMEOUT: "ten" }).message).toBe("Invalid configuration: SHUTDOWN_TIMEOUT must be a number of seconds");
  });

  it("[config] empty strings count as unset", () => {
    const config = loadConfig({ SESSION_SECRET: SECRET, PORT: "", HOST: "", DATABASE_URL: "", ADMIN_EMAIL: "", ADMIN_PASSWORD: "", PUBLIC_ORIGIN: "" });
    expect(config).toMatchObject({ port: 3000, host: "0.0.0.0", databaseUrl: undefined, adminEmail: undefined, publicOrigin: undefined });
  });

  it("[config] valid values are read and normalised", () => {
    const dataDir = tmp();
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgresql://app:pw@db.internal:5432/meridian",
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      ADMIN_EMAIL: "Owner@Example.TEST",
      ADMIN_PASSWORD: "a long admin password",
      PUBLIC_ORIGIN: "https://www.example.com/some/path",
      PRODUCTION_HOSTNAME: "Example.COM",
      TRUST_PROXY: "true",
    });
    expect(config).toMatchObject({
      nodeEnv: "production",
      port: 8080,
      host: "127.0.0.1",
      databaseUrl: "postgresql://app:pw@db.internal:5432/meridian",
      dataDir,
      adminEmail: "owner@example.test",
      adminPassword: "a long admin password",
      publicOrigin: "https://www.example.com",
      productionHostname: "example.com",
      trustProxy: true,
      secureCookies: true,
    });
  });

  it("[config] cookies are Secure only in production over https", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, NODE_ENV: "development", PUBLIC_ORIGIN: "https://www.example.com" }).secureCookies).toBe(false);
    expect(loadConfig({ SESSION_SECRET: SECRET, NODE_ENV: "production", PUBLIC_ORIGIN: "http://localhost:3000" }).secureCookies).toBe(false);
    expect(loadConfig({ SESSION_SECRET: SECRET, NODE_ENV: "production", PUBLIC_ORIGIN: "https://www.example.com" }).secureCookies).toBe(true);
  });

  it("[config] without SESSION_SECRET a random secret is kept in DATA_DIR and reused", () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toMatch(/^[a-f0-9]{64}$/);
    const file = path.join(dataDir, ".session-secret");
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    const other = tmp();
    expect(loadConfig({ DATA_DIR: other }).sessionSecret).not.toBe(first);
  });
});

describe("[config] DATA_DIR must be writable", () => {
  it("[config] a DATA_DIR below a regular file stops start-up with one line naming it", () => {
    const file = path.join(tmp(), "not-a-dir");
    writeFileSync(file, "");
    const dir = path.join(file, "data");
    expect(() => checkDataDir(dir)).toThrow(new ConfigError(`DATA_DIR ${dir} is not writable: part of the path is a file, not a directory`));
    // Without SESSION_SECRET the secret file is written there first: the same line, not a stack trace.
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(new ConfigError(`DATA_DIR ${dir} is not writable: part of the path is a file, not a directory`));
  });

  it("[config] a missing DATA_DIR is created", () => {
    const dir = path.join(tmp(), "a", "b");
    checkDataDir(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
  });
});

describe("[config] metrics settings (METRICS_PORT, METRICS_HOST, METRICS_TOKEN)", () => {
  const TOKEN = "t".repeat(32);

  it("[config] neither set: metrics are off", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).metrics).toBeUndefined();
  });

  it("[config] METRICS_PORT alone: a listener on 127.0.0.1 unless METRICS_HOST says otherwise", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, METRICS_PORT: "9464" }).metrics).toEqual({ port: 9464, host: "127.0.0.1", token: undefined });
    expect(loadConfig({ SESSION_SECRET: SECRET, METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" }).metrics).toEqual({
      port: 9464,
      host: "10.0.0.5",
      token: undefined,
    });
  });

  it("[config] METRICS_TOKEN alone: only the main port, with the token", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET, METRICS_TOKEN: TOKEN }).metrics).toEqual({ port: undefined, host: "127.0.0.1", token: TOKEN });
  });

  it.each([
    ["METRICS_PORT", { METRICS_PORT: "0" }, "must be a port number (1-65535)"],
    ["METRICS_PORT", { METRICS_PORT: "nine" }, "must be a port number (1-65535)"],
    ["METRICS_PORT", { METRICS_PORT: "3000" }, "must differ from PORT (the metrics listener serves nothing else)"],
    ["METRICS_HOST", { METRICS_HOST: "127.0.0.1" }, "is set without METRICS_PORT (it is the metrics listener's interface)"],
    ["METRICS_TOKEN", { METRICS_TOKEN: "short" }, "must be at least 32 characters"],
    ["METRICS_TOKEN", { METRICS_TOKEN: `${"a".repeat(20)} ${"b".repeat(20)}` }, "must be printable ASCII without spaces"],
  ])("[config] %s: %j", (variable, env, message) => {
    expect(configError(env).message).toBe(`Invalid configuration: ${variable} ${message}`);
  });
});
