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
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, unlink, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { AppError } from "./errors";
import { withImageJob } from "./image-jobs";

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
const TEMP_PREFIX = ".tmp-";

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
const tooComplex = (internal: string) => new AppError("UNPROCESSABLE", "errors.pdf.tooComplex", { internal });
const unreadable = (internal: string) => new AppError("UNPROCESSABLE", "errors.pdf.unreadable", { internal });
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

function run(tool: Tool, args: string[], opts: RunOptions): Promise<RunResult> {
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

// ---------------------------------------------------------------------------------------------------------------
// pdfinfo

/** A page's size as shown, in points: its CropBox, turned by its /Rotate. */
export type PageSize = { width: number; height: number; rotate: number };

export type PdfInfo = {
  pages: number;
  /** The size of each page as shown (CropBox, with width and height swapped for pages turned 90 or 270 degrees). */
  pageSizes: PageSize[];
  /** True when the file is encrypted but opens without a password (an owner password restricting copying, printing). */
  encrypted: boolean;
};

/** Checks the file exists and is not over the size limit; returns its size and modification time. */
async function checkFile(file: string): Promise<{ size: number; mtimeMs: number }> {
  const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
    throw new AppError("NOT_FOUND", "errors.notFound.document", { internal: `pdf ${file}: ${err.code ?? err.message}` });
  });
  if (!info.isFile()) throw new AppError("NOT_FOUND", "errors.notFound.document", { internal: `pdf ${file}: not a file` });
  if (info.size > limits.maxFileBytes) {
    throw new AppError("UNPROCESSABLE", "errors.pdf.tooLarge", {
      values: { mb: Math.floor(limits.maxFileBytes / 1024 / 1024) },
      internal: `pdf ${file}: ${info.size} bytes`,
    });
  }
  return info;
}

/**
 * Reads pdfinfo's report. Only what follows its last "Pages:" line counts: the document's own metadata (a title
 * that holds a line break and "Pages: 1") is printed before it.
 */
export function parsePdfInfo(text: string): PdfInfo {
  const lines = text.split("\n");
  let from = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (/^Pages:\s+\d+\s*$/.test(lines[i])) {
      from = i;
      break;
    }
  }
  if (from === -1) throw unreadable("pdfinfo printed no page count");
  const pages = Number(/^Pages:\s+(\d+)/.exec(lines[from])![1]);
  const sizes = new Map<number, { width: number; height: number }>();
  const rotations = new Map<number, number>();
  let isEncrypted = false;
  for (const line of lines.slice(from + 1)) {
    let m: RegExpExecArray | null;
    if ((m = /^Encrypted:\s+(\w+)/.exec(line))) isEncrypted = m[1] === "yes";
    else if ((m = /^Page\s+(\d+)\s+size:\s+([\d.]+) x ([\d.]+) pts/.exec(line))) sizes.set(Number(m[1]), { width: Number(m[2]), height: Number(m[3]) });
    else if ((m = /^Page\s+(\d+)\s+rot:\s+(-?\d+)/.exec(line))) rotations.set(Number(m[1]), Number(m[2]));
  }
  const pageSizes: PageSize[] = [];
  for (let page = 1; page <= Math.min(pages, sizes.size); page++) {
    const size = sizes.get(page);
    if (!size) break;
    const rotate = (((rotations.get(page) ?? 0) % 360) + 360) % 360;
    const turned = rotate === 90 || rotate === 270;
    pageSizes.push({ width: turned ? size.height : size.width, height: turned ? size.width : size.height, rotate });
  }
  return { pages, pageSizes, encrypted: isEncrypted };
}

const infoCache = new LRUCache<string, PdfInfo>({ max: 256 });
const infoInFlight = new Map<string, Promise<PdfInfo>>();

