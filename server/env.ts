import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseStorageUrl } from "./lib/storage-url";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

/** How many days what is no longer needed is kept: sent (or held, or failed) e-mails, the account events log, the audit trail. */
export type RetentionDays = { mailDays: number; securityLogDays: number; unconfirmedAccountDays: number; auditDays: number };

/** A TCP port, 1 to 65535. */
const portNumber = () =>
  z.coerce
    .number({ error: "must be a port number (1-65535)" })
    .int("must be a port number (1-65535)")
    .min(1, "must be a port number (1-65535)")
    .max(65535, "must be a port number (1-65535)");

/** A size of a disk cache in megabytes, at least 16. */
const cacheMegabytes = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number of megabytes" })
      .min(16, "must be at least 16 megabytes")
      .max(1_048_576, "must be at most 1048576 megabytes")
      .default(fallback),
  );

/** A count of things run at once (jobs, threads, connections): a whole number from 1 to `max`. */
const concurrency = (fallback: number, max: number) => {
  const message = `must be a whole number from 1 to ${max}`;
  return z.preprocess(emptyToUndefined, z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback));
};

/** A duration in seconds (decimals allowed), greater than 0 and at most `max`. */
const seconds = (fallback: number, max: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a number of seconds" })
      .positive("must be a number of seconds greater than 0")
      .max(max, `must be at most ${max} seconds`)
      .default(fallback),
  );

/** A number of days to keep something, 1 to 3650. */
const days = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: "must be a whole number of days" })
      .int("must be a whole number of days")
      .min(1, "must be at least 1 day")
      .max(3650, "must be at most 3650 days")
      .default(fallback),
  );

