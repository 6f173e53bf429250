/**
 * Start-up failures an operator meets: each prints one line naming the problem (no stack trace, never the
 * database password) and exits non-zero, instead of hanging, crashing with a trace, or reporting success.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgCluster, pgClusterUnavailable, type PgCluster } from "../helpers/pg-cluster";
import { freePort, startServer } from "../helpers/fault-server";
import { startS3Server } from "../helpers/s3-server";

const skip = pgClusterUnavailable();

/**
 * Starts the server, waits for it to exit (at most `limitMs`), and returns what it printed. The limit only tells
 * 'exits' from 'hangs': five servers start at once here, each compiling the server code with tsx, which on a loaded
 * 2-core machine takes well over 20 s.
 */
async function failedStart(env: Record<string, string | undefined>, opts: { port?: number; limitMs?: number } = {}) {
  const server = await startServer({ port: opts.port ?? (await freePort()), env, waitForHttp: false });
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    server.exited,
    new Promise<"still running">((r) => (timer = setTimeout(() => r("still running"), opts.limitMs ?? 75_000))),
  ]);
  clearTimeout(timer);
  const ms = Date.now() - started;
  await server.destroy();
  return { result, ms, stderr: server.stderr(), output: server.output() };
}

function expectOneLine(run: { result: unknown; stderr: string; output: string }, line: string | RegExp) {
  expect(run.result, run.output).toMatchObject({ code: 1 });
  const lines = run.stderr.trim().split("\n");
  expect(lines, run.output).toHaveLength(1);
  if (typeof line === "string") expect(lines[0]).toBe(line);
  else expect(lines[0]).toMatch(line);
  expect(run.output).not.toMatch(/^\s+at /m);
  expect(run.output).not.toContain("Serving on");
}

describe.skipIf(Boolean(skip))(`[fault] start-up failures${skip ? ` (skipped: ${skip})` : ""}`, { concurrent: true, timeout: 120_000 }, () => {
  let cluster: PgCluster | undefined;
  let url = "";

  beforeAll(async () => {
    cluster = await createPgCluster(25431);
    url = await cluster.createDatabase("startup_test");
  });
  afterAll(async () => {
    await cluster?.destroy();
  });

  it("[start-up] a database that refuses connections: one line with host and port, no password, exit 1", async () => {
    const port = await freePort();
    const run = await failedStart({ DATABASE_URL: `postgres://app:s3cret-pw@127.0.0.1:${port}/meridian` });
    expectOneLine(run, `Cannot reach the database at 127.0.0.1:${port}: connection refused`);
    expect(run.output).not.toContain("s3cret-pw");
  });

  it("[start-up] a database name that does not exist: one line naming it, exit 1", async () => {
    const run = await failedStart({ DATABASE_URL: cluster!.url("no_such_db") });
    expectOneLine(run, `The database "no_such_db" does not exist (at 127.0.0.1:${cluster!.port})`);
  });

  it("[start-up] a database that accepts TCP but never answers: gives up with one line instead of hanging", async () => {
    const sockets: net.Socket[] = [];
    const blackHole = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => blackHole.listen(0, "127.0.0.1", () => r()));
    const { port } = blackHole.address() as net.AddressInfo;
    try {
      const run = await failedStart({ DATABASE_URL: `postgres://app:pw@127.0.0.1:${port}/meridian` });
      console.log(`[start-up] black-hole database: gave up after ${run.ms} ms`);
      expectOneLine(run, `Cannot reach the database at 127.0.0.1:${port}: no answer within 3 s`);
    } finally {
      for (const s of sockets) s.destroy();
      blackHole.close();
    }
  });

  it("[start-up] the port is already in use: one line and exit 1, not 'Serving on' and exit 0", async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, "127.0.0.1", () => r()));
    const { port } = taken.address() as net.AddressInfo;
    try {
      const run = await failedStart({ DATABASE_URL: url }, { port });
      expectOneLine(run, `Cannot listen on 127.0.0.1:${port}: the port is already in use`);
    } finally {
      taken.close();
    }
  });

  it("[start-up] stored files in an object store that cannot be used: one line naming the store and why, exit 1", async () => {
    const s3 = await startS3Server({ bucket: "meridian-startup" });
    try {
      const closed = await freePort();
      const [noBucket, wrongKey, noAnswer] = await Promise.all([
        failedStart({ DATABASE_URL: url, ...s3.env("site/"), STORAGE_URL: s3.storageUrl("site/").replace("meridian-startup", "no-such-bucket") }),
        failedStart({ DATABASE_URL: url, ...s3.env("site/"), AWS_SECRET_ACCESS_KEY: "not-the-key" }),
        failedStart({
          DATABASE_URL: url,
          ...s3.env("site/"),
          STORAGE_URL: `s3://meridian-startup/site/?endpoint=${encodeURIComponent(`http://127.0.0.1:${closed}`)}`,
        }),
      ]);
      // On Node 20 the AWS SDK first warns that its releases after January 2027 need Node 22: the operator's line is last.
      const lastLine = (run: typeof noBucket, line: string | RegExp) => {
        expect(run.result, run.output).toMatchObject({ code: 1 });
        const last = run.stderr.trim().split("\n").at(-1);
        if (typeof line === "string") expect(last).toBe(line);
        else expect(last).toMatch(line);
        expect(run.output).not.toMatch(/^\s+at /m);
        expect(run.output).not.toContain("Serving on");
      };
      lastLine(noBucket, 'Cannot use the stored files at s3://no-such-bucket/site/: the bucket "no-such-bucket" does not exist');
      lastLine(
        wrongKey,
        "Cannot use the stored files at s3://meridian-startup/site/: access denied: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and the key's rights on the bucket",
      );
      lastLine(noAnswer, /^Cannot use the stored files at s3:\/\/meridian-startup\/site\/: no answer \(.+\)$/);
      expect(wrongKey.output).not.toContain("not-the-key");
    } finally {
      await s3.close();
    }
  });

  it("[start-up] a HOST that is not an address of this machine: one line and exit 1", async () => {
    const port = await freePort();
    const run = await failedStart({ DATABASE_URL: url, HOST: "192.0.2.1" }, { port });
    expectOneLine(run, `Cannot listen on 192.0.2.1:${port}: 192.0.2.1 is not an address of this machine`);
  });

  describe("[start-up] a read-only DATA_DIR", () => {
    let mount = "";
    beforeAll(() => {
      mount = mkdtempSync(path.join(os.tmpdir(), "mc-ro-"));
      execFileSync("mount", ["-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", mount]);
    });
    afterAll(() => {
      if (!mount) return;
      try {
        execFileSync("umount", [mount]);
      } finally {
        rmSync(mount, { recursive: true, force: true });
      }
    });

    it("[start-up] with the embedded database: one line naming DATA_DIR, exit 1", async () => {
      const dir = path.join(mount, "data");
      const run = await failedStart({ DATA_DIR: dir });
      expectOneLine(run, `DATA_DIR ${dir} is not writable: read-only file system`);
    });

    it("[start-up] without SESSION_SECRET (the secret is kept in DATA_DIR): one line naming DATA_DIR, exit 1", async () => {
      const run = await failedStart({ DATA_DIR: mount, SESSION_SECRET: undefined });
      expectOneLine(run, `DATA_DIR ${mount} is not writable: read-only file system`);
    });
  });
});
