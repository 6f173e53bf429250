import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("production")),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number({ error: "must be a port number (1-65535)" }).int("must be a port number (1-65535)").min(1, "must be a port number (1-65535)").max(65535, "must be a port number (1-65535)").default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).default("0.0.0.0")),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, "must be at least 32 characters").optional()),
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
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
    ),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { error: "must be one of fatal, error, warn, info, debug, trace, silent" }).default("info")),
  })
  .superRefine((v, ctx) => {
    if (v.NODE_ENV === "production" && v.PUBLIC_ORIGIN?.startsWith("https:") && !v.SESSION_SECRET && v.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required when running on PostgreSQL behind https" });
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
  sessionSecret: string;
  adminEmail?: string;
  adminPassword?: string;
  publicOrigin?: string;
  productionHostname?: string;
  trustProxy: boolean;
  logLevel: string;
  /** Secure cookies; true when the site is served over https. */
  secureCookies: boolean;
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
  return {
    nodeEnv: v.NODE_ENV,
    port: v.PORT,
    host: v.HOST,
    databaseUrl: v.DATABASE_URL,
    dataDir,
    sessionSecret: v.SESSION_SECRET ?? localSecret(dataDir),
    adminEmail: v.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: v.ADMIN_PASSWORD,
    publicOrigin: v.PUBLIC_ORIGIN,
    productionHostname: v.PRODUCTION_HOSTNAME?.toLowerCase(),
    trustProxy: v.TRUST_PROXY === "true",
    logLevel: v.LOG_LEVEL,
    secureCookies: v.NODE_ENV === "production" && (v.PUBLIC_ORIGIN ?? "").startsWith("https:"),
  };
}

/**
 * Without SESSION_SECRET a single instance keeps a random secret in DATA_DIR, so sessions
 * survive a restart. Several instances must share SESSION_SECRET (see README).
 */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, ".session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
