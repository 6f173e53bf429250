/**
 * A throwaway PostgreSQL 15 cluster for fault tests: initdb under /tmp as the `postgres` user, on a port of
 * its own, with the faults a real deployment meets (fast restart, postmaster killed, server frozen).
 * Needs root (to act as `postgres`); `pgClusterUnavailable()` says why a test must skip.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** Why a cluster cannot be made here, or undefined when it can. */
export function pgClusterUnavailable(): string | undefined {
  if (process.getuid?.() !== 0) return "fault tests run PostgreSQL as the postgres user and need root";
  if (!existsSync(path.join(BIN, "initdb"))) return `PostgreSQL binaries not found in ${BIN} (set PG_BIN)`;
  if (spawnSync("id", ["-u", "postgres"]).status !== 0) return "there is no postgres system user";
  return undefined;
}

export type PgCluster = {
  port: number;
  dir: string;
  /** A URL for `database` (default "postgres") as the superuser postgres, trust authentication. */
  url: (database?: string) => string;
  start: () => Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are terminated (57P01), then the server stops. */
  stop: () => Promise<void>;
  /** `pg_ctl restart -m fast`. */
  restart: () => Promise<void>;
  /** SIGKILL to the postmaster; its backends exit when they notice. Waits until none is left. */
  killPostmaster: () => Promise<void>;
  /** SIGSTOP to the postmaster and every backend: connections stay open, nothing answers. */
  freeze: () => void;
  /** SIGCONT to the processes `freeze` stopped. */
  thaw: () => void;
  createDatabase: (name: string) => Promise<string>;
  query: <T extends pg.QueryResultRow = pg.QueryResultRow>(database: string, text: string, values?: unknown[]) => Promise<T[]>;
  /** Stops the server (immediately, also when frozen) and removes the directory. Safe to call twice. */
  destroy: () => Promise<void>;
};

const run = promisify(execFile);
/** Runs a PostgreSQL program as the postgres user, without blocking the test's event loop. */
const asPostgres = (cmd: string, args: string[], opts: { timeout?: number } = {}) =>
  run("runuser", ["-u", "postgres", "--", path.join(BIN, cmd), ...args], { timeout: opts.timeout ?? 60_000, cwd: "/tmp" });

/** Child process ids of `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const kids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name is in parentheses and may contain spaces; fields after it are space-separated.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) kids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return kids;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `preferredPort` should lie outside the kernel's ephemeral range (32768-60999 on Linux), where any outgoing
 * connection may hold it; if it is taken all the same, the next ports are tried.
 */
export async function createPgCluster(preferredPort: number): Promise<PgCluster> {
  let port = preferredPort;
  const dir = mkdtempSync(path.join(os.tmpdir(), `mc-pg-${port}-`));
  const pgdata = path.join(dir, "data");
  chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  await asPostgres("initdb", ["-D", pgdata, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
  // Sockets in the cluster's own directory, TCP on 127.0.0.1 only. fsync off keeps the tests fast; a fast
  // shutdown still checkpoints and a killed postmaster leaves the WAL in the page cache, so no commit is lost.
  const optionsFor = (p: number) => `-p ${p} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60`;
  let options = optionsFor(port);
  const pidFile = path.join(pgdata, "postmaster.pid");
  let frozen: number[] = [];

  const postmasterPid = () => (existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").split("\n")[0]) : undefined);
  const start = async () => {
    try {
      await asPostgres("pg_ctl", ["start", "-w", "-t", "30", "-D", pgdata, "-l", path.join(dir, "log"), "-o", options]);
    } catch (err) {
      // pg_ctl only says "Examine the log output": put the log's end into the error.
      const log = existsSync(path.join(dir, "log")) ? readFileSync(path.join(dir, "log"), "utf8").split("\n").slice(-15).join("\n") : "(no log)";
      throw new Error(`${(err as Error).message}\n--- postgres log ---\n${log}`);
    }
  };
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;

  const cluster: PgCluster = {
    get port() {
      return port;
    },
    dir,
    url,
    start,
    stop: async () => {
      await asPostgres("pg_ctl", ["stop", "-w", "-t", "30", "-m", "fast", "-D", pgdata]);
    },
    restart: async () => {
      await asPostgres("pg_ctl", ["restart", "-w", "-t", "30", "-m", "fast", "-D", pgdata, "-l", path.join(dir, "log"), "-o", options]);
    },
    killPostmaster: async () => {
      const pid = postmasterPid();
      if (!pid) return;
      const backends = childrenOf(pid);
      process.kill(pid, "SIGKILL");
      const until = Date.now() + 15_000;
      while ([pid, ...backends].some(alive) && Date.now() < until) await sleep(50);
      for (const p of backends) if (alive(p)) process.kill(p, "SIGKILL");
    },
    freeze: () => {
      const pid = postmasterPid();
      if (!pid) throw new Error("the cluster is not running");
      frozen = [pid, ...childrenOf(pid)];
      for (const p of frozen) process.kill(p, "SIGSTOP");
    },
    thaw: () => {
      for (const p of frozen) if (alive(p)) process.kill(p, "SIGCONT");
      frozen = [];
    },
    createDatabase: async (name) => {
      await cluster.query("postgres", `create database ${name}`);
      return url(name);
    },
    query: async (database, text, values) => {
      const client = new pg.Client({ connectionString: url(database), connectionTimeoutMillis: 5_000 });
      client.on("error", () => {});
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end().catch(() => {});
      }
    },
    destroy: async () => {
      cluster.thaw();
      const pid = postmasterPid();
      if (pid && alive(pid)) {
        try {
          await asPostgres("pg_ctl", ["stop", "-w", "-t", "10", "-m", "immediate", "-D", pgdata], { timeout: 15_000 });
        } catch {
          for (const p of [pid, ...childrenOf(pid)]) if (alive(p)) process.kill(p, "SIGKILL");
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await start();
      return cluster;
    } catch (err) {
      if (attempt < 5 && /could not bind|already in use/i.test((err as Error).message)) {
        port += 1;
        options = optionsFor(port);
        continue;
      }
      await cluster.destroy();
      throw err;
    }
  }
}
