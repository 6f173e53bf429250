import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { request } from "@playwright/test";
import { enrolAdmin } from "./admin-code";

/** The administrator every end-to-end server creates on its first start. */
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password" };

/** Ports 3510-3519 unless E2E_PORT moves the range: worker n listens on base + n. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3510);

const ROOT = path.resolve(import.meta.dirname, "../..");
const START_TIMEOUT_MS = 120_000;

/**
 * A data directory seeded once per run (global setup): a server started on a copy of it skips the migrations and
 * the seed, which take most of a first start, and is still exactly a fresh install.
 */
export const TEMPLATE_DIR = path.join(ROOT, "tmp", `e2e-template-${E2E_BASE_PORT}`);

export type E2EServer = { baseURL: string; port: number; dataDir: string; stop: () => Promise<void> };

/**
 * Starts the production build (`node server.js`) on its own port with its own PGlite database under tmp/:
 * a copy of `template` when given, else an empty one that the server seeds with the demo content and the
 * E2E_ADMIN account. Resolves once it answers.
 */
export async function startServer(port: number, { template, env = {} }: { template?: string; env?: Record<string, string> } = {}): Promise<E2EServer> {
  const dataDir = path.join(ROOT, "tmp", `e2e-data-${port}`);
  rmSync(dataDir, { recursive: true, force: true });
  if (template) cpSync(template, dataDir, { recursive: true });
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      NODE_ENV: "production",
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
      // Tests that send contact messages name their own visitor address (X-Forwarded-For), so the limit of
      // messages per visitor counts each test file on its own, as it did when every file had its own server.
      TRUST_PROXY: "true",
      DATABASE_URL: "",
      // E-mailed links open this server, as a browser reaches it.
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(child, `${baseURL}/api/portfolio`);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    baseURL,
    port,
    dataDir,
    stop: () => stopProcess(child),
  };
}

async function waitUntilUp(child: ChildProcess, url: string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exited: string | undefined;
  child.once("exit", (code, signal) => (exited = `the server exited (${signal ?? code}) before answering ${url}`));
  while (Date.now() < deadline) {
    if (exited) throw new Error(exited);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not answer ${url} within ${START_TIMEOUT_MS / 1000} s`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * Seeds TEMPLATE_DIR: one server starts on an empty database, seeds it, the administrator sets up their
 * authenticator app, and the server stops.
 */
export async function makeTemplate(port: number) {
  const server = await startServer(port);
  const api = await request.newContext({ baseURL: server.baseURL });
  try {
    await enrolAdmin(api, E2E_ADMIN);
  } finally {
    await api.dispose();
  }
  await server.stop();
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  renameSync(server.dataDir, TEMPLATE_DIR);
}