/**
 * The page count and page sizes of a PDF. Throws AppError:
 * - NOT_FOUND errors.notFound.document: no such file;
 * - UNPROCESSABLE errors.pdf.tooLarge ({mb}), errors.pdf.tooManyPages ({max}), errors.pdf.encrypted (a password is
 *   needed to open it), errors.pdf.unreadable (damaged, or not a PDF), errors.pdf.tooComplex (over a limit);
 * - SERVICE_UNAVAILABLE errors.pdf.viewerUnavailable (no poppler-utils), errors.pdf.busy (the queue is full).
 * Answers are remembered per file, size and modification time.
 */
export async function pdfInfo(file: string, priority: Priority = { background: false }): Promise<PdfInfo> {
  const { size, mtimeMs } = await checkFile(file);
  const key = `${size}:${mtimeMs}:${file}`;
  const known = infoCache.get(key);
  if (known) return known;
  let pending = infoInFlight.get(key);
  if (!pending) {
    pending = readInfo(file, priority)
      .then((info) => {
        infoCache.set(key, info);
        return info;
      })
      .finally(() => infoInFlight.delete(key));
    infoInFlight.set(key, pending);
  }
  return pending;
}

async function readInfo(file: string, priority: Priority): Promise<PdfInfo> {
  // Sizes of the first maxPages pages only: a file that claims a million pages prints no more than that.
  const { stdout } = await run("pdfinfo", ["-f", "1", "-l", String(limits.maxPages), "--", file], {
    timeoutMs: limits.infoTimeoutMs,
    maxStdout: 256 * 1024 + limits.maxPages * 128,
    priority,
  });
  const info = parsePdfInfo(stdout.toString("utf8"));
  if (info.pages > limits.maxPages) {
    throw new AppError("UNPROCESSABLE", "errors.pdf.tooManyPages", { values: { max: limits.maxPages }, internal: `pdf ${file}: ${info.pages} pages` });
  }
  if (info.pages < 1 || info.pageSizes.length !== info.pages) throw unreadable(`pdf ${file}: ${info.pages} pages, ${info.pageSizes.length} sizes`);
  // A page without an area (no MediaBox that poppler could read, as in a page tree that loops) has nothing to show.
  const empty = info.pageSizes.findIndex((size) => !(size.width > 0 && size.height > 0));
  if (empty !== -1) throw unreadable(`pdf ${file}: page ${empty + 1} has no size`);
  return info;
}

// ---------------------------------------------------------------------------------------------------------------
// Page images

/**
 * The pixel size of a page drawn `width` pixels wide, within the limits: never wider than maxWidth, never taller
 * than maxHeight (a tall page is drawn narrower), at least one pixel each way.
 */
export function pageImageSize(size: Pick<PageSize, "width" | "height">, width: number): { width: number; height: number } {
  const w0 = Math.max(1, Math.min(Math.round(width), limits.maxWidth));
  const aspect = size.width > 0 && size.height > 0 ? size.height / size.width : 1;
  let w = w0;
  let h = Math.round(w * aspect);
  if (h > limits.maxHeight) {
    h = limits.maxHeight;
    w = Math.round(h / aspect);
  }
  return { width: Math.max(1, Math.min(w, limits.maxWidth)), height: Math.max(1, Math.min(h, limits.maxHeight)) };
}

function checkPage(info: PdfInfo, page: number, file: string): PageSize {
  if (!Number.isInteger(page) || page < 1 || page > info.pages) {
    throw new AppError("NOT_FOUND", "errors.pdf.noPage", { internal: `pdf ${file}: page ${page} of ${info.pages}` });
  }
  return info.pageSizes[page - 1];
}

/** The width and height a PNG declares (its IHDR chunk), or undefined when `png` is not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 24 || signature.some((b, i) => png[i] !== b)) return undefined;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

let tempDir: string | undefined;

/** A folder of this process's own for the tools' page images, made again if a cleaner removed it. */
async function pageTempDir(): Promise<string> {
  tempDir ??= await mkdtemp(path.join(os.tmpdir(), "pdf-pages-"));
  await mkdir(tempDir, { recursive: true });
  return tempDir;
}

