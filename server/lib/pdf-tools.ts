/**
 * PDF pages as images and text, drawn by Debian's poppler-utils (`pdfinfo`, `pdftoppm`, `pdftotext`) in child
 * processes, never in the request thread: a hostile PDF can make a renderer loop, allocate or write without end, so
 * each call runs with
 * - a time limit (the child's whole process group is killed with SIGKILL when it runs over),
 * - an address-space, CPU-time and file-size limit (`prlimit` from util-linux, when the machine has it),
 * - a cap on what it may print (a page's text, pdfinfo's report);
 * and at most `concurrency` children run at once. Calls beyond that wait in a bounded queue (interactive calls before
 * background pre-rendering, which also never takes the last free slot); a full queue answers 503. The children are
 * started by a small spawner process (see SPAWNER_SOURCE), so the server's event loop never waits for a fork.
 *
 * Pages are drawn at a width the caller chooses from PAGE_WIDTHS, never wider than `maxWidth` nor taller than
 * `maxHeight` pixels: a page whose shape would make a taller image is drawn narrower, so no page, whatever its
 * MediaBox, becomes an enormous bitmap.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { mkdir, mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AppError } from "./errors";

/** The widths pages are drawn (and cached) at; a caller asks for the one nearest to what it shows. */
export const PAGE_WIDTHS = [800, 1200, 1600] as const;
export type PageWidth = (typeof PAGE_WIDTHS)[number];

export type PdfRenderLimits = {
  /** Documents with more pages are refused. */
  maxPages: number;
  /** The widest and tallest page image, in pixels. */
  maxWidth: number;
  maxHeight: number;
  /** Larger files are refused before any tool reads them. */
  maxFileBytes: number;
  /** The most characters pageText returns for one page. */
  maxTextChars: number;
  /** Time limits of one call, in milliseconds. */
  infoTimeoutMs: number;
  renderTimeoutMs: number;
  textTimeoutMs: number;
  /** Address space of one child process, in bytes (prlimit --as). */
  memoryBytes: number;
  /** Children at once, and calls that may wait for one. */
  concurrency: number;
  maxWaiting: number;
};

const DEFAULT_LIMITS: PdfRenderLimits = {
  maxPages: 2000,
  maxWidth: 2400,
  maxHeight: 3400,
  maxFileBytes: 200 * 1024 * 1024,
  maxTextChars: 100_000,
  infoTimeoutMs: 10_000,
  renderTimeoutMs: 20_000,
  textTimeoutMs: 10_000,
  memoryBytes: 512 * 1024 * 1024,
  concurrency: 2,
  maxWaiting: 32,
};

let limits: PdfRenderLimits = { ...DEFAULT_LIMITS };

/** Temporary files start with a dot: no page file does. */
export const TEMP_PREFIX = ".tmp-";

/** The limits in force. */
export const pdfRenderLimits = (): Readonly<PdfRenderLimits> => limits;

/** Changes some limits (tests, the benchmark, a server's configuration); returns a function that puts them back. */
export function setPdfRenderLimits(patch: Partial<PdfRenderLimits>): () => void {
  const before = limits;
  limits = { ...limits, ...patch };
  return () => {
    limits = before;
  };
}

/** The allowed width nearest to `width` (the smaller one on a tie). */
export function nearestWidth(width: number): PageWidth {
  if (!Number.isFinite(width)) return PAGE_WIDTHS[0];
  return PAGE_WIDTHS.reduce((best, w) => (Math.abs(w - width) < Math.abs(best - width) ? w : best), PAGE_WIDTHS[0]);
}

// ---------------------------------------------------------------------------------------------------------------
// Tools

const TOOLS = ["pdfinfo", "pdftoppm", "pdftotext"] as const;
type Tool = (typeof TOOLS)[number];

/**
 * Whether a command runs at all here (`cmd args` starts and ends within 5 s, whatever its exit code). A child
 * process awaited, never a blocking call: the event loop keeps serving while the tools are looked for.
 */
function runs(cmd: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "ignore", timeout: 5_000 });
    child.on("error", () => resolve(false));
    child.on("close", (_code, signal) => resolve(signal === null));
  });
}

export type PdfToolsFound = { tools: boolean; prlimit: boolean };

/** Looks for poppler-utils (pdfinfo, pdftoppm and pdftotext start) and util-linux's prlimit, all at once. */
export async function probePdfTools(): Promise<PdfToolsFound> {
  const [tools, prlimit] = await Promise.all([
    Promise.all(TOOLS.map((tool) => runs(tool, ["-v"]))).then((found) => found.every(Boolean)),
    runs("prlimit", ["--version"]),
  ]);
  return { tools, prlimit };
}

