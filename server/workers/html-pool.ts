/**
 * The server's worker threads, in two lanes that never wait on each other (server/workers/pool.ts):
 * - readers: stamping a PDF for a download (READER_WORKERS threads, 1 unless set; at most 32 waiting);
 * - editors: cleaning and rendering press text, converting .docx files, extracting pages (HTML_WORKERS threads, 2
 *   unless set; at most 32 waiting).
 * So a crowd of investors downloading stamped copies fills the readers' lane and its queue (the next one is told
 * 503 BUSY with Retry-After), while an admin's save runs in the editors' lane at once.
 *
 * No thread is kept while a lane has no work: a thread costs 45-60 MB of memory, the larger part of an idle server's.
 * A lane starts its thread on its first task (about half a second in the built server, waited outside the task's own
 * time limit) and stops it after a quiet spell: the editors' after 10 minutes (an admin's saves come in bursts), the
 * readers' after 2 minutes.
 */
import { createTaskPool, TaskCancelledError, TaskTimeoutError, type WorkerEntry } from "./pool";
import type { TaskName, Tasks } from "./html-tasks";
import type { ReaderTasks } from "./reader-tasks";

export { TaskCancelledError, TaskTimeoutError };

const entryOf = (load: () => Promise<{ WORKER_ENTRY: string; WORKER_MARK: string }>) => {
  let entry: Promise<WorkerEntry> | undefined;
  return () => (entry ??= load().then((mod) => ({ url: new URL(mod.WORKER_ENTRY), mark: mod.WORKER_MARK })));
};

/** An idle editors' thread stops after this long without a task. */
export const EDITORS_IDLE_MS = 10 * 60_000;
/** An idle readers' thread stops after this long without a task. */
export const READERS_IDLE_MS = 2 * 60_000;

const editors = createTaskPool({ name: "editors", entry: entryOf(() => import("./html-tasks")), maxThreads: 2, maxQueue: 32, idleMs: EDITORS_IDLE_MS });
const readers = createTaskPool({
  name: "readers",
  entry: entryOf(() => import("./reader-tasks")),
  maxThreads: 1,
  maxQueue: 32,
  retryAfterSeconds: 10,
  idleMs: READERS_IDLE_MS,
});

export type Lane = "readers" | "editors";
const lanes = { readers, editors };

/** Runs one editors' task in a worker thread; rejects with TaskTimeoutError after `timeoutMs` of its own run. */
export function runHtmlTask<T extends TaskName>(
  task: T,
  input: Parameters<Tasks[T]>[0],
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<Awaited<ReturnType<Tasks[T]>>> {
  return editors.run(task, input, opts) as Promise<Awaited<ReturnType<Tasks[T]>>>;
}

/**
 * Runs one readers' task in a worker thread; rejects with TaskTimeoutError after `timeoutMs` of its own run, with
 * TaskCancelledError when `signal` fires while it still waits, with BusyError (503) when the lane's queue is full.
 */
export function runReaderTask<T extends keyof ReaderTasks>(
  task: T,
  input: Parameters<ReaderTasks[T]>[0],
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<Awaited<ReturnType<ReaderTasks[T]>>> {
  return readers.run(task, input, opts) as Promise<Awaited<ReturnType<ReaderTasks[T]>>>;
}

/** Each lane's threads, threads at work, tasks waiting, and tasks refused, cancelled and timed out since start. */
export const workerLaneStats = () => ({ readers: readers.stats(), editors: editors.stats() });

/** Both lanes together, for the metrics. */
export function htmlPoolStats() {
  const [r, e] = [readers.stats(), editors.stats()];
  return {
    threads: r.threads + e.threads,
    busy: r.busy + e.busy,
    queued: r.queued + e.queued,
    refused: r.refused + e.refused,
    maxThreads: r.maxThreads + e.maxThreads,
    maxQueue: r.maxQueue + e.maxQueue,
  };
}

/** Sets how many threads the editors' lane may start (at least 1; HTML_WORKERS). */
export function setHtmlWorkers(threads: number) {
  editors.setMaxThreads(threads);
}

/** Sets how many threads the readers' lane may start (at least 1; READER_WORKERS). */
export function setReaderWorkers(threads: number) {
  readers.setMaxThreads(threads);
}

/** Sets how long a lane's thread without work lives (tests). */
export function setLaneIdle(lane: Lane, ms: number) {
  lanes[lane].setIdleMs(ms);
}

/** Sets how many tasks may wait in a lane (tests). */
export function setLaneQueue(lane: Lane, tasks: number) {
  lanes[lane].setMaxQueue(tasks);
}

/**
 * Starts one thread in each lane now and keeps it (tests and benchmarks that measure tasks, not start-ups; the server
 * starts its threads on demand).
 */
export function warmWorkers() {
  readers.warm(1);
  editors.warm(1);
}

/** Resolves once the warm threads are ready (tests, benchmarks). */
export const workersReady = () => Promise.all([readers.ready(), editors.ready()]);

/** Stops every thread of both lanes (tests; shutdown). */
export async function closeHtmlWorkers() {
  await Promise.all([readers.close(), editors.close()]);
}
