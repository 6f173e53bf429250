/**
 * A pool of worker threads for one lane of work (server/workers/html-pool.ts runs two: readers' and editors'), so
 * CPU work on untrusted input never holds the request thread and one lane's load never starves the other's.
 *
 * - At most `maxThreads` threads, started on demand. A thread takes tasks only once it has said it is ready (its
 *   modules loaded), so start-up is never charged to a task. A thread without work stops after `idleMs`, unless
 *   `warm()` asked for it to be kept.
 * - A task's time limit counts from the moment its thread starts it: time waiting in the queue, for a thread to
 *   start, or for the thread to load the task's own libraries (the first time it runs that task) is not counted. A task over its limit has its thread terminated (which stops even a loop that never yields)
 *   and is rejected with TaskTimeoutError; a replacement thread is started at once, so the next task finds it warm.
 * - At most `maxQueue` tasks wait; one more is refused at once with 503 BUSY (Retry-After), never queued.
 * - A waiting task whose caller is gone (its AbortSignal fired) leaves the queue and is never run.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { AppError, type ErrorCode } from "../lib/errors";
import { BusyError } from "../lib/busy-error";
import type { TaskReply, TaskStarted } from "./task-protocol";

/** A thread that has not started a task this long after it was given (loading the task's libraries) is stopped. */
const TOOLS_LOAD_MS = 60_000;
/** The young generation of each thread's heap, in MB. */
const YOUNG_GENERATION_MB = 8;

export class TaskTimeoutError extends Error {
  constructor(readonly task: string) {
    super(`worker task '${task}' ran over its time limit`);
    this.name = "TaskTimeoutError";
  }
}

/** The caller went away (its AbortSignal fired) while the task was still waiting for a thread. */
export class TaskCancelledError extends Error {
  constructor(readonly task: string) {
    super(`worker task '${task}' was cancelled before it started`);
    this.name = "TaskCancelledError";
  }
}

/** Where a lane's thread code lives and the mark its entry module checks before it listens for tasks. */
export type WorkerEntry = { url: URL; mark: string };

export type PoolOptions = {
  /** The lane's name, in errors and metrics. */
  name: string;
  entry: () => Promise<WorkerEntry>;
  maxThreads: number;
  maxQueue: number;
  /** Threads above `minThreads` stop after this long without work. */
  idleMs?: number;
  memoryMb?: number;
  /** Seconds a refused caller is told to wait (Retry-After). */
  retryAfterSeconds?: number;
};

type Pending = {
  id: number;
  task: string;
  input: unknown;
  timeoutMs: number;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
};

type Slot = { worker: Worker; ready: boolean; current?: Pending; timer?: NodeJS.Timeout; idle?: NodeJS.Timeout };

/** The ESM entry of tsx's register API, found through its package.json exports. */
function tsxApiUrl(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("tsx/package.json");
  const exportsMap = JSON.parse(readFileSync(manifest, "utf8")).exports["./esm/api"];
  return pathToFileURL(path.join(path.dirname(manifest), exportsMap.import.default ?? exportsMap.import)).href;
}

