import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../lib/errors";
import { message } from "../lib/messages";
import { closeHtmlWorkers, htmlPoolStats, runHtmlTask, setHtmlWorkers, TaskTimeoutError } from "./html-pool";

afterAll(() => closeHtmlWorkers());

describe("[workers] html pool", () => {
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
      const watch = setInterval(() => (most = Math.max(most, htmlPoolStats().threads)), 5);
      const results = await Promise.all(tasks);
      clearInterval(watch);
      expect(results).toEqual(Array.from({ length: 4 }, (_, i) => `<i>${i}</i>`));
      expect(htmlPoolStats()).toMatchObject({ threads: 1, maxThreads: 1 });
      expect(most).toBe(1);
    } finally {
      setHtmlWorkers(2);
    }
  });
});