/** The audit trail's keeping time: at least a year (a shorter trail proves little), at most a century; 7 years by default. */
const auditDays = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ error: "must be a whole number of days" })
    .int("must be a whole number of days")
    .min(365, "must be at least 365 days (an audit trail shorter than a year proves little)")
    .max(36_500, "must be at most 36500 days")
    .default(2557),
);

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("production"),
    ),
    PORT: z.preprocess(emptyToUndefined, portNumber().default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).default("0.0.0.0")),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    STORAGE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .superRefine((url, ctx) => {
          try {
            parseStorageUrl(url);
          } catch (err) {
            ctx.addIssue({ code: "custom", message: (err as Error).message.replace(/^STORAGE_URL /, "") });
          }
        })
        .optional(),
    ),
    VIEWER_CACHE_MB: cacheMegabytes(1024),
    STORAGE_CACHE_MB: cacheMegabytes(512),
    STORAGE_TIMEOUT: seconds(5, 120),
    SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
    ENCRYPTION_KEY: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
    ENCRYPTION_KEY_PREVIOUS: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email("must be an e-mail address").optional()),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8, "must be at least 8 characters").optional()),
    PUBLIC_ORIGIN: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: "must be an http(s) origin such as https://www.example.com" })
        .transform((u) => new URL(u).origin)
        .optional(),
    ),
    PRODUCTION_HOSTNAME: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9.-]+$/i, "must be a host name such as example.com")
        .optional(),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465")
        .optional(),
    ),
    SMTP_CONNECTIONS: concurrency(3, 20),
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(?:[^<>@\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'must be an address such as "Meridian Crest <no-reply@example.com>"')
        .optional(),
    ),
    MAIL_RETRY_SECONDS: seconds(30, 3600),
    MAIL_KEEP_DAYS: days(90),
    SECURITY_LOG_KEEP_DAYS: days(365),
    UNCONFIRMED_ACCOUNT_KEEP_DAYS: days(7),
    AUDIT_KEEP_DAYS: auditDays,
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(["true", "false"], { error: "must be true or false" }).default("false")),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z
        .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { error: "must be one of fatal, error, warn, info, debug, trace, silent" })
        .default("info"),
    ),
    DB_CONNECT_TIMEOUT: seconds(3, 60),
    DB_QUERY_TIMEOUT: seconds(4, 600),
    REQUEST_TIMEOUT: seconds(15, 3600),
    SHUTDOWN_TIMEOUT: seconds(10, 600),
    CONFIRM_IDENTITY_SECONDS: seconds(600, 7200),
    PAGE_CACHE_MB: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a number of megabytes (0 turns the cache off)" })
        .min(0, "must be 0 or more megabytes")
        .max(16_384, "must be at most 16384 megabytes")
        .default(64),
    ),
    PAGE_CACHE_TTL: seconds(600, 86_400),
    PGLITE_SHARED_BUFFERS_MB: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a whole number of megabytes" })
        .int("must be a whole number of megabytes")
        .min(1, "must be at least 1 megabyte")
        // PGlite's whole memory (buffers, caches, sorts) cannot grow past 2 GB.
        .max(1024, "must be at most 1024 megabytes")
        .default(16),
    ),
    IMAGE_CACHE_MB: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a number of megabytes (0 turns the cache off)" })
        .min(0, "must be 0 or more megabytes")
        .max(4096, "must be at most 4096 megabytes")
        .default(0),
    ),
    IMAGE_JOBS: concurrency(2, 64),
    IMAGE_MEMORY_MB: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "must be a number of megabytes" })
        .min(0, "must be 0 or more megabytes")
        .max(65_536, "must be at most 65536 megabytes")
        .default(128),
    ),
    HTML_WORKERS: concurrency(2, 16),
    READER_WORKERS: concurrency(1, 16),
    SERVER_TIMING: z.preprocess(
      emptyToUndefined,
      z.enum(["1", "true", "0", "false"], { error: "must be 1 (on for everyone) or 0 (only signed-in admins)" }).default("0"),
    ),
    METRICS_PORT: z.preprocess(emptyToUndefined, portNumber().optional()),
    METRICS_HOST: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(32, "must be at least 32 characters")
        // It travels in an Authorization header: visible ASCII, no spaces.
        .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.NODE_ENV === "production" && v.PUBLIC_ORIGIN?.startsWith("https:") && !v.SESSION_SECRET && v.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required when running on PostgreSQL behind https" });
    }
    if (v.METRICS_PORT !== undefined && v.METRICS_PORT === v.PORT) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT (the metrics listener serves nothing else)" });
    }
    if (v.METRICS_HOST && v.METRICS_PORT === undefined) {
      ctx.addIssue({ code: "custom", path: ["METRICS_HOST"], message: "is set without METRICS_PORT (it is the metrics listener's interface)" });
    }
    if (Boolean(v.ADMIN_EMAIL) !== Boolean(v.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: "custom", path: [v.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"], message: "must be set together with the other admin variable" });
    }
  });