let toolsCheck: Promise<PdfToolsFound> | undefined;

/**
 * The tools, looked for once per process: the server starts the check when it builds its renderer, and the first
 * viewer request awaits that same check instead of starting its own.
 */
export function checkPdfTools(): Promise<PdfToolsFound> {
  toolsCheck ??= probePdfTools();
  return toolsCheck;
}

/**
 * True when poppler-utils are installed (pdfinfo, pdftoppm and pdftotext start). Without them the server answers
 * every viewer request with 503 (errors.pdf.viewerUnavailable).
 */
export async function pdfToolsAvailable(): Promise<boolean> {
  return (await checkPdfTools()).tools;
}

/** util-linux's prlimit, which sets a child's resource limits before it runs; without it children run unlimited. */
async function prlimitAvailable(): Promise<boolean> {
  return (await checkPdfTools()).prlimit;
}

const unavailable = (internal: string) => new AppError("SERVICE_UNAVAILABLE", "errors.pdf.viewerUnavailable", { internal });
export const tooComplex = (internal: string) => new AppError("UNPROCESSABLE", "errors.pdf.tooComplex", { internal });
export const unreadable = (internal: string) => new AppError("UNPROCESSABLE", "errors.pdf.unreadable", { internal });
const encrypted = (internal: string) => new AppError("UNPROCESSABLE", "errors.pdf.encrypted", { internal });

// ---------------------------------------------------------------------------------------------------------------
// The queue: at most `concurrency` children; interactive calls first; background calls never take the last slot.

type Job = { background: boolean; start: () => void };

const waiting: { interactive: Job[]; background: Job[] } = { interactive: [], background: [] };
let running = 0;
let runningBackground = 0;

/** A handle on a queued call: `promote()` moves a background call that has not started yet ahead of the others. */
export type Priority = { background: boolean; promote?: () => void };

function pump() {
  while (running < limits.concurrency) {
    let job = waiting.interactive.shift();
    // One slot always stays free for an interactive call while background work runs.
    if (!job && runningBackground < Math.max(1, limits.concurrency - 1)) job = waiting.background.shift();
    if (!job) return;
    running++;
    if (job.background) runningBackground++;
    job.start();
  }
}

/** Runs `work` when a slot is free. */
function schedule<T>(priority: Priority, work: () => Promise<T>): Promise<T> {
  const list = priority.background ? waiting.background : waiting.interactive;
  if (list.length >= limits.maxWaiting) return Promise.reject(new AppError("SERVICE_UNAVAILABLE", "errors.pdf.busy"));
  return new Promise<T>((resolve, reject) => {
    const job: Job = {
      background: priority.background,
      start: () => {
        priority.promote = undefined;
        work()
          .then(resolve, reject)
          .finally(() => {
            running--;
            if (job.background) runningBackground--;
            pump();
          });
      },
    };
    priority.promote = () => {
      priority.background = false;
      const at = waiting.background.indexOf(job);
      if (at === -1) return;
      waiting.background.splice(at, 1);
      job.background = false;
      waiting.interactive.push(job);
      pump();
    };
    list.push(job);
    pump();
  });
}

/** Children running and calls waiting (tests, the benchmark). */
export const pdfQueueState = () => ({ running, runningBackground, waiting: waiting.interactive.length, waitingBackground: waiting.background.length });

// ---------------------------------------------------------------------------------------------------------------
// One child process, started by the spawner

/**
 * The spawner: a small Node process, started once, that starts the tools and enforces their time and output limits.
 * Starting a process forks the one that asks, and a fork copies its page tables while its thread waits: 10-50 ms for
 * a server of a few hundred megabytes (PGlite's memory, sharp's caches), every page, on the request thread. The
 * spawner is 40 MB, so its forks are cheap, and they happen outside the server's event loop. It is plain CommonJS
 * run with `node -e`, so it needs no file of its own in the built server, and no loader.
 */