/**
 * One page as a PNG `width` pixels wide (within the limits: see pageImageSize), drawn by pdftoppm in a child process.
 * Throws what pdfInfo throws, and NOT_FOUND errors.pdf.noPage for a page the document does not have.
 */
export async function renderPage(file: string, page: number, width: number, priority: Priority = { background: false }): Promise<Buffer> {
  const info = await pdfInfo(file, priority);
  const size = checkPage(info, page, file);
  const target = pageImageSize(size, width);
  // pdftoppm scales the page as stored, before its /Rotate turns it: for a page turned a quarter, the shown width is
  // its stored height.
  const turned = size.rotate === 90 || size.rotate === 270;
  const [x, y] = turned ? [target.height, target.width] : [target.width, target.height];
  // pdftoppm writes the pixels, uncompressed, to a file that sharp then reads and encodes as PNG in libuv's thread
  // pool: pdftoppm's own PNG encoder takes ten times as long as drawing a text page (330 ms against 30 ms at 1200
  // px), and 6 MB of pixels through a pipe would all pass through this thread.
  const base = path.join(await pageTempDir(), `${TEMP_PREFIX}${randomBytes(8).toString("hex")}`);
  const tiff = `${base}.tif`;
  try {
    await run(
      "pdftoppm",
      [
        "-f",
        String(page),
        "-l",
        String(page),
        "-cropbox",
        "-scale-to-x",
        String(x),
        "-scale-to-y",
        String(y),
        "-tiff",
        "-tiffcompression",
        "none",
        "-singlefile",
        "--",
        file,
        base,
      ],
      // The pixels of the page, and room for the TIFF's own structure; a larger file stops the child (SIGXFSZ).
      { timeoutMs: limits.renderTimeoutMs, maxStdout: 64 * 1024, maxFileBytes: (target.width + 2) * (target.height + 2) * 3 + 256 * 1024, priority },
    );
    return await withImageJob(async () => {
      const image = sharp(tiff, { limitInputPixels: (limits.maxWidth + 2) * (limits.maxHeight + 2) });
      const drawn = await image.metadata().catch((err: Error) => {
        throw unreadable(`pdftoppm drew no image of page ${page} of ${file}: ${err.message}`);
      });
      // A page poppler measures differently from pdfinfo (an odd UserUnit) still may not grow past the limits.
      if (!drawn.width || !drawn.height || drawn.width > limits.maxWidth + 1 || drawn.height > limits.maxHeight + 1) {
        throw tooComplex(`pdftoppm drew page ${page} of ${file} at ${drawn.width}x${drawn.height}`);
      }
      return await image.png({ compressionLevel: 3 }).toBuffer();
    });
  } finally {
    await unlink(tiff).catch(() => {});
  }
}

/**
 * The text of one page, laid out as on the page (pdftotext -layout), at most maxTextChars characters. Throws what
 * renderPage throws.
 */
export async function pageText(file: string, page: number, priority: Priority = { background: false }): Promise<string> {
  const info = await pdfInfo(file, priority);
  checkPage(info, page, file);
  const { stdout } = await run("pdftotext", ["-f", String(page), "-l", String(page), "-layout", "-enc", "UTF-8", "--", file, "-"], {
    timeoutMs: limits.textTimeoutMs,
    // UTF-8 takes at most 4 bytes a character.
    maxStdout: limits.maxTextChars * 4,
    truncate: true,
    priority,
  });
  // A character cut in half at the cap decodes as U+FFFD; the page break pdftotext ends with is not text.
  return stdout
    .toString("utf8")
    .replace(/\uFFFD$/, "")
    .replace(/\f/g, "")
    .slice(0, limits.maxTextChars);
}

