/**
 * The messages between the request thread and a worker thread (server/workers/pool.ts), and the loop a lane's entry
 * module runs in its thread. Kept free of any task's code, so a thread loads only what its own lane needs.
 */
import { parentPort } from "node:worker_threads";
import { AppError } from "../lib/errors";
import type { MessageValues } from "../lib/messages";

export type TaskRequest = { id: number; task: string; input: unknown };
/** A refusal travels as its message id and values (an AppError) or as the error's own text (anything else). */
export type TaskReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: { message: string; values?: MessageValues; code?: string; internal?: string } };

/** Said by the thread when a task's code is loaded and its run begins: its time limit counts from here. */
export type TaskStarted = { id: number; started: true };

/**
 * Answers tasks from the request thread: first `preload` (the libraries every thread needs), then `{ ready: true }`.
 * A task named in `tools` first loads its own libraries (once per thread), then says `{ started }`: no task's time
 * limit is spent loading code. A task may answer with a promise: its value is the reply.
 */
export async function serveTasks(
  tasks: Record<string, (input: never) => unknown>,
  preload?: () => Promise<unknown>,
  tools: Record<string, () => Promise<unknown>> = {},
) {
  const port = parentPort;
  if (!port) return;
  await preload?.();
  port.on("message", async (req: TaskRequest) => {
    let reply: TaskReply;
    try {
      await tools[req.task]?.();
      port.postMessage({ id: req.id, started: true } satisfies TaskStarted);
      const run = tasks[req.task] as (input: unknown) => unknown;
      reply = { id: req.id, ok: true, result: await run(req.input) };
    } catch (err) {
      reply =
        err instanceof AppError
          ? { id: req.id, ok: false, error: { message: err.messageId, values: err.values, code: err.code, internal: err.internal } }
          : { id: req.id, ok: false, error: { message: err instanceof Error ? err.message : String(err) } };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true });
}
