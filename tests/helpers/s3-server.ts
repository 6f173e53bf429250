/**
 * A real S3-compatible server for tests: @20minutes/s3rver (the maintained fork of s3rver) in a child process on
 * 127.0.0.1, checking SigV4 signatures with the credentials below. It keeps its objects in a folder of its own, so
 * it can be stopped and started again on the same port with the same contents (a store that goes away and comes back).
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const CHILD = path.resolve(import.meta.dirname, "s3-server-child.mjs");

/** s3rver's fixed credentials: requests signed with anything else are refused (403 SignatureDoesNotMatch). */
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_REGION: "us-east-1" };

export type S3TestServer = {
  endpoint: string;
  port: number;
  bucket: string;
  /** STORAGE_URL for a store under `prefix` in the bucket. */
  storageUrl: (prefix?: string) => string;
  /** The environment a server process needs to use it: STORAGE_URL and the credentials. */
  env: (prefix?: string) => Record<string, string>;
  /** Stops the server, keeping its objects. */
  stop: () => Promise<void>;
  /** Starts it again on the same port. */
  start: () => Promise<void>;
  /** Stops it and listens on its port without ever answering (a frozen store) until `start`. */
  freeze: () => Promise<void>;
  /** Stops it and deletes its objects. */
  close: () => Promise<void>;
};

function launch(dir: string, port: number, bucket: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [CHILD, dir, String(port), bucket], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    const fail = (why: string) => reject(new Error(`the S3 test server did not start: ${why}\n${out}`));
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
    child.once("error", (err) => fail(err.message));
    child.once("exit", (code) => fail(`exit ${code}`));
  });
}

export async function startS3Server({ bucket = "meridian-test" }: { bucket?: string } = {}): Promise<S3TestServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mc-s3-"));
  let { child, port } = await launch(dir, 0, bucket);
  let running: ChildProcess | null = child;
  const endpoint = `http://127.0.0.1:${port}`;
  let frozen: { server: net.Server; sockets: Set<net.Socket> } | null = null;
  const thaw = async () => {
    const f = frozen;
    frozen = null;
    if (!f) return;
    for (const socket of f.sockets) socket.destroy();
    await new Promise<void>((resolve) => f.server.close(() => resolve()));
  };
  const storageUrl = (prefix = "") => `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}`;
  const stop = async () => {
    const c = running;
    running = null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once("exit", () => resolve());
      c.kill("SIGKILL");
    });
  };
  return {
    endpoint,
    port,
    bucket,
    storageUrl,
    env: (prefix) => ({ STORAGE_URL: storageUrl(prefix), ...S3_CREDENTIALS }),
    stop,
    async start() {
      await thaw();
      ({ child, port } = await launch(dir, port, bucket));
      running = child;
    },
    async freeze() {
      await stop();
      const sockets = new Set<net.Socket>();
      const server = net.createServer((socket) => {
        sockets.add(socket);
        socket.on("error", () => {});
        socket.on("close", () => sockets.delete(socket));
      });
      await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
      frozen = { server, sockets };
    },
    async close() {
      await thaw();
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
