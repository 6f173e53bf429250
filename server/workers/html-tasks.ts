/**
 * The work that runs in the HTML worker threads: parsing and cleaning untrusted HTML, and stamping PDFs (CPU work in
 * JavaScript on untrusted input too). This module is
 * both the task table and the worker's entry point. It is only ever imported dynamically, so the
 * bundler emits it as its own chunk and `import.meta.url` names a file a Worker can load, in the
 * built server as in development and tests.
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { AppError } from "../lib/errors";
import type { MessageValues } from "../lib/messages";
import { docxToHtml } from "../lib/docx-import";
import type { StampInput } from "../lib/pdf-stamp-task";
import { renderDoc } from "../lib/rich-text";
import { sanitizeContent } from "../lib/sanitize-content";
import type { RichTextLanguage } from "../../shared/rich-text-schema";
import { decodeBody, extractFromHtml, rehostContentImages } from "../services/extract-page";

export const WORKER_ENTRY = import.meta.url;
export const WORKER_MARK = "meridian-html-worker";

export const tasks = {
  sanitize: (input: { content: string }) => sanitizeContent(input.content),
  extractPage: (input: { body: Uint8Array; contentType: string; pageUrl: string }) => extractFromHtml(decodeBody(input.body, input.contentType), input.pageUrl),
  rehostImages: (input: { content: string; copies: Record<string, string> }) => rehostContentImages(input.content, input.copies),
  renderDoc: (input: { doc: Record<string, unknown>; language: RichTextLanguage }) => renderDoc(input.doc, input.language),
  docxToHtml: (input: { bytes: Uint8Array }) => docxToHtml(input.bytes),
  // Loaded on first use: the PDF library is large, and most threads only ever clean HTML.
  stampPdf: async (input: StampInput) => (await import("../lib/pdf-stamp-task")).stampPdfTask(input),
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;

export type TaskRequest = { id: number; task: TaskName; input: unknown };
/** A refusal travels as its message id and values (an AppError) or as the error's own text (anything else). */
export type TaskReply =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; error: { message: string; values?: MessageValues; code?: string; internal?: string } };

if (!isMainThread && parentPort && (workerData as Record<string, unknown> | undefined)?.[WORKER_MARK]) {
  const port = parentPort;
  // A task may answer with a promise (the .docx conversion reads its zip asynchronously): its value is the reply.
  port.on("message", async (req: TaskRequest) => {
    let reply: TaskReply;
    try {
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
}
