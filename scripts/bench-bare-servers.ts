/**
 * The bare Node servers `npm run bench:http` compares the app with, each in a process of its own: one answering
 * fixed bytes, and one replaying the exact answers recorded from the app, address by address.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BenchError, ROOT, request } from "./bench-common";

/** Headers a replayed answer does not copy: Node's server sets them for each response. */
const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

export type Recorded = { status: number; headers: Record<string, string>; body: string };

/**
 * A bare Node `http` server in its own process that answers each recorded path (with its query) with the exact
 * status, headers and bytes recorded from the app: the cost of sending that answer and nothing else.
 */
export async function startReplayServer(answers: Map<string, Recorded>, port: number): Promise<{ origin: string; stop: () => void }> {
  const code = `
    const http = require("node:http");
    const answers = new Map(JSON.parse(require("node:fs").readFileSync(process.env.REPLAY_ANSWERS, "utf8")).map(([p, a]) => [p, { ...a, body: Buffer.from(a.body, "base64") }]));
    for (const a of answers.values()) a.headers["content-length"] = a.body.length;
    http.createServer((req, res) => {
      const a = answers.get(req.url);
      if (!a) { res.writeHead(404); res.end(); return; }
      res.writeHead(a.status, a.headers);
      res.end(a.body);
    }).listen(Number(process.env.REPLAY_PORT), "127.0.0.1", function () { console.log(this.address().port); });`;
  // The answers go through a file: together they are larger than an environment variable may be.
  const file = path.join(ROOT, "tmp", `bench-replay-${process.pid}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify([...answers]));
  const child = spawn(process.execPath, ["-e", code], {
    env: { ...process.env, REPLAY_ANSWERS: file, REPLAY_PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const listening = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once("exit", (code) => reject(new BenchError(`The replaying bare server exited with ${code}`)));
  });
  rmSync(file, { force: true });
  return { origin: `http://127.0.0.1:${listening}`, stop: () => child.kill() };
}

/** An answer of the app as the load generator gets it once the page cache holds it (the second of two requests). */
export async function record(origin: string, c: { path: string; headers: Record<string, string> }): Promise<Recorded> {
  await request(`${origin}${c.path}`, { headers: c.headers });
  const res = await request(`${origin}${c.path}`, { headers: c.headers });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined || PER_CONNECTION.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return { status: res.status, headers, body: res.body.toString("base64") };
}
/**
 * A bare Node `http` server in its own process that answers every request with `body` and `headers` (by default only
 * Content-Type and Content-Length).
 */
export async function startBareServer(
  body: Buffer,
  contentType: string,
  port: number,
  extraHeaders: Record<string, string> = {},
): Promise<{ origin: string; stop: () => void }> {
  const code = `
    const http = require("node:http");
    const body = Buffer.from(process.env.BARE_BODY, "base64");
    const headers = { ...JSON.parse(process.env.BARE_HEADERS), "Content-Type": process.env.BARE_TYPE, "Content-Length": body.length };
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(Number(process.env.BARE_PORT), "127.0.0.1", function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ["-e", code], {
    env: {
      ...process.env,
      BARE_BODY: body.toString("base64"),
      BARE_TYPE: contentType,
      BARE_HEADERS: JSON.stringify(extraHeaders),
      BARE_PORT: String(port),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const listening = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once("exit", (code) => reject(new BenchError(`The bare reference server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${listening}`, stop: () => child.kill() };
}