export function createTaskPool(opts: PoolOptions) {
  let idleMs = opts.idleMs ?? 30_000;
  const memoryMb = opts.memoryMb ?? 1024;
  const retryAfterSeconds = opts.retryAfterSeconds ?? 5;
  let maxThreads = opts.maxThreads;
  let maxQueue = opts.maxQueue;
  let minThreads = 0;
  const slots = new Set<Slot>();
  const queue: Pending[] = [];
  let nextId = 1;
  let starting = 0;
  /** Start-ups in a row that failed: the queue's head is failed rather than retried for ever. */
  let failedStarts = 0;
  let refused = 0;
  let cancelled = 0;
  let timedOut = 0;

  /**
   * A thread for the lane. In the built server the entry is the lane's own chunk; in development and tests it is the
   * TypeScript source, which the thread loads after registering tsx (`--import tsx` in a worker's execArgv is not
   * applied to its entry on Node 20).
   */
  async function spawn(): Promise<Slot> {
    const { url, mark } = await opts.entry();
    // A small young generation: a thread's tasks are short and its garbage dies young, and the default nursery
    // (up to 32 MB, kept once grown) would otherwise stay resident in every idle thread.
    const options = { workerData: { [mark]: true }, resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } };
    const worker = /\.[cm]?tsx?$/.test(url.pathname)
      ? new Worker(`import(${JSON.stringify(tsxApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`, {
          ...options,
          eval: true,
        })
      : new Worker(url, options);
    const slot: Slot = { worker, ready: false };
    worker.on("message", (reply: TaskReply | TaskStarted | { ready: true }) => {
      if ("ready" in reply) {
        slot.ready = true;
        failedStarts = 0;
        next(slot);
      } else if ("started" in reply) startClock(slot, reply.id);
      else finish(slot, reply);
    });
    worker.on("error", (err) => retire(slot, err));
    worker.on("exit", (code) => retire(slot, new Error(`${opts.name} worker exited with code ${code}`)));
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

  /** A thread that failed, exited or ran over time: its task fails, the thread is gone, a new one starts if needed. */
  function retire(slot: Slot, err: unknown) {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.timer);
    clearTimeout(slot.idle);
    const pending = slot.current;
    slot.current = undefined;
    void slot.worker.terminate();
    if (!slot.ready && !(err instanceof Error && err.message === "idle")) {
      // It never got as far as ready: the next start may fail the same way, so the queue's head takes the error.
      failedStarts++;
      if (failedStarts >= 2) queue.shift()?.reject(err);
    }
    pending?.reject(err);
    pump();
  }

  function run(slot: Slot, pending: Pending) {
    clearTimeout(slot.idle);
    if (pending.onAbort) pending.signal?.removeEventListener("abort", pending.onAbort);
    slot.current = pending;
    slot.worker.ref();
    // Until the thread says the task has started (its libraries loaded), only a thread that never answers is stopped.
    slot.timer = setTimeout(() => retire(slot, new Error(`${opts.name} worker did not start task '${pending.task}'`)), TOOLS_LOAD_MS);
    slot.worker.postMessage({ id: pending.id, task: pending.task, input: pending.input });
  }

  /** The limit counts the task's own run, from its start: not its wait in the queue, the thread's start or its loading. */
  function startClock(slot: Slot, id: number) {
    const pending = slot.current;
    if (!pending || pending.id !== id) return;
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      timedOut++;
      retire(slot, new TaskTimeoutError(pending.task));
    }, pending.timeoutMs);
  }

  function next(slot: Slot) {
    if (!slot.ready || slot.current) return;
    const waiting = queue.shift();
    if (waiting) return run(slot, waiting);
    // Idle threads do not keep the process alive; those above the warm minimum go away after a while.
    slot.worker.unref();
    if (slots.size > minThreads) {
      slot.idle = setTimeout(() => retire(slot, new Error("idle")), idleMs);
      slot.idle.unref();
    }
  }

  function pump() {
    for (const slot of slots) {
      if (!queue.length) break;
      if (slot.ready && !slot.current) run(slot, queue.shift()!);
    }
    const unready = [...slots].filter((s) => !s.ready).length;
    const wanted = Math.max(minThreads, Math.min(maxThreads, slots.size - unready + Math.min(queue.length, maxThreads)));
    while (slots.size + starting < wanted && slots.size + starting < maxThreads) {
      starting++;
      spawn()
        .catch((err) => queue.shift()?.reject(err))
        .finally(() => starting--);
    }
  }

  return {
    /** Runs one task in a thread; rejects with TaskTimeoutError after `timeoutMs` of its own run time. */
    run(task: string, input: unknown, o: { timeoutMs: number; signal?: AbortSignal }): Promise<unknown> {
      if (o.signal?.aborted) {
        cancelled++;
        return Promise.reject(new TaskCancelledError(task));
      }
      if (queue.length >= maxQueue) {
        refused++;
        return Promise.reject(new BusyError(retryAfterSeconds, `${opts.name} lane: ${queue.length} tasks waiting`));
      }
      return new Promise((resolve, reject) => {
        const pending: Pending = { id: nextId++, task, input, timeoutMs: o.timeoutMs, resolve, reject, signal: o.signal };
        if (o.signal) {
          pending.onAbort = () => {
            const at = queue.indexOf(pending);
            if (at < 0) return;
            queue.splice(at, 1);
            cancelled++;
            reject(new TaskCancelledError(task));
          };
          o.signal.addEventListener("abort", pending.onAbort, { once: true });
        }
        queue.push(pending);
        pump();
      });
    },

    /** Starts `threads` threads now (at most maxThreads) and keeps them: the first task finds them ready. */
    warm(threads = 1) {
      minThreads = Math.max(0, Math.min(maxThreads, Math.floor(threads)));
      pump();
    },

    /** Resolves once `minThreads` threads are ready (tests and benchmarks). */
    async ready() {
      while ([...slots].filter((s) => s.ready).length < minThreads) await new Promise((r) => setTimeout(r, 10));
    },

    setMaxThreads(threads: number) {
      maxThreads = Math.max(1, Math.floor(threads));
      minThreads = Math.min(minThreads, maxThreads);
      pump();
    },

    /** How long a thread without work lives (threads already idle keep the time they were given). */
    setIdleMs(ms: number) {
      idleMs = Math.max(0, ms);
    },

    /** At most `tasks` wait; already waiting tasks beyond it stay queued. */
    setMaxQueue(tasks: number) {
      maxQueue = Math.max(0, Math.floor(tasks));
    },

    stats() {
      let busy = 0;
      for (const slot of slots) if (slot.current) busy++;
      return { threads: slots.size, busy, queued: queue.length, refused, cancelled, timedOut, maxThreads, maxQueue };
    },

    /** Stops every thread, fails every task running or waiting, and forgets the warm minimum (tests; shutdown). */
    async close() {
      minThreads = 0;
      for (const pending of queue.splice(0)) pending.reject(new Error(`${opts.name} worker stopped`));
      const all = [...slots];
      slots.clear();
      for (const slot of all) {
        clearTimeout(slot.timer);
        clearTimeout(slot.idle);
        slot.current?.reject(new Error(`${opts.name} worker stopped`));
      }
      await Promise.all(all.map((slot) => slot.worker.terminate()));
    },
  };
}

export type TaskPool = ReturnType<typeof createTaskPool>;