export type Config = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /** Stored files in S3-compatible storage (s3://bucket/prefix?endpoint=…); without it they are on the disk under dataDir. */
  storageUrl?: string;
  /** Local copies of files from the object store, for the PDF tools: at most this many bytes. */
  storageCacheBytes: number;
  /** STORAGE_TIMEOUT: how long a call to the object store may wait for its answer, retries included. */
  storageTimeoutMs: number;
  /** The data room viewer's rendered pages on disk (DATA_DIR/page-cache): at most this many bytes. */
  viewerCacheBytes: number;
  sessionSecret: string;
  /** Key material for secrets the server stores and reads back (server/auth/secret-box.ts): `current` seals. */
  secretKeys: { current: string; older: string[] };
  adminEmail?: string;
  adminPassword?: string;
  publicOrigin?: string;
  /** The origin every link in an e-mail starts with: PUBLIC_ORIGIN, else this server on localhost. Never a request's Host. */
  linkOrigin: string;
  /** The SMTP server e-mails are sent through; without one they are kept in the Outbox. */
  smtpUrl?: string;
  /** SMTP connections each instance keeps open and sends over at once (each carries up to 100 messages). */
  smtpConnections: number;
  /** The From of every e-mail. */
  mailFrom: string;
  /** The wait after a message's first failed attempt; each later wait doubles, up to an hour. */
  mailRetryMs: number;
  /** How long e-mails that are no longer waiting to be sent stay in the Outbox, account events in the log, audit events in the trail. */
  retention: RetentionDays;
  productionHostname?: string;
  trustProxy: boolean;
  logLevel: string;
  /** Secure cookies; true when the site is served over https. */
  secureCookies: boolean;
  /** Longest wait for a database connection (a new one, or a free one from the pool). */
  dbConnectTimeoutMs: number;
  /** Longest wait for the database to answer a query. */
  dbQueryTimeoutMs: number;
  /** A request that has sent nothing after this long is answered 503 (uploads excepted). */
  requestTimeoutMs: number;
  /** On SIGTERM, how long requests in progress may take to finish before their connections are closed. */
  shutdownTimeoutMs: number;
  /** A change to how an account signs in needs the password or a second factor proved in the session this recently. */
  confirmIdentityMs: number;
  /** Memory for rendered anonymous pages, in bytes; 0 turns the page cache off. */
  pageCacheBytes: number;
  /** A cached page is rebuilt after this long even if no change was announced. */
  pageCacheTtlMs: number;
  /** The embedded database's buffer pool (PostgreSQL's shared_buffers inside PGlite), in megabytes; unused on PostgreSQL. */
  pgliteSharedBuffersMb: number;
  /** sharp: libvips' operation cache in megabytes (0: off), images decoded or encoded at once, and the megabytes they may hold between them. */
  images: { cacheMb: number; jobs: number; memoryMb: number };
  /** The editors' worker threads (cleaning and rendering press text, .docx imports); one kept started, more when needed. */
  htmlWorkers: number;
  /** The readers' worker threads (stamped downloads); one kept started, more when needed. */
  readerWorkers: number;
  /**
   * Server-Timing on every answer (SERVER_TIMING=1), not only to signed-in admins; never on the sign-in,
   * registration, reset and confirmation routes (server/http/server-timing.ts).
   */
  serverTiming: boolean;
  /**
   * Prometheus metrics (server/metrics): `port` serves GET /metrics on a listener of its own at `host`; `token` also
   * allows GET /metrics on the main port with `Authorization: Bearer <token>`. Undefined when neither is set: off.
   */
  metrics?: { port?: number; host: string; token?: string };
};

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError whose message is one readable line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const v = parsed.data;
  const dataDir = path.resolve(v.DATA_DIR);
  const sessionSecret = v.SESSION_SECRET ?? localSecret(dataDir);
  return {
    nodeEnv: v.NODE_ENV,
    port: v.PORT,
    host: v.HOST,
    databaseUrl: v.DATABASE_URL,
    dataDir,
    storageUrl: v.STORAGE_URL,
    storageCacheBytes: Math.round(v.STORAGE_CACHE_MB * 1024 * 1024),
    storageTimeoutMs: Math.round(v.STORAGE_TIMEOUT * 1000),
    viewerCacheBytes: Math.round(v.VIEWER_CACHE_MB * 1024 * 1024),
    sessionSecret,
    // Authenticator keys are sealed under ENCRYPTION_KEY, else under SESSION_SECRET; what an earlier one sealed still opens.
    secretKeys: {
      current: v.ENCRYPTION_KEY ?? sessionSecret,
      older: [v.ENCRYPTION_KEY_PREVIOUS, v.ENCRYPTION_KEY ? sessionSecret : undefined].filter((k): k is string => Boolean(k)),
    },
    adminEmail: v.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: v.ADMIN_PASSWORD,
    publicOrigin: v.PUBLIC_ORIGIN,
    linkOrigin: v.PUBLIC_ORIGIN ?? `http://localhost:${v.PORT}`,
    smtpUrl: v.SMTP_URL,
    smtpConnections: v.SMTP_CONNECTIONS,
    mailFrom: v.MAIL_FROM ?? `"Meridian Crest Holdings" <no-reply@${v.PUBLIC_ORIGIN ? new URL(v.PUBLIC_ORIGIN).hostname : "localhost"}>`,
    mailRetryMs: Math.round(v.MAIL_RETRY_SECONDS * 1000),
    retention: {
      mailDays: v.MAIL_KEEP_DAYS,
      securityLogDays: v.SECURITY_LOG_KEEP_DAYS,
      unconfirmedAccountDays: v.UNCONFIRMED_ACCOUNT_KEEP_DAYS,
      auditDays: v.AUDIT_KEEP_DAYS,
    },
    productionHostname: v.PRODUCTION_HOSTNAME?.toLowerCase(),
    trustProxy: v.TRUST_PROXY === "true",
    logLevel: v.LOG_LEVEL,
    secureCookies: v.NODE_ENV === "production" && (v.PUBLIC_ORIGIN ?? "").startsWith("https:"),
    dbConnectTimeoutMs: Math.round(v.DB_CONNECT_TIMEOUT * 1000),
    dbQueryTimeoutMs: Math.round(v.DB_QUERY_TIMEOUT * 1000),
    requestTimeoutMs: Math.round(v.REQUEST_TIMEOUT * 1000),
    shutdownTimeoutMs: Math.round(v.SHUTDOWN_TIMEOUT * 1000),
    confirmIdentityMs: Math.round(v.CONFIRM_IDENTITY_SECONDS * 1000),
    pageCacheBytes: Math.round(v.PAGE_CACHE_MB * 1024 * 1024),
    pageCacheTtlMs: Math.round(v.PAGE_CACHE_TTL * 1000),
    pgliteSharedBuffersMb: v.PGLITE_SHARED_BUFFERS_MB,
    images: { cacheMb: v.IMAGE_CACHE_MB, jobs: v.IMAGE_JOBS, memoryMb: v.IMAGE_MEMORY_MB },
    htmlWorkers: v.HTML_WORKERS,
    readerWorkers: v.READER_WORKERS,
    serverTiming: v.SERVER_TIMING === "1" || v.SERVER_TIMING === "true",
    metrics:
      v.METRICS_PORT !== undefined || v.METRICS_TOKEN ? { port: v.METRICS_PORT, host: v.METRICS_HOST ?? "127.0.0.1", token: v.METRICS_TOKEN } : undefined,
  };
}