// ---------------------------------------------------------------------------------------------------------------
// The disk cache of page images

export type PrerenderResult = { rendered: number; cached: number; failed: number; stopped?: AppError | Error };

export type PageCache = {
  readonly dir: string;
  /** The cached image of a page, or undefined. */
  get(versionKey: string, width: number, page: number): Promise<Buffer | undefined>;
  /** Stores a page's image (a temporary file, then renamed: a reader never sees half a file). */
  put(versionKey: string, width: number, page: number, png: Uint8Array): Promise<void>;
  /**
   * A page's image at the allowed width nearest `width`: from the cache, or drawn and stored. Calls for the same page
   * at the same time share one drawing; a call for a page that background pre-rendering has queued moves it ahead.
   */
  renderCached(file: string, versionKey: string, page: number, width: number): Promise<Buffer>;
  /**
   * Draws every page not yet cached, one at a time, behind interactive calls. Stops at the first error that concerns
   * the whole file (encrypted, unreadable) or when the version is removed; a page over a limit counts as failed.
   * A second call for the same version and width while one runs answers the same promise.
   */
  prerender(file: string, versionKey: string, width: number, pages?: number): Promise<PrerenderResult>;
  /** Removes every cached page of a version, and stops its pre-rendering. */
  removeVersion(versionKey: string): Promise<void>;
  /** Resolves once removing the least recently used pages (past the size limit) has finished. */
  settled(): Promise<void>;
};

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

const VERSION_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

function checkVersionKey(versionKey: string) {
  if (!VERSION_KEY.test(versionKey) || versionKey.includes("..")) throw new Error(`invalid page cache version key: ${JSON.stringify(versionKey)}`);
}

/**
 * A cache of page images under `dir`: `dir/<versionKey>/<width>/<page>.png`. `versionKey` names one stored version of
 * a document (letters, digits, `_ . -`), so a new version never shows an old version's pages. `onError` hears of a
 * page that was drawn but could not be stored (a full disk): the page is still answered.
 */
