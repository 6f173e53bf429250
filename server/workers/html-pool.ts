/**
 * A small pool of worker threads for parsing and cleaning untrusted HTML, so no page or press text,
 * however hostile, can hold the request thread (every other visitor waits while it is busy).
 *
 * - At most `maxWorkers` threads (2 unless set), started on demand and stopped after IDLE_MS without work.
 * - Each task has a time limit; a task over it has its thread terminated (which stops even a loop
 *   that never yields) and is rejected with TaskTimeoutError. A thread that crashes or runs out of
 *   its memory limit takes only its own task down.
 * - At most MAX_QUEUE tasks wait; beyond that the caller gets 429.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { AppError, type ErrorCode } from "../lib/errors";
import type { TaskName, TaskReply, Tasks } from "./html-tasks";

/** Threads at most; setHtmlWorkers changes it (HTML_WORKERS). Each thread has a V8 heap of its own (8-20 MB at work). */
let maxWorkers = 2;
const MAX_QUEUE = 32;
const IDLE_MS = 30_000;
const MEMORY_MB = 1024;

export class TaskTimeoutError extends Error {
  constructor(readonly task: TaskName) {
    super(`html worker task '${task}' ran over its time limit`);
    this.name = "TaskTimeoutError";
  }
}

type Pending = {
  id: number;
  task: TaskName;
  input: unknown;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
};

type Slot = { worker: Worker; current?: Pending; timer?: NodeJS.Timeout; idle?: NodeJS.Timeout };

const slots = new Set<Slot>();
const queue: Pending[] = [];
let nextId = 1;
let starting = 0;
/** Tasks refused since start because MAX_QUEUE were already waiting. */
let refused = 0;

/** The pool right now, for the metrics: threads, threads at work, tasks waiting, tasks refused since start. */
export function htmlPoolStats() {
  let busy = 0;
  for (const slot of slots) if (slot.current) busy++;
  return { threads: slots.size, busy, queued: queue.length, refused, maxThreads: maxWorkers, maxQueue: MAX_QUEUE };
}

/**
 * The worker's entry file. In the built server it is the chunk the bundler made for html-tasks; in
 * development and tests it is the TypeScript source, which the thread loads after registering tsx
 * (a devDependency; `--import tsx` in a worker's execArgv is not applied to its entry on Node 20).
 */
let entry: Promise<{ url: URL; mark: string; typescript: boolean }> | undefined;
function workerEntry() {
  entry ??= import("./html-tasks").then((mod) => {
    const url = new URL(mod.WORKER_ENTRY);
    return { url, mark: mod.WORKER_MARK, typescript: /\.[cm]?tsx?$/.test(url.pathname) };
  });
  return entry;
}

/** The ESM entry of tsx's register API, found through its package.json exports. */
function tsxApiUrl(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("tsx/package.json");
  const exportsMap = JSON.parse(readFileSync(manifest, "utf8")).exports["./esm/api"];
  return pathToFileURL(path.join(path.dirname(manifest), exportsMap.import.default ?? exportsMap.import)).href;
}

async function spawn(): Promise<Slot> {
  const { url, mark, typescript } = await workerEntry();
  const options = { workerData: { [mark]: true }, resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } };
  const worker = typescript
    ? new Worker(`import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`, {
        ...options,
        eval: true,
      })
    : new Worker(url, options);
  const slot: Slot = { worker };
  worker.on("message", (reply: TaskReply) => finish(slot, reply));
  worker.on("error", (err) => retire(slot, err));
  worker.on("exit", (code) => retire(slot, new Error(`html worker exited with code ${code}`)));
  slots.add(slot);
  return slot;
}

function finish(slot: Slot, reply: TaskReply) {
  const pending = slot.current;
  if (!pending || pending.id !== reply.id) return;
  clearTimeout(slot.timer);
  slot.current = undefined;
  if (reply.ok) pending.resolve(reply.result);
  else if (reply.error.code)
    pending.reject(AppError.fromText(reply.error.code as ErrorCode, reply.error.message, { values: reply.error.values, internal: reply.error.internal }));
  else pending.reject(new Error(reply.error.message));
  next(slot);
}

/** A thread that failed, exited or ran over time: its task fails, the thread is gone, the queue moves on. */
function retire(slot: Slot, err: unknown) {
  if (!slots.delete(slot)) return;
  clearTimeout(slot.timer);
  clearTimeout(slot.idle);
  const pending = slot.current;
  slot.current = undefined;
  void slot.worker.terminate();
  pending?.reject(err);
  pump();
}

function run(slot: Slot, pending: Pending) {
  clearTimeout(slot.idle);
  slot.current = pending;
  slot.worker.ref();
  slot.timer = setTimeout(() => retire(slot, new TaskTimeoutError(pending.task)), pending.timeoutMs);
  slot.worker.postMessage({ id: pending.id, task: pending.task, input: pending.input });
}

function next(slot: Slot) {
  const waiting = queue.shift();
  if (waiting) return run(slot, waiting);
  // Idle threads do not keep the process alive, and go away after a while.
  slot.worker.unref();
  slot.idle = setTimeout(() => retire(slot, new Error("idle")), IDLE_MS);
  slot.idle.unref();
}

function pump() {
  for (const slot of slots) {
    if (!queue.length) return;
    if (!slot.current) run(slot, queue.shift()!);
  }
  while (queue.length > starting && slots.size + starting < maxWorkers) {
    starting++;
    spawn()
      .then((slot) => next(slot))
      .catch((err) => queue.shift()?.reject(err))
      .finally(() => starting--);
  }
}

/** Sets how many threads the pool may start (at least 1); threads already running beyond it stay until they have been idle IDLE_MS. */
export function setHtmlWorkers(threads: number) {
  maxWorkers = Math.max(1, Math.floor(threads));
  pump();
}

/** Runs one task in a worker thread; rejects with TaskTimeoutError after `timeoutMs` of work. */
export function runHtmlTask<T extends TaskName>(task: T, input: Parameters<Tasks[T]>[0], opts: { timeoutMs: number }): Promise<Awaited<ReturnType<Tasks[T]>>> {
  if (queue.length >= MAX_QUEUE) {
    refused++;
    return Promise.reject(new AppError("TOO_MANY_REQUESTS", "errors.serverBusy"));
  }
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, task, input, timeoutMs: opts.timeoutMs, resolve: resolve as (v: unknown) => void, reject });
    pump();
  });
}

/** Stops every thread (tests; shutdown). */
export async function closeHtmlWorkers() {
  await Promise.all([...slots].map((slot) => slot.worker.terminate()));
  slots.clear();
}