const SPAWNER_SOURCE = String.raw`
"use strict";
const { spawn } = require("node:child_process");
const os = require("node:os");
const running = new Set();
const killGroup = (pid) => { try { process.kill(-pid, "SIGKILL"); } catch {} };
process.on("message", (req) => {
  let child;
  try {
    // Its own process group, so a timeout kills whatever it started too.
    child = spawn(req.cmd, req.args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env: req.env });
  } catch (err) {
    process.send({ type: "done", id: req.id, error: { code: err.code, message: err.message } });
    return;
  }
  const pid = child.pid;
  if (pid) {
    running.add(pid);
    if (req.nice) { try { os.setPriority(pid, req.nice); } catch {} }
    process.send({ type: "started", id: req.id, pid });
  }
  const out = [];
  let outBytes = 0, overflow = false, truncated = false, timedOut = false, stderr = "", settled = false;
  const timer = setTimeout(() => { timedOut = true; if (pid) killGroup(pid); }, req.timeoutMs);
  child.stdout.on("data", (chunk) => {
    if (overflow || truncated) return;
    const room = req.maxStdout - outBytes;
    if (chunk.length > room) {
      if (req.truncate) { out.push(chunk.subarray(0, room)); outBytes += room; truncated = true; } else overflow = true;
      if (pid) killGroup(pid);
      return;
    }
    out.push(chunk);
    outBytes += chunk.length;
  });
  child.stderr.on("data", (chunk) => { if (stderr.length < 16384) stderr += chunk.toString("utf8").slice(0, 16384 - stderr.length); });
  const finish = (result) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    running.delete(pid);
    process.send({ type: "done", id: req.id, stdout: Buffer.concat(out, outBytes), stderr, timedOut, overflow, truncated, ...result });
  };
  child.on("error", (err) => { if (pid) killGroup(pid); finish({ error: { code: err.code, message: err.message } }); });
  child.on("close", (code, signal) => finish({ code, signal }));
});
// The server is gone: nothing it started may outlive it.
process.on("disconnect", () => { for (const pid of running) killGroup(pid); process.exit(0); });
`;

type SpawnRequest = {
  id: number;
  cmd: string;
  args: string[];
  env: Record<string, string>;
  timeoutMs: number;
  maxStdout: number;
  truncate: boolean;
  nice: number;
};
type SpawnReply =
  | { type: "started"; id: number; pid: number }
  | {
      type: "done";
      id: number;
      stdout: Uint8Array;
      stderr: string;
      timedOut: boolean;
      overflow: boolean;
      truncated: boolean;
      code?: number | null;
      signal?: NodeJS.Signals | null;
      error?: { code?: string; message: string };
    };
type Pending = { tool: Tool; resolve: (reply: Extract<SpawnReply, { type: "done" }>) => void; reject: (err: unknown) => void };

let spawner: ChildProcess | undefined;
const pendingSpawns = new Map<number, Pending>();
let nextSpawnId = 1;

/** Keeps the process alive while the spawner has work for it, and only then. */
function holdSpawner(child: ChildProcess) {
  if (pendingSpawns.size > 0) child.channel?.ref();
  else child.channel?.unref();
}

function startSpawner(): ChildProcess {
  if (spawner?.connected) return spawner;
  const child = spawn(process.execPath, ["-e", SPAWNER_SOURCE], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    serialization: "advanced",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
  });
  child.on("message", (reply: SpawnReply) => {
    const pending = pendingSpawns.get(reply.id);
    if (!pending) return;
    if (reply.type === "started") {
      onChild?.(reply.pid, pending.tool);
      return;
    }
    pendingSpawns.delete(reply.id);
    holdSpawner(child);
    pending.resolve(reply);
  });
  const gone = (why: string) => {
    if (spawner === child) spawner = undefined;
    for (const [id, pending] of pendingSpawns) {
      pendingSpawns.delete(id);
      pending.reject(unavailable(`the pdf spawner ${why}`));
    }
  };
  child.on("error", (err) => gone(`failed: ${err.message}`));
  child.on("exit", (code, signal) => gone(`exited (${signal ?? code})`));
  child.unref();
  spawner = child;
  holdSpawner(child);
  return child;
}

let tempDir: string | undefined;

/** A folder of this process's own for the tools' page images, made again if a cleaner removed it. */
export async function pageTempDir(): Promise<string> {
  tempDir ??= await mkdtemp(path.join(os.tmpdir(), "pdf-pages-"));
  await mkdir(tempDir, { recursive: true });
  return tempDir;
}

/**
 * Stops the spawner, which stops the tools still running, and removes this process's folder of page images (tests;
 * shutdown). The spawner also stops by itself when this process exits.
 */
export function closePdfTools(): void {
  spawner?.kill();
  spawner = undefined;
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  tempDir = undefined;
}

type RunOptions = {
  timeoutMs: number;
  /** The most bytes read from its standard output. */
  maxStdout: number;
  /** Past `maxStdout`: keep what came (true) or fail (false). */
  truncate?: boolean;
  /** The most bytes it may write to a file (prlimit --fsize). */
  maxFileBytes?: number;
  priority: Priority;
};

type RunResult = { stdout: Buffer; stderr: string };

