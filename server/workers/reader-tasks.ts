/**
 * The readers' lane of worker threads (server/workers/html-pool.ts): stamping a PDF with the reader's watermark. Its
 * own lane and its own entry, so readers' downloads never wait behind an editor's save (nor the reverse), and its
 * threads load the PDF library and nothing of the HTML tools. Imported dynamically only (see html-tasks.ts); the
 * request thread reads WORKER_ENTRY from it and never loads the PDF library itself.
 */
import { isMainThread, workerData } from "node:worker_threads";
import type { StampInput } from "../lib/pdf-stamp-task";
import { serveTasks } from "./task-protocol";

export const WORKER_ENTRY = import.meta.url;
export const WORKER_MARK = "meridian-reader-worker";

const stamper = () => import("../lib/pdf-stamp-task");

export const readerTasks = {
  stampPdf: async (input: StampInput) => (await stamper()).stampPdfTask(input),
};

export type ReaderTasks = typeof readerTasks;

// The PDF library is loaded before the thread says it is ready, not on the first download.
if (!isMainThread && (workerData as Record<string, unknown> | undefined)?.[WORKER_MARK]) void serveTasks(readerTasks, stamper);