export function createPageCache(dir: string, opts: { onError?: (err: unknown) => void; maxBytes?: number } = {}): PageCache {
  const root = path.resolve(dir);
  const maxBytes = opts.maxBytes ?? Infinity;
  /** The bytes under `root` as far as this process knows: counted once when first needed, then kept up to date. */
  let knownBytes: number | undefined;
  let trimming: Promise<void> | undefined;
  const inFlight = new Map<string, { promise: Promise<Buffer>; priority: Priority }>();
  const prerendering = new Map<string, Promise<PrerenderResult>>();
  /** Bumped by removeVersion: a drawing that started before is not stored, and pre-rendering stops. */
  const generation = new Map<string, number>();
  const gen = (versionKey: string) => generation.get(versionKey) ?? 0;

  const fileOf = (versionKey: string, width: number, page: number) => {
    checkVersionKey(versionKey);
    if (!Number.isInteger(width) || width < 1 || !Number.isInteger(page) || page < 1) throw new Error(`invalid page cache entry: ${width}/${page}`);
    return path.join(root, versionKey, String(width), `${page}.png`);
  };

  /** Every cached page with its size and last use (its modification time, moved forward on each hit). */
  async function entries(): Promise<{ file: string; size: number; used: number }[]> {
    const found: { file: string; size: number; used: number }[] = [];
    const files = await readdir(root, { recursive: true }).catch(() => [] as string[]);
    for (const name of files) {
      if (!name.endsWith(".png")) continue;
      const file = path.join(root, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) found.push({ file, size: info.size, used: info.mtimeMs });
    }
    return found;
  }

  /**
   * Keeps the cache within maxBytes: past it, the least recently used pages are removed until it holds at most 90 %
   * of it, so a busy cache is not trimmed on every page. Other instances may share the folder; each counts what it sees.
   */
  function trim(added: number) {
    if (maxBytes === Infinity) return;
    if (knownBytes !== undefined) knownBytes += added;
    if ((knownBytes !== undefined && knownBytes <= maxBytes) || trimming) return;
    trimming = (async () => {
      const all = await entries();
      let total = all.reduce((sum, e) => sum + e.size, 0);
      if (total > maxBytes) {
        for (const e of all.sort((a, b) => a.used - b.used)) {
          if (total <= maxBytes * 0.9) break;
          if (
            await unlink(e.file).then(
              () => true,
              () => false,
            )
          )
            total -= e.size;
        }
      }
      knownBytes = total;
    })()
      .catch((err: unknown) => opts.onError?.(err))
      .finally(() => (trimming = undefined));
  }

  const get = async (versionKey: string, width: number, page: number) => {
    try {
      const file = fileOf(versionKey, width, page);
      const png = await readFile(file);
      if (maxBytes !== Infinity) {
        const now = new Date();
        await utimes(file, now, now).catch(() => {});
      }
      return png;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
  };

  const put = async (versionKey: string, width: number, page: number, png: Uint8Array) => {
    const target = fileOf(versionKey, width, page);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `${TEMP_PREFIX}${page}-${randomBytes(6).toString("hex")}`);
    try {
      await writeFile(temp, png);
      await rename(temp, target);
    } catch (err) {
      await unlink(temp).catch(() => {});
      throw err;
    }
    trim(png.byteLength);
  };

  const draw = (file: string, versionKey: string, page: number, width: PageWidth, priority: Priority): Promise<Buffer> => {
    const key = `${versionKey}/${width}/${page}`;
    const running = inFlight.get(key);
    if (running) {
      if (!priority.background && running.priority.background) running.priority.promote?.();
      return running.promise;
    }
    const started = gen(versionKey);
    const promise = (async () => {
      const cached = await get(versionKey, width, page);
      if (cached) return cached;
      const png = await renderPage(file, page, width, priority);
      if (gen(versionKey) === started) {
        await put(versionKey, width, page, png).catch((err) => opts.onError?.(err));
      }
      return png;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, { promise, priority });
    return promise;
  };

  const prerenderAll = async (file: string, versionKey: string, width: PageWidth, pages: number | undefined): Promise<PrerenderResult> => {
    const started = gen(versionKey);
    const result: PrerenderResult = { rendered: 0, cached: 0, failed: 0 };
    try {
      const count = pages ?? (await pdfInfo(file, { background: true })).pages;
      for (let page = 1; page <= count; page++) {
        if (gen(versionKey) !== started) break;
        if (await exists(fileOf(versionKey, width, page))) {
          result.cached++;
          continue;
        }
        try {
          await draw(file, versionKey, page, width, { background: true });
          result.rendered++;
        } catch (err) {
          // A page over a limit is skipped (it answers its error when asked for); anything else stops the run.
          if (err instanceof AppError && err.messageId === "errors.pdf.tooComplex") result.failed++;
          else throw err;
        }
      }
    } catch (err) {
      result.stopped = err as Error;
    }
    return result;
  };

  return {
    dir: root,
    get,
    put,
    settled: async () => {
      await trimming;
    },
    renderCached: (file, versionKey, page, width) => draw(file, versionKey, page, nearestWidth(width), { background: false }),
    prerender(file, versionKey, width, pages) {
      checkVersionKey(versionKey);
      const w = nearestWidth(width);
      const key = `${versionKey}/${w}`;
      let pending = prerendering.get(key);
      if (!pending) {
        pending = prerenderAll(file, versionKey, w, pages).finally(() => prerendering.delete(key));
        prerendering.set(key, pending);
      }
      return pending;
    },
    async removeVersion(versionKey) {
      checkVersionKey(versionKey);
      generation.set(versionKey, gen(versionKey) + 1);
      await rm(path.join(root, versionKey), { recursive: true, force: true });
      knownBytes = undefined;
    },
  };
}