/**
 * The children's CPU priority (nice): below the server's, so on a busy machine its event loop gets the processor
 * before page drawing does; background pre-rendering lower still, behind the pages a reader is waiting for.
 */
const INTERACTIVE_NICE = 5;
const BACKGROUND_NICE = 15;
/** How long past its own limit a call waits for the spawner to answer before giving up on it. */
const SPAWNER_GRACE_MS = 5_000;

/** Called with each child's pid and tool when it starts (tests count them; the benchmark samples their memory). */
let onChild: ((pid: number, tool: Tool) => void) | undefined;
export function onPdfChild(listener: ((pid: number, tool: "pdfinfo" | "pdftoppm" | "pdftotext") => void) | undefined): void {
  onChild = listener;
}

export function run(tool: Tool, args: string[], opts: RunOptions): Promise<RunResult> {
  return schedule(opts.priority, () => spawnTool(tool, args, opts));
}

async function spawnTool(tool: Tool, args: string[], opts: RunOptions): Promise<RunResult> {
  const { memoryBytes } = limits;
  // prlimit sets the limits and then becomes the tool (exec): the pid, and its process group, are the tool's.
  const cpuSeconds = Math.ceil(opts.timeoutMs / 1000) + 1;
  const prefix = [`--as=${memoryBytes}`, `--cpu=${cpuSeconds}`, ...(opts.maxFileBytes ? [`--fsize=${opts.maxFileBytes}`] : []), "--"];
  const [cmd, argv] = (await prlimitAvailable()) ? ["prlimit", [...prefix, tool, ...args]] : [tool, args];
  const request: SpawnRequest = {
    id: nextSpawnId++,
    cmd,
    args: argv,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8" },
    timeoutMs: opts.timeoutMs,
    maxStdout: opts.maxStdout,
    truncate: opts.truncate ?? false,
    nice: opts.priority.background ? BACKGROUND_NICE : INTERACTIVE_NICE,
  };
  const child = startSpawner();
  let timer: NodeJS.Timeout | undefined;
  const reply = await new Promise<Extract<SpawnReply, { type: "done" }>>((resolve, reject) => {
    pendingSpawns.set(request.id, { tool, resolve, reject });
    holdSpawner(child);
    // The spawner enforces the limit; this only guards against a spawner that stopped answering.
    timer = setTimeout(() => {
      if (!pendingSpawns.delete(request.id)) return;
      holdSpawner(child);
      reject(tooComplex(`${tool}: no answer from the pdf spawner within ${opts.timeoutMs + SPAWNER_GRACE_MS} ms`));
    }, opts.timeoutMs + SPAWNER_GRACE_MS);
    child.send(request, (err) => {
      if (!err || !pendingSpawns.delete(request.id)) return;
      holdSpawner(child);
      reject(unavailable(`the pdf spawner did not take a request: ${err.message}`));
    });
  }).finally(() => clearTimeout(timer));

  if (reply.error) {
    throw reply.error.code === "ENOENT" ? unavailable(`${cmd} is not installed: ${reply.error.message}`) : new Error(`${cmd}: ${reply.error.message}`);
  }
  const stdout = Buffer.from(reply.stdout.buffer, reply.stdout.byteOffset, reply.stdout.byteLength);
  const { stderr, code, signal } = reply;
  if (reply.truncated) return { stdout, stderr };
  if (reply.timedOut) throw tooComplex(`${tool} ran over its time limit of ${opts.timeoutMs} ms`);
  if (reply.overflow) throw tooComplex(`${tool} printed more than ${opts.maxStdout} bytes`);
  const detail = `${tool} ${signal ? `was stopped by ${signal}` : `exited with code ${code}`}: ${lastLines(stderr)}`;
  // A child that ran out of its address space met its limit, even when it still exits 0 (pdftoppm then writes
  // whatever part of the page it drew): the page is too much to draw. So does one killed by a signal (SIGXCPU for
  // its CPU time, SIGXFSZ for a file larger than allowed).
  if (OUT_OF_MEMORY.test(stderr) || signal) throw tooComplex(detail);
  if (code === 0) return { stdout, stderr };
  if (/incorrect password/i.test(stderr)) throw encrypted(detail);
  throw unreadable(detail);
}

/** What poppler, the C++ runtime or the dynamic loader print when an allocation fails under the address-space limit. */
const OUT_OF_MEMORY = /out of memory|bad_alloc|cannot allocate memory|error while loading shared libraries/i;

const lastLines = (text: string) => text.trim().split("\n").slice(-3).join(" | ").slice(0, 500);