const FS_REASONS: Record<string, string> = {
  EROFS: "read-only file system",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  ENOTDIR: "part of the path is a file, not a directory",
  EEXIST: "a file is in the way",
};

const notWritable = (dataDir: string, err: unknown) => {
  const code = (err as NodeJS.ErrnoException)?.code ?? "";
  return new ConfigError(`DATA_DIR ${dataDir} is not writable: ${FS_REASONS[code] ?? (code || String(err))}`);
};

/** mkdir -p one level at a time: a recursive mkdir reports ENOENT where the real cause is EROFS or EACCES. */
function ensureDir(dir: string) {
  if (existsSync(dir)) return;
  ensureDir(path.dirname(dir));
  mkdirSync(dir, { mode: 0o700 });
}

/**
 * DATA_DIR holds the embedded database, uploads and documents: it must exist (it is created if missing) and
 * be writable. Throws a ConfigError naming the directory and the reason.
 */
export function checkDataDir(dataDir: string): void {
  const probe = path.join(dataDir, `.write-test-${process.pid}`);
  try {
    ensureDir(dataDir);
    writeFileSync(probe, "");
    rmSync(probe);
  } catch (err) {
    throw notWritable(dataDir, err);
  }
}

/**
 * Without SESSION_SECRET a single instance keeps a random secret in DATA_DIR, so sessions
 * survive a restart. Several instances must share SESSION_SECRET (see README).
 */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, ".session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  try {
    ensureDir(dataDir);
    writeFileSync(file, secret, { mode: 0o600 });
  } catch (err) {
    throw notWritable(dataDir, err);
  }
  return secret;
}
