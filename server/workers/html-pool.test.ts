import { setMaxListeners } from "node:events";
import { afterAll, describe, expect, it, vi } from "vitest";
import { AppError } from "../lib/errors";
import { message } from "../lib/messages";
import { BusyError } from "../lib/busy-error";
import {
  closeHtmlWorkers,
  EDITORS_IDLE_MS,
  runHtmlTask,
  runReaderTask,
  setHtmlWorkers,
  setLaneIdle,
  setLaneQueue,
  TaskCancelledError,
  TaskTimeoutError,
  workerLaneStats,
} from "./html-pool";

afterAll(() => closeHtmlWorkers());

describe("[workers] html pool", () => {
  it("a lane has no thread until its first task, and its thread stops after the lane's quiet time", async () => {
    expect(workerLaneStats().editors.threads).toBe(0);
    expect(workerLaneStats().readers.threads).toBe(0);
    setLaneIdle("editors", 50);
    try {
      await expect(runHtmlTask("sanitize", { content: "<p>first</p>" }, { timeoutMs: 20_000 })).resolves.toBe("<p>first</p>");
      expect(workerLaneStats().editors.threads).toBe(1);
      await vi.waitFor(() => expect(workerLaneStats().editors.threads).toBe(0), { timeout: 5_000, interval: 10 });
      // The next task starts a thread again.
      await expect(runHtmlTask("sanitize", { content: "<p>again</p>" }, { timeoutMs: 20_000 })).resolves.toBe("<p>again</p>");
    } finally {
      setLaneIdle("editors", EDITORS_IDLE_MS);
    }
  });

  it("runs a task in a worker thread and returns its result", async () => {
    await expect(runHtmlTask("sanitize", { content: "<p>ok<script>alert(1)</script></p>" }, { timeoutMs: 20_000 })).resolves.toBe("<p>ok</p>");
  });

  it("passes the service's own refusal through with its code and message", async () => {
    const err = await runHtmlTask(
      "extractPage",
      { body: Buffer.from("<html><head></head><body></body></html>"), contentType: "text/html", pageUrl: "http://x.example/" },
      { timeoutMs: 20_000 },
    ).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: "UNPROCESSABLE", message: "Could not extract content from the URL" });
    // The id crosses the thread, so an Arabic answer says the same, not only the code's general message.
    expect(err.localized("ar").message).toBe(message("ar", "errors.extract.nothing"));
    expect(message("ar", "errors.extract.nothing")).not.toBe(message("ar", "errors.code.UNPROCESSABLE"));
  });

  it("a task over its time limit is stopped (its thread terminated) and the pool keeps working", async () => {
    // Half a million unclosed <div>s: the parser works far longer than 300 ms on it.
    const body = Buffer.from(`<html><body>${"<div>".repeat(500_000)}`);
    const started = performance.now();
    const err = await runHtmlTask("extractPage", { body, contentType: "text/html", pageUrl: "http://x.example/" }, { timeoutMs: 300 }).catch((e) => e);
    expect(err).toBeInstanceOf(TaskTimeoutError);
    // Generous: the limit plus the thread's start-up, far below the minutes this input could take.
    expect(performance.now() - started).toBeLessThan(15_000);
    await expect(runHtmlTask("sanitize", { content: "<p>after</p>" }, { timeoutMs: 20_000 })).resolves.toBe("<p>after</p>");
  });

  it("queues tasks beyond the number of threads and answers them all", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => runHtmlTask("sanitize", { content: `<b>${i}</b>` }, { timeoutMs: 20_000 })));
    expect(results).toEqual(Array.from({ length: 6 }, (_, i) => `<b>${i}</b>`));
  });

  it("with one thread allowed, tasks queue on that one thread", async () => {
    await closeHtmlWorkers();
    setHtmlWorkers(1);
    try {
      let most = 0;
      const tasks = Array.from({ length: 4 }, (_, i) => runHtmlTask("sanitize", { content: `<i>${i}</i>` }, { timeoutMs: 20_000 }));
      const watch = setInterval(() => (most = Math.max(most, workerLaneStats().editors.threads)), 5);
      const results = await Promise.all(tasks);
      clearInterval(watch);
      expect(results).toEqual(Array.from({ length: 4 }, (_, i) => `<i>${i}</i>`));
      expect(workerLaneStats().editors).toMatchObject({ threads: 1, maxThreads: 1 });
      expect(most).toBe(1);
    } finally {
      setHtmlWorkers(2);
    }
  });

  it("a task's time limit counts its own run: the thread's start-up and the wait in the queue are not charged to it", async () => {
    await closeHtmlWorkers();
    setHtmlWorkers(1);
    try {
      // A fresh thread loads the HTML libraries first (seconds on a loaded machine); the task itself takes milliseconds.
      await expect(runHtmlTask("sanitize", { content: "<p>first</p>" }, { timeoutMs: 500 })).resolves.toBe("<p>first</p>");
      // The page extractor's own libraries are loaded by the thread on its first extraction, before its limit starts.
      const tiny = { body: Buffer.from("<html><body><article><h1>Results</h1><p>Revenue grew.</p></article></body></html>"), contentType: "text/html" };
      await expect(runHtmlTask("extractPage", { ...tiny, pageUrl: "http://x.example/" }, { timeoutMs: 500 }).catch((e) => e)).resolves.not.toBeInstanceOf(
        TaskTimeoutError,
      );
      // Behind a task that runs until its own limit stops it (and its thread, which is started again), the next one
      // waits for seconds in the queue and still has its whole 500 ms to run.
      const slow = runHtmlTask(
        "extractPage",
        { body: Buffer.from(`<html><body>${"<div>".repeat(500_000)}`), contentType: "text/html", pageUrl: "http://x.example/" },
        { timeoutMs: 1_500 },
      );
      const queued = runHtmlTask("sanitize", { content: "<p>queued</p>" }, { timeoutMs: 500 });
      await expect(slow).rejects.toBeInstanceOf(TaskTimeoutError);
      await expect(queued).resolves.toBe("<p>queued</p>");
    } finally {
      setHtmlWorkers(2);
    }
  });

  it("a lane with as many tasks waiting as it queues refuses the next at once: 503 BUSY with a time to retry", async () => {
    await closeHtmlWorkers();
    setLaneQueue("editors", 1);
    try {
      // The lane has no thread ready yet, so the first task waits and fills the queue.
      const first = runHtmlTask("sanitize", { content: "<p>one</p>" }, { timeoutMs: 20_000 });
      const err = await runHtmlTask("sanitize", { content: "<p>two</p>" }, { timeoutMs: 20_000 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BusyError);
      expect(err).toMatchObject({ code: "BUSY", status: 503, message: "The server is busy. Please try again in a moment." });
      expect((err as BusyError).retryAfterSeconds).toBeGreaterThan(0);
      expect((err as BusyError).localized("ar").message).toBe(message("ar", "errors.serverBusy"));
      await expect(first).resolves.toBe("<p>one</p>");
    } finally {
      setLaneQueue("editors", 32);
    }
  });

  it("a waiting task whose caller is gone leaves the queue and never runs", async () => {
    await closeHtmlWorkers();
    const gone = new AbortController();
    const before = workerLaneStats().readers.cancelled;
    const task = runReaderTask("stampPdf", { bytes: new Uint8Array(8), overlays: [], maxPages: 1 }, { timeoutMs: 20_000, signal: gone.signal });
    expect(workerLaneStats().readers.queued).toBe(1);
    gone.abort();
    await expect(task).rejects.toBeInstanceOf(TaskCancelledError);
    expect(workerLaneStats().readers).toMatchObject({ queued: 0, busy: 0, cancelled: before + 1 });
  });

  it("readers' and editors' work run in separate lanes: a full readers' lane does not hold an editor's task", async () => {
    await closeHtmlWorkers();
    const gate = new AbortController();
    setMaxListeners(32, gate.signal);
    // Stamping tasks that fill the readers' lane (and would be refused as unreadable once they ran).
    const stamps = Array.from({ length: 16 }, () =>
      runReaderTask(
        "stampPdf",
        { bytes: new Uint8Array(8), overlays: [{ width: 1, height: 1, png: new Uint8Array(0) }], maxPages: 1 },
        { timeoutMs: 20_000, signal: gate.signal },
      ).catch((e: unknown) => e),
    );
    expect(workerLaneStats().readers.queued).toBe(16);
    await expect(runHtmlTask("sanitize", { content: "<p>saved</p>" }, { timeoutMs: 20_000 })).resolves.toBe("<p>saved</p>");
    gate.abort();
    await Promise.all(stamps);
  });
});
